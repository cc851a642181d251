import NIOHTTP1

/// A route the server benchmark loads: what to ask, over how many connections.
struct BenchRoute: Sendable {
    /// The name `--routes` selects it by, and the table shows.
    let name: String
    /// What it asks, for the table: method and target.
    let label: String
    /// How many connections send at once.
    let connections: Int
    /// The request, given the server's `host:port`.
    let request: @Sendable (String) -> LoadRequest

    /// Every name `--routes` accepts, in the order they run; `fan-out` runs on a federating server of its own, and
    /// `curve` is the home timeline on each `--curve` folder.
    static let names = [
        "ceiling", "health", "instance", "home", "mastodon-home", "public", "journal", "account", "entry", "thread", "tag", "web-root", "web-home",
        "web-entry", "search", "search-rare", "post", "mastodon-post", "popular-post", "fan-out", "curve",
    ]

    /// The session cookie of the web app for a token, with a CSRF nonce as a browser would send it back.
    static func sessionCookie(_ token: String) -> String {
        "qwinkle_session=\(token); qwinkle_csrf=qwinkle-bench-nonce"
    }

    /// A GET of `target` with the given credentials.
    static func get(_ name: String, _ target: String, connections: Int, bearer: String? = nil, cookie: String? = nil) -> BenchRoute {
        BenchRoute(name: name, label: "GET \(target)", connections: connections) { host in
            LoadRequest(target: target, host: host, bearer: bearer, cookie: cookie)
        }
    }

    /// The routes of one seeded folder, by name, as the issue lists them.
    static func qwinkleRoutes(facts: SeedFacts, reader: String, popular: String, mastodonReader: String?, connections: Int) -> [BenchRoute] {
        let cookie = sessionCookie(reader)
        let post = #"{"kind":"update","body":"A benchmark post: still here, still posting.","visibility":"public"}"#
        let mastodonPost = #"{"status":"A benchmark post: still here, still posting.","visibility":"public"}"#
        return [
            get("health", "/health", connections: connections),
            // A generated handler that reads no database: the cost of the API's path itself, beside /health's.
            get("instance", "/api/qwinkle/v1/instance", connections: connections),
            get("home", "/api/qwinkle/v1/timelines/home?limit=20", connections: connections, bearer: reader),
            // The same reader's home through the Mastodon API, with a Mastodon app's token.
            get("mastodon-home", "/api/v1/timelines/home?limit=20", connections: connections, bearer: mastodonReader),
            get("public", "/api/qwinkle/v1/timelines/public?limit=20", connections: connections, bearer: reader),
            get("journal", "/api/qwinkle/v1/timelines/journal?limit=20", connections: connections, bearer: reader),
            get("account", "/api/qwinkle/v1/accounts/\(facts.followeeUsername)/entries?limit=20", connections: connections, bearer: reader),
            get("entry", "/api/qwinkle/v1/entries/\(facts.entryID)", connections: connections, bearer: reader),
            // The first page of a thread of a thousand replies, and of a tag that a tenth of the entries have.
            get("thread", "/api/qwinkle/v1/entries/\(facts.threadID ?? facts.entryID)/context?limit=20", connections: connections, bearer: reader),
            get("tag", "/api/qwinkle/v1/timelines/tag/\(facts.tag ?? "none")?limit=20", connections: connections, bearer: reader),
            get("web-root", "/", connections: connections),
            get("web-home", "/home", connections: connections, cookie: cookie),
            get("web-entry", "/entries/\(facts.entryID)", connections: connections, cookie: cookie),
            // One connection each, as issue 15 measures search. `coffee` is one of the seed's words (in about a quarter
            // of the entries); a number is the one entry whose body starts "Entry N:".
            get("search", "/api/qwinkle/v1/search?q=coffee&limit=20", connections: 1, bearer: reader),
            get("search-rare", "/api/qwinkle/v1/search?q=\(max(1, facts.entries / 2))&limit=20", connections: 1, bearer: reader),
            BenchRoute(name: "post", label: "POST /api/qwinkle/v1/entries", connections: connections) { host in
                LoadRequest(method: .POST, target: "/api/qwinkle/v1/entries", host: host, bearer: reader, json: post)
            },
            // The same post by the same reader as a Mastodon app sends it, answered with a whole `Status`.
            BenchRoute(name: "mastodon-post", label: "POST /api/v1/statuses", connections: connections) { host in
                LoadRequest(method: .POST, target: "/api/v1/statuses", host: host, bearer: mastodonReader, json: mastodonPost)
            },
            // One writer: the latency of a single post by an author with thousands of followers, not of a queue.
            BenchRoute(name: "popular-post", label: "POST /api/qwinkle/v1/entries by \(facts.popularUsername)", connections: 1) { host in
                LoadRequest(method: .POST, target: "/api/qwinkle/v1/entries", host: host, bearer: popular, json: post)
            },
        ]
    }
}

extension BenchRoute {
    /// Posts by the most-followed account on one connection, on a federating server where it also has
    /// `FanOutFollowers.count` followers elsewhere: the latency of a post whose every write queues that many deliveries.
    static func fanOut(popular: String, username: String) -> BenchRoute {
        let post = #"{"kind":"update","body":"A benchmark post for everyone, here and elsewhere.","visibility":"public"}"#
        return BenchRoute(
            name: "fan-out", label: "POST /api/qwinkle/v1/entries by \(username), \(FanOutFollowers.count) followers elsewhere", connections: 1
        ) { host in
            LoadRequest(method: .POST, target: "/api/qwinkle/v1/entries", host: host, bearer: popular, json: post)
        }
    }

    /// This route named as a point of the home timeline's cost curve, by the size of the folder it runs on.
    func curvePoint(entries: Int) -> BenchRoute {
        BenchRoute(name: "home@\(entries)", label: label, connections: connections, request: request)
    }
}
