/// The username rule the server enforces: `^[a-z0-9_]{3,30}$`.
public struct UsernameValidator: TextFieldValidator {
    /// The rule as a regular expression, for documents such as the API description.
    public static let pattern = "^[a-z0-9_]{3,30}$"
    /// The allowed lengths.
    public static let lengths: ClosedRange<Int> = 3...30

    /// Creates the username validator.
    public init() {}

    /// Names every way the text breaks the rule, so a person can fix them all at once.
    public func problems(in text: String) -> [ValidationReason] {
        var reasons: [ValidationReason] = []
        if text.count < Self.lengths.lowerBound { reasons.append(.usernameTooShort(minimum: Self.lengths.lowerBound)) }
        if text.count > Self.lengths.upperBound { reasons.append(.usernameTooLong(maximum: Self.lengths.upperBound)) }
        if !text.unicodeScalars.allSatisfy(Self.isAllowed) { reasons.append(.usernameCharacters) }
        return reasons
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "_": true
        default: false
        }
    }
}
