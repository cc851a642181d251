import QwinkleKit

/// Why the offline database could not be used, in words a person can act on.
public enum OfflineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not an offline database this Qwinkle can read: another kind of file, one from a newer Qwinkle,
    /// or a stored value that does not decode. Nothing in it was changed.
    case unreadable(path: String, FormatError)
    /// The database could not be opened, read or written: a damaged file, a full disk, no permission.
    case database(path: String, reason: String)
    /// Only a failed outbox item can be discarded: a pending one may be on its way, a sent one is on the server.
    case notDiscardable(OutboxItem.ID)

    /// One line for a person.
    public var description: String {
        switch self {
        case .unreadable(let path, let problem):
            "The offline database \(path) cannot be read: \(problem)"
        case .database(let path, let reason):
            "The offline database \(path) could not be used: \(reason)."
        case .notDiscardable(let id):
            "Outbox item \(id) has not failed; only a failed item can be discarded."
        }
    }
}
