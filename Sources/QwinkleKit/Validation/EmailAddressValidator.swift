/// A pragmatic email address check: one `@`, a name before it, a dotted domain after it, no whitespace,
/// at most 254 characters (Unicode scalars, as JSON Schema's `maxLength` counts them). Whether the address receives mail is for a confirmation email to find out.
public struct EmailAddressValidator: TextFieldValidator {
    /// The longest address that fits in an SMTP path.
    public static let maximumLength = 254

    /// Creates the email address validator.
    public init() {}

    /// Names what is wrong with the address.
    public func problems(in text: String) -> [ValidationReason] {
        var reasons: [ValidationReason] = []
        if text.unicodeScalars.count > Self.maximumLength { reasons.append(.emailTooLong(maximum: Self.maximumLength)) }
        if text.unicodeScalars.contains(where: \.properties.isWhitespace) { reasons.append(.emailWhitespace) }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return reasons + [.emailAtSign] }
        if parts[0].isEmpty { reasons.append(.emailLocalPart) }
        if !Self.isDottedDomain(parts[1]) { reasons.append(.emailDomain) }
        return reasons
    }

    private static func isDottedDomain(_ domain: Substring) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
