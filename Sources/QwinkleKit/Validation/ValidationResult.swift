/// What a validator says of an input.
///
/// Three states, because a form needs three: an empty field is *not yet valid* (the form cannot be sent)
/// but shows no error, as talk 004's sign-up form does.
public enum ValidationResult: Hashable, Sendable {
    /// The input is acceptable.
    case valid
    /// There is nothing to judge yet (an empty field): not acceptable, but not an error to show either.
    case incomplete
    /// The input is wrong, for these reasons (never empty).
    case invalid([ValidationReason])

    /// Whether the input is acceptable as it is.
    public var isValid: Bool { self == .valid }

    /// Whether a form should show an error state for this input.
    public var showsError: Bool {
        if case .invalid = self { true } else { false }
    }

    /// The reasons the input is wrong; empty unless `invalid`.
    public var reasons: [ValidationReason] {
        if case .invalid(let reasons) = self { reasons } else { [] }
    }

    /// A result from a list of reasons: `valid` when there are none.
    public init(reasons: [ValidationReason]) {
        self = reasons.isEmpty ? .valid : .invalid(reasons)
    }

    /// The result of several checks together: invalid if any is (with all their reasons),
    /// else incomplete if any is, else valid. This is how larger validators are composed from smaller ones.
    public static func combining(_ results: some Sequence<ValidationResult>) -> ValidationResult {
        var reasons: [ValidationReason] = []
        var incomplete = false
        for result in results {
            switch result {
            case .valid: continue
            case .incomplete: incomplete = true
            case .invalid(let more): reasons += more.filter { !reasons.contains($0) }
            }
        }
        if !reasons.isEmpty { return .invalid(reasons) }
        return incomplete ? .incomplete : .valid
    }
}
