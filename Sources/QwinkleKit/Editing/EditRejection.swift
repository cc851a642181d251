/// Why the owner of an entry refused a suggested edit; the entry is unchanged.
public enum EditRejection: Error, Hashable, Sendable {
    /// The edited content breaks the rule every entry follows (too long, empty, too many photos).
    case invalid([DraftProblem])
    /// The body still holds conflict markers from a merge: the conflict must be resolved first.
    case unresolvedConflict
    /// The edit claims to start from a revision the entry never had.
    case unknownBaseRevision(Int, current: Int)
    /// The base given to `resolve` is not that revision of that entry (a mistake of the caller, not the editor).
    case baseMismatch

    /// A stable snake_case name for programs.
    public var code: String {
        switch self {
        case .invalid: "invalid_entry"
        case .unresolvedConflict: "unresolved_conflict"
        case .unknownBaseRevision: "unknown_base_revision"
        case .baseMismatch: "base_mismatch"
        }
    }

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .invalid(let problems): problems.map(\.message).joined(separator: " ")
        case .unresolvedConflict: "Resolve the conflict first: remove the <<<<<<<, ======= and >>>>>>> lines and keep the words you want."
        case .unknownBaseRevision(let revision, let current):
            "This edit starts from revision \(revision), but the entry is at revision \(current)."
        case .baseMismatch: "The base given for the merge is not the revision the edit started from."
        }
    }
}
