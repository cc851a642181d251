/// The judgement of a whole form: one result per field, and whether the form may be submitted.
public struct FormValidation<Field: Hashable & Sendable & CaseIterable>: Hashable, Sendable {
    private let results: [Field: ValidationResult]

    /// Collects per-field results; a field left out is `incomplete`.
    public init(_ results: [Field: ValidationResult]) {
        self.results = results
    }

    /// The result for one field, to decorate that field (an error state only when `showsError`).
    public subscript(field: Field) -> ValidationResult {
        results[field] ?? .incomplete
    }

    /// The form's result: invalid if any field is, else incomplete if any field is, else valid.
    public var overall: ValidationResult {
        .combining(Field.allCases.map { self[$0] })
    }

    /// Whether every field is present and valid: the form's submit button is enabled exactly then.
    public var isSubmittable: Bool {
        overall.isValid
    }

    /// What to report for a submitted form: every field that is not valid with its reasons,
    /// an empty field as `required`. Empty when the form is submittable.
    public var submissionErrors: [Field: [ValidationReason]] {
        var errors: [Field: [ValidationReason]] = [:]
        for field in Field.allCases {
            switch self[field] {
            case .valid: continue
            case .incomplete: errors[field] = [.required]
            case .invalid(let reasons): errors[field] = reasons
            }
        }
        return errors
    }
}
