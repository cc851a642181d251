import Foundation
import HTTPTypes
import Testing

/// Who may read what, checked on every read path for every kind of viewer and every visibility,
/// from one table: `ReadPath.expectation`. A new read path must be added there, or `everyReadPathIsCovered` fails.
@Suite("Access control matrix")
struct AccessControlMatrixTests {
    enum Role: String, CaseIterable, Sendable {
        case author, follower, journalReader, stranger, anonymous
    }

    enum Visibility: String, CaseIterable, Sendable {
        case `public`, followers, journal, `private`
    }

    /// Every path that returns entries or the photos they show.
    enum ReadPath: String, CaseIterable, Sendable {
        case getEntry, getPhoto, getDreamCard, listAccountEntries, getHomeTimeline, getPublicTimeline, getJournalTimeline, listMarks,
            listEntryRevisions, streamHomeTimeline, streamPublicTimeline, streamJournalTimeline

        /// Whether the path is a live stream, read from a server listening on a port.
        var isStream: Bool { rawValue.hasPrefix("stream") }

        /// What a role sees of an entry with this visibility on this path: whether it appears, or 401.
        func expectation(_ role: Role, _ visibility: Visibility) -> Outcome {
            let mayRead: Bool = switch (role, visibility) {
            case (.author, _), (_, .public): true
            case (.follower, .followers), (.journalReader, .journal): true
            default: false
            }
            switch self {
            case .getEntry, .getPhoto, .getDreamCard, .listAccountEntries:
                return mayRead ? .shown : .hidden
            case .getPublicTimeline:
                return visibility == .public ? .shown : .hidden
            case .getHomeTimeline:
                // Home holds my entries and those of the people I follow; the journal reader does not follow.
                if role == .anonymous { return .unauthorized }
                return mayRead && (role == .author || role == .follower) ? .shown : .hidden
            case .getJournalTimeline:
                if role == .anonymous { return .unauthorized }
                let inJournal = visibility == .journal || (visibility == .private && role == .author)
                return mayRead && inJournal ? .shown : .hidden
            case .listMarks:
                if role == .anonymous { return .unauthorized }
                return mayRead ? .shown : .hidden
            case .listEntryRevisions:
                // Revisions are the author's alone, whoever else may read the entry.
                if role == .anonymous { return .unauthorized }
                return role == .author ? .shown : .hidden
            // A stream shows what its timeline shows.
            case .streamHomeTimeline: return ReadPath.getHomeTimeline.expectation(role, visibility)
            case .streamPublicTimeline: return ReadPath.getPublicTimeline.expectation(role, visibility)
            case .streamJournalTimeline: return ReadPath.getJournalTimeline.expectation(role, visibility)
            }
        }
    }

    enum Outcome: Equatable, Sendable {
        case shown, hidden, unauthorized
    }

    /// The world every cell is checked in: one author with a dream (and a photo) of each visibility, and a viewer of each role.
    struct World: Sendable {
        var users: [Role: User] = [:]
        var entries: [Visibility: (entry: String, photo: String)] = [:]

        func token(_ role: Role) -> String? { users[role]?.token }
    }

    static func makeWorld(_ api: APIClient) async throws -> World {
        var world = World()
        for role in Role.allCases where role != .anonymous {
            world.users[role] = try await api.signUp(role.rawValue.lowercased())
        }
        let author = try #require(world.users[.author])
        try await api.follow(author, by: try #require(world.users[.follower]))
        try await api.shareJournal(of: author, with: try #require(world.users[.journalReader]))
        for visibility in Visibility.allCases {
            let photo = try await api.upload(as: author)
            // Dreams, so the dream card is one more path that shows them.
            let entry = try await api.post(
                "a \(visibility.rawValue) dream", as: author, visibility: visibility.rawValue, kind: "dream", photos: [photo],
                dream: #"{"creature": "dragon", "effects": ["snow"], "number_of_creatures": 2}"#
            )
            world.entries[visibility] = (try #require(entry["id"].string), photo)
        }
        // Each signed-in viewer marks every entry it can; marking one it may not see answers 404.
        for role in Role.allCases where role != .anonymous {
            for (entry, _) in world.entries.values {
                _ = try await api.request(.post, "/api/v1/entries/\(entry)/mark", token: world.token(role))
            }
        }
        return world
    }

    static func observe(_ path: ReadPath, role: Role, visibility: Visibility, world: World, api: APIClient) async throws -> Outcome {
        let token = world.token(role)
        guard let (entry, photo) = world.entries[visibility] else { return .hidden }
        let single: (String) async throws -> Outcome = { url in
            let status = try await api.get(url, token: token).status
            return status == .ok ? .shown : status == .unauthorized ? .unauthorized : .hidden
        }
        let list: (String) async throws -> Outcome = { url in
            let response = try await api.get(url, token: token)
            if response.status == .unauthorized { return .unauthorized }
            return response.json.ids.contains(entry) ? .shown : .hidden
        }
        switch path {
        case .getEntry: return try await single("/api/v1/entries/\(entry)")
        case .getPhoto: return try await single("/api/v1/photos/\(photo)")
        case .getDreamCard: return try await single("/api/v1/entries/\(entry)/card.svg")
        case .listAccountEntries: return try await list("/api/v1/accounts/author/entries")
        case .getHomeTimeline: return try await list("/api/v1/timelines/home")
        case .getPublicTimeline: return try await list("/api/v1/timelines/public")
        case .getJournalTimeline: return try await list("/api/v1/timelines/journal")
        case .listMarks: return try await list("/api/v1/marks")
        case .listEntryRevisions: return try await list("/api/v1/entries/\(entry)/revisions")
        case .streamHomeTimeline: return try await observeStream("/api/v1/streaming/home", role: role, visibility: visibility, world: world, api: api)
        case .streamPublicTimeline: return try await observeStream("/api/v1/streaming/public", role: role, visibility: visibility, world: world, api: api)
        case .streamJournalTimeline: return try await observeStream("/api/v1/streaming/journal", role: role, visibility: visibility, world: world, api: api)
        }
    }

    /// Whether a stream shows the role a new entry of this visibility: it must arrive live when it is written, and
    /// alike when a client reconnects from just before it (`Last-Event-ID`).
    ///
    /// A stream sends events in the order they happen, so a later entry the role sees on the stream marks where
    /// to stop waiting: anyone's public entry on the public stream, the role's own private one on home and journal.
    static func observeStream(_ url: String, role: Role, visibility: Visibility, world: World, api: APIClient) async throws -> Outcome {
        let token = world.token(role)
        let author = try #require(world.users[.author])
        return try await withTimeout {
            var stream = try await api.stream(url, token: token)
            if stream.status == .unauthorized { return .unauthorized }
            _ = try await stream.untilLive()
            let entry = try #require(try await api.post("a live \(visibility.rawValue) entry", as: author, visibility: visibility.rawValue)["id"].string)
            let marker = if let user = world.users[role], !url.hasSuffix("/public") {
                try await api.post("a marker", as: user, visibility: "private")
            } else {
                try await api.post("a marker", as: author)
            }
            let arrived = try await stream.events(through: try #require(marker["id"].string)).contains { $0.id == entry }
            var reconnected = try await api.stream(url, token: token, lastEventID: String(try #require(Int(entry)) - 1))
            let caughtUp = try await reconnected.untilLive().contains { $0.id == entry }
            #expect(caughtUp == arrived, "\(url) as \(role) on a \(visibility) entry: live and catching up agree")
            return arrived ? .shown : .hidden
        }
    }

    @Test("Every read path × every viewer × every visibility answers as the table says", arguments: ReadPath.allCases)
    func matrix(path: ReadPath) async throws {
        try await TestServer.run(live: path.isStream) { api in
            let world = try await Self.makeWorld(api)
            for role in Role.allCases {
                for visibility in Visibility.allCases {
                    let observed = try await Self.observe(path, role: role, visibility: visibility, world: world, api: api)
                    #expect(observed == path.expectation(role, visibility), "\(path) as \(role) on a \(visibility) entry")
                }
            }
        }
    }

    /// Read operations that show no entry or photo of someone else, so need no row.
    static let pathsWithoutEntries: Set<String> = [
        "getHealth", "getOpenAPIDocument", "getInstance", "getOwnAccount", "getAccount", "listFollowers", "listFollowing",
        "listJournalReaders", "listConversations", "listMessages",
    ]

    @Test("Every GET operation in openapi.yaml is in the table or declared to show no entries")
    func everyReadPathIsCovered() throws {
        let document = try String(contentsOf: ServerTests.documentURL, encoding: .utf8)
        var getOperations: Set<String> = []
        var inGet = false
        for line in document.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("    ") && !line.hasPrefix("     ") { inGet = trimmed == "get:" }
            if inGet, trimmed.hasPrefix("operationId:") {
                getOperations.insert(trimmed.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(getOperations.count > 10, "the document was read")
        let covered = Set(ReadPath.allCases.map(\.rawValue)).union(Self.pathsWithoutEntries)
        #expect(getOperations.subtracting(covered).isEmpty, "read paths with no row: \(getOperations.subtracting(covered).sorted())")
    }
}
