import Foundation

/// What an inbox checks of a signed request before it fetches the signer's key: the signature covers the request's
/// target, host and date (and its body's digest, when it has a body), the date is recent, and the body is the one
/// the digest describes. What passes is then verified with the key (`ActorPublicKey.verifies`).
public struct SignatureCheck: Sendable {
    /// How far a request's `Date` may be from now, either way: a replayed request older than this is refused (and a
    /// newer replay is an activity already processed, which is ignored).
    public var window: TimeInterval

    /// A check with a window of an hour: Mastodon allows twelve, bovine five minutes; an hour covers servers whose
    /// clocks are a little off and queues that retry within it.
    public init(window: TimeInterval = 3_600) {
        self.window = window
    }

    /// The request's signature, if the request passes; the problem otherwise.
    public func signature(of request: SignedRequest, body: [UInt8]?, now: Date) throws(SignatureProblem) -> HTTPSignature {
        guard let header = request.headers["signature"] ?? request.headers["authorization"].flatMap(Self.signatureScheme),
            let signature = HTTPSignature(header: header)
        else { throw .unsigned }
        var required = ["(request-target)", "host", "date"]
        if body != nil { required.append("digest") }
        guard required.allSatisfy({ signature.headers.contains($0) }), request.signingString(over: signature.headers) != nil else {
            throw .missingHeader
        }
        guard let text = request.headers["date"], let date = HTTPDate.date(from: text), abs(date.timeIntervalSince(now)) <= window else {
            throw .staleDate
        }
        if let body, let digest = request.headers["digest"], !BodyDigest.matches(digest, body: body) { throw .digestMismatch }
        return signature
    }

    /// The parameters of `Authorization: Signature …`, which some servers send instead of a `Signature` header.
    private static func signatureScheme(_ authorization: String) -> String? {
        authorization.lowercased().hasPrefix("signature ") ? String(authorization.dropFirst("signature ".count)) : nil
    }
}
