import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// Checks a draft against every rule a new or edited entry follows, reporting all broken ones by field (the
    /// API's field names), so a person can fix them at once; nothing is stored.
    public func validatedContent(_ draft: EntryDraft, author: Account) async throws -> EntryContent {
        var fields: [String: [String]] = [:]
        let assessment = context.lengthRule.assess(body: draft.body, photoCount: draft.photos.count, visibility: draft.visibility)
        for problem in assessment.problems {
            switch problem {
            case .tooManyPhotos: fields["photos", default: []].append(problem.message)
            case .empty, .tooLong: fields["body", default: []].append(problem.message)
            }
        }
        let attached = try await attachedPhotos(draft, author: author.id, fields: &fields)
        if ConflictMarkers.hasUnresolvedConflict(in: draft.body) {
            fields["body", default: []].append(EditRejection.unresolvedConflict.message)
        }
        let kind = Self.kind(of: draft, fields: &fields)
        guard fields.isEmpty, let kind else { throw ServiceError.invalid(fields) }
        return EntryContent(kind: kind, body: draft.body, photos: attached, visibility: draft.visibility)
    }

    /// The draft's photos if the author may attach each of them once, with alt text of a sane length; the reasons
    /// otherwise in `fields`. A draft that is saved, not posted, is held to this as well.
    func attachedPhotos(_ draft: EntryDraft, author: Account.ID, fields: inout [String: [String]]) async throws -> [AttachedPhoto] {
        var attached: [AttachedPhoto] = []
        for (index, photo) in draft.photos.enumerated() {
            if photo.alt.count > Self.maxAltText {
                fields["photos.\(index).alt", default: []].append("Alt text must be at most \(Self.maxAltText) characters.")
            }
            if let id = try await context.attachablePhoto(photo.id, by: author) {
                attached.append(AttachedPhoto(id: id, alt: photo.alt))
            } else {
                fields["photos.\(index).id", default: []].append("Attach only photos you uploaded yourself.")
            }
        }
        if Set(draft.photos.map(\.id)).count < draft.photos.count {
            fields["photos", default: []].append("Attach each photo once.")
        }
        return attached
    }

    /// The draft's kind with a dream's details, or `nil` with the reason in `fields`.
    static func kind(of draft: EntryDraft, fields: inout [String: [String]]) -> Entry.Kind? {
        switch (draft.kind, draft.dream) {
        case (.update, nil): return .update
        case (.journal, nil): return .journal
        case (.dream, nil):
            fields["dream", default: []].append("A dream needs its creature, effects and number of creatures.")
            return nil
        case (.update, _?), (.journal, _?):
            fields["dream", default: []].append("Only a dream has dream details.")
            return nil
        case (.dream, let dream?):
            guard let count = CreatureCount(dream.numberOfCreatures) else {
                fields["dream.number_of_creatures", default: []].append(
                    "The number of creatures must be between \(CreatureCount.range.lowerBound) and \(CreatureCount.range.upperBound)."
                )
                return nil
            }
            return .dream(DreamDetails(creature: dream.creature, effects: dream.effects, numberOfCreatures: count))
        }
    }
}
