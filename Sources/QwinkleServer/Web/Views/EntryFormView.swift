import QwinkleKit
import QwinkleServices

/// The compose and edit form: a draft's fields, the choices for each, its messages, and the length rule's numbers
/// for the page's live counter.
struct EntryFormView: Sendable {
    /// A choice in a picker or a checkbox.
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// A visibility choice, with its limit and who will see the entry.
    struct VisibilityOption: Sendable {
        let value: String
        let label: String
        let limit: Int
        let description: String
        let selected: Bool
    }

    /// An attached photo.
    /// One of the content's lines as its text field shows it.
    struct LineField: Sendable {
        /// Its name: the form field is `line[name]`.
        let name: String
        let label: String
        /// The text as typed.
        let value: String
        /// What the services said of it, if anything.
        let error: String?
        /// Whether it is the content warning, which the counter counts.
        let isWarning: Bool
    }

    struct PhotoItem: Sendable {
        let id: String
        let url: String
        let alt: String
        /// Its position, 1-based, for its alt text's label.
        let number: Int
        /// Whether the form was refused because this photo has no alt text.
        let altMissing: Bool
    }

    /// The fields as typed, for the template to show a value as it is (`{{state.body}}`); choices, messages and
    /// numbers derived from them are fields of their own here.
    let state: EntryFormState
    /// Where the form is sent.
    let action: String
    let kind: String
    let isDream: Bool
    /// What is wrong, by the field it is about: the first part of the services' field name (`body`, `photos`,
    /// `dream`, `scheduled_at`), each field's messages joined, for the template to show beside the field
    /// (`{{errors.body}}`).
    let errors: [String: String]
    let visibilities: [VisibilityOption]
    let visibilityDescription: String
    /// What the counter starts at, by the same rule the script counts with.
    let remaining: Int
    /// The words after the number: "character left" for 1, "characters left" otherwise.
    let remainingWords: String
    let isOver: Bool
    let perURL: Int
    let perPhoto: Int
    let maxPhotos: Int
    let photos: [PhotoItem]
    let photoCount: Int
    /// Whether photos are attached, so the drawer starts open to show them.
    let hasPhotos: Bool
    /// A text field for each of the content's lines, in `ContentLine`'s order (the warning first).
    let lines: [LineField]
    let creatures: [Option]
    let effects: [Option]
    /// The revision an edit is based on; `nil` for a new entry.
    let baseRevision: Int?
    /// A key that makes sending the same compose form twice post once.
    let idempotencyKey: String
    let submitLabel: String
    /// Where Cancel goes.
    let cancelURL: String?
    /// Whether this is the compose form, whose script saves a kept draft as the person types.
    let savesDraft: Bool
    /// The kept draft the form continues; `nil` before the first save.
    let draftID: String?
    /// The revision of it last saved.
    let draftRevision: Int?
    /// A message about the whole form.
    let message: String?
    /// Whether the form may schedule the entry for later (a new entry, not an edit, not a reply).
    let canSchedule: Bool
    /// The entry a reply form answers; `nil` for any other form.
    let reply: Reply?

    /// What a reply form knows of the entry it answers.
    struct Reply: Sendable {
        /// The parent's ID, sent as `in_reply_to`.
        let id: String
        /// Its author's username, for "Replying to @abe"; `nil` when the parent could not be read again after a
        /// refused post (the form still says it is a reply, and shows why it was refused).
        let username: String?
        /// Whether the person ticked "reach more people than the entry I answer".
        let wider: Bool
    }

    init(
        draft: EntryFormState, action: String, submitLabel: String, errors: [String: [String]] = [:], message: String? = nil,
        baseRevision: Int? = nil, cancelURL: String? = nil, kept: KeptDraft? = nil, reply: Reply? = nil, rule: LengthRule = .standard
    ) {
        state = draft
        self.action = action
        kind = draft.kind.rawValue
        isDream = draft.kind == .dream
        self.errors = Dictionary(grouping: errors) { String($0.key.prefix { $0 != "." }) }
            .compactMapValues { Self.joined($0.sorted { $0.key < $1.key }.flatMap(\.value)) }
        let selected = draft.visibility
        visibilities = Visibility.allCases.map { visibility in
            VisibilityOption(
                value: visibility.rawValue, label: visibility.label, limit: rule.limit(for: visibility),
                description: visibility.audienceDescription, selected: visibility == selected
            )
        }
        visibilityDescription = selected.audienceDescription
        let assessment = rule.assess(
            body: draft.body, photoCount: draft.photos.count, visibility: selected, warning: ContentLine.kept(draft.lines[.contentWarning])
        )
        remaining = assessment.remaining
        remainingWords = assessment.remaining == 1 ? "character left" : "characters left"
        isOver = assessment.remaining < 0
        perURL = rule.charactersReservedPerURL
        perPhoto = rule.charactersReservedPerPhoto
        maxPhotos = rule.maxPhotos
        let withoutAlt = self.errors["photos"] == nil ? [] : Set(draft.photosWithoutAlt)
        photos = draft.photos.enumerated().map { index, photo in
            PhotoItem(
                id: photo.id, url: "/api/qwinkle/v1/photos/\(photo.id)", alt: photo.alt, number: index + 1,
                altMissing: withoutAlt.contains(index + 1)
            )
        }
        photoCount = draft.photos.count
        hasPhotos = !draft.photos.isEmpty
        let shownErrors = self.errors
        lines = ContentLine.allCases.map { line in
            LineField(
                name: line.rawValue, label: line.label, value: draft.lines[line] ?? "", error: shownErrors[line.rawValue], isWarning: line.isWarning
            )
        }
        creatures = Creature.allCases.map { Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == draft.creature) }
        effects = DreamEffect.allCases.map { Option(value: $0.rawValue, label: $0.displayName, selected: draft.effects.contains($0.rawValue)) }
        self.baseRevision = baseRevision
        idempotencyKey = TokenIssuer.makeToken()
        self.submitLabel = submitLabel
        self.cancelURL = cancelURL
        self.message = message
        savesDraft = kept != nil
        draftID = kept?.id
        draftRevision = kept?.revision
        // The services post a reply at once: a later time could not judge whether its parent may still be answered.
        canSchedule = baseRevision == nil && reply == nil
        self.reply = reply
    }

    /// Where a compose form's kept draft stands: none saved yet, or one at a revision.
    struct KeptDraft: Sendable {
        /// The draft's ID; `nil` until the first save.
        let id: String?
        /// The revision last saved.
        let revision: Int?

        /// A compose form that has saved no draft yet.
        static let unsaved = KeptDraft(id: nil, revision: nil)
    }

    private static func joined(_ messages: [String]?) -> String? {
        guard let messages, !messages.isEmpty else { return nil }
        return messages.joined(separator: " ")
    }
}
