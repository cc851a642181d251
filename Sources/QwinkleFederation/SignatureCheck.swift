import Foundation

/// What an inbox checks of a signed request before it fetches the signer's key: the signature covers the request's
/// target, host and date (and its body's digest, when it has a body), the host is this server's, the date is
/// recent, and the body is the one the digest describes. What passes is then verified with the key
/// (`ActorPublicKey.verifies`).
public struct SignatureCheck: Sendable {
    /// How far a request's `Date` may be from now, either way: a replayed request older than this is refused (and a
    /// newer replay is an activity already processed, which is ignored).
    public var window: TimeInterval
    /// The host (`host[:port]`) this server is reached at, which the signed `Host` must name; `nil` checks no host.
    /// Without it, a request signed for another server (a follower's fetch there, a delivery there) could be
    /// replayed here within the window and be taken as if meant for this one.
    public var host: String?

    /// A check with a window of an hour (Mastodon allows twelve, bovine five minutes; an hour covers servers whose
    /// clocks are a little off and queues that retry within it), for requests to `host`.
    public init(window: TimeInterval = 3_600, host: String? = nil) {
        self.window = window
        self.host = host
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
        if let host, Self.canonicalHost(request.headers["host"] ?? "") != Self.canonicalHost(host) { throw .wrongHost }
        guard let text = request.headers["date"], let date = HTTPDate.date(from: text), abs(date.timeIntervalSince(now)) <= window else {
            throw .staleDate
        }
        if let body, let digest = request.headers["digest"], !BodyDigest.matches(digest, body: body) { throw .digestMismatch }
        return signature
    }

    /// A host as compared: lowercased, without a trailing dot or the default port of either scheme (a proxy may
    /// name it or not).
    static func canonicalHost(_ host: String) -> String {
        var host = host.trimmingCharacters(in: .whitespaces).lowercased()
        for port in [":443", ":80"] where host.hasSuffix(port) { host.removeLast(port.count) }
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }

    /// The parameters of `Authorization: Signature …`, which some servers send instead of a `Signature` header.
    private static func signatureScheme(_ authorization: String) -> String? {
        authorization.lowercased().hasPrefix("signature ") ? String(authorization.dropFirst("signature ".count)) : nil
    }
}
