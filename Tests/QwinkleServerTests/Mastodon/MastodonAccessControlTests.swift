import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// The access-control matrix for the Mastodon API's read paths: each role reads through a Mastodon app's token
/// exactly what it reads through Qwinkle's own API (`AccessControlMatrixTests`'s tables), in the same world.
@Suite("Access control matrix: Mastodon API")
struct MastodonAccessControlTests {
    typealias Matrix = AccessControlMatrixTests
    typealias Role = Matrix.Role
    typealias Visibility = Matrix.Visibility
    typealias Outcome = Matrix.Outcome

    /// Every Mastodon path that returns statuses, with the path of Qwinkle's own API whose answer it must match.
    enum ReadPath: String, CaseIterable, Sendable {
        case status, context, favouritedBy, accountStatuses, home, publicTimeline, tag, favourites, search, history, streamUser, streamPublic

        /// Qwinkle's own path that shows the same.
        var own: Matrix.ReadPath {
            switch self {
            case .status: .getEntry
            case .context: .getEntryContext
            case .favouritedBy: .getEntry
            case .accountStatuses: .listAccountEntries
            case .home: .getHomeTimeline
            case .publicTimeline: .getPublicTimeline
            case .tag: .getTagTimeline
            case .favourites: .listMarks
            case .search: .search
            case .history: .listEntryRevisions
            case .streamUser: .streamHomeTimeline
            case .streamPublic: .streamPublicTimeline
            }
        }

        var isStream: Bool { self == .streamUser || self == .streamPublic }
    }

    /// The world of Qwinkle's matrix, and a Mastodon app's token for each signed-in role.
    static func makeWorld(_ api: APIClient, clock: Matrix.MatrixClock) async throws -> (world: Matrix.World, tokens: [Role: String]) {
        let world = try await Matrix.makeWorld(api, clock: clock)
        let app = try await MastodonAppSession.register(api)
        var tokens: [Role: String] = [:]
        for role in Role.allCases where role != .anonymous {
            tokens[role] = try await app.token(for: role.rawValue.lowercased())
        }
        return (world, tokens)
    }

    static func observe(
        _ path: ReadPath, role: Role, visibility: Visibility, world: Matrix.World, tokens: [Role: String], api: APIClient
    ) async throws -> Outcome {
        let token = tokens[role]
        let entry = try #require(world.entries[visibility]?.entry)
        let author = try #require(world.users[.author])
        let cell = "Mastodon \(path) as \(role) on a \(visibility) entry"
        let single: (String) -> (String) async throws -> Outcome = { suffix in
            { id in
                let url: (String) -> String = { "/api/v1/statuses/\($0)\(suffix)" }
                let response = try await api.get(url(id), token: token)
                return try await Matrix.outcome(
                    of: response, id: id, missing: { try await api.get(url(try Matrix.missingID(like: id)), token: token) }, cell: cell
                )
            }
        }
        let list: (String) async throws -> Outcome = { url in Matrix.listed(entry, in: try await api.get(url, token: token)) }
        switch path {
        case .status: return try await single("")(entry)
        case .context: return try await single("/context")(entry)
        case .history: return try await single("/history")(entry)
        case .favouritedBy: return try await single("/favourited_by")(entry)
        case .accountStatuses: return try await list("/api/v1/accounts/\(author.id)/statuses?limit=40")
        case .home: return try await list("/api/v1/timelines/home?limit=40")
        case .publicTimeline: return try await list("/api/v1/timelines/public?limit=40")
        case .tag: return try await list("/api/v1/timelines/tag/matrix?limit=40")
        case .favourites: return try await list("/api/v1/favourites?limit=40")
        case .search:
            let response = try await api.get("/api/v2/search?q=%22\(visibility.rawValue)%20dream%22&type=statuses", token: token)
            guard response.status == .ok else { return .unexpected(response.status.code) }
            return response.json["statuses"].ids.contains(entry) ? .allowed : .hidden
        case .streamUser, .streamPublic:
            return try await observeStream(path == .streamUser ? "/api/v1/streaming/user" : "/api/v1/streaming/public", role: role, visibility: visibility, world: world, tokens: tokens, api: api)
        }
    }

    /// Whether a Mastodon stream sends the role a new entry of this visibility, told by a later entry the role sees
    /// (anyone's public entry on the public stream, the role's own private one on its user stream).
    static func observeStream(
        _ url: String, role: Role, visibility: Visibility, world: Matrix.World, tokens: [Role: String], api: APIClient
    ) async throws -> Outcome {
        let author = try #require(world.users[.author])
        var stream = try await api.stream(url, token: tokens[role])
        if stream.status == .unauthorized { return .unauthorized }
        #expect(try await stream.nextFrame() == .comment(")"))
        let entry = try #require(try await api.post("a live \(visibility.rawValue) entry", as: author, visibility: visibility.rawValue)["id"].string)
        let marker = if let user = world.users[role], url.hasSuffix("/user") {
            try await api.post("a marker", as: user, visibility: "private")
        } else {
            // Someone nobody blocks or mutes, so every role's public stream shows it.
            try await api.post("a marker", as: try #require(world.users[.stranger]))
        }
        let markerID = try #require(marker["id"].string)
        var seen: [String] = []
        while let event = try await stream.nextEvent() {
            guard event.name == "update", let id = event.json["id"].string else { continue }
            seen.append(id)
            if id == markerID { break }
        }
        return seen.contains(entry) ? .allowed : .hidden
    }

    /// One world on one live server for every path, the streams last (they post entries of their own), so the suite
    /// adds one server's load beside Qwinkle's own matrix rather than one for each path.
    @Test("Every Mastodon read path × every viewer × every visibility answers as Qwinkle's own path does")
    func matrix() async throws {
        let clock = Matrix.MatrixClock()
        try await TestServer.run(live: true, clock: clock.now) { api in
            try await withTimeout {
                let (world, tokens) = try await Self.makeWorld(api, clock: clock)
                for path in ReadPath.allCases.sorted(by: { !$0.isStream && $1.isStream }) {
                    for role in Role.allCases {
                        for visibility in Visibility.allCases {
                            let observed = try await Self.observe(path, role: role, visibility: visibility, world: world, tokens: tokens, api: api)
                            #expect(observed == path.own.expectation(role, visibility), "Mastodon \(path) as \(role) on a \(visibility) entry")
                        }
                    }
                }
            }
        }
    }

    @Test("A read-only token cannot write: posting, favouriting, following, uploading and editing are 403")
    func readOnlyTokenCannotWrite() async throws {
        let clock = Matrix.MatrixClock()
        try await TestServer.run(clock: clock.now) { api in
            let (world, _) = try await Self.makeWorld(api, clock: clock)
            let reader = try await MastodonAppSession.register(api, name: "Reader", scopes: "read").token(for: "stranger", scope: "read")
            let entry = try #require(world.entries[.public]?.entry)
            let author = try #require(world.users[.author])
            let writes: [(HTTPRequest.Method, String, String?)] = [
                (.post, "/api/v1/statuses", #"{"status": "No"}"#), (.post, "/api/v1/statuses/\(entry)/favourite", nil),
                (.post, "/api/v1/accounts/\(author.id)/follow", nil), (.put, "/api/v1/statuses/\(entry)", #"{"status": "No"}"#),
                (.delete, "/api/v1/statuses/\(entry)", nil), (.patch, "/api/v1/accounts/update_credentials", #"{"note": "No"}"#),
                (.post, "/api/v1/markers", #"{"notifications": {"last_read_id": "1"}}"#),
            ]
            for (method, path, body) in writes {
                let response = try await api.request(method, path, token: reader, json: body)
                #expect(response.status == .forbidden, "\(method) \(path)")
            }
            #expect(try await api.get("/api/v1/statuses/\(entry)", token: reader).status == .ok)
        }
    }
}
