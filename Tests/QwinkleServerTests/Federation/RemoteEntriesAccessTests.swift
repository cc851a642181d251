import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleTestSupport
import Testing

/// The access-control matrix for entries of a person of another server: kept here as public or followers-only
/// entries of their account, they answer every path as a local author's entries of the same visibility do, for
/// someone here who follows them, a stranger and a reader who is not signed in; nobody here may change them.
///
/// Two more rows are about the server they came from: someone here who blocks it (and followed its person before)
/// is shown nothing of it, as one who blocks the person; and this server's operator may limit or suspend it, which
/// its people are held to as a local account in that standing is.
@Suite("Access control matrix: entries of another server's people")
struct RemoteEntriesAccessTests {
    typealias Matrix = AccessControlMatrixTests

    static let paths: [Matrix.ReadPath] = [
        .getEntry, .getEntryContext, .listAccountEntries, .getHomeTimeline, .getPublicTimeline, .getTagTimeline, .search,
    ]
    static let visibilities: [Matrix.Visibility] = [.public, .followers]
    static let handle = "bea@far.example"

    /// Who reads here.
    enum Viewer: String, CaseIterable, Sendable {
        case follower, stranger, anonymous
        /// Follows the author, and blocks the author's server.
        case domainBlocker

        /// As whom the local table judges this viewer: blocking a server is blocking each of its people.
        var role: Matrix.Role {
            switch self {
            case .follower: .follower
            case .stranger: .stranger
            case .anonymous: .anonymous
            case .domainBlocker: .blocker
            }
        }

        /// Whether this viewer follows the author.
        var follows: Bool { self == .follower || self == .domainBlocker }
    }

    /// What this server's operator decided of the author's server.
    enum ServerStanding: String, CaseIterable, Sendable {
        /// Nothing: its people are as anyone's.
        case open
        /// `qwinkle admin block-domain --limit`.
        case limited
        /// `qwinkle admin block-domain`: what was kept of its people is gone.
        case suspended

        /// The standing its people are held to, as a local author's.
        var author: Matrix.AuthorStanding {
            switch self {
            case .open: .good
            case .limited: .limited
            case .suspended: .suspended
            }
        }
    }

    @Test("Every read and write path × every viewer × each visibility a remote entry can have, with its server in each standing", arguments: ServerStanding.allCases)
    func matrix(standing: ServerStanding) async throws {
        try await TestServer.withTemporaryData(federation: .on(FederationOrigin("https://qwinkle.example")!)) { server in
            try await server.test(live: false) { client in
                let api = APIClient(client: client)
                var users: [Viewer: User] = [:]
                for viewer in Viewer.allCases where viewer != .anonymous { users[viewer] = try await api.signUp(viewer.rawValue.lowercased()) }
                var entries: [Matrix.Visibility: String] = [:]
                try await server.withStorage { storage in
                    let bea = try await storage.storeRemoteActor(
                        RemoteActor(actorURL: "https://far.example/users/bea", handle: Self.handle, inbox: "https://far.example/users/bea/inbox"), at: Date()
                    )
                    for viewer in Viewer.allCases where viewer.follows {
                        let follower = try #require(users[viewer])
                        try await storage.follow(Account.ID(integer: try #require(Int64(follower.id))), bea.id, at: Date())
                    }
                    for visibility in Self.visibilities {
                        let new = NewEntry(
                            author: bea.id, content: EntryContent(kind: .update, body: "a \(visibility.rawValue) dream #Matrix", visibility: visibility == .public ? .public : .followers),
                            createdAt: Date()
                        )
                        entries[visibility] = try await storage.createRemoteEntry(objectID: "https://far.example/notes/\(visibility.rawValue)", new).entry.id.rawValue
                    }
                }
                let blocked = try await api.request(.post, "/api/qwinkle/v1/domain_blocks", token: users[.domainBlocker]?.token, json: #"{"domain": "far.example"}"#)
                #expect(blocked.status == .ok && blocked.json["domain"].string == "far.example", "\(blocked.json)")
                switch standing {
                case .open: break
                case .limited: _ = try await server.withFederationService { federation, _ in try await federation.limitDomain("far.example") }
                case .suspended:
                    let suspension = try await server.withFederationService { federation, photos in try await federation.blockDomain("far.example", photos: photos) }
                    #expect(suspension.removedAccounts == 1, "bea's account kept here goes with her server")
                }
                for path in Self.paths {
                    for viewer in Viewer.allCases {
                        for visibility in Self.visibilities {
                            let cell = "\(path) as \(viewer) on a remote \(visibility) entry, its server \(standing)"
                            let observed = try await Self.observe(path, cell: cell, entry: try #require(entries[visibility]), visibility: visibility, token: users[viewer]?.token, api: api)
                            #expect(observed == path.expectation(viewer.role, visibility, author: standing.author), "\(cell)")
                        }
                    }
                }
                // Marks follow reading; editing, deleting and restoring are nobody's here.
                for path in [Matrix.WritePath.markEntry, .unmarkEntry, .updateEntry, .deleteEntry, .restoreEntry] {
                    for viewer in Viewer.allCases {
                        for visibility in Self.visibilities {
                            let entry = try #require(entries[visibility])
                            let token = users[viewer]?.token
                            let cell = "\(path) as \(viewer) on a remote \(visibility) entry, its server \(standing)"
                            let request: (String) -> (HTTPRequest.Method, String, String?) = { id in
                                path.request(entry: id, photo: "1", visibility: visibility, revision: 1)
                            }
                            let (method, url, body) = request(entry)
                            let response = try await api.request(method, url, token: token, json: body)
                            let observed = try await Matrix.outcome(of: response, id: entry, missing: {
                                let (method, url, body) = request(try Matrix.missingID(like: entry))
                                return try await api.request(method, url, token: token, json: body)
                            }, cell: cell)
                            let mayRead = viewer.role.mayRead(visibility) && standing != .suspended
                            let expected: Matrix.Outcome = switch path {
                            case _ where viewer == .anonymous: .unauthorized
                            case .markEntry, .unmarkEntry: mayRead ? .allowed : .hidden
                            default: mayRead ? .forbidden : .hidden
                            }
                            #expect(observed == expected, "\(cell): \(observed)")
                        }
                    }
                }
            }
        }
    }

    /// What a viewer finds of the entry on `path`, judged as the local matrix judges it.
    static func observe(
        _ path: Matrix.ReadPath, cell: String, entry: String, visibility: Matrix.Visibility, token: String?, api: APIClient
    ) async throws -> Matrix.Outcome {
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
        case .listAccountEntries:
            let response = try await api.get("/api/qwinkle/v1/accounts/\(handle)/entries", token: token)
            // An account no longer kept here answers as one that never was.
            if response.status == .notFound {
                let never = try await api.get("/api/qwinkle/v1/accounts/nobody@far.example/entries", token: token)
                return HiddenAnswer.differences(response, id: handle, never, id: "nobody@far.example").isEmpty ? .hidden : .unexpected(404)
            }
            return Matrix.listed(entry, in: response)
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
