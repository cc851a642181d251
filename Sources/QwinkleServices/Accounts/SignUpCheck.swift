import QwinkleKit

/// A sign-up form judged as it is being filled in.
public struct SignUpCheck: Hashable, Sendable {
    /// The validator's verdict on each field.
    public var fields: FormValidation<SignUpValidator.Field>
    /// The username, when it is valid but someone already has it.
    public var takenUsername: String?

    /// Describes a verdict.
    public init(fields: FormValidation<SignUpValidator.Field>, takenUsername: String?) {
        self.fields = fields
        self.takenUsername = takenUsername
    }

    /// Whether the form may be sent: every field valid and the name free.
    public var isSubmittable: Bool { fields.isSubmittable && takenUsername == nil }

    /// What to tell a person whose chosen name is taken, if it is.
    public var takenMessage: String? { takenUsername.map { "The username \($0) is taken; try another." } }
}
