import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Synchronization
import Testing

/// Who may read and change what, checked on every path for every kind of viewer and every visibility, from two
/// tables: `ReadPath.expectation` and `WritePath.expectation`. A new read path must be added to its table, or
/// `everyReadPathIsCovered` fails.
///
/// Something a viewer may not see must answer exactly as something that never existed: each hidden answer is
/// compared with the answer for an ID no entry or photo ever had (status, error body, and headers).
@Suite("Access control matrix")
struct AccessControlMatrixTests {
    /// Who reads. Besides the author's audiences: `blocked` (the author blocks them), `blocker` (who blocks the
    /// author), and followers of the author who mute them: `muter` (with notifications), `quietMuter` (keeping their
    /// notifications) and `expiredMuter` (whose mute ran out).
    enum Role: String, CaseIterable, Sendable {
        case author, follower, journalReader, stranger, anonymous, blocked, blocker, muter, quietMuter, expiredMuter

        /// The roles of the audiences alone, for the tables about what a reply reveals of its parent.
        static let audiences: [Role] = [.author, .follower, .journalReader, .stranger, .anonymous]

        /// Whether this role may read an entry of the author's with this visibility: a block either way hides
        /// everything.
        func mayRead(_ visibility: Visibility) -> Bool {
            switch (self, visibility) {
            case (.blocked, _), (.blocker, _): false
            case (.author, _), (_, .public), (_, .unlisted): true
            case (.follower, .followers), (.muter, .followers), (.quietMuter, .followers), (.expiredMuter, .followers), (.journalReader, .journal): true
            default: false
            }
        }

        /// Whether this role follows the author.
        var follows: Bool { [.follower, .muter, .quietMuter, .expiredMuter].contains(self) }

        /// Whether this role mutes the author now: every list but the author's page and the marks leaves them out.
        var mutes: Bool { self == .muter || self == .quietMuter }
    }

    /// The time the server reads, moved on by hand, so a mute runs out without a test waiting for it.
    final class MatrixClock: Sendable {
        private let offset = Mutex<TimeInterval>(0)

        /// The moment now, as the server reads it.
        var now: @Sendable () -> Date { { [self] in Date().addingTimeInterval(self.offset.withLock { $0 }) } }

        /// Moves the time on.
        func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
    }

    enum Visibility: String, CaseIterable, Sendable {
        case `public`, unlisted, followers, journal, `private`

        /// Whether its author may pin it to their profile, which others read.
        var pinnable: Bool { self != .journal && self != .private }
    }

    /// What a request came to.
    enum Outcome: Equatable, Sendable, CustomStringConvertible {
        /// The entry appeared, or the operation on it was done.
        case allowed
        /// Answered exactly as for an entry that never existed (or, in a list, left out).
        case hidden
        /// 403: the viewer may see the entry but not do this to it.
        case forbidden
        /// 401: the path needs a signed-in viewer.
        case unauthorized
        /// 422: the viewer may see the entry, but this cannot be done to it (pinning someone else's entry).
        case refused
        /// Anything else, with the status: always a failure.
        case unexpected(Int)

        var description: String {
            switch self {
            case .allowed: "allowed"
            case .hidden: "hidden"
            case .forbidden: "forbidden"
            case .unauthorized: "unauthorized"
            case .refused: "refused"
            case .unexpected(let status): "unexpected \(status)"
            }
        }
    }

    /// Every path that returns entries or the photos they show.
    enum ReadPath: String, CaseIterable, Sendable {
        case getEntry, getPhoto, getDreamCard, getEntryContext, listAccountEntries, listPinnedEntries, getHomeTimeline, getPublicTimeline, getJournalTimeline,
            getTagTimeline, listMarks, listBookmarks, listEntryRevisions, streamHomeTimeline, streamPublicTimeline, streamJournalTimeline, search

        /// Whether the path is a live stream, read from a server listening on a port.
        var isStream: Bool { rawValue.hasPrefix("stream") }

        /// What a role sees of an entry with this visibility on this path.
        func expectation(_ role: Role, _ visibility: Visibility) -> Outcome {
            let mayRead = role.mayRead(visibility)
            switch self {
            case .getEntry, .getPhoto, .getDreamCard, .getEntryContext, .listAccountEntries:
                return mayRead ? .allowed : .hidden
            case .listPinnedEntries:
                // The author pinned every entry a profile may feature.
                return mayRead && visibility.pinnable ? .allowed : .hidden
            case .getTagTimeline, .search:
                // An unlisted entry is listed only to its author and their followers.
                let listed = visibility != .unlisted || role == .author || role.follows
                return mayRead && !role.mutes && listed ? .allowed : .hidden
            case .getPublicTimeline:
                return visibility == .public && mayRead && !role.mutes ? .allowed : .hidden
            case .getHomeTimeline:
                // Home holds my entries and those of the people I follow; the journal reader does not follow.
                if role == .anonymous { return .unauthorized }
                return mayRead && (role == .author || role.follows) && !role.mutes ? .allowed : .hidden
            case .getJournalTimeline:
                if role == .anonymous { return .unauthorized }
                let inJournal = visibility == .journal || (visibility == .private && role == .author)
                return mayRead && inJournal ? .allowed : .hidden
            case .listMarks, .listBookmarks:
                if role == .anonymous { return .unauthorized }
                return mayRead ? .allowed : .hidden
            case .listEntryRevisions:
                // Revisions are the author's alone; a reader learns only that they are not theirs to see.
                if role == .anonymous { return .unauthorized }
                return role == .author ? .allowed : mayRead ? .forbidden : .hidden
            // A stream shows what its timeline shows.
            case .streamHomeTimeline: return ReadPath.getHomeTimeline.expectation(role, visibility)
            case .streamPublicTimeline: return ReadPath.getPublicTimeline.expectation(role, visibility)
            case .streamJournalTimeline: return ReadPath.getJournalTimeline.expectation(role, visibility)
            }
        }

        /// What a role sees of an entry with this visibility on this path when the author is in `standing`: a suspended
        /// author is signed out, and what they wrote exists for nobody; a limited author's entries are listed to
        /// everyone only for those they reach (their followers and journal readers), and still found by a link.
        func expectation(_ role: Role, _ visibility: Visibility, author standing: AuthorStanding) -> Outcome {
            let outcome = expectation(role, visibility)
            switch standing {
            case .good:
                return outcome
            case .suspended:
                if role == .author { return .unauthorized }
                return outcome == .unauthorized ? .unauthorized : .hidden
            case .limited:
                let listsStrangers: Set<ReadPath> = [.getPublicTimeline, .getTagTimeline, .search, .streamPublicTimeline]
                return listsStrangers.contains(self) && (role == .stranger || role == .anonymous) ? .hidden : outcome
            }
        }
    }

    /// What the server's moderators decided of the author, for the rows of a limited and a suspended author.
    enum AuthorStanding: String, CaseIterable, Sendable {
        case good, limited, suspended
    }

    /// Every path that shows a reply, checked for what it reveals of the entry replied to: the author's public reply,
    /// chosen wider on purpose, to its own entry of each visibility (a journal one stays in the journal), which
    /// mentions every other role.
    enum ReplyPath: String, CaseIterable, Sendable {
        case getEntry, getEntryContext, getPublicTimeline, search, streamPublicTimeline, listNotifications

        /// Whether the path reveals the parent to the role (`allowed`) or shows only "a reply" (`hidden`).
        func expectation(_ role: Role, _ visibility: Visibility) -> Outcome {
            // The reply in the journal's thread is a journal entry: no public list shows it to anyone.
            if visibility == .journal, self == .getPublicTimeline || self == .streamPublicTimeline { return .hidden }
            guard self == .listNotifications else { return role.mayRead(visibility) ? .allowed : .hidden }
            // Only those mentioned are told of the reply; its author is told nothing of their own reply.
            if role == .anonymous { return .unauthorized }
            return role != .author && role.mayRead(visibility) ? .allowed : .hidden
        }
    }

    /// Every path that changes an entry.
    enum WritePath: String, CaseIterable, Sendable {
        case updateEntry, deleteEntry, markEntry, unmarkEntry, bookmarkEntry, unbookmarkEntry, shareEntry, unshareEntry, pinEntry, unpinEntry
        case restoreEntryRevision, restoreEntry

        /// What a role's attempt on an entry with this visibility comes to.
        func expectation(_ role: Role, _ visibility: Visibility) -> Outcome {
            if role == .anonymous { return .unauthorized }
            let mayRead = role.mayRead(visibility)
            switch self {
            case .markEntry, .unmarkEntry, .bookmarkEntry, .unbookmarkEntry, .unshareEntry, .unpinEntry:
                // Unpinning what the viewer did not pin changes nothing, and answers the entry.
                return mayRead ? .allowed : .hidden
            case .pinEntry:
                // Only the author pins, and only what a profile may feature.
                return mayRead ? (role == .author && visibility.pinnable ? .allowed : .refused) : .hidden
            case .shareEntry:
                // Only a public entry is passed on; anything narrower is refused to those who may read it.
                return mayRead ? (visibility == .public ? .allowed : .forbidden) : .hidden
            case .updateEntry, .deleteEntry, .restoreEntryRevision, .restoreEntry:
                // Restoring one's entry that is not in the trash changes nothing, and answers it.
                return role == .author ? .allowed : mayRead ? .forbidden : .hidden
            }
        }

        /// What a role's attempt comes to when the author is in `standing`: a suspended author is signed out and
        /// their entries exist for nobody, so nobody may change them; a limit changes who finds them listed, not
        /// what a reader who has one may do.
        func expectation(_ role: Role, _ visibility: Visibility, author standing: AuthorStanding) -> Outcome {
            switch standing {
            case .good, .limited: expectation(role, visibility)
            case .suspended: role == .anonymous || role == .author ? .unauthorized : .hidden
            }
        }

        /// The request for the entry `id` (an ID that may not exist) at `revision`.
        func request(entry id: String, photo: String, visibility: Visibility, revision: Int) -> (HTTPRequest.Method, String, String?) {
            switch self {
            case .updateEntry:
                let body = """
                    {"base_revision": \(revision), "kind": "dream", "body": "an edited \(visibility.rawValue) dream", \
                    "visibility": "\(visibility.rawValue)", "photos": [{"id": "\(photo)", "alt": "a photo"}], "dream": \(AccessControlMatrixTests.dream)}
                    """
                return (.put, "/api/qwinkle/v1/entries/\(id)", body)
            case .deleteEntry: return (.delete, "/api/qwinkle/v1/entries/\(id)", nil)
            case .markEntry: return (.post, "/api/qwinkle/v1/entries/\(id)/mark", nil)
            case .unmarkEntry: return (.delete, "/api/qwinkle/v1/entries/\(id)/mark", nil)
            case .bookmarkEntry: return (.post, "/api/qwinkle/v1/entries/\(id)/bookmark", nil)
            case .unbookmarkEntry: return (.delete, "/api/qwinkle/v1/entries/\(id)/bookmark", nil)
            case .shareEntry: return (.post, "/api/qwinkle/v1/entries/\(id)/share", nil)
            case .unshareEntry: return (.delete, "/api/qwinkle/v1/entries/\(id)/share", nil)
            case .pinEntry: return (.post, "/api/qwinkle/v1/entries/\(id)/pin", nil)
            case .unpinEntry: return (.delete, "/api/qwinkle/v1/entries/\(id)/pin", nil)
            case .restoreEntryRevision: return (.post, "/api/qwinkle/v1/entries/\(id)/revisions/1/restore", nil)
            case .restoreEntry: return (.post, "/api/qwinkle/v1/entries/\(id)/restore", nil)
            }
        }
    }

    static let dream = #"{"creature": "dragon", "effects": ["snow"], "number_of_creatures": 2}"#

    /// The world every cell is checked in: one author with a dream (and a photo) of each visibility, and a viewer of each role.
    struct World: Sendable {
        var users: [Role: User] = [:]
        var entries: [Visibility: (entry: String, photo: String)] = [:]
        /// The author's public reply to each entry.
        var replies: [Visibility: String] = [:]
        /// What moderators decided of the author, once the world is made.
        var standing = AuthorStanding.good

        func token(_ role: Role) -> String? { users[role]?.token }
    }

    static func makeWorld(_ api: APIClient, clock: MatrixClock) async throws -> World {
        var world = World()
        for role in Role.allCases where role != .anonymous {
            world.users[role] = try await api.signUp(role.rawValue.lowercased())
        }
        let author = try #require(world.users[.author])
        // The blocked and the blocker follow first: the block must end that.
        for role in Role.allCases where role.follows || role == .blocked || role == .blocker {
            try await api.follow(author, by: try #require(world.users[role]))
        }
        try await api.shareJournal(of: author, with: try #require(world.users[.journalReader]))
        let mutes: [(Role, String)] = [(.muter, "{}"), (.quietMuter, #"{"notifications": false}"#), (.expiredMuter, #"{"duration": 60}"#)]
        for (role, body) in mutes {
            let muted = try await api.request(.post, "/api/qwinkle/v1/accounts/author/mute", token: world.token(role), json: body)
            #expect(muted.status == .ok && muted.json["muting"]["notifications"].bool != nil, "\(role) mutes the author: \(muted.status) \(muted.json)")
        }
        let blocked = try await api.request(.post, "/api/qwinkle/v1/accounts/blocked/block", token: author.token)
        #expect(blocked.status == .ok && blocked.json["blocking"].bool == true && blocked.json["following"].bool == false)
        let blocker = try await api.request(.post, "/api/qwinkle/v1/accounts/author/block", token: world.token(.blocker))
        #expect(blocker.status == .ok && blocker.json["blocking"].bool == true)
        clock.advance(by: 120)
        let expired = try await api.get("/api/qwinkle/v1/accounts/author/relationship", token: world.token(.expiredMuter))
        #expect(expired.status == .ok && expired.json["muting"].isNull && expired.json["following"].bool == true, "\(expired.json)")
        for visibility in Visibility.allCases {
            let photo = try await api.upload(as: author)
            // Dreams, so the dream card is one more path that shows them.
            let entry = try await api.post(
                "a \(visibility.rawValue) dream #Matrix", as: author, visibility: visibility.rawValue, kind: "dream", photos: [photo], dream: dream
            )
            world.entries[visibility] = (try #require(entry["id"].string), photo)
        }
        for visibility in Visibility.allCases {
            let parent = try #require(world.entries[visibility]?.entry)
            // A reply in a journal's thread stays in the journal; every other one is public.
            let reply = try await ConversationTests.reply(
                "reply to \(visibility.rawValue) @follower @journalreader @stranger replyword\(visibility.rawValue)", to: parent, as: author,
                visibility: visibility == .journal ? "journal" : "public", wider: true, api: api
            )
            #expect(reply.status == .created, "\(reply.json)")
            let id: String = try #require(reply.json["id"].string)
            world.replies[visibility] = id
        }
        // Each signed-in viewer marks and bookmarks every entry it can, so those lists have something to show.
        for role in Role.allCases where role != .anonymous {
            for visibility in Visibility.allCases {
                let entry = try #require(world.entries[visibility]?.entry)
                let marked = try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/mark", token: world.token(role))
                #expect(marked.status == (role.mayRead(visibility) ? .ok : .notFound), "\(role) marks a \(visibility) entry")
                let bookmarked = try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/bookmark", token: world.token(role))
                #expect(bookmarked.status == (role.mayRead(visibility) ? .ok : .notFound), "\(role) bookmarks a \(visibility) entry")
            }
        }
        // The author pins every entry a profile may feature, so the pins list has something to show.
        for visibility in Visibility.allCases {
            let entry = try #require(world.entries[visibility]?.entry)
            let pinned = try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/pin", token: world.token(.author))
            #expect(pinned.status == (visibility.pinnable ? .ok : .unprocessableContent), "the author pins a \(visibility) entry")
        }
        return world
    }

    /// An ID no entry or photo ever had: hidden answers are compared with answers for it.
    static func missingID(like id: String) throws -> String {
        String(try #require(Int(id)) + 1_000_000)
    }

    /// The outcome of a single-resource answer. A 404 counts as hidden only if it is exactly the answer for `missing`
    /// (requested the same way): the same status, the same error once the IDs are set aside, and the same headers.
    static func outcome(
        of response: APIResponse, id: String, missing: () async throws -> APIResponse, cell: String
    ) async throws -> Outcome {
        switch response.status {
        case .ok, .noContent: return .allowed
        case .unauthorized: return .unauthorized
        case .forbidden: return .forbidden
        case .unprocessableContent: return .refused
        case .notFound:
            let absent = try await missing()
            #expect(absent.status == .notFound, "\(cell): an ID that never existed is 404")
            let differences = HiddenAnswer.differences(response, id: id, absent, id: try missingID(like: id))
            #expect(differences.isEmpty, "\(cell): hidden differs from missing: \(differences)")
            return differences.isEmpty ? .hidden : .unexpected(404)
        default: return .unexpected(response.status.code)
        }
    }

    /// The outcome of a list's answer: whether `entry` is in it, or the path's refusal.
    static func listed(_ entry: String, in response: APIResponse) -> Outcome {
        switch response.status {
        case .ok: response.json.ids.contains(entry) ? .allowed : .hidden
        case .unauthorized: .unauthorized
        default: .unexpected(response.status.code)
        }
    }

    static func observe(_ path: ReadPath, role: Role, visibility: Visibility, world: World, api: APIClient) async throws -> Outcome {
        let token = world.token(role)
        let (entry, photo) = try #require(world.entries[visibility])
        let cell = "\(path) as \(role) on a \(visibility) entry"
        let single: (String, String, (String) -> String) async throws -> Outcome = { id, missingID, url in
            let response = try await api.get(url(id), token: token)
            return try await outcome(of: response, id: id, missing: { try await api.get(url(missingID), token: token) }, cell: cell)
        }
        let list: (String) async throws -> Outcome = { url in listed(entry, in: try await api.get(url, token: token)) }
        let missingEntry = try missingID(like: entry)
        switch path {
        case .getEntry: return try await single(entry, missingEntry) { "/api/qwinkle/v1/entries/\($0)" }
        case .getPhoto: return try await single(photo, try missingID(like: photo)) { "/api/qwinkle/v1/photos/\($0)" }
        case .getDreamCard: return try await single(entry, missingEntry) { "/api/qwinkle/v1/entries/\($0)/card.svg" }
        case .getEntryContext:
            let outcome = try await single(entry, missingEntry) { "/api/qwinkle/v1/entries/\($0)/context" }
            if outcome == .allowed {
                #expect(try await api.get("/api/qwinkle/v1/entries/\(entry)/context", token: token).json["entry"]["id"].string == entry, "\(cell): the thread's entry")
            }
            return outcome
        case .getTagTimeline: return try await list("/api/qwinkle/v1/timelines/tag/matrix")
        case .listEntryRevisions:
            let outcome = try await single(entry, missingEntry) { "/api/qwinkle/v1/entries/\($0)/revisions" }
            if outcome == .allowed {
                #expect(try await api.get("/api/qwinkle/v1/entries/\(entry)/revisions", token: token).json.ids.contains(entry), "\(cell): its revisions")
            }
            return outcome
        case .listAccountEntries, .listPinnedEntries:
            let list = path == .listPinnedEntries ? "pinned" : "entries"
            let response = try await api.get("/api/qwinkle/v1/accounts/author/\(list)", token: token)
            // A suspended author's page answers as an account that never was.
            if world.standing == .suspended, response.status == .notFound {
                let never = try await api.get("/api/qwinkle/v1/accounts/nobody/\(list)", token: token)
                return never.status == .notFound && never.json["error"]["code"] == response.json["error"]["code"] ? .hidden : .unexpected(404)
            }
            return listed(entry, in: response)
        case .getHomeTimeline: return try await list("/api/qwinkle/v1/timelines/home")
        case .getPublicTimeline: return try await list("/api/qwinkle/v1/timelines/public")
        case .getJournalTimeline: return try await list("/api/qwinkle/v1/timelines/journal")
        case .listMarks: return try await list("/api/qwinkle/v1/marks")
        case .listBookmarks: return try await list("/api/qwinkle/v1/bookmarks")
        case .search:
            // The phrase is in this entry's text alone.
            let response = try await api.get("/api/qwinkle/v1/search?q=%22\(visibility.rawValue)%20dream%22", token: token)
            if response.status == .unauthorized { return .unauthorized }
            guard response.status == .ok else { return .unexpected(response.status.code) }
            return response.json["entries"].array.contains { $0["entry"]["id"].string == entry } ? .allowed : .hidden
        case _ where path.isStream && world.standing == .suspended:
            // A suspended author writes nothing new: what a stream would show of them is what it catches up on.
            let url = ["/api/qwinkle/v1/streaming/home", "/api/qwinkle/v1/streaming/public", "/api/qwinkle/v1/streaming/journal"][
                [ReadPath.streamHomeTimeline, .streamPublicTimeline, .streamJournalTimeline].firstIndex(of: path) ?? 0]
            var stream = try await api.stream(url, token: token, lastEventID: String(try #require(Int(entry)) - 1))
            if stream.status == .unauthorized { return .unauthorized }
            return try await stream.untilLive().contains { $0.id == entry } ? .allowed : .hidden
        case .streamHomeTimeline: return try await observeStream("/api/qwinkle/v1/streaming/home", role: role, visibility: visibility, world: world, api: api)
        case .streamPublicTimeline: return try await observeStream("/api/qwinkle/v1/streaming/public", role: role, visibility: visibility, world: world, api: api)
        case .streamJournalTimeline: return try await observeStream("/api/qwinkle/v1/streaming/journal", role: role, visibility: visibility, world: world, api: api)
        }
    }

    /// Whether a stream shows the role a new entry of this visibility: it must arrive live when it is written, and
    /// alike when a client reconnects from just before it (`Last-Event-ID`).
    ///
    /// A stream sends events in the order they happen, so a later entry the role sees on the stream marks where
    /// to stop waiting: the stranger's public entry on the public stream, the role's own private one on home and journal.
    static func observeStream(_ url: String, role: Role, visibility: Visibility, world: World, api: APIClient) async throws -> Outcome {
        let token = world.token(role)
        let author = try #require(world.users[.author])
        var stream = try await api.stream(url, token: token)
        if stream.status == .unauthorized { return .unauthorized }
        _ = try await stream.untilLive()
        let entry = try #require(try await api.post("a live \(visibility.rawValue) entry", as: author, visibility: visibility.rawValue)["id"].string)
        let marker = if let user = world.users[role], !url.hasSuffix("/public") {
            try await api.post("a marker", as: user, visibility: "private")
        } else {
            // Someone nobody blocks or mutes, so every role's public stream shows it.
            try await api.post("a marker", as: try #require(world.users[.stranger]))
        }
        let arrived = try await stream.events(through: try #require(marker["id"].string)).contains { $0.id == entry }
        var reconnected = try await api.stream(url, token: token, lastEventID: String(try #require(Int(entry)) - 1))
        let caughtUp = try await reconnected.untilLive().contains { $0.id == entry }
        #expect(caughtUp == arrived, "\(url) as \(role) on a \(visibility) entry: live and catching up agree")
        return arrived ? .allowed : .hidden
    }

    @Test(
        "Every read path × every viewer × every visibility answers as the table says, of an author in each standing",
        arguments: ReadPath.allCases, AuthorStanding.allCases
    )
    func matrix(path: ReadPath, standing: AuthorStanding) async throws {
        let clock = MatrixClock()
        try await TestServer.runOperated(live: path.isStream, clock: clock.now) { api, serverOperator in
            // Streams wait for events; a generous limit turns one that never comes into a failure naming it.
            try await withTimeout {
                var world = try await Self.makeWorld(api, clock: clock)
                switch standing {
                case .good: break
                case .limited: try await serverOperator.decide(.limit, on: try #require(world.users[.author]))
                case .suspended: try await serverOperator.decide(.suspend, on: try #require(world.users[.author]))
                }
                world.standing = standing
                for role in Role.allCases {
                    for visibility in Visibility.allCases {
                        let observed = try await Self.observe(path, role: role, visibility: visibility, world: world, api: api)
                        #expect(
                            observed == path.expectation(role, visibility, author: standing),
                            "\(path) as \(role) on a \(visibility) entry of a \(standing) author"
                        )
                    }
                }
            }
        }
    }

    /// What a reply read on `path` reveals of its parent to the role: the parent (`allowed`), only that it is a reply
    /// (`hidden`), or the path's refusal. Whatever it is, the parent's text never appears where it is hidden.
    static func observeReply(_ path: ReplyPath, role: Role, visibility: Visibility, world: World, api: APIClient) async throws -> Outcome {
        let token = world.token(role)
        let parent = try #require(world.entries[visibility]?.entry)
        let reply = try #require(world.replies[visibility])
        let cell = "\(path) as \(role) on a reply to a \(visibility) entry"
        var shown: [JSON] = []
        var raw = ""
        switch path {
        case .getEntry:
            let response = try await api.get("/api/qwinkle/v1/entries/\(reply)", token: token)
            shown = [response.json]
            raw = "\(response.json)"
        case .getEntryContext:
            let response = try await api.get("/api/qwinkle/v1/entries/\(reply)/context", token: token)
            shown = [response.json["entry"]]
            raw = "\(response.json)"
            if response.json["ancestors"].ids.contains(parent) { return .allowed }
        case .getPublicTimeline:
            let response = try await api.get("/api/qwinkle/v1/timelines/public?limit=100", token: token)
            shown = response.json.array.filter { $0["id"].string == reply }
            raw = "\(shown)"
        case .search:
            let response = try await api.get("/api/qwinkle/v1/search?q=replyword\(visibility.rawValue)", token: token)
            shown = response.json["entries"].array.map { $0["entry"] }
            raw = "\(response.json)"
        case .streamPublicTimeline:
            var stream = try await api.stream("/api/qwinkle/v1/streaming/public", token: token, lastEventID: String(try #require(Int(reply)) - 1))
            shown = try await stream.untilLive().map(\.json).filter { $0["id"].string == reply }
            raw = "\(shown)"
        case .listNotifications:
            let response = try await api.get("/api/qwinkle/v1/notifications", token: token)
            if response.status == .unauthorized { return .unauthorized }
            shown = response.json.array.map { $0["entry"] }.filter { $0["id"].string == reply }
            raw = "\(shown)"
            if shown.isEmpty { return .hidden }
        }
        // A reply in a journal is for the journal's readers: anyone else is shown nothing at all.
        if visibility == .journal, !role.mayRead(visibility) || path == .getPublicTimeline || path == .streamPublicTimeline {
            #expect(shown.allSatisfy { $0["id"].string != reply }, "\(cell): the journal's reply")
            return .hidden
        }
        #expect(shown.count == 1 && shown.allSatisfy { $0["is_reply"].bool == true }, "\(cell): the reply is shown once, as a reply")
        let revealed = shown.contains { $0["in_reply_to"]["id"].string == parent }
        if !revealed {
            #expect(!raw.contains("a \(visibility.rawValue) dream"), "\(cell): the parent's text")
        }
        return revealed ? .allowed : .hidden
    }

    @Test("A reply shows its parent, on every path, only to those who may read the parent", arguments: ReplyPath.allCases)
    func replyMatrix(path: ReplyPath) async throws {
        let clock = MatrixClock()
        try await TestServer.run(live: path == .streamPublicTimeline, clock: clock.now) { api in
            try await withTimeout {
                let world = try await Self.makeWorld(api, clock: clock)
                for role in Role.audiences {
                    for visibility in Visibility.allCases {
                        let observed = try await Self.observeReply(path, role: role, visibility: visibility, world: world, api: api)
                        #expect(observed == path.expectation(role, visibility), "\(path) as \(role) on a reply to a \(visibility) entry")
                    }
                }
            }
        }
    }

    @Test(
        "Every write path × every viewer × every visibility answers as the table says, of an author in each standing, and a refusal changes nothing",
        arguments: WritePath.allCases, AuthorStanding.allCases
    )
    func writeMatrix(path: WritePath, standing: AuthorStanding) async throws {
        let clock = MatrixClock()
        try await TestServer.runOperated(clock: clock.now) { api, serverOperator in
            var world = try await Self.makeWorld(api, clock: clock)
            let author = try #require(world.users[.author])
            // What the author reads of each entry before anyone tries anything: a suspended author is signed out, so
            // what they wrote is compared once the suspension is lifted.
            var before: [Visibility: JSON] = [:]
            for visibility in Visibility.allCases {
                let entry = try #require(world.entries[visibility]?.entry)
                before[visibility] = try await api.get("/api/qwinkle/v1/entries/\(entry)", token: author.token).json
            }
            switch standing {
            case .good: break
            case .limited: try await serverOperator.decide(.limit, on: author)
            case .suspended: try await serverOperator.decide(.suspend, on: author)
            }
            world.standing = standing
            // The author goes last: a delete or an edit that is allowed changes what the others would try.
            let roles = Role.allCases.filter { $0 != .author } + [.author]
            for visibility in Visibility.allCases {
                let (entry, photo) = try #require(world.entries[visibility])
                for role in roles {
                    let cell = "\(path) as \(role) on a \(visibility) entry of a \(standing) author"
                    let current = standing == .suspended
                        ? try #require(before[visibility])
                        : try await api.get("/api/qwinkle/v1/entries/\(entry)", token: author.token).json
                    let revision = try #require(current["revision"].int, "\(cell): the author reads the entry")
                    let send: (String) async throws -> APIResponse = { id in
                        let (method, url, json) = path.request(entry: id, photo: photo, visibility: visibility, revision: revision)
                        return try await api.request(method, url, token: world.token(role), json: json)
                    }
                    let observed = try await Self.outcome(
                        of: try await send(entry), id: entry, missing: { try await send(try Self.missingID(like: entry)) }, cell: cell
                    )
                    let expected = path.expectation(role, visibility, author: standing)
                    #expect(observed == expected, "\(cell)")
                    if expected != .allowed, standing != .suspended {
                        let after = try await api.get("/api/qwinkle/v1/entries/\(entry)", token: author.token)
                        #expect(after.status == .ok && after.json == current, "\(cell): a refusal changes nothing")
                    }
                }
            }
            guard standing == .suspended else { return }
            // Lifted, the suspension shows that nobody changed anything while it lasted: not even a mark was kept.
            try await serverOperator.decide(.restore, on: author)
            let signedIn = try await api.request(
                .post, "/api/qwinkle/v1/sessions", json: #"{"username": "author", "password": "correct horse"}"#
            )
            let token = try #require(signedIn.json["token"].string, "the author signs in again: \(signedIn.json)")
            for visibility in Visibility.allCases {
                let entry = try #require(world.entries[visibility]?.entry)
                let after = try await api.get("/api/qwinkle/v1/entries/\(entry)", token: token)
                #expect(after.status == .ok && after.json == before[visibility], "\(path) on a \(visibility) entry of a suspended author changed nothing")
            }
        }
    }

    @Test("Every operation that changes an entry by its ID is in the write table")
    func everyEntryWriteIsCovered() throws {
        let document = try String(contentsOf: ServerTests.documentURL, encoding: .utf8)
        var writes: Set<String> = []
        var path = ""
        var method = ""
        for line in document.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("  /") { path = trimmed }
            if line.hasPrefix("    ") && !line.hasPrefix("     ") { method = trimmed }
            if path.hasPrefix("/api/qwinkle/v1/entries/{id}"), method != "get:", let id = Self.operationID(in: line) {
                writes.insert(id)
            }
        }
        #expect(writes.count >= 4, "the document was read")
        #expect(writes == Set(WritePath.allCases.map(\.rawValue)), "write paths with no row: \(writes.subtracting(WritePath.allCases.map(\.rawValue)).sorted())")
    }

    /// Read operations that show no entry or photo of someone else, so need no row (the trash holds only the
    /// viewer's own deleted entries; `TrashTests` checks that nobody else's appear there). Notifications name only
    /// the reader's own entries (marks of them, the reader's refused edits), and each is judged again through the
    /// policy; `NotificationPolicyTests` checks that one naming someone else's private entry is not shown. Drafts
    /// are their owner's alone, never entries; `DraftTests` checks that nobody else's is listed or found. Scheduled
    /// entries are no entries until posted, and only their author's (`ScheduledEntryTests` checks that nobody else
    /// finds one, by ID or in a list).
    static let pathsWithoutEntries: Set<String> = [
        "getHealth", "getOpenAPIDocument", "getInstance", "getOwnAccount", "getAccount", "listFollowers", "listFollowing",
        "getRelationship", "listBlocks", "listMutes", "listDomainBlocks", "listFollowRequests",
        // Moderators' own reads: `ModerationTests` checks that nobody else may make them; a report shows its
        // entries as the reporter saw them, which is what a moderator acts on.
        "listReports", "getReport", "listModeratedAccounts", "listModerationLog",
        "listJournalReaders", "listConversations", "listMessages", "listTrash", "listSessions",
        "listNotifications", "getUnreadNotificationCount", "streamNotifications", "listDrafts", "getDraft",
        "listScheduledEntries", "getScheduledEntry",
        // The archive holds the signed-in account's own entries, and the photos of its own conversations.
        "exportArchive",
    ]

    /// The ID an operation declares on this line of the document, which is indented as an operation's field: a
    /// response's `links` name other operations' IDs, deeper in.
    static func operationID(in line: Substring) -> String? {
        let field = "      operationId:"
        guard line.hasPrefix(field), line.dropFirst(field.count).first == " " else { return nil }
        return line.dropFirst(field.count).trimmingCharacters(in: .whitespaces)
    }

    @Test("Every GET operation in openapi.yaml is in the table or declared to show no entries")
    func everyReadPathIsCovered() throws {
        let document = try String(contentsOf: ServerTests.documentURL, encoding: .utf8)
        var getOperations: Set<String> = []
        var inGet = false
        for line in document.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("    ") && !line.hasPrefix("     ") { inGet = trimmed == "get:" }
            if inGet, let id = Self.operationID(in: line) { getOperations.insert(id) }
        }
        #expect(getOperations.count > 10, "the document was read")
        let covered = Set(ReadPath.allCases.map(\.rawValue)).union(Self.pathsWithoutEntries)
        #expect(getOperations.subtracting(covered).isEmpty, "read paths with no row: \(getOperations.subtracting(covered).sorted())")
    }
}
