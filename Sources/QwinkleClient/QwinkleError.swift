import Foundation

/// Why a request to a Qwinkle server failed, in words a person can act on.
public enum QwinkleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server could not be reached (not running, wrong address, network down).
    case unreachable(server: String, reason: String)
    /// The server refused the request: its status, its error code and message, and any per-field messages.
    case refused(status: Int, code: String, message: String, fields: [String: [String]])
    /// The server answered something this client does not understand.
    case invalidResponse(String)

    /// Whether the server could not be reached, so a write may be queued for later.
    public var isUnreachable: Bool {
        if case .unreachable = self { true } else { false }
    }

    /// The HTTP status of a refusal.
    public var status: Int? {
        if case .refused(let status, _, _, _) = self { status } else { nil }
    }

    /// The server's error code of a refusal, such as `not_found`.
    public var code: String? {
        if case .refused(_, let code, _, _) = self { code } else { nil }
    }

    /// One line for a person: the server's message, which names the fields at fault in words (the `fields` map keeps
    /// their wire names for programs, never for people).
    public var description: String {
        switch self {
        case .unreachable(let server, let reason):
            return "Cannot reach the Qwinkle server at \(server) (\(reason))."
        case .refused(_, _, let message, _):
            return message
        case .invalidResponse(let detail):
            return "The server's answer could not be read: \(detail)"
        }
    }
}
