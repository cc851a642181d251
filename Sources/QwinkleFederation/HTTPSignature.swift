import Foundation

/// A `Signature` header as Mastodon and GoToSocial write it (draft-cavage-http-signatures-12): which key signed,
/// with which algorithm, over which headers, and the signature's bytes.
public struct HTTPSignature: Hashable, Sendable {
    /// The key's URL: the actor's, with a fragment (`…/people/abe#main-key`).
    public var keyID: String
    /// `rsa-sha256`, or `hs2019` (the algorithm then comes from the key: RSA with SHA-256 for every actor key).
    public var algorithm: String
    /// The signed headers in order, lowercased; pseudo-headers in parentheses (`(request-target)`).
    public var headers: [String]
    /// The RSA signature.
    public var signature: [UInt8]

    /// A signature.
    public init(keyID: String, algorithm: String = "rsa-sha256", headers: [String], signature: [UInt8]) {
        self.keyID = keyID
        self.algorithm = algorithm
        self.headers = headers
        self.signature = signature
    }

    /// Reads a header's value: comma-separated `name="value"` parameters. `nil` when `keyId` or `signature` is
    /// missing, the signature is not base64, or the algorithm is not one an actor key signs with.
    public init?(header: String) {
        var parameters: [String: String] = [:]
        var rest = Substring(header)
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "," }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            if rest.first == "\"" {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else { return nil }
                value = rest[..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = Substring(rest[..<end].trimmingCharacters(in: .whitespaces))
                rest = rest[end...]
            }
            parameters[name] = String(value)
        }
        let algorithm = (parameters["algorithm"] ?? "hs2019").lowercased()
        guard let keyID = parameters["keyid"], !keyID.isEmpty, let encoded = parameters["signature"],
            let signature = Data(base64Encoded: encoded).map(Array.init), !signature.isEmpty, ["rsa-sha256", "hs2019"].contains(algorithm)
        else { return nil }
        self.keyID = keyID
        self.algorithm = algorithm
        // Without `headers`, the draft signs the date alone.
        self.headers = (parameters["headers"] ?? "date").lowercased().split(separator: " ").map(String.init)
        self.signature = signature
    }

    /// The header's value.
    public var headerValue: String {
        #"keyId="\#(keyID)",algorithm="\#(algorithm)",headers="\#(headers.joined(separator: " "))",signature="\#(Data(signature).base64EncodedString())""#
    }
}
