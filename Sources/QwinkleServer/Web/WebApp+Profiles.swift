import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// A person's page: who they are, whether you follow them, and their entries you may read.
    struct ProfileContent: Sendable {
        let person: AccountView
        let isMe: Bool
        let following: Bool
        /// Whether you block them; then neither follow nor mute is offered, only unblocking.
        let blocking: Bool
        /// Whether they block you: you cannot follow them.
        let blockedBy: Bool
        /// Whether you block their server (for a person of another server).
        let domainBlocking: Bool
        /// Whether you asked to follow them and wait for their answer.
        let requested: Bool
        /// Whether they approve each follower.
        let locked: Bool
        /// How you mute them, if you do, in words ("until …", or "" for no end).
        let muting: MuteView?
        /// The lengths a mute may be given here.
        let muteLengths = MuteView.lengths
        /// The entries they pinned that the visitor may read, most recently pinned first, above the rest on the
        /// profile's first page.
        let pins: [EntryView]
        let hasPins: Bool
        let entries: [EntryView]
        let nextURL: String?
        /// For a person of another server: their server, and their profile there.
        let elsewhere: Elsewhere?
        /// The list's name, for the shared entry list.
        let heading: String
        let emptyText = "No entries you can see yet."
        /// Whether the person looking at their own page is one of the server's moderators.
        let isModerator: Bool
        /// The visitor's private note on the person, when they keep one.
        let note: String?
    }

    /// Where a person of another server lives, and their profile there.
    struct Elsewhere: Sendable {
        let host: String
        let url: String
    }

    func profile(_ username: String, request: Request, visit: WebVisit) async throws -> Response {
        let person = try await services.accounts.account(username: username)
        let pageRequest = try TimelineService.pageRequest(limit: nil, maxID: request.uri.queryParameters.get("max_id"), sinceID: nil)
        let viewer = try await services.accounts.viewer(for: visit.account)
        let page = try await services.timelines.page(.author(person.id, viewer: visit.account?.id), page: pageRequest, viewer: viewer)
        let pins = pageRequest.maxCursor == nil
            ? try await services.timelines.page(.pinned(by: person.id), page: PageRequest(limit: EntryService.maxPins), viewer: viewer).items : []
        var relationship: Relationship?
        if let me = visit.account { relationship = try await services.social.relationship(to: person.username, of: me) }
        let shown = AccountView(person)
        let content = ProfileContent(
            person: shown, isMe: visit.account?.id == person.id,
            following: relationship?.following == true, blocking: relationship?.blocking == true, blockedBy: relationship?.blockedBy == true,
            domainBlocking: relationship?.domainBlocking == true, requested: relationship?.requested == true, locked: person.locked,
            muting: relationship?.muting.map(MuteView.init),
            pins: pins.map { EntryView($0, viewer: visit.account) }, hasPins: !pins.isEmpty, entries: page.items.map { EntryView($0, viewer: visit.account) },
            nextURL: page.next.map { "/people/\(person.username)?max_id=\($0)" },
            elsewhere: try await services.accounts.originalProfile(of: person).map { Elsewhere(host: person.host ?? "", url: $0) },
            heading: "Entries by \(shown.name)",
            isModerator: visit.account?.id == person.id ? try await services.moderation.isModerator(person) : false,
            note: relationship.flatMap { $0.note.isEmpty ? nil : $0.note }
        )
        return render("profile", content, site: SiteView(title: "\(shown.name) (@\(person.username))", visit: visit, section: nil))
    }

    /// A block or a mute asked for from a person's page, or lifted.
    enum Keeping: Sendable {
        case block, unblock, mute, unmute, blockServer, unblockServer, note
    }

    /// The private note form.
    struct NoteForm: Decodable, Sendable {
        var csrfToken: String?
        var note: String?

        enum CodingKeys: String, CodingKey {
            case csrfToken = "csrf_token"
            case note
        }
    }

    /// The mute form: how long, and whether their notifications go too.
    struct MuteForm: Decodable, Sendable {
        var csrfToken: String?
        var duration: String?
        var notifications: String?

        enum CodingKeys: String, CodingKey {
            case csrfToken = "csrf_token"
            case duration, notifications
        }
    }

    func keep(_ username: String, _ keeping: Keeping, request: Request, visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        switch keeping {
        case .block:
            _ = try await form(PostedForm.Token.self, request, visit: visit)
            _ = try await services.social.block(username, by: me)
        case .unblock:
            _ = try await form(PostedForm.Token.self, request, visit: visit)
            _ = try await services.social.unblock(username, by: me)
        case .mute:
            let posted = try await form(MuteForm.self, request, visit: visit)
            let duration = posted.duration.flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
            _ = try await services.social.mute(username, notifications: posted.notifications != nil, duration: duration, by: me)
        case .unmute:
            _ = try await form(PostedForm.Token.self, request, visit: visit)
            _ = try await services.social.unmute(username, by: me)
        case .note:
            let posted = try await form(NoteForm.self, request, visit: visit)
            _ = try await services.social.setNote(posted.note ?? "", on: username, by: me)
        case .blockServer, .unblockServer:
            _ = try await form(PostedForm.Token.self, request, visit: visit)
            // Only a person of another server has a server to block; for anyone else the page offers nothing.
            let person = try await services.accounts.account(username: username)
            guard let host = person.host else { throw ServiceError.invalid(field: "domain", "@\(username) is on this server.") }
            if case .blockServer = keeping {
                _ = try await services.social.blockDomain(host, by: me)
            } else {
                _ = try await services.social.unblockDomain(host, by: me)
            }
        }
        return .redirect(to: "/people/\(username.urlComponentEscaped)")
    }

    func follow(_ username: String, following: Bool, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        let me = try visit.signedInAccount()
        if following {
            _ = try await services.social.follow(username, by: me)
        } else {
            _ = try await services.social.unfollow(username, by: me)
        }
        return .redirect(to: "/people/\(username.urlComponentEscaped)")
    }
}
