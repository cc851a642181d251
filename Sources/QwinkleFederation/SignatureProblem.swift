/// Why a signed request was refused: each is answered 401 and changes nothing.
public enum SignatureProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `Signature` header, or one that cannot be read.
    case unsigned
    /// The signature leaves out a header it must cover, or names one the request does not have.
    case missingHeader
    /// The `Date` is missing, unreadable, or outside the window.
    case staleDate
    /// The body's SHA-256 is not the one the `Digest` header gives.
    case digestMismatch
    /// The key's owner could not be fetched, or has no usable key.
    case unknownKey
    /// The signature is not the key's.
    case badSignature
    /// The signature was made for a request to another host: a request meant for another server, replayed here.
    case wrongHost

    public var description: String {
        switch self {
        case .unsigned: "The request is not signed."
        case .missingHeader: "The signature must cover (request-target), host, date and, with a body, digest."
        case .staleDate: "The request's Date is missing or too far from now."
        case .digestMismatch: "The body is not the one the Digest header describes."
        case .unknownKey: "The signing key could not be fetched."
        case .badSignature: "The signature does not match the key."
        case .wrongHost: "The signature was made for another host than this server's."
        }
    }
}
