import HTTPTypes
import QwinkleTestSupport
import Testing

/// Every list pages alike: 20 by default, at most 100, and a `Link` to the next page until the list ends.
@Suite("Paging")
struct PagingTests {
    /// More items than the largest page holds.
    static let count = 105

    /// Every list that pages, each filled with `count` items by `fill`.
    enum PagedList: String, CaseIterable, Sendable {
        case homeTimeline, publicTimeline, journalTimeline, accountEntries, marks, followers, following, messages

        /// Fills the list; returns its path, the token that reads it and its items' IDs, newest first.
        func fill(_ api: APIClient) async throws -> (path: String, token: String, ids: [String]) {
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            var ids: [String] = []
            switch self {
            case .homeTimeline, .publicTimeline, .accountEntries, .marks:
                try await api.follow(abe, by: mary)
                for index in 0..<PagingTests.count {
                    let id = try #require(try await api.post("entry \(index)", as: abe)["id"].string)
                    if self == .marks {
                        #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(id)/mark", token: mary.token).status == .ok)
                    }
                    ids.insert(id, at: 0)
                }
                let path = switch self {
                case .homeTimeline: "/api/qwinkle/v1/timelines/home"
                case .publicTimeline: "/api/qwinkle/v1/timelines/public"
                case .accountEntries: "/api/qwinkle/v1/accounts/abe/entries"
                default: "/api/qwinkle/v1/marks"
                }
                return (path, mary.token, ids)
            case .journalTimeline:
                try await api.shareJournal(of: abe, with: mary)
                for index in 0..<PagingTests.count {
                    ids.insert(try #require(try await api.post("day \(index)", as: abe, visibility: "journal", kind: "journal")["id"].string), at: 0)
                }
                return ("/api/qwinkle/v1/timelines/journal", mary.token, ids)
            case .followers, .following:
                for index in 0..<PagingTests.count {
                    let other = try await api.signUp("person\(index)")
                    if self == .followers { try await api.follow(abe, by: other) } else { try await api.follow(other, by: abe) }
                    ids.insert(other.id, at: 0)
                }
                return ("/api/qwinkle/v1/accounts/abe/\(rawValue)", mary.token, ids)
            case .messages:
                var conversation = ""
                for index in 0..<PagingTests.count {
                    let sent = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["mary"], "body": "note \#(index)"}"#)
                    #expect(sent.status == .created)
                    conversation = try #require(sent.json["conversation"]["id"].string)
                    ids.insert(try #require(sent.json["message"]["id"].string), at: 0)
                }
                return ("/api/qwinkle/v1/conversations/\(conversation)/messages", mary.token, ids)
            }
        }
    }

    /// The path of a `Link` header's next page.
    static func next(_ response: APIResponse) throws -> String? {
        guard let link = response.headers[try #require(HTTPField.Name("Link"))] else { return nil }
        #expect(link.hasSuffix(#">; rel="next""#), "\(link)")
        let start = try #require(link.firstIndex(of: "<"))
        let end = try #require(link.firstIndex(of: ">"))
        return String(link[link.index(after: start)..<end])
    }

    @Test("20 by default, 100 at most, and Link pages that end with the list, with no gaps and no repeats", arguments: PagedList.allCases)
    func pages(list: PagedList) async throws {
        try await TestServer.run { api in
            let (path, token, ids) = try await list.fill(api)

            let first = try await api.get(path, token: token)
            #expect(first.status == .ok)
            #expect(first.json.ids == Array(ids.prefix(20)), "the default page is the newest 20")
            // Follows page by when they were made, so only entries' and messages' cursors are their own IDs.
            #expect(try Self.next(first)?.hasPrefix("\(path)?limit=20&max_id=") == true)

            let capped = try await api.get("\(path)?limit=1000", token: token)
            #expect(capped.json.ids == Array(ids.prefix(100)), "limit is capped at 100")
            #expect(try Self.next(capped)?.hasPrefix("\(path)?limit=100&max_id=") == true)

            var seen: [String] = []
            var page: String? = path
            while let url = page, seen.count <= ids.count {
                let response = try await api.get(url, token: token)
                #expect(response.status == .ok, "\(url)")
                seen += response.json.ids
                page = try Self.next(response)
            }
            #expect(seen == ids, "following Link from the first page gives the whole list once, in order")
        }
    }
}
