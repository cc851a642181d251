import CryptoExtras
import Foundation
import QwinkleFederation
import Testing

/// HTTP signatures as Mastodon makes and checks them (draft-cavage-12, RSA with SHA-256): what Qwinkle signs
/// verifies with its public key, and what was changed, left unsigned, replayed late or sent with another body does not.
@Suite("Federation: HTTP signatures")
struct HTTPSignatureTests {
    static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let other = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let now = Date(timeIntervalSince1970: 1_795_253_400)
    static let body = Array(#"{"type":"Follow"}"#.utf8)

    /// A POST to an inbox with the headers Mastodon signs.
    static func request(date: Date = now, body: [UInt8] = body, extra: [(name: String, value: String)] = []) -> SignedRequest {
        SignedRequest(method: "POST", target: "/people/abe/inbox", headers: [
            ("Host", "qwinkle.example"), ("Date", HTTPDate.string(from: date)), ("Digest", BodyDigest.header(for: body)),
            ("Content-Type", "application/activity+json"),
        ] + extra)
    }

    /// The request with its `Signature` header, signed by `key` over `names`.
    static func signed(
        _ request: SignedRequest, by key: _RSA.Signing.PrivateKey = key, over names: [String] = ["(request-target)", "host", "date", "digest"]
    ) throws -> SignedRequest {
        let signer = try ActorSigningKey(keyID: "https://peer.example/users/zoe#main-key", privateKeyPEM: key.pkcs8PEMRepresentation)
        var signed = request
        signed.headers["signature"] = try signer.sign(request, over: names)
        return signed
    }

    @Test("A signed request verifies with the signer's public key, and with no other")
    func roundTrip() throws {
        let signed = try Self.signed(Self.request())
        let signature = try SignatureCheck().signature(of: signed, body: Self.body, now: Self.now)
        #expect(signature.keyID == "https://peer.example/users/zoe#main-key")
        #expect(signature.headers == ["(request-target)", "host", "date", "digest"])
        #expect(try ActorPublicKey(pem: Self.key.publicKey.pemRepresentation).verifies(signature, of: signed))
        #expect(try !ActorPublicKey(pem: Self.other.publicKey.pemRepresentation).verifies(signature, of: signed))
    }

    @Test("A changed target, host or date no longer verifies")
    func tampered() throws {
        let signed = try Self.signed(Self.request())
        let header = try #require(signed.headers["signature"])
        let signature = try #require(HTTPSignature(header: header))
        let publicKey = try ActorPublicKey(pem: Self.key.publicKey.pemRepresentation)
        var elsewhere = signed
        elsewhere.target = "/people/mary/inbox"
        #expect(!publicKey.verifies(signature, of: elsewhere))
        var otherHost = signed
        otherHost.headers["host"] = "evil.example"
        #expect(!publicKey.verifies(signature, of: otherHost))
        var later = signed
        later.headers["date"] = HTTPDate.string(from: Self.now.addingTimeInterval(60))
        #expect(!publicKey.verifies(signature, of: later))
    }

    @Test("Unsigned, partly signed, replayed and re-bodied requests are refused before any key is fetched")
    func refused() throws {
        let check = SignatureCheck()
        #expect(throws: SignatureProblem.unsigned) { try check.signature(of: Self.request(), body: Self.body, now: Self.now) }
        // A POST whose signature leaves out the digest would let anyone swap the body.
        let noDigest = try Self.signed(Self.request(), over: ["(request-target)", "host", "date"])
        #expect(throws: SignatureProblem.missingHeader) { try check.signature(of: noDigest, body: Self.body, now: Self.now) }
        let old = try Self.signed(Self.request(date: Self.now.addingTimeInterval(-2 * 3_600)))
        #expect(throws: SignatureProblem.staleDate) { try check.signature(of: old, body: Self.body, now: Self.now) }
        let signed = try Self.signed(Self.request())
        #expect(throws: SignatureProblem.digestMismatch) {
            try check.signature(of: signed, body: Array(#"{"type":"Delete"}"#.utf8), now: Self.now)
        }
        var garbled = signed
        garbled.headers["signature"] = #"keyId="https://peer.example/users/zoe#main-key",signature="not base64!""#
        #expect(throws: SignatureProblem.unsigned) { try check.signature(of: garbled, body: Self.body, now: Self.now) }
    }

    @Test("A Signature header reads back as written, and without headers= it covers the date alone")
    func header() throws {
        let written = HTTPSignature(keyID: "https://a.example/u#k", headers: ["(request-target)", "host"], signature: [1, 2, 3])
        #expect(HTTPSignature(header: written.headerValue) == written)
        let bare = try #require(HTTPSignature(header: #"keyId="k", algorithm="hs2019", signature="AQID""#))
        #expect(bare.headers == ["date"])
        #expect(bare.algorithm == "hs2019")
        #expect(HTTPSignature(header: #"keyId="k",algorithm="ed25519",signature="AQID""#) == nil)
    }

    @Test("Dates are written and read as HTTP writes them; a digest matches its body only")
    func datesAndDigests() {
        #expect(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.date(from: "Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        // The SHA-256 of the empty body, as every implementation writes it.
        #expect(BodyDigest.header(for: [UInt8]()) == "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(BodyDigest.matches("sha-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", body: [UInt8]()))
        #expect(!BodyDigest.matches("SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", body: [UInt8(0)]))
        #expect(!BodyDigest.matches("MD5=1B2M2Y8AsgTpgAmY7PhCfg==", body: [UInt8]()))
    }
}
