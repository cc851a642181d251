import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// `POST /api/v1/statuses`.
    struct NewStatus: Decodable {
        var status: String?
        var mediaIds: [String]?
        var inReplyToId: String?
        var visibility: String?
        var scheduledAt: String?
        var spoilerText: String?
        var sensitive: MastodonFlag?
        var language: String?
        /// A poll, which Qwinkle has not: only whether one was sent is read.
        var poll: PollSent?

        enum CodingKeys: String, CodingKey {
            case status, mediaIds = "media_ids", inReplyToId = "in_reply_to_id", visibility, scheduledAt = "scheduled_at"
            case spoilerText = "spoiler_text", sensitive, language, poll
        }
    }

    /// That a poll was sent, whatever it holds.
    struct PollSent: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Posting, reading, deleting and favouriting (Qwinkle's mark) statuses.
    func addStatusRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("/api/v1/statuses") { request, _ in
            let me = try await caller(request).account(needing: "write:statuses")
            let input = try await MastodonInput.read(NewStatus.self, from: request)
            // Posting it without its poll would publish a question nobody can answer.
            guard input.poll == nil else {
                throw ServiceError.invalid(field: "poll", "Qwinkle has no polls: post the status without one.")
            }
            guard let visibility = MastodonMapping.visibility(requested: input.visibility) else {
                throw ServiceError.invalid(field: "visibility", "Visibility must be public, unlisted, private or direct.")
            }
            if input.visibility == "direct", let message = try await sendDirect(input, by: me, request: request) {
                return try Self.json(message)
            }
            var time: Date?
            if let text = input.scheduledAt {
                guard let date = RFC3339.date(from: text) else {
                    throw ServiceError.invalid(field: "scheduled_at", "scheduled_at must be a time such as 2026-12-01T09:30:00.000Z.")
                }
                time = date
            }
            // As Mastodon does, a spoiler text marks the status sensitive, so its media hides behind the warning too.
            let warning = ContentLine.kept(input.spoilerText)
            var content = EntryContent(
                kind: .update, body: input.status ?? "", photos: try await attachments(input.mediaIds ?? [], by: me),
                sensitive: input.sensitive?.value == true || warning != nil, visibility: visibility, lines: [.contentWarning: warning ?? ""]
            )
            content.language = try Self.language(input.language)
            let posting = try await services.post(
                content, at: time, by: me, idempotencyKey: request.idempotencyKey,
                replyingTo: input.inReplyToId.map { ReplyRequest(parent: $0) }
            )
            switch posting {
            case .posted(let shown):
                return try await statusResponse(shown, request: request, signedIn: true)
            case .scheduled(let scheduled):
                return try Self.json(mapping(request).scheduledStatus(scheduled))
            }
        }
        router.get("/api/v1/statuses/:id") { request, context in
            let me = try await caller(request).optionalAccount(needing: "read:statuses")
            if let message = MastodonStatusID.message(context.parameters.get("id") ?? "") {
                return try Self.json(try await messageStatus(message, request: request, me: me))
            }
            let viewer = try await services.accounts.viewer(for: me)
            let shown = try await services.entries.entry(id: context.parameters.get("id") ?? "", viewer: viewer)
            return try await statusResponse(shown, request: request, signedIn: me != nil)
        }
        router.delete("/api/v1/statuses/:id") { request, context in
            let me = try await caller(request).account(needing: "write:statuses")
            let id = context.parameters.get("id") ?? ""
            if let message = MastodonStatusID.message(id) {
                // Whoever was written to keeps what they were sent, as in every conversation of Qwinkle's.
                _ = try await messageStatus(message, request: request, me: me)
                throw ServiceError.invalid(field: "id", "A direct message cannot be deleted once sent.")
            }
            let shown = try await services.entries.entry(id: id, viewer: services.accounts.viewer(for: me))
            try await services.entries.delete(id: id, by: me)
            // Mastodon answers a deletion with the status and its source text, for "delete and redraft".
            var status = try await status(shown, request: request, signedIn: true)
            status.published.text = MastodonNullable(shown.entry.content.body)
            return try Self.json(status)
        }
        // Who favourited (as far as the reader may know) and who boosted.
        for (list, read) in [("favourited_by", services.entries.markers), ("reblogged_by", services.entries.sharers)] {
            router.get(RouterPath("/api/v1/statuses/:id/\(list)")) { request, context in
                let me = try await caller(request).optionalAccount(needing: "read:accounts")
                let id = context.parameters.get("id") ?? ""
                let page = try Self.pageRequest(request)
                let accounts = try await read(id, try await services.accounts.viewer(for: me), page)
                return try await accountPage(accounts, page: page, request: request, path: "/api/v1/statuses/\(id)/\(list)")
            }
        }
        // Favourites are Qwinkle's marks, boosts its shares; bookmarks are private; pins feature the caller's own
        // statuses on their profile (`pinned=true` lists them). Each answers the status itself,
        // as it is now (Mastodon answers a boost with the boost's own status wrapping it; apps read `reblogged` from
        // either).
        for (action, scope, reaction) in Self.reactions {
            router.post(RouterPath("/api/v1/statuses/:id/\(action)")) { request, context in
                let me = try await caller(request).account(needing: scope)
                if let message = MastodonStatusID.message(context.parameters.get("id") ?? "") {
                    _ = try await messageStatus(message, request: request, me: me)
                    throw ServiceError.invalid(field: "id", "A direct message cannot be favourited, boosted, bookmarked or pinned.")
                }
                let shown = try await services.entries.react(reaction, to: context.parameters.get("id") ?? "", by: me)
                return try await statusResponse(shown, request: request, signedIn: true)
            }
        }
    }

    /// The language a status says it is in, as an ISO 639 code with an optional region (`en`, `pt-BR`), kept as
    /// sent; empty is none. Anything else is refused by name.
    static func language(_ text: String?) throws -> String? {
        guard let text, !text.isEmpty else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let code = parts.first, (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLetter }), parts.count <= 3,
            parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { throw ServiceError.invalid(field: "language", "language must be an ISO 639 code such as en or pt-BR.") }
        return text
    }

    /// Mastodon's actions on a status, the scope each needs, and what each is here.
    static let reactions: [(action: String, scope: String, reaction: EntryService.Reaction)] = [
        ("favourite", "write:favourites", .mark), ("unfavourite", "write:favourites", .unmark),
        ("reblog", "write:statuses", .share), ("unreblog", "write:statuses", .unshare),
        ("bookmark", "write:bookmarks", .bookmark), ("unbookmark", "write:bookmarks", .unbookmark),
        ("pin", "write:accounts", .pin), ("unpin", "write:accounts", .unpin),
    ]

    /// The photos a status attaches, each with the description its uploader gave it as its alternative text. One that
    /// is not the author's own goes as it is, for the entry's rules to refuse by field.
    func attachments(_ ids: [String], by me: Account) async throws -> [AttachedPhoto] {
        var photos: [AttachedPhoto] = []
        for id in ids {
            guard let photoID = Photo.ID(rawValue: id) else {
                throw ServiceError.invalid(field: "media_ids", "media_ids must be IDs of photos you uploaded.")
            }
            let description = (try? await services.photos.own(id: id, by: me))?.description ?? ""
            photos.append(AttachedPhoto(id: photoID, alt: description))
        }
        return photos
    }

    /// One entry as a status, with its author's counts.
    func status(_ shown: TimelineEntry, request: Request, signedIn: Bool) async throws -> MastodonStatus {
        let counts = try await services.accounts.counts(of: [shown.author])
        return mapping(request).status(shown, counts: counts, signedIn: signedIn)
    }

    /// One entry as a status response.
    func statusResponse(_ shown: TimelineEntry, request: Request, signedIn: Bool) async throws -> Response {
        try Self.json(try await status(shown, request: request, signedIn: signedIn))
    }
}

extension Request {
    /// The `Idempotency-Key` header, which Mastodon apps send so a retried post is posted once.
    var idempotencyKey: String? {
        headers.first { $0.name.canonicalName == "idempotency-key" }?.value
    }
}
