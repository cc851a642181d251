import CryptoExtras
import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// An inbox takes an activity only when it is signed by its actor, over its target, host, date and body, recently.
/// Forged, replayed, altered, oversized and unsigned deliveries are refused before anything is read from them.
@Suite("Federation: the inbox's signature checks", .serialized)
struct FederationInboxTests {
    static let origin = FederationOrigin("https://qwinkle.example")!

    /// A delivery: `activity` as the body, signed with `key` as `keyID`, dated `date`, to `path`.
    static func deliver(
        _ api: APIClient, to path: String = "/people/mary/inbox", activity: String, keyID: String, key: _RSA.Signing.PrivateKey?,
        date: Date = Date(), sentBody: String? = nil
    ) async throws -> APIResponse {
        let body = Array(activity.utf8)
        var headers: [(name: String, value: String)] = [
            ("host", "qwinkle.example"), ("date", HTTPDate.string(from: date)), ("digest", BodyDigest.header(for: body)),
            ("content-type", "application/activity+json"),
        ]
        if let key {
            let signer = try ActorSigningKey(keyID: keyID, privateKeyPEM: key.pkcs8PEMRepresentation)
            let request = SignedRequest(method: "POST", target: path, headers: headers)
            headers.append(("signature", try signer.sign(request, over: ["(request-target)", "host", "date", "digest"])))
        }
        var fields = HTTPFields()
        for (name, value) in headers where name != "content-type" {
            fields.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value))
        }
        return try await api.request(.post, path, body: Array((sentBody ?? activity).utf8), contentType: "application/activity+json", headers: fields)
    }

    static func follow(by actor: String) -> String {
        #"{"@context":"https://www.w3.org/ns/activitystreams","id":"\#(actor)/follows/1","type":"Follow","actor":"\#(actor)","object":"https://qwinkle.example/people/mary"}"#
    }

    @Test("A delivery signed with its actor's key is taken; forged, replayed, altered, oversized, unsigned or misattributed ones are refused")
    func signatures() async throws {
        try await TestServer.withTemporaryData(federation: .on(Self.origin)) { server in
            try await server.test { client in
                let api = APIClient(client: client)
                let abe = try await api.signUp("abe")
                _ = try await api.signUp("mary")
                // Abe's key is made when his actor is first read, as another server would read it.
                _ = try await api.request(.get, "/people/abe", headers: [.accept: "application/activity+json"])
                let abeID = Account.ID(integer: try #require(Int64(abe.id)))
                let kept = try await server.withStorage { storage in try await storage.actorKeys(of: abeID) }
                let keys = try #require(kept)
                let abeKey = try _RSA.Signing.PrivateKey(pemRepresentation: keys.privateKeyPEM)
                let abeURL = "https://qwinkle.example/people/abe"
                let keyID = abeURL + "#main-key"
                let activity = Self.follow(by: abeURL)

                let taken = try await Self.deliver(api, activity: activity, keyID: keyID, key: abeKey)
                #expect(taken.status == .accepted)
                #expect(try await Self.deliver(api, to: "/inbox", activity: activity, keyID: keyID, key: abeKey).status == .accepted)

                let forger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
                let refusals: [(String, APIResponse)] = [
                    ("forged", try await Self.deliver(api, activity: activity, keyID: keyID, key: forger)),
                    ("replayed", try await Self.deliver(api, activity: activity, keyID: keyID, key: abeKey, date: Date().addingTimeInterval(-7_200))),
                    ("altered", try await Self.deliver(api, activity: activity, keyID: keyID, key: abeKey, sentBody: activity.replacingOccurrences(of: "Follow", with: "Block"))),
                    ("unsigned", try await Self.deliver(api, activity: activity, keyID: keyID, key: nil)),
                    ("misattributed", try await Self.deliver(api, activity: Self.follow(by: "https://qwinkle.example/people/mary"), keyID: keyID, key: abeKey)),
                    ("unknown key", try await Self.deliver(api, activity: activity, keyID: "https://qwinkle.example/people/nobody#main-key", key: abeKey)),
                    // Another server's key on a private address is never fetched.
                    ("private address", try await Self.deliver(api, activity: Self.follow(by: "http://127.0.0.1:9/actor"), keyID: "http://127.0.0.1:9/actor#main-key", key: abeKey)),
                ]
                for (what, answer) in refusals {
                    #expect(answer.status == .unauthorized, "\(what)")
                    #expect(answer.json["error"]["code"].string == "signature_refused", "\(what)")
                }
                // The inbox's own limit, 256 KiB, holds for activities: one of 100 KB (over the API's 64 KiB) is taken.
                let large = Self.follow(by: abeURL).replacingOccurrences(of: #""type""#, with: #""padding":"\#(String(repeating: "x", count: 100_000))","type""#)
                    .replacingOccurrences(of: "/follows/", with: "/follows/large-")
                let takenLarge = try await Self.deliver(api, activity: large, keyID: keyID, key: abeKey)
                #expect(takenLarge.status == .accepted, "\(takenLarge.status) \(takenLarge.json)")
                let huge = #"{"type":"Create","actor":"\#(abeURL)","padding":"\#(String(repeating: "x", count: 300_000))"}"#
                let refusedHuge = try await Self.deliver(api, activity: huge, keyID: keyID, key: abeKey)
                #expect(refusedHuge.status == .contentTooLarge && refusedHuge.json["error"]["message"].string?.contains("262144") == true, "\(refusedHuge.json)")
                #expect(try await Self.deliver(api, to: "/people/nobody/inbox", activity: activity, keyID: keyID, key: abeKey).status == .notFound)
            }
        }
    }

    @Test("Addresses off the public internet are told apart from public ones")
    func publicAddresses() {
        for address in ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "224.0.0.1"] {
            #expect(ClientAddress(address)?.isPublic == false, "\(address)")
        }
        for address in ["93.184.216.34", "1.1.1.1", "2606:4700::1111", "172.32.0.1"] {
            #expect(ClientAddress(address)?.isPublic == true, "\(address)")
        }
    }

    @Test("An IPv6 address carrying an IPv4 one (IPv4-compatible, 6to4, Teredo) is as public as the address it carries")
    func embeddedIPv4Addresses() {
        let hidden = [
            "::127.0.0.1", "::10.0.0.1", "::169.254.169.254",  // IPv4-compatible
            "2002:7f00:1::1", "2002:c0a8:101::1", "2002:a9fe:a9fe::",  // 6to4 of 127.0.0.1, 192.168.1.1, 169.254.169.254
            "2001:0:4136:e378:8000:63bf:80ff:fffe",  // Teredo, client 127.0.0.1 (stored inverted)
            "2001:0:a00:1:8000:63bf:fefe:fefe",  // Teredo through a server at 10.0.0.1
        ]
        for address in hidden {
            #expect(ClientAddress(address)?.isPublic == false, "\(address)")
        }
        for address in ["::93.184.216.34", "2002:5db8:d822::1", "2001:0:4136:e378:8000:63bf:fefe:fefe"] {
            #expect(ClientAddress(address)?.isPublic == true, "\(address)")
        }
    }
}
