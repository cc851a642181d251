/// Something that judges an input: valid, not yet valid, or invalid with reasons.
///
/// Larger validators are built from smaller ones (`SetPasswordValidator` from two `PasswordValidator`s,
/// `SignUpValidator` from those), so every rule is written once and shared by the server and every client.
public protocol Validator<Input>: Sendable {
    /// What is judged: a field's text, or a whole form for a composed validator.
    associatedtype Input

    /// Judges an input.
    func validate(_ input: Input) -> ValidationResult
}
