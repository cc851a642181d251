import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleKit
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// The access-control matrix for entries of a person of another server: kept here as public or followers-only
/// entries of their account, they answer every path as a local author's entries of the same visibility do, for
/// someone here who follows them, a stranger and a reader who is not signed in; nobody here may change them.
@Suite("Access control matrix: entries of another server's people")
struct RemoteEntriesAccessTests {
    typealias Matrix = AccessControlMatrixTests

    static let paths: [Matrix.ReadPath] = [
        .getEntry, .getEntryContext, .listAccountEntries, .getHomeTimeline, .getPublicTimeline, .getTagTimeline, .search,
    ]
    static let roles: [Matrix.Role] = [.follower, .stranger, .anonymous]
    static let visibilities: [Matrix.Visibility] = [.public, .followers]

    @Test("Every read and write path × every viewer × each visibility a remote entry can have")
    func matrix() async throws {
        try await TestServer.withTemporaryData(federation: .on(FederationOrigin("https://qwinkle.example")!)) { server in
            try await server.test(live: false) { client in
                let api = APIClient(client: client)
                var users: [Matrix.Role: User] = [:]
                for role in Self.roles where role != .anonymous { users[role] = try await api.signUp(role.rawValue.lowercased()) }
                let follower = try #require(users[.follower])
                let handle = "bea@far.example"
                var entries: [Matrix.Visibility: String] = [:]
                try await server.withStorage { storage in
                    let bea = try await storage.storeRemoteActor(
                        RemoteActor(actorURL: "https://far.example/users/bea", handle: handle, inbox: "https://far.example/users/bea/inbox"), at: Date()
                    )
                    try await storage.follow(Account.ID(integer: try #require(Int64(follower.id))), bea.id, at: Date())
                    for visibility in Self.visibilities {
                        let new = NewEntry(
                            author: bea.id, content: EntryContent(kind: .update, body: "a \(visibility.rawValue) dream #Matrix", visibility: visibility == .public ? .public : .followers),
                            createdAt: Date()
                        )
                        entries[visibility] = try await storage.createRemoteEntry(objectID: "https://far.example/notes/\(visibility.rawValue)", new).entry.id.rawValue
                    }
                }
                for path in Self.paths {
                    for role in Self.roles {
                        for visibility in Self.visibilities {
                            let observed = try await Self.observe(path, role: role, entry: try #require(entries[visibility]), visibility: visibility, token: users[role]?.token, handle: handle, api: api)
                            #expect(observed == path.expectation(role, visibility), "\(path) as \(role) on a remote \(visibility) entry")
                        }
                    }
                }
                // Marks follow reading; editing, deleting and restoring are nobody's here.
                for path in [Matrix.WritePath.markEntry, .unmarkEntry, .updateEntry, .deleteEntry, .restoreEntry] {
                    for role in Self.roles {
                        for visibility in Self.visibilities {
                            let entry = try #require(entries[visibility])
                            let token = users[role]?.token
                            let cell = "\(path) as \(role) on a remote \(visibility) entry"
                            let request: (String) -> (HTTPRequest.Method, String, String?) = { id in
                                path.request(entry: id, photo: "1", visibility: visibility, revision: 1)
                            }
                            let (method, url, body) = request(entry)
                            let response = try await api.request(method, url, token: token, json: body)
                            let observed = try await Matrix.outcome(of: response, id: entry, missing: {
                                let (method, url, body) = request(try Matrix.missingID(like: entry))
                                return try await api.request(method, url, token: token, json: body)
                            }, cell: cell)
                            let expected: Matrix.Outcome = switch path {
                            case _ where role == .anonymous: .unauthorized
                            case .markEntry, .unmarkEntry: role.mayRead(visibility) ? .allowed : .hidden
                            default: role.mayRead(visibility) ? .forbidden : .hidden
                            }
                            #expect(observed == expected, "\(cell): \(observed)")
                        }
                    }
                }
            }
        }
    }

    /// What `role` finds of the entry on `path`, judged as the local matrix judges it.
    static func observe(
        _ path: Matrix.ReadPath, role: Matrix.Role, entry: String, visibility: Matrix.Visibility, token: String?, handle: String, api: APIClient
    ) async throws -> Matrix.Outcome {
        let cell = "\(path) as \(role) on a remote \(visibility) entry"
        let single: (String) async throws -> Matrix.Outcome = { suffix in
            let response = try await api.get("/api/qwinkle/v1/entries/\(entry)\(suffix)", token: token)
            return try await Matrix.outcome(of: response, id: entry, missing: {
                try await api.get("/api/qwinkle/v1/entries/\(try Matrix.missingID(like: entry))\(suffix)", token: token)
            }, cell: cell)
        }
        let list: (String) async throws -> Matrix.Outcome = { url in Matrix.listed(entry, in: try await api.get(url, token: token)) }
        switch path {
        case .getEntry: return try await single("")
        case .getEntryContext: return try await single("/context")
        case .listAccountEntries: return try await list("/api/qwinkle/v1/accounts/\(handle)/entries")
        case .getHomeTimeline: return try await list("/api/qwinkle/v1/timelines/home")
        case .getPublicTimeline: return try await list("/api/qwinkle/v1/timelines/public")
        case .getTagTimeline: return try await list("/api/qwinkle/v1/timelines/tag/matrix")
        case .search:
            let response = try await api.get("/api/qwinkle/v1/search?q=%22\(visibility.rawValue)%20dream%22", token: token)
            guard response.status == .ok else { return .unexpected(response.status.code) }
            return response.json["entries"].array.contains { $0["entry"]["id"].string == entry } ? .allowed : .hidden
        default: return .unexpected(0)
        }
    }
}
