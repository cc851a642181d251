import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    /// How long an `Idempotency-Key` is remembered.
    static let idempotencyWindow: TimeInterval = 24 * 60 * 60
    /// The longest alt text and idempotency key.
    static let maxAltText = 1_500
    static let maxIdempotencyKey = 255

    func createEntry(_ input: Operations.CreateEntry.Input) async throws -> Operations.CreateEntry.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw APIError.badRequest("Send the entry as JSON.") }
        let key = try idempotencyKey(input.headers.idempotencyKey)
        let entry = try await validatedEntry(request, author: account)
        let creation = try await storage.createEntry(entry, idempotencyKey: key)
        // A replayed key stored nothing, so there is nothing new to tell.
        if case .created(let created) = creation { events.publish(.created(created)) }
        let viewer = try await viewer(for: account)
        return .created(.init(body: .json(try await entryResponse(creation.entry, viewer: viewer))))
    }

    func getEntry(_ input: Operations.GetEntry.Input) async throws -> Operations.GetEntry.Output {
        let viewer = try await currentViewer()
        let entry = try await readableEntry(id: input.path.id, viewer: viewer)
        return .ok(.init(body: .json(try await entryResponse(entry, viewer: viewer))))
    }

    func deleteEntry(_ input: Operations.DeleteEntry.Input) async throws -> Operations.DeleteEntry.Output {
        let account = try await signedInAccount()
        let entry = try await readableEntry(id: input.path.id, viewer: try await viewer(for: account))
        guard entry.author == account.id else { throw APIError.forbidden("You can delete only your own entries.") }
        if try await storage.deleteEntry(id: entry.id, at: now()) { events.publish(.deleted(entry)) }
        return .noContent(.init())
    }

    func markEntry(_ input: Operations.MarkEntry.Input) async throws -> Operations.MarkEntry.Output {
        let account = try await signedInAccount()
        let viewer = try await viewer(for: account)
        let entry = try await readableEntry(id: input.path.id, viewer: viewer)
        do {
            try await storage.mark(entry.id, by: account.id, at: now())
        } catch StorageError.notFound {
            // Deleted between the read and the mark.
            throw APIError.notFound("The entry \(input.path.id)")
        }
        return .ok(.init(body: .json(try await entryResponse(entry, viewer: viewer))))
    }

    func unmarkEntry(_ input: Operations.UnmarkEntry.Input) async throws -> Operations.UnmarkEntry.Output {
        let account = try await signedInAccount()
        let viewer = try await viewer(for: account)
        let entry = try await readableEntry(id: input.path.id, viewer: viewer)
        try await storage.unmark(entry.id, by: account.id)
        return .ok(.init(body: .json(try await entryResponse(entry, viewer: viewer))))
    }

    private func idempotencyKey(_ key: String?) throws -> IdempotencyKey? {
        guard let key else { return nil }
        guard !key.isEmpty, key.utf8.count <= Self.maxIdempotencyKey else {
            throw APIError.badRequest("An Idempotency-Key must be 1 to \(Self.maxIdempotencyKey) bytes.")
        }
        return IdempotencyKey(key: key, since: now().addingTimeInterval(-Self.idempotencyWindow))
    }

    /// Checks a new entry against every rule; nothing is stored on failure.
    func validatedEntry(_ request: Components.Schemas.NewEntry, author: Account) async throws -> NewEntry {
        let content = try await validatedContent(
            kind: request.kind, body: request.body, visibility: request.visibility, photos: request.photos,
            dream: request.dream, author: author
        )
        return NewEntry(
            author: author.id, kind: content.kind, body: content.body, photos: content.photos,
            visibility: content.visibility, createdAt: now()
        )
    }

    /// Checks an entry's content against every rule (new or edited alike), reporting all broken ones by field.
    func validatedContent(
        kind: Components.Schemas.EntryKind, body: String, visibility: Components.Schemas.Visibility,
        photos: [Components.Schemas.AttachedPhoto]?, dream: Components.Schemas.Dream?, author: Account
    ) async throws -> EntryContent {
        var fields: [String: [String]] = [:]
        let photos = photos ?? []
        let assessment = lengthRule.assess(body: body, photoCount: photos.count, visibility: visibility.model)
        for problem in assessment.problems {
            switch problem {
            case .tooManyPhotos: fields["photos", default: []].append(problem.message)
            case .empty, .tooLong: fields["body", default: []].append(problem.message)
            }
        }
        var attached: [AttachedPhoto] = []
        for (index, photo) in photos.enumerated() {
            let alt = photo.alt ?? ""
            if alt.count > Self.maxAltText {
                fields["photos.\(index).alt", default: []].append("Alt text must be at most \(Self.maxAltText) characters.")
            }
            if let id = try await ownPhoto(photo.id, of: author) {
                attached.append(AttachedPhoto(id: id, alt: alt))
            } else {
                fields["photos.\(index).id", default: []].append("Attach only photos you uploaded (POST /api/v1/photos).")
            }
        }
        if Set(photos.map(\.id)).count < photos.count {
            fields["photos", default: []].append("Attach each photo once.")
        }
        if ConflictMarkers.hasUnresolvedConflict(in: body) {
            fields["body", default: []].append(EditRejection.unresolvedConflict.message)
        }
        let kind = entryKind(kind, dream: dream, fields: &fields)
        guard fields.isEmpty, let kind else { throw APIError.invalid(fields) }
        return EntryContent(kind: kind, body: body, photos: attached, visibility: visibility.model)
    }

    private func entryKind(_ kind: Components.Schemas.EntryKind, dream: Components.Schemas.Dream?, fields: inout [String: [String]]) -> Entry.Kind? {
        switch (kind, dream) {
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
            guard let creature = Creature(rawValue: dream.creature.rawValue) else { return nil }
            let effects = dream.effects.compactMap { DreamEffect(rawValue: $0.rawValue) }
            return .dream(DreamDetails(creature: creature, effects: Set(effects), numberOfCreatures: count))
        }
    }
}
