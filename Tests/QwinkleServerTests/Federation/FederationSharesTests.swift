import Foundation
import HTTPTypes
import QwinkleFederation
import QwinkleKit
import QwinkleStorage
import QwinkleTestSupport
import Synchronization
import Testing

/// A person of another server shares notes (an `Announce`): those who follow them here find each shared note in
/// their home timeline, "shared by" them, in every client; what only some may read is never passed on.
@Suite("Federation: shares from another server", .serialized)
struct FederationSharesTests {
    static let origin = FederationRemoteNotesTests.origin

    /// An Announce of `object` by zed, for everyone.
    static func announce(_ remote: FakeRemoteServer, id: String, object: String) -> String {
        #"""
        {"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/statuses/\#(id)/activity","type":"Announce",
        "actor":"\#(remote.actor)","published":"2026-11-27T11:00:00Z","to":["https://www.w3.org/ns/activitystreams#Public"],
        "cc":["\#(remote.actor)/followers"],"object":"\#(object)"}
        """#
    }

    /// A public note of zed's as zed's server serves it.
    static func note(_ remote: FakeRemoteServer, id: String, content: String) -> String {
        #"""
        {"@context":"https://www.w3.org/ns/activitystreams","id":"\#(remote.actor)/statuses/\#(id)","type":"Note","attributedTo":"\#(remote.actor)",
        "content":"\#(content)","to":["https://www.w3.org/ns/activitystreams#Public"],"published":"2026-11-20T09:00:00Z"}
        """#
    }

    /// Each item of abe's home timeline as "body" or "body | shared by USER".
    static func home(_ api: APIClient, _ user: User, query: String = "") async throws -> [String] {
        try await api.get("/api/qwinkle/v1/timelines/home\(query)", token: user.token).json.array.map { item in
            (item["body"].string ?? "") + (item["shared_by"]["account"]["username"].string.map { " | shared by \($0)" } ?? "")
        }
    }

    @Test("Shared notes reach the sharer's followers here once each, newest share first; Undo takes a share away; nothing narrower than public is passed on")
    func sharesInHome() async throws {
        try await FederationTestBed.run { remote, server, api in
            let abe = try await api.signUp("abe")
            let cal = try await api.signUp("cal")
            let handle = "zed@" + remote.base.dropFirst("http://".count)
            let deliver = { (activity: String) in try await FederationFollowTests.deliver(activity, to: "/inbox", from: remote, api: api).status }

            let calPublic = try #require(try await api.post("Cal for everyone", as: cal)["id"].string)
            let calClose = try #require(try await api.post("Cal for followers", as: cal, visibility: "followers")["id"].string)
            // Before anyone here follows zed, a share of theirs is set aside.
            #expect(try await deliver(Self.announce(remote, id: "s0", object: "https://qwinkle.example/entries/\(calPublic)")) == .accepted)
            #expect(try await server.withStorage { try await $0.remoteAccount(actorURL: remote.actor) } == nil)

            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token).status == .ok)
            _ = try await remote.waitForInbox(count: 1)
            try await api.post("Abe at home", as: abe)
            #expect(try await deliver(FederationRemoteNotesTests.create(remote, id: "1", content: "<p>Zed wrote this</p>")) == .accepted)

            // A note of zed's not kept here is fetched from zed's server; a public entry of this server is
            // shared as it is; one for cal's followers is not passed on.
            remote.notes.withLock { $0["2"] = Self.note(remote, id: "2", content: "<p>Fetched from zed</p>") }
            #expect(try await deliver(Self.announce(remote, id: "s1", object: remote.actor + "/statuses/2")) == .accepted)
            #expect(try await deliver(Self.announce(remote, id: "s2", object: "https://qwinkle.example/entries/\(calPublic)")) == .accepted)
            #expect(try await deliver(Self.announce(remote, id: "s3", object: "https://qwinkle.example/entries/\(calClose)")) == .accepted)
            // A note its server does not serve is not shared, and the sender may try again later: 503.
            #expect(try await deliver(Self.announce(remote, id: "s4", object: remote.actor + "/statuses/404")) == .serviceUnavailable)
            #expect(try await Self.home(api, abe) == [
                "Cal for everyone | shared by \(handle)", "Fetched from zed | shared by \(handle)", "Zed wrote this", "Abe at home",
            ])
            #expect(try await Self.home(api, cal) == ["Cal for followers", "Cal for everyone"], "shares reach only the sharer's followers")
            // An entry written elsewhere links to where it was written; one of this server's does not.
            let items = try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.array
            #expect(items.first { $0["body"].string == "Fetched from zed" }?["original_url"].string == remote.actor + "/statuses/2")
            #expect(items.first { $0["body"].string == "Cal for everyone" }?["original_url"].isNull == true)

            // zed shares their own note, already in abe's home: it shows once, where the share puts it. The
            // same Announce again changes nothing.
            let ownShare = Self.announce(remote, id: "s5", object: remote.actor + "/statuses/1")
            #expect(try await deliver(ownShare) == .accepted)
            #expect(try await deliver(ownShare) == .accepted)
            let expected = [
                "Zed wrote this | shared by \(handle)", "Cal for everyone | shared by \(handle)", "Fetched from zed | shared by \(handle)",
                "Abe at home",
            ]
            #expect(try await Self.home(api, abe) == expected)

            // Paged two by two through `Link`, the same list: shares and entries share one cursor.
            var paged: [String] = []
            var query: String? = "?limit=2"
            while let current = query, paged.count < 10 {
                let page = try await api.get("/api/qwinkle/v1/timelines/home\(current)", token: abe.token)
                paged += page.json.array.map { ($0["body"].string ?? "") + ($0["shared_by"].isNull ? "" : " | shared by \(handle)") }
                let link = page.headers[HTTPField.Name("Link")!] ?? ""
                query = link.range(of: "?").map { start in String(link[start.lowerBound...].prefix { $0 != ">" }) }
            }
            #expect(paged.filter { $0 != "Zed wrote this" } == expected, "each item once, in order (zed's own note may show once more as itself on a later page)")

            // Mastodon apps see a share as a reblog: the sharer's status, its own ID, the shared status inside.
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let statuses = try await api.get("/api/v1/timelines/home?limit=3", token: token).json.array
            try #require(statuses.count == 3)
            #expect(statuses[1]["account"]["acct"].string == handle)
            #expect(statuses[1]["reblog"]["id"].string == calPublic)
            #expect(statuses[1]["reblog"]["account"]["username"].string == "cal")
            #expect(statuses[1]["id"].string != calPublic)
            #expect(statuses[2]["reblog"]["url"].string == remote.actor + "/statuses/2", "a status from elsewhere is at its own address")
            #expect(statuses[2]["reblog"]["uri"].string == remote.actor + "/statuses/2")
            for status in statuses {
                #expect(MastodonShape.status.problems(in: status) == [])
                if !status["reblog"].isNull { #expect(MastodonShape.status.problems(in: status["reblog"]) == []) }
            }

            // The web app says who shared each one, linking to their page here.
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "abe"), ("password", "correct horse")])
            let page = String(decoding: try await browser.get("/home").bytes, as: UTF8.self)
            #expect(page.components(separatedBy: #"data-role="shared-by""#).count == 4, "three shares shown")
            #expect(page.contains(#"Shared by <a href=""#) && page.contains("@\(handle)</span>"))
            #expect(page.contains(#"<a href="\#(remote.actor)/statuses/2" class="original" data-role="original" rel="nofollow noopener">on \#(handle.split(separator: "@")[1])</a>"#))

            // Undone, the share goes; the note it brought stays zed's to delete.
            let undo = #"{"id":"\#(remote.actor)/statuses/s2/undo","type":"Undo","actor":"\#(remote.actor)","object":"\#(remote.actor)/statuses/s2/activity"}"#
            #expect(try await deliver(undo) == .accepted)
            #expect(try await Self.home(api, abe) == expected.filter { !$0.hasPrefix("Cal") })

            // abe stops following zed: zed's shares leave his home with zed's notes.
            _ = try await api.request(.delete, "/api/qwinkle/v1/accounts/\(handle)/follow", token: abe.token)
            #expect(try await Self.home(api, abe) == ["Abe at home"])
        }
    }
}
