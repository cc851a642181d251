import Foundation
import QwinkleKit

/// An entry as a compose or edit form sent it, before the API judges it.
struct EntryDraft: Sendable {
    var kind: Components.Schemas.EntryKind
    var body: String
    var visibility: Components.Schemas.Visibility
    /// Attached photos: their IDs and alt texts, in order.
    var photos: [Components.Schemas.AttachedPhoto]
    var creature: String
    var effects: [String]
    var numberOfCreatures: String

    /// An empty draft of a kind, visible as that kind usually is.
    init(kind: Components.Schemas.EntryKind) {
        self.kind = kind
        body = ""
        visibility = kind == .journal ? .journal : ._public
        photos = []
        creature = Creature.allCases.first?.rawValue ?? ""
        effects = []
        numberOfCreatures = "1"
    }

    /// A draft from a submitted form; unknown spellings fall back to the kind's defaults, for the API to judge.
    init(form: WebForm) {
        self.init(kind: form["kind"].flatMap(Components.Schemas.EntryKind.init(rawValue:)) ?? .update)
        body = (form["body"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        visibility = form["visibility"].flatMap(Components.Schemas.Visibility.init(rawValue:)) ?? visibility
        let alts = form.all("photo_alt")
        photos = form.all("photo_id").enumerated().map { index, id in
            .init(id: id, alt: index < alts.count ? alts[index] : "")
        }
        creature = form["creature"] ?? creature
        effects = form.all("effects")
        numberOfCreatures = form["number_of_creatures"] ?? numberOfCreatures
    }

    /// A draft of an existing entry, for editing it.
    init(_ entry: Components.Schemas.Entry) {
        self.init(kind: entry.kind)
        body = entry.body
        visibility = entry.visibility
        photos = entry.photos.map { .init(id: $0.id, alt: $0.alt) }
        if let dream = entry.dream { setDream(dream) }
    }

    /// A draft of a suggested entry, such as a merge.
    init(_ entry: Components.Schemas.NewEntry) {
        self.init(kind: entry.kind)
        body = entry.body
        visibility = entry.visibility
        photos = entry.photos ?? []
        if let dream = entry.dream { setDream(dream) }
    }

    private mutating func setDream(_ dream: Components.Schemas.Dream) {
        creature = dream.creature.rawValue
        effects = dream.effects.map(\.rawValue)
        numberOfCreatures = String(dream.numberOfCreatures)
    }

    /// The dream's details as the API takes them; a number that is not one is sent as 0, for the API to refuse.
    func dream() throws -> Components.Schemas.Dream? {
        guard kind == .dream else { return nil }
        guard let creature = Components.Schemas.Creature(rawValue: creature) else {
            throw APIError.invalid(field: "dream.creature", "Choose a creature from the list.")
        }
        let known = effects.compactMap(Components.Schemas.DreamEffect.init(rawValue:))
        guard known.count == effects.count else { throw APIError.invalid(field: "dream.effects", "Choose effects from the list.") }
        return Components.Schemas.Dream(creature: creature, effects: known, numberOfCreatures: Int(numberOfCreatures) ?? 0)
    }

    /// The draft as a new entry for `POST /api/v1/entries`.
    func newEntry() throws -> Components.Schemas.NewEntry {
        .init(kind: kind, body: body, visibility: visibility, photos: photos, dream: try dream())
    }
}
