import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleTestSupport
import Testing

/// How other servers find and read Qwinkle's people: WebFinger, NodeInfo, and each account as an actor and each
/// public entry as a note at its own page's URL. Nothing of a journal, an author-only or a followers-only entry is
/// given to an unsigned fetch, and with federation off none of it exists.
@Suite("Federation: discovery, actors and notes", .serialized)
struct FederationDiscoveryTests {
    static let origin = FederationOrigin("https://qwinkle.example")!
    static let activity: HTTPFields = [.accept: "application/activity+json"]

    @Test("WebFinger finds an account by its handle or its actor URL, and nobody else's")
    func webFinger() async throws {
        try await TestServer.run(federation: .on(Self.origin)) { api in
            _ = try await api.signUp("abe")
            let found = try await api.get("/.well-known/webfinger?resource=acct:abe@qwinkle.example")
            #expect(found.status == .ok)
            #expect(found.headers[.contentType]?.hasPrefix("application/jrd+json") == true)
            #expect(found.json["subject"].string == "acct:abe@qwinkle.example")
            let me = found.json["links"].array.first { $0["rel"].string == "self" }
            #expect(me?["type"].string == "application/activity+json")
            #expect(me?["href"].string == "https://qwinkle.example/people/abe")
            #expect(try await api.get("/.well-known/webfinger?resource=https://qwinkle.example/people/abe").json["subject"].string == "acct:abe@qwinkle.example")

            for missing in ["acct:nobody@qwinkle.example", "acct:abe@elsewhere.example", "acct:abe"] {
                let answer = try await api.get("/.well-known/webfinger?resource=\(missing)")
                #expect(answer.status == .notFound, "\(missing)")
                #expect(answer.json["error"]["code"].string == "not_found")
            }
            let bad = try await api.get("/.well-known/webfinger")
            #expect(bad.status == .badRequest)
            #expect(bad.json["error"]["code"].string == "invalid_resource")

            let hostMeta = try await api.get("/.well-known/host-meta")
            #expect(String(decoding: hostMeta.bytes, as: UTF8.self).contains("https://qwinkle.example/.well-known/webfinger?resource={uri}"))
            let links = try await api.get("/.well-known/nodeinfo")
            #expect(links.json["links"][0]["href"].string == "https://qwinkle.example/nodeinfo/2.1")
            let nodeInfo = try await api.get("/nodeinfo/2.1")
            #expect(nodeInfo.json["software"]["name"].string == "qwinkle")
            #expect(nodeInfo.json["protocols"] == .array([.string("activitypub")]))
        }
    }

    @Test("An account's profile URL is its actor for ActivityPub and its page for a browser; its key is made once")
    func actor() async throws {
        try await TestServer.run(federation: .on(Self.origin)) { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(abe, by: mary)
            try await api.post("Hello", as: abe)
            try await api.post("Only mine", as: abe, visibility: "private")

            let actor = try await api.request(.get, "/people/abe", headers: Self.activity)
            #expect(actor.status == .ok)
            #expect(actor.headers[.contentType]?.hasPrefix("application/activity+json") == true)
            #expect(actor.headers[.vary] == "Accept")
            #expect(actor.json["type"].string == "Person")
            #expect(actor.json["id"].string == "https://qwinkle.example/people/abe")
            #expect(actor.json["preferredUsername"].string == "abe")
            #expect(actor.json["inbox"].string == "https://qwinkle.example/people/abe/inbox")
            #expect(actor.json["endpoints"]["sharedInbox"].string == "https://qwinkle.example/inbox")
            #expect(actor.json["publicKey"]["id"].string == "https://qwinkle.example/people/abe#main-key")
            #expect(actor.json["publicKey"]["owner"].string == "https://qwinkle.example/people/abe")
            let pem = try #require(actor.json["publicKey"]["publicKeyPem"].string)
            #expect(pem.hasPrefix("-----BEGIN PUBLIC KEY-----"))
            _ = try ActorPublicKey(pem: pem)
            let again = try await api.request(.get, "/people/abe", headers: [.accept: #"application/ld+json; profile="https://www.w3.org/ns/activitystreams""#])
            #expect(again.json["publicKey"]["publicKeyPem"].string == pem)
            #expect(try await api.request(.get, "/people/mary", headers: Self.activity).json["publicKey"]["publicKeyPem"].string != pem)
            #expect(try await api.request(.get, "/people/nobody", headers: Self.activity).status == .notFound)

            let page = try await api.request(.get, "/people/abe", headers: [.accept: "text/html,application/xhtml+xml,*/*;q=0.8"])
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.headers[.vary] == "Accept")

            #expect(try await api.get("/people/abe/followers").json["totalItems"].int == 1)
            #expect(try await api.get("/people/abe/following").json["totalItems"].int == 0)
            // The outbox counts what other servers may ever be given: not the author-only entry.
            #expect(try await api.get("/people/abe/outbox").json["totalItems"].int == 1)
        }
    }

    @Test("A public entry is a Note at its page's URL; a followers-only, author-only or journal entry is not found")
    func notes() async throws {
        try await TestServer.run(federation: .on(Self.origin)) { api in
            let abe = try await api.signUp("abe")
            _ = try await api.signUp("mary")
            let shown = try await api.post("Tea with @mary #tea", as: abe)
            let id = try #require(shown["id"].string)
            let note = try await api.request(.get, "/entries/\(id)", headers: Self.activity)
            #expect(note.status == .ok)
            #expect(note.json["type"].string == "Note")
            #expect(note.json["id"].string == "https://qwinkle.example/entries/\(id)")
            #expect(note.json["attributedTo"].string == "https://qwinkle.example/people/abe")
            #expect(note.json["to"] == .array([.string("https://www.w3.org/ns/activitystreams#Public")]))
            #expect(note.json["content"].string?.contains("Tea with") == true)
            let tags = note.json["tag"].array
            #expect(tags.contains { $0["type"].string == "Mention" && $0["name"].string == "@mary@qwinkle.example" })
            #expect(tags.contains { $0["type"].string == "Hashtag" && $0["name"].string == "#tea" })

            for (visibility, kind, word) in [("followers", "update", "canaryfollowers"), ("private", "update", "canaryprivate"), ("journal", "journal", "canaryjournal")] {
                let hidden = try await api.post("A \(word)", as: abe, visibility: visibility, kind: kind)
                let fetched = try await api.request(.get, "/entries/\(try #require(hidden["id"].string))", headers: Self.activity)
                #expect(fetched.status == .notFound, "\(visibility)")
                #expect(!String(decoding: fetched.bytes, as: UTF8.self).contains(word))
            }
            let page = try await api.request(.get, "/entries/\(id)", headers: [.accept: "text/html"])
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test("With federation off, none of it exists: discovery is not found and profiles are pages")
    func off() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            for path in ["/.well-known/webfinger?resource=acct:abe@localhost", "/.well-known/nodeinfo", "/nodeinfo/2.1", "/.well-known/host-meta", "/people/abe/outbox", "/people/abe/followers"] {
                #expect(try await api.get(path).status == .notFound, "\(path)")
            }
            let profile = try await api.request(.get, "/people/abe", headers: Self.activity)
            #expect(profile.headers[.contentType]?.hasPrefix("application/activity+json") != true)
        }
    }

    @Test("A public origin is an http or https origin and nothing more")
    func origins() {
        #expect(FederationOrigin("https://Qwinkle.Example/")?.base == "https://qwinkle.example")
        #expect(FederationOrigin("http://127.0.0.1:8080")?.domain == "127.0.0.1:8080")
        for bad in ["qwinkle.example", "ftp://qwinkle.example", "https://qwinkle.example/path", "https://user@qwinkle.example", "https://", "https://q.example:99999", "https://q.example?x=1"] {
            #expect(FederationOrigin(bad) == nil, "\(bad)")
        }
    }
}
