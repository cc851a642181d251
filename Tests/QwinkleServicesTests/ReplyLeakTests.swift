import Foundation
import QwinkleKit
@testable import QwinkleServices
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// A reply never reveals its parent to anyone who may not read the parent, on every backend and every read path: the
/// entry, its thread, the timelines, the tag's timeline, search, notifications and live streams.
///
/// The author writes a private, a followers-only, a journal and a soon-deleted entry, each with a canary word; each
/// gets a reply that everyone else may read where the rules allow it (a public reply to the private and the
/// followers-only ones, said to be wider on purpose; a journal reply in the journal; a public reply to the deleted
/// one). Every reply mentions everyone. Then every role reads every path, and whatever it is shown is encoded whole
/// and searched for the parent's ID, canary and author.
@Suite("Replies never leak their parents")
struct ReplyLeakTests {
    typealias Backend = SearchLeakTests.Backend

    /// A parent and its reply, and who may read each.
    struct Case {
        var name: String
        var parent: TimelineEntry
        var reply: TimelineEntry
        var canary: String
        var parentReaders: Set<String>
        var replyReaders: Set<String>
    }

    static let roles = ["author", "follower", "reader", "stranger", "signed out"]

    @Test("Every role, on every read path, sees a reply's parent only if it may read the parent", arguments: Backend.available)
    func everyPath(backend: Backend) async throws {
        try await backend.withServices { services in
            var accounts: [String: Account] = [:]
            for name in Self.roles.dropLast() {
                accounts[name] = try await services.signUp(name)
            }
            let author = try #require(accounts["author"])
            // Entry IDs well above the accounts', so an account's ID in the JSON is never taken for a parent's.
            for _ in 0..<20 { _ = try await services.entries.create(EntryContent(kind: .update, body: "filler", visibility: .private), by: author, idempotencyKey: nil) }
            let follower = try #require(accounts["follower"])
            let reader = try #require(accounts["reader"])
            let stranger = try #require(accounts["stranger"])
            _ = try await services.social.follow("author", by: follower)
            _ = try await services.social.addJournalReader("reader", by: author)
            func post(_ body: String, by account: Account, _ visibility: Visibility, replyingTo parent: TimelineEntry? = nil) async throws -> TimelineEntry {
                try await services.entries.create(
                    EntryContent(kind: visibility == .journal ? .journal : .update, body: body, visibility: visibility), by: account,
                    idempotencyKey: nil, replyingTo: parent.map { ReplyRequest(parent: $0.id.rawValue, wider: true) }
                )
            }
            let everyone = Set(Self.roles)
            let mentions = "@author @follower @reader @stranger #replyleak replyword"
            let privateParent = try await post("canaryprivate only mine", by: author, .private)
            let followersParent = try await post("canaryfollowers for friends", by: author, .followers)
            let journalParent = try await post("canaryjournal for readers", by: author, .journal)
            let deletedParent = try await post("canarydeleted soon gone", by: author, .public)
            let cases = [
                Case(
                    name: "private", parent: privateParent, reply: try await post("a reply \(mentions)", by: author, .public, replyingTo: privateParent),
                    canary: "canaryprivate", parentReaders: ["author"], replyReaders: everyone
                ),
                Case(
                    name: "followers", parent: followersParent,
                    reply: try await post("a reply \(mentions)", by: follower, .public, replyingTo: followersParent),
                    canary: "canaryfollowers", parentReaders: ["author", "follower"], replyReaders: everyone
                ),
                Case(
                    name: "journal", parent: journalParent, reply: try await post("a reply \(mentions)", by: reader, .journal, replyingTo: journalParent),
                    canary: "canaryjournal", parentReaders: ["author", "reader"], replyReaders: ["author", "reader"]
                ),
                Case(
                    name: "deleted", parent: deletedParent, reply: try await post("a reply \(mentions)", by: stranger, .public, replyingTo: deletedParent),
                    canary: "canarydeleted", parentReaders: [], replyReaders: everyone
                ),
            ]
            try await services.entries.delete(id: deletedParent.id.rawValue, by: author)

            for role in Self.roles {
                let account = accounts[role]
                let viewer = try await services.context.viewer(for: account)
                // Every path, each read as far as it goes, gathered with where it came from.
                var seen: [(path: String, entry: TimelineEntry)] = []
                for item in cases {
                    if let shown = try? await services.entries.entry(id: item.reply.id.rawValue, viewer: viewer) { seen.append(("entry", shown)) }
                    for id in [item.reply.id, item.parent.id] {
                        if let page = try? await services.entries.thread(id: id.rawValue, viewer: viewer, after: nil, limit: 40) {
                            seen += ([page.thread.entry] + page.thread.ancestors + page.thread.replies.map(\.entry)).map { ("thread of \(id)", $0) }
                        }
                    }
                    for replier in Set(cases.map(\.reply.author.username)) {
                        let scope = EntryScope.author(try #require(accounts[replier]).id, viewer: account?.id)
                        seen += try await services.timelines.page(scope, page: PageRequest(limit: 50), viewer: viewer).items.map { ("\(replier)'s entries", $0) }
                    }
                }
                var scopes: [(String, EntryScope)] = [("public", .everyonePublic), ("tag", .tag("replyleak"))]
                if let account { scopes += [("home", .home(viewer: account.id)), ("journal", .journal(viewer: account.id))] }
                for (name, scope) in scopes {
                    seen += try await services.timelines.page(scope, page: PageRequest(limit: 50), viewer: viewer).items.map { (name, $0) }
                    let live = try await services.timelines.live(scope, account: account, tokenHash: nil, since: 0, heartbeat: .seconds(60))
                    seen += live.missed.map { ("\(name), caught up live", $0) }
                    for item in cases {
                        guard let stored = try await services.context.storage.entry(id: item.reply.id) else { continue }
                        if case .entry(let shown) = try await live.verdict(on: .created(stored, author: item.reply.author)) {
                            seen.append(("\(name), live", shown))
                        }
                    }
                }
                let found = try await services.search.entries(matching: "replyword", page: RankedPageRequest(offset: 0, limit: 50), viewer: viewer)
                seen += found.items.map { ("search", $0.entry) }
                if let account {
                    let groups = try await services.notifications.page(for: account, page: PageRequest(limit: 100)).items
                    seen += groups.compactMap { group in group.entry.map { ("notification \(group.kind)", $0) } }
                }

                for item in cases {
                    let mayReadParent = item.parentReaders.contains(role)
                    let mayReadReply = item.replyReaders.contains(role)
                    let replies = seen.filter { $0.entry.id == item.reply.id }
                    #expect(replies.isEmpty != mayReadReply, "\(role) sees the reply to the \(item.name) entry: \(replies.map(\.path))")
                    for (path, shown) in replies {
                        let expected: ShownReply = mayReadParent ? .to(parent: item.parent.id, author: author) : .unavailable
                        #expect(shown.reply == expected, "\(role), \(path): the reply to the \(item.name) entry")
                    }
                    if !mayReadParent {
                        let parents = seen.filter { $0.entry.id == item.parent.id }
                        #expect(parents.isEmpty, "\(role) is shown the \(item.name) entry: \(parents.map(\.path))")
                        // Nothing shown, encoded whole, names the parent or holds its text.
                        for (path, shown) in seen {
                            let json = String(decoding: try QwinkleJSON.makeEncoder().encode(shown), as: UTF8.self)
                            #expect(!json.contains(item.canary), "\(role), \(path): \(item.name)'s text")
                            #expect(!json.contains("\"\(item.parent.id.rawValue)\""), "\(role), \(path): \(item.name)'s ID in \(json)")
                        }
                    }
                }

                // Mentions: one notification for each reply the role may read (unless it wrote it, or was told it was
                // replied to instead), none for the others, counted as stored, before any judging.
                if let account {
                    let stored = try await services.context.storage.notifications(of: account.id, page: PageRequest(limit: 100))
                    for item in cases {
                        let about = stored.filter { $0.entry == item.reply.id }
                        let wrote = item.reply.author.id == account.id
                        let expected: [AccountNotification.Kind] = if wrote || !item.replyReaders.contains(role) {
                            []
                        } else if item.parent.author.id == account.id {
                            [.replied]
                        } else {
                            [.mentioned]
                        }
                        #expect(about.map(\.kind) == expected, "\(role)'s notifications about the reply to the \(item.name) entry")
                    }
                }
            }
        }
    }

    @Test("Replying needs a parent the replier may read; a wider reply must be chosen; a journal's thread stays in it", arguments: Backend.available)
    func replyRules(backend: Backend) async throws {
        try await backend.withServices { services in
            func signUp(_ name: String) async throws -> Account { try await services.signUp(name) }
            let author = try await signUp("author")
            let reader = try await signUp("reader")
            let stranger = try await signUp("stranger")
            _ = try await services.social.addJournalReader("reader", by: author)
            func post(_ body: String, by account: Account, _ visibility: Visibility, to parent: TimelineEntry? = nil, wider: Bool = false) async throws -> TimelineEntry {
                try await services.entries.create(
                    EntryContent(kind: .update, body: body, visibility: visibility), by: account, idempotencyKey: nil,
                    replyingTo: parent.map { ReplyRequest(parent: $0.id.rawValue, wider: wider) }
                )
            }
            let secret = try await post("secret", by: author, .private)
            let gone = try await post("gone", by: author, .public)
            try await services.entries.delete(id: gone.id.rawValue, by: author)
            // Hidden and deleted are refused alike, and so is an ID nothing ever had.
            var messages: [String] = []
            for id in [secret.id.rawValue, gone.id.rawValue, "999999"] {
                do {
                    _ = try await services.entries.create(
                        EntryContent(kind: .update, body: "hello", visibility: .public), by: stranger, idempotencyKey: nil,
                        replyingTo: ReplyRequest(parent: id, wider: true)
                    )
                    Issue.record("a reply to \(id) was posted")
                } catch ServiceError.invalid(let fields, _) {
                    messages.append(try #require(fields["in_reply_to"]?.first).replacingOccurrences(of: id, with: "ID"))
                }
            }
            #expect(Set(messages).count == 1, "one answer whatever the reason: \(messages)")

            let friends = try await post("friends", by: author, .followers)
            await #expect(throws: ServiceError.self) { try await post("to all", by: author, .public, to: friends) }
            let wide = try await post("to all, on purpose", by: author, .public, to: friends, wider: true)
            #expect(wide.entry.visibility == .public && wide.reply == .to(parent: friends.id, author: author))
            let narrow = try await post("just us", by: author, .followers, to: friends)
            #expect(narrow.reply == .to(parent: friends.id, author: author))

            let diary = try await post("dear diary", by: author, .journal)
            await #expect(throws: ServiceError.self) { try await post("out loud", by: reader, .public, to: diary, wider: true) }
            await #expect(throws: ServiceError.self) { try await post("to my followers", by: reader, .followers, to: diary, wider: true) }
            let inJournal = try await post("in the journal", by: reader, .journal, to: diary)
            // The reader's reply belongs to the author's journal: the author reads it, and the reader cannot edit it out.
            #expect(try await services.entries.entry(id: inJournal.id.rawValue, viewer: services.context.viewer(for: author)).id == inJournal.id)
            await #expect(throws: ServiceError.self) {
                try await services.entries.suggest(
                    EntryContent(kind: .update, body: "out", visibility: .public), baseRevision: 1, to: inJournal.id.rawValue, by: reader
                )
            }
            // A scheduled reply is refused.
            await #expect(throws: ServiceError.self) {
                try await services.post(
                    EntryContent(kind: .update, body: "later", visibility: .public), at: Date().addingTimeInterval(3600), by: author,
                    idempotencyKey: nil, replyingTo: ReplyRequest(parent: friends.id.rawValue, wider: true)
                )
            }
            // Counts: the author sees both replies to `friends`; a stranger only the public one.
            #expect(try await services.entries.entry(id: friends.id.rawValue, viewer: services.context.viewer(for: author)).replyCount == 2)
            let strangerView = try await services.context.viewer(for: stranger)
            #expect(try await services.entries.entry(id: wide.id.rawValue, viewer: strangerView).reply == .unavailable)
        }
    }
}
