import Crypto
import Foundation
import HTTPTypes
import QwinkleStorage
import QwinkleStorageSQLite
import QwinkleTestSupport
import Synchronization
import Testing

@testable import QwinkleFederation

/// What other servers attach, tag, name and answer, kept as their authors meant it: pictures become the entry's
/// photos (fetched, stripped of metadata, described), other media are links Mastodon apps get as attachments that
/// are elsewhere; hashtags and mentions given in `tag` are the entry's; `contentMap`'s language is its language; and
/// the note a reply answers is fetched, so the reply sits in its thread.
@Suite("Federation: what other servers attach, tag, name and answer")
struct FederationRemoteMediaTests {
    @Test("A picture is a photo with its description and no metadata; a video and a document are links, and media elsewhere to Mastodon apps")
    func picturesAndMedia() async throws {
        try await FederationTestBed.run { remote, server, api in
            let abe = try await api.signUp("abe")
            let handle = "zed@" + remote.base.dropFirst("http://".count)
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token).status == .ok)
            remote.media.withLock { $0["cup.png"] = ("image/png", TestImages.pngWithLocation) }
            let attachments = #"""
                ,"attachment":[{"type":"Image","mediaType":"image/png","url":"\#(remote.base)/media/cup.png","name":"A cup","summary":"A blue cup of tea"},
                {"type":"Video","mediaType":"video/mp4","url":"\#(remote.base)/media/brew.mp4","name":"Brewing"},
                {"type":"Document","mediaType":"application/pdf","url":"\#(remote.base)/media/notes.pdf"}]
                """#
            let create = FederationRemoteNotesTests.create(remote, id: "1", content: "<p>Look</p>", extra: attachments)
            #expect(try await FederationFollowTests.deliver(create, to: "/inbox", from: remote, api: api).status == .accepted)

            let entry = try #require(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array.first)
            let photos = entry["photos"].array
            // Mastodon reads an attachment's summary before its name.
            #expect(photos.count == 1 && photos.first?["alt"].string == "A blue cup of tea")
            let photo = try await api.get("/api/qwinkle/v1/photos/\(photos.first?["id"].string ?? "")", token: abe.token)
            #expect(photo.status == .ok && Array(photo.bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            let copy = Self.sha256(photo.bytes)
            #expect(try await Self.keeps(copy, server), "the copy is kept by its content's hash")
            #expect(!String(decoding: photo.bytes, as: UTF8.self).contains("GPSLatitude"), "the picture's metadata is gone")
            #expect(entry["body"].string == "Look\n\nBrewing: \(remote.base)/media/brew.mp4\n\n\(remote.base)/media/notes.pdf")
            let links = #"<p><a href="\#(remote.base)/media/brew.mp4" rel="nofollow noopener noreferrer" target="_blank">Brewing</a></p>"#
                + #"<p><a href="\#(remote.base)/media/notes.pdf" rel="nofollow noopener noreferrer" target="_blank">\#(remote.base)/media/notes.pdf</a></p>"#
            #expect(entry["html"].string == "<p>Look</p>" + links)

            let id = try #require(entry["id"].string)
            let page = String(decoding: try await api.get("/entries/\(id)").bytes, as: UTF8.self)
            #expect(FederationRemoteHTMLTests.entryBody(in: page) == "<p>Look</p>" + links)

            // Mastodon apps show media elsewhere as attachments of their own: the content does not link them again.
            let status = try await api.get("/api/v1/statuses/\(id)").json
            #expect(status["content"].string == "<p>Look</p>")
            let media = status["media_attachments"].array
            #expect(media.map { $0["type"].string } == ["image", "video", "unknown"])
            #expect(media.map { $0["description"].string } == ["A blue cup of tea", "Brewing", nil])
            #expect(media.map { $0["remote_url"].string } == [nil, "\(remote.base)/media/brew.mp4", "\(remote.base)/media/notes.pdf"])
            #expect(Set(media.compactMap { $0["id"].string }).count == 3, "each attachment has an ID of its own")

            // Deleted by zed, the note takes the copy of its picture with it.
            let delete = #"{"id":"\#(remote.actor)/statuses/1#delete","type":"Delete","actor":"\#(remote.actor)","object":{"id":"\#(remote.actor)/statuses/1","type":"Tombstone"}}"#
            #expect(try await FederationFollowTests.deliver(delete, to: "/inbox", from: remote, api: api).status == .accepted)
            #expect(try await !Self.keeps(copy, server))
        }
    }

    @Test("Hashtags given in tag are the entry's, after its text as Mastodon's hashtag bar shows them; contentMap's language is its language")
    func hashtagsAndLanguage() async throws {
        try await FederationRemoteHTMLTests.withZedFollowedByAbe { remote, api, abe, _ in
            let tags = #"""
                ,"contentMap":{"de":"<p>Hallo #Kaffee</p>"},"tag":[{"type":"Hashtag","name":"#Kaffee","href":"https://far.example/tags/kaffee"},
                {"type":"Hashtag","name":"#Tee","href":"https://far.example/tags/tee"},{"type":"Hashtag","name":"#not-a-tag"},{"type":"Hashtag","name":"#1234"}]
                """#
            let create = FederationRemoteNotesTests.create(remote, id: "1", content: "", extra: tags)
            #expect(try await FederationFollowTests.deliver(create, to: "/inbox", from: remote, api: api).status == .accepted)

            let entry = try #require(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array.first)
            #expect(entry["body"].string == "Hallo #Kaffee\n\n#Tee")
            #expect(entry["language"].string == "de")
            #expect(entry["html"].string == #"<p>Hallo #Kaffee</p><p><a href="https://far.example/tags/tee" class="mention hashtag" rel="nofollow noopener noreferrer" target="_blank">#<span>Tee</span></a></p>"#)
            let id = try #require(entry["id"].string)
            let status = try await api.get("/api/v1/statuses/\(id)").json
            #expect(status["language"].string == "de")
            #expect(status["tags"].array.compactMap { $0["name"].string } == ["kaffee", "tee"])
            let tagged = try await api.get("/api/v1/timelines/tag/tee").json.array
            #expect(tagged.compactMap { $0["id"].string } == [id], "the tag timeline finds it by a tag its text did not show")
        }
    }

    @Test("A Mention in tag is a mention, of someone here (told) or elsewhere (listed), whether the text names them or not")
    func mentionsFromTags() async throws {
        try await FederationRemoteHTMLTests.withZedFollowedByAbe { remote, api, abe, handle in
            let bea = try await api.signUp("bea")
            let tags = #","tag":[{"type":"Mention","href":"\#(FederationRemoteNotesTests.origin.base)/people/bea"},{"type":"Mention","href":"\#(remote.actor)"}]"#
            let create = FederationRemoteNotesTests.create(remote, id: "1", content: "<p>Hello you two</p>", extra: tags)
            #expect(try await FederationFollowTests.deliver(create, to: "/inbox", from: remote, api: api).status == .accepted)

            let entry = try #require(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array.first)
            let id = try #require(entry["id"].string)
            let status = try await api.get("/api/v1/statuses/\(id)").json
            #expect(status["mentions"].array.compactMap { $0["acct"].string } == ["bea", handle])
            let told = try await api.get("/api/qwinkle/v1/notifications", token: bea.token).json.array
            #expect(told.count == 1, "bea is told she was named; zed's own server tells zed")
        }
    }

    @Test("The note a reply answers is fetched from its server, with its own parent, so the reply sits in its thread")
    func parentsFetched() async throws {
        try await FederationRemoteHTMLTests.withZedFollowedByAbe { remote, api, abe, _ in
            let first = FederationSharesTests.note(remote, id: "p1", content: "<p>First</p>")
            let second = #"""
                {"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/statuses/p2","type":"Note","attributedTo":"\#(remote.actor)",
                "content":"<p>Second</p>","to":["https://www.w3.org/ns/activitystreams#Public"],"published":"2026-11-21T09:00:00Z",
                "inReplyTo":"\#(remote.actor)/statuses/p1"}
                """#
            remote.notes.withLock { $0["p1"] = first; $0["p2"] = second }
            let reply = FederationRemoteNotesTests.create(
                remote, id: "3", content: "<p>Third</p>", extra: #","inReplyTo":{"type":"Link","href":"\#(remote.actor)/statuses/p2"}"#
            )
            #expect(try await FederationFollowTests.deliver(reply, to: "/inbox", from: remote, api: api).status == .accepted)

            let home = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array
            let third = try #require(home.first { $0["body"].string == "Third" })
            let context = try await api.get("/api/v1/statuses/\(third["id"].string ?? "")/context").json
            #expect(context["ancestors"].array.compactMap { $0["content"].string } == ["<p>First</p>", "<p>Second</p>"])
            #expect(remote.fetchedPaths.filter { $0.hasPrefix("/users/zed/statuses/") } == ["/users/zed/statuses/p2", "/users/zed/statuses/p1"])
        }
    }

    @Test("A quote is shown as a link to the quoted note, once; a note given by its ID is fetched from its own server")
    func quotesAndObjectsByID() async throws {
        try await FederationRemoteHTMLTests.withZedFollowedByAbe { remote, api, abe, _ in
            let quoted = "\(remote.actor)/statuses/q"
            let quoting = FederationRemoteNotesTests.create(remote, id: "1", content: "<p>So true</p>", extra: #","quote":"\#(quoted)""#)
            let misskey = FederationRemoteNotesTests.create(
                remote, id: "2", content: #"<p>Indeed<br><br>RE: <a href="\#(quoted)">\#(quoted)</a></p>"#, extra: #","_misskey_quote":"\#(quoted)""#
            )
            for create in [quoting, misskey] {
                #expect(try await FederationFollowTests.deliver(create, to: "/inbox", from: remote, api: api).status == .accepted)
            }
            let home = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array
            #expect(home.compactMap { $0["body"].string } == ["Indeed\n\nRE: \(quoted)", "So true\n\nRE: \(quoted)"])
            #expect(home.last?["html"].string == #"<p>So true</p><p>RE: <a href="\#(quoted)" rel="nofollow noopener noreferrer" target="_blank">\#(quoted)</a></p>"#)

            // A Create naming its note by ID: the note is read from where its ID says, never from the activity.
            remote.notes.withLock { $0["3"] = FederationSharesTests.note(remote, id: "3", content: "<p>Fetched by its ID</p>") }
            let byID = #"{"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/statuses/3/activity","type":"Create","actor":"\#(remote.actor)","object":"\#(remote.actor)/statuses/3"}"#
            #expect(try await FederationFollowTests.deliver(byID, to: "/inbox", from: remote, api: api).status == .accepted)
            // One that says it is someone else's is not kept.
            remote.notes.withLock {
                $0["4"] = FederationSharesTests.note(remote, id: "4", content: "<p>Not mine</p>")
                    .replacingOccurrences(of: #""attributedTo":"\#(remote.actor)""#, with: #""attributedTo":"https://elsewhere.example/users/eve""#)
            }
            let notOwn = #"{"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/statuses/4/activity","type":"Create","actor":"\#(remote.actor)","object":"\#(remote.actor)/statuses/4"}"#
            #expect(try await FederationFollowTests.deliver(notOwn, to: "/inbox", from: remote, api: api).status == .unprocessableContent, "a note is created by its own author")
            let bodies = try await FederationRemoteNotesTests.home(api, abe)
            #expect(bodies.first == "Fetched by its ID" && !bodies.contains("Not mine"))
        }
    }

    @Test("Copies of other servers' pictures stay within their cache: the oldest is evicted, and fetched again when read")
    func pictureCache() async throws {
        // Room for one copy of a 1×1 picture, not two.
        try await FederationTestBed.run(remotePictureCacheBytes: 100) { remote, server, api in
            let abe = try await api.signUp("abe")
            let handle = "zed@" + remote.base.dropFirst("http://".count)
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token).status == .ok)
            remote.media.withLock {
                $0["old.png"] = ("image/png", TestImages.png(gray: 10))
                $0["new.png"] = ("image/png", TestImages.png(gray: 20))
            }
            for (id, name) in [("1", "old.png"), ("2", "new.png")] {
                let attachment = #","attachment":[{"type":"Image","url":"\#(remote.base)/media/\#(name)"}]"#
                let create = FederationRemoteNotesTests.create(remote, id: id, content: "<p>\(name)</p>", extra: attachment)
                #expect(try await FederationFollowTests.deliver(create, to: "/inbox", from: remote, api: api).status == .accepted)
            }
            let home = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array
            let ids = home.reversed().compactMap { $0["photos"].array.first?["id"].string }
            #expect(ids.count == 2, "each picture is a photo")
            func copy(of photo: String) async throws -> (sha256: String, bytes: [UInt8]) {
                let read = try await api.get("/api/qwinkle/v1/photos/\(photo)", token: abe.token)
                #expect(read.status == .ok)
                return (Self.sha256(read.bytes), Array(read.bytes))
            }
            let newest = try await copy(of: ids[1])
            #expect(try await Self.keeps(newest.sha256, server), "the newest copy is kept")
            // The oldest copy was evicted when the second came: reading it fetches it again, the same picture.
            let oldest = try await copy(of: ids[0])
            #expect(oldest.bytes != newest.bytes)
            #expect(try await Self.keeps(oldest.sha256, server), "fetched again and kept")
            #expect(remote.fetchedPaths.filter { $0 == "/media/old.png" }.count == 2, "the oldest was fetched twice: when it came, and when read")
            #expect(remote.fetchedPaths.filter { $0 == "/media/new.png" }.count == 1, "the newest once")
        }
    }

    /// The SHA-256 of bytes, in lowercase hex: what a copy is kept by.
    static func sha256(_ bytes: some Sequence<UInt8>) -> String {
        SHA256.hash(data: Data(bytes)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether the server keeps bytes with this hash, in its data folder or its database.
    static func keeps(_ sha256: String, _ server: TestServer) async throws -> Bool {
        try await server.withStorage { storage in
            let bytes: any PhotoBytesStore = try (storage as? any PhotoBytesStore) ?? PhotoFiles(dataDirectory: server.dataDirectory)
            return try await bytes.hasBytes(sha256: sha256)
        }
    }
}
