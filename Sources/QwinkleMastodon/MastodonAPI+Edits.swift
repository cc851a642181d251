import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// `PUT /api/v1/statuses/:id`: Mastodon's edit, with Qwinkle's `base_revision` accepted beside it.
    struct StatusEdit: Decodable {
        /// A photo's new description, as `media_attributes` sends one.
        struct MediaAttribute: Decodable {
            var id: String
            var description: String?
        }

        var status: String?
        var mediaIds: [String]?
        var mediaAttributes: [MediaAttribute]?
        var spoilerText: String?
        var sensitive: MastodonFlag?
        var language: String?
        var baseRevision: String?

        enum CodingKeys: String, CodingKey {
            case status, mediaIds = "media_ids", mediaAttributes = "media_attributes", spoilerText = "spoiler_text", sensitive, language,
                baseRevision = "base_revision"
        }
    }

    /// Editing, an entry's revisions and source, and its thread.
    func addEditRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.put("/api/v1/statuses/:id") { request, context in
            let me = try await caller(request).account(needing: "write:statuses")
            let id = context.parameters.get("id") ?? ""
            let input = try await MastodonInput.read(StatusEdit.self, from: request)
            let current = try await services.entries.editable(id: id, by: me)
            // An edit is a suggestion on a revision: the one the app names (`base_revision`, from the status's
            // `qwinkle` object), or the one it was just shown. A later edit elsewhere makes it a conflict, never lost.
            let base = try input.baseRevision.map { text in
                guard let revision = Int(text), revision >= 1 else {
                    throw ServiceError.invalid(field: "base_revision", "base_revision must be a revision number.")
                }
                return revision
            } ?? current.entry.revision
            var content = current.entry.content
            if let text = input.status { content.body = text }
            // The photos are those of media_ids, else those media_attributes names (as Mastodon.py sends them alone).
            if let ids = input.mediaIds ?? input.mediaAttributes?.map(\.id) {
                content.photos = try await attachments(ids, keeping: current.entry.content.photos, by: me)
            }
            // A description given while editing is the photo's alternative text in this entry.
            for attribute in input.mediaAttributes ?? [] {
                guard let description = attribute.description else { continue }
                guard let index = content.photos.firstIndex(where: { $0.id.rawValue == attribute.id }) else {
                    throw ServiceError.invalid(field: "media_attributes", "media_attributes names a photo the status does not have: \(attribute.id).")
                }
                content.photos[index].alt = description
            }
            if input.language != nil { content.language = try Self.language(input.language) }
            if let warning = input.spoilerText { content[line: .contentWarning] = warning }
            if let sensitive = input.sensitive { content.sensitive = sensitive.value }
            // A warning makes the media sensitive, as Mastodon's edit does.
            if input.spoilerText != nil || input.sensitive != nil, content.warning != nil { content.sensitive = true }
            switch try await services.entries.suggest(content, baseRevision: base, to: id, by: me) {
            case .applied(let edited):
                return try await statusResponse(edited, request: request, signedIn: true)
            case .conflict(let conflict):
                throw MastodonError(status: .conflict, message: conflict.message)
            }
        }
        router.get("/api/v1/statuses/:id/history") { request, context in
            let me = try await caller(request).account(needing: "read:statuses")
            // Earlier revisions are their author's alone in Qwinkle: to anyone else this is refused, as its page is.
            let revisions = try await services.entries.revisions(of: context.parameters.get("id") ?? "", by: me)
            let counts = try await services.accounts.counts(of: [me])
            let mapping = mapping(request)
            return try Self.json(revisions.map { mapping.statusEdit($0, counts: counts) })
        }
        router.get("/api/v1/statuses/:id/source") { request, context in
            let me = try await caller(request).account(needing: "read:statuses")
            let shown = try await services.entries.editable(id: context.parameters.get("id") ?? "", by: me)
            return try Self.json(MastodonStatusSource(id: shown.entry.id.rawValue, text: shown.entry.content.body, spoilerText: shown.entry.content.warning ?? ""))
        }
        router.get("/api/v1/statuses/:id/context") { request, context in
            let me = try await caller(request).optionalAccount(needing: "read:statuses")
            if let message = MastodonStatusID.message(context.parameters.get("id") ?? "") {
                return try Self.json(try await messageContext(message, request: request, me: me))
            }
            let viewer = try await services.accounts.viewer(for: me)
            // Mastodon's context is one answer: the first page of replies, as deep as it goes, is what fits in it.
            let page = try await services.entries.thread(id: context.parameters.get("id") ?? "", viewer: viewer, after: nil, limit: 100)
            let thread = page.thread
            let counts = try await services.accounts.counts(of: (thread.ancestors + thread.replies.map(\.entry)).map(\.author))
            let mapping = mapping(request)
            return try Self.json(MastodonContext(
                ancestors: thread.ancestors.map { mapping.status($0, counts: counts, signedIn: me != nil) },
                descendants: thread.replies.map { mapping.status($0.entry, counts: counts, signedIn: me != nil) }
            ))
        }
    }

    /// The photos of an edit: those already on the entry keep their alternative text; new ones take their
    /// description.
    func attachments(_ ids: [String], keeping current: [AttachedPhoto], by me: Account) async throws -> [AttachedPhoto] {
        var photos: [AttachedPhoto] = []
        for photo in try await attachments(ids, by: me) {
            photos.append(current.first { $0.id == photo.id } ?? photo)
        }
        return photos
    }
}

extension MastodonMapping {
    /// A revision as Mastodon's `StatusEdit`.
    func statusEdit(_ revision: TimelineEntry, counts: [Account.ID: AccountCounts]) -> MastodonStatusEdit {
        MastodonStatusEdit(
            content: EntryHTML.paragraphs(revision.entry.content.body, mentions: revision.entry.mentions, base: origin.base)
                + EntryHTML.lines(of: revision.entry.content),
            spoilerText: revision.entry.content.warning ?? "", sensitive: revision.entry.content.sensitive,
            createdAt: RFC3339.string(from: revision.entry.editedAt ?? revision.entry.createdAt),
            account: account(revision.author, counts: counts[revision.author.id]),
            mediaAttachments: revision.entry.content.photos.map { attachment($0) }, emojis: [],
            qwinkle: MastodonStatusEdit.Qwinkle(revision: revision.entry.revision)
        )
    }
}
