import Foundation
import QwinkleKit
import QwinkleServices

/// An entry as a compose or edit form holds it: the fields as typed, before the services judge them.
struct EntryFormState: Sendable {
    /// A photo chosen to attach, by the ID its upload got, with its alt text, as the form sent them.
    struct Photo: Sendable {
        var id: String
        var alt: String
    }

    var kind: Entry.Kind.Name
    var body: String
    var visibility: Visibility
    /// Attached photos: their IDs and alt texts, in order.
    var photos: [Photo]
    var creature: String
    var effects: [String]
    var numberOfCreatures: String
    /// The content's lines as typed (the content keeps them trimmed, on one line).
    var lines: [ContentLine: String] = [:]
    /// Whether the photos are marked sensitive.
    var sensitive = false
    /// When to post it (compose only), as typed, and the browser's offset from UTC for it.
    var scheduled = LocalTime(text: "", offset: "")

    /// An empty draft of a kind, visible as that kind usually is.
    init(kind: Entry.Kind.Name) {
        self.kind = kind
        body = ""
        visibility = kind == .journal ? .journal : .public
        photos = []
        creature = Creature.allCases.first?.rawValue ?? ""
        effects = []
        numberOfCreatures = "1"
    }

    /// An empty reply to an entry: seen by the same people as it (the default the API's clients preselect too), and a
    /// journal entry in a journal's thread, as only journal and private replies belong there.
    init(replyingTo parent: Entry) {
        self.init(kind: parent.kind.name == .journal ? .journal : .update)
        visibility = parent.visibility
    }

    /// A draft from a submitted form; an unknown kind or visibility falls back to the defaults, and an unknown
    /// creature or effect is refused by `draft()`.
    init(form: PostedForm.Entry) {
        self.init(kind: form.kind.flatMap(Entry.Kind.Name.init(rawValue:)) ?? .update)
        body = (form.body ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        visibility = form.visibility.flatMap(Visibility.init(rawValue:)) ?? visibility
        let alts = form.photoAlts ?? []
        photos = (form.photoIDs ?? []).enumerated().map { index, id in
            Photo(id: id, alt: index < alts.count ? alts[index] : "")
        }
        creature = form.creature ?? creature
        effects = form.effects ?? []
        numberOfCreatures = form.numberOfCreatures ?? numberOfCreatures
        for line in ContentLine.allCases { lines[line] = form.lines?[line.rawValue] }
        sensitive = form.sensitive == "on"
        scheduled = LocalTime(text: form.scheduledLocal ?? "", offset: form.scheduledOffset ?? "")
    }

    /// A draft of an entry's content, for editing it or for showing a merge.
    init(_ content: EntryContent) {
        self.init(kind: content.kind.name)
        body = content.body
        visibility = content.visibility
        photos = content.photos.map { Photo(id: $0.id.rawValue, alt: $0.alt) }
        lines = content.lines
        sensitive = content.sensitive
        if let dream = content.dream {
            creature = dream.creature.rawValue
            effects = dream.effects.sorted().map(\.rawValue)
            numberOfCreatures = String(dream.numberOfCreatures.rawValue)
        }
    }

    /// The content for the services to judge, its kind made from the form's choices; a creature or effect not in
    /// the lists, a number of creatures out of range, or a photo without alt text is refused here.
    func content() throws -> EntryContent {
        var dream: DreamDetails?
        if kind == .dream {
            guard let creature = Creature(rawValue: creature) else {
                throw ServiceError.invalid(field: "dream.creature", "Choose a creature from the list.")
            }
            let known = effects.compactMap(DreamEffect.init(rawValue:))
            guard known.count == effects.count else { throw ServiceError.invalid(field: "dream.effects", "Choose effects from the list.") }
            guard let count = Int(numberOfCreatures).flatMap(CreatureCount.init(rawValue:)) else {
                throw ServiceError.invalid(field: "dream.number_of_creatures", CreatureCount.outOfRange)
            }
            dream = DreamDetails(creature: creature, effects: Set(known), numberOfCreatures: count)
        }
        // The pages promise every photo its alt text, so the form does not post one without it (the API leaves
        // that to its clients).
        if !photosWithoutAlt.isEmpty { throw ServiceError.invalid(field: "photos", Self.altTextMissing) }
        let attached = try photos.enumerated().map { index, photo in
            guard let id = QwinkleKit.Photo.ID(rawValue: photo.id) else {
                throw ServiceError.invalid(field: "photos.\(index).id", EntryService.unattachablePhoto)
            }
            return AttachedPhoto(id: id, alt: photo.alt)
        }
        // A form's kind always matches its details: they are sent only for a dream.
        return EntryContent(kind: try Entry.Kind(kind, dream: dream), body: body, photos: attached, sensitive: sensitive, visibility: visibility, lines: lines)
    }

    /// The 1-based positions of the photos whose alt text is empty or only spaces.
    var photosWithoutAlt: [Int] {
        photos.indices.filter { photos[$0].alt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.map { $0 + 1 }
    }

    /// What the form says when a photo has no alt text; the page script says the same before sending.
    static let altTextMissing = "Describe each photo before posting: its alt text is what people who cannot see it will hear."
}
