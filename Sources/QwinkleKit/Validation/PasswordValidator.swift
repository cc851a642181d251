/// One password field: 8 to 72 UTF-8 bytes. bcrypt ignores every byte past the 72nd, so a longer password
/// would be a promise the server cannot keep.
public struct PasswordValidator: TextFieldValidator {
    /// The allowed lengths, in UTF-8 bytes.
    public static let byteLengths: ClosedRange<Int> = 8...72

    /// Creates the password validator.
    public init() {}

    /// Too short or too long, measured in UTF-8 bytes as bcrypt sees them.
    public func problems(in text: String) -> [ValidationReason] {
        let bytes = text.utf8.count
        if bytes < Self.byteLengths.lowerBound { return [.passwordTooShort(minimumBytes: Self.byteLengths.lowerBound)] }
        if bytes > Self.byteLengths.upperBound { return [.passwordTooLong(maximumBytes: Self.byteLengths.upperBound)] }
        return []
    }
}
