/// The failures a caller can act on; anything else a backend throws is a fault of the server, not the request.
public enum StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The username belongs to someone else already.
    case usernameTaken(String)
    /// A referenced account, entry, photo or conversation does not exist.
    case notFound(String)
    /// The database cannot answer now (it is restarting, unreachable, or kept failing a write that may succeed
    /// later); nothing was changed unless the message says it may have been. Worth trying again shortly.
    case unavailable(String)
    /// The disk is full: the write was not made (nothing of it is kept). Reads go on; writes succeed again once
    /// space is freed.
    case full(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .usernameTaken(let username): "The username \(username) is taken."
        case .notFound(let what): "\(what) does not exist."
        case .unavailable(let why): "\(why) Try again shortly."
        case .full(let what): "The server's disk is full: \(what) was not saved."
        }
    }
}
