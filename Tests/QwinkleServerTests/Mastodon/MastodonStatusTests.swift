import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// Statuses and timelines through the Mastodon API: Qwinkle's entries, told truthfully in Mastodon's shapes.
@Suite("Mastodon API: accounts, statuses and timelines", .serialized)
struct MastodonStatusTests {
    @Test("verify_credentials and an account by ID and by handle have every attribute Mastodon requires, with true counts")
    func accounts() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(abe, by: mary)
            try await api.post("For everyone", as: abe)
            try await api.post("Dear diary", as: abe, visibility: "journal", kind: "journal")
            let token = try await MastodonAppSession.register(api).token(for: "abe")

            let me = try await api.get("/api/v1/accounts/verify_credentials", token: token)
            #expect(MastodonShape.credentialAccount.problems(in: me.json) == [])
            #expect(me.json["id"].string == abe.id)
            #expect(me.json["acct"].string == "abe")
            #expect(me.json["followers_count"].int == 1)
            // A journal entry is not counted: the number tells a stranger nothing about it.
            #expect(me.json["statuses_count"].int == 1)

            let byID = try await api.get("/api/v1/accounts/\(mary.id)", token: token)
            #expect(MastodonShape.account.problems(in: byID.json) == [])
            #expect(byID.json["following_count"].int == 1)
            #expect(byID.json["source"] == .null)
            #expect(try await api.get("/api/v1/accounts/lookup?acct=mary").json["id"].string == mary.id)
            #expect(try await api.get("/api/v1/accounts/999999").status == .notFound)
        }
    }

    @Test("A status posted with a form has Mastodon's shape; its content is safe HTML and its visibility never wider than the truth")
    func posting() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            _ = try await api.signUp("mary")
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let posted = try await api.request(
                .post, "/api/v1/statuses", token: token,
                body: Array("status=Tea+%3Cb%3Eat%3C%2Fb%3E+five+with+%40mary+%23tea%0A%0Ahttps%3A%2F%2Fexample.com&visibility=unlisted".utf8),
                contentType: "application/x-www-form-urlencoded"
            )
            #expect(posted.status == .ok, "\(posted.json)")
            #expect(MastodonShape.status.problems(in: posted.json) == [])
            let content = try #require(posted.json["content"].string)
            // Mentions and tags in Mastodon's own markup, which its apps turn into links of theirs.
            #expect(content.hasPrefix(#"<p>Tea &lt;b&gt;at&lt;/b&gt; five with <span class="h-card" translate="no"><a href="http://localhost/people/mary" class="u-url mention">@<span>mary</span></a></span> "#))
            #expect(content.contains(#"<a href="http://localhost/tags/tea" class="mention hashtag" rel="tag">#<span>tea</span></a>"#))
            #expect(content.contains("</p><p><a href=\"https://example.com\""))
            #expect(posted.json["mentions"][0]["acct"].string == "mary")
            #expect(posted.json["tags"][0]["name"].string == "tea")
            // Unlisted is Qwinkle's own: read by anyone with the link, kept off public timelines.
            #expect(posted.json["visibility"].string == "unlisted")
            #expect(posted.json["qwinkle"]["visibility"].string == "unlisted")
            let postedID = try #require(posted.json["id"].string)
            let publicTimeline = try await api.get("/api/v1/timelines/public")
            #expect(publicTimeline.status == .ok && !publicTimeline.json.ids.contains(postedID), "an unlisted status is not on the public timeline")
            let anonymous = try await api.get("/api/v1/statuses/\(postedID)")
            #expect(anonymous.status == .ok, "but anyone with its link reads it")
            #expect(posted.json["favourited"] == .bool(false))

            let direct = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "Note to self", "visibility": "direct"}"#)
            #expect(direct.json["visibility"].string == "direct")
            #expect(direct.json["qwinkle"]["visibility"].string == "private")
            let tooLong = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "\#(String(repeating: "a", count: 141))"}"#)
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.json["error"].string != nil)
        }
    }

    @Test("A retried post with the same Idempotency-Key is posted once")
    func idempotency() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "retry-1"]
            let first = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "Once"}"#, headers: key)
            let second = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "Once"}"#, headers: key)
            #expect(first.json["id"].string == second.json["id"].string)
        }
    }

    @Test("A journal entry and a followers-only entry are never shown to a stranger's app; a reply names only a parent it may read")
    func privacy() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            _ = try await api.signUp("stranger")
            let journal = try await api.post("Dear diary", as: abe, visibility: "journal", kind: "journal")
            let followers = try await api.post("For my followers", as: abe, visibility: "followers")
            let hidden = try #require(followers["id"].string)
            let reply = try await api.request(
                .post, "/api/qwinkle/v1/entries", token: abe.token,
                json: #"{"kind": "update", "body": "Public reply", "visibility": "public", "in_reply_to": "\#(hidden)", "wider_visibility": true}"#
            )
            #expect(reply.status == .created, "\(reply.json)")
            let token = try await MastodonAppSession.register(api).token(for: "stranger")
            for id in [journal["id"].string, hidden] {
                let response = try await api.get("/api/v1/statuses/\(id ?? "")", token: token)
                #expect(response.status == .notFound)
                #expect(response.json["error"].string != nil)
            }
            let shown = try await api.get("/api/v1/statuses/\(reply.json["id"].string ?? "")", token: token)
            #expect(shown.json["in_reply_to_id"] == .null)
            #expect(shown.json["qwinkle"]["reply_unavailable"] == .bool(true))
            let public_ = try await api.get("/api/v1/timelines/public", token: token)
            #expect(public_.json.array.compactMap { $0["content"].string } == ["<p>Public reply</p>"])
        }
    }

    @Test("Home is paged by following Link to the end, each status once; favourite, unfavourite and delete answer the status")
    func homeAndMarks() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(mary, by: abe)
            for number in 1...7 { try await api.post("Entry \(number)", as: number.isMultiple(of: 2) ? abe : mary) }
            let token = try await MastodonAppSession.register(api).token(for: "abe")

            var seen: [String] = []
            var path: String? = "/api/v1/timelines/home?limit=3"
            while let next = path {
                let page = try await api.get(next, token: token)
                #expect(page.status == .ok)
                for status in page.json.array { #expect(MastodonShape.status.problems(in: status) == []) }
                seen += page.json.array.compactMap { $0["content"].string }
                let link = page.headers[HTTPField.Name("Link")!] ?? ""
                // rel="next" comes first, as apps read it.
                path = link.hasPrefix("<") && link.contains("rel=\"next\"")
                    ? link.dropFirst().prefix { $0 != ">" }.replacingOccurrences(of: "http://localhost", with: "") : nil
                if seen.count > 20 { break }
            }
            #expect(seen == (1...7).reversed().map { "<p>Entry \($0)</p>" })

            let first = try await api.get("/api/v1/timelines/home?limit=1", token: token)
            let id = try #require(first.json[0]["id"].string)
            let favourited = try await api.request(.post, "/api/v1/statuses/\(id)/favourite", token: token)
            #expect(favourited.json["favourited"] == .bool(true))
            #expect(try await api.get("/api/v1/favourites", token: token).json.array.count == 1)
            let unfavourited = try await api.request(.post, "/api/v1/statuses/\(id)/unfavourite", token: token)
            #expect(unfavourited.json["favourited"] == .bool(false))

            // Entry 7 is Mary's: Abe may not delete it. Entry 6 is his.
            #expect(try await api.request(.delete, "/api/v1/statuses/\(id)", token: token).status == .forbidden)
            let own = try #require(try await api.get("/api/v1/timelines/home?limit=2", token: token).json[1]["id"].string)
            let deleted = try await api.request(.delete, "/api/v1/statuses/\(own)", token: token)
            #expect(deleted.status == .ok)
            #expect(deleted.json["text"].string == "Entry 6")
            #expect(try await api.get("/api/v1/statuses/\(own)", token: token).status == .notFound)
        }
    }
}

/// Changing one's profile through the Mastodon API.
@Suite("Mastodon API: update_credentials", .serialized)
struct MastodonProfileTests {
    @Test("Display name, note, avatar and locked change under the profile's rules; what Qwinkle has not is refused")
    func updateCredentials() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let (body, type) = MastodonMediaTests.multipart([("avatar", "me.png", TestImages.png), ("display_name", nil, Array("Abraham".utf8))])
            let updated = try await api.request(.patch, "/api/v1/accounts/update_credentials", token: token, body: body, contentType: type)
            #expect(updated.status == .ok, "\(updated.json)")
            #expect(MastodonShape.credentialAccount.problems(in: updated.json) == [])
            #expect(updated.json["display_name"].string == "Abraham")
            #expect(updated.json["avatar"].string?.contains("/api/qwinkle/v1/photos/") == true)

            let note = try await api.request(.patch, "/api/v1/accounts/update_credentials", token: token, json: #"{"note": "Rail-splitter"}"#)
            #expect(note.json["source"]["note"].string == "Rail-splitter")
            #expect(note.json["display_name"].string == "Abraham")
            let tooLong = try await api.request(
                .patch, "/api/v1/accounts/update_credentials", token: token, json: #"{"display_name": "\#(String(repeating: "a", count: 51))"}"#
            )
            #expect(tooLong.status == .unprocessableContent)
            #expect(try await api.request(.patch, "/api/v1/accounts/update_credentials", token: token, json: #"{"bot": true}"#).status == .unprocessableContent)
            let locked = try await api.request(.patch, "/api/v1/accounts/update_credentials", token: token, json: #"{"locked": true}"#)
            #expect(locked.status == .ok && locked.json["locked"].bool == true, "an account may approve its followers")
            #expect(try await api.get("/api/v1/accounts/verify_credentials", token: token).json["display_name"].string == "Abraham")
        }
    }
}

/// An account's statuses, narrowed as apps narrow them.
@Suite("Mastodon API: an account's statuses", .serialized)
struct MastodonAccountStatusesTests {
    @Test("exclude_replies keeps replies to oneself, only_media keeps statuses with photos, tagged keeps a tag's; pages still fill")
    func filters() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let theirs = try #require(try await api.post("Mary's", as: mary)["id"].string)
            let mine = try #require(try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "Mine #tea"}"#).json["id"].string)
            _ = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "To Mary", "in_reply_to_id": "\#(theirs)"}"#)
            _ = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "To myself", "in_reply_to_id": "\#(mine)"}"#)
            let photo = try await api.upload(as: abe)
            _ = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "With a photo", "media_ids": ["\#(photo)"]}"#)
            for number in 1...5 { _ = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "Filler \#(number)"}"#) }

            let texts: (String) async throws -> [String] = { query in
                try await api.get("/api/v1/accounts/\(abe.id)/statuses?\(query)", token: token).json.array.compactMap { $0["content"].string }
            }
            #expect(try await texts("exclude_replies=true&limit=40").contains("<p>To myself</p>"))
            let all = try await api.get("/api/v1/accounts/\(abe.id)/statuses", token: token).json.array
            #expect(try await !texts("exclude_replies=true&limit=40").contains("<p>To Mary</p>"), "\(all.map { ($0["content"], $0["in_reply_to_account_id"]) })")
            #expect(try await texts("only_media=true") == ["<p>With a photo</p>"])
            #expect(try await texts("tagged=tea").count == 1)
            #expect(try await texts("pinned=true").isEmpty)
            // A filter that keeps little reads past the first page to fill the one asked for.
            #expect(try await texts("only_media=true&limit=1") == ["<p>With a photo</p>"])
        }
    }

    @Test("favourited_by names every marker to the author, newest first, a page at a time; others see only their own mark")
    func favouritedBy() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            for name in ["mary", "ann", "bob"] { _ = try await api.signUp(name) }
            let app = try await MastodonAppSession.register(api)
            var tokens: [String: String] = [:]
            for name in ["abe", "mary", "ann", "bob"] { tokens[name] = try await app.token(for: name) }
            let id = try #require(try await api.post("Mark me", as: abe)["id"].string)
            let secret = try #require(try await api.post("Only mine", as: abe, visibility: "private")["id"].string)
            for name in ["mary", "ann"] {
                #expect(try await api.request(.post, "/api/v1/statuses/\(id)/favourite", token: tokens[name]).status == .ok)
            }
            func names(_ path: String, _ token: String?) async throws -> [String] {
                let answer = try await api.get(path, token: token)
                #expect(answer.status == .ok)
                for account in answer.json.array { #expect(MastodonShape.account.problems(in: account) == []) }
                return answer.json.array.compactMap { $0["acct"].string }
            }
            #expect(try await names("/api/v1/statuses/\(id)/favourited_by", tokens["abe"]) == ["ann", "mary"])
            let first = try await api.get("/api/v1/statuses/\(id)/favourited_by?limit=1", token: tokens["abe"])
            #expect(first.json.array.compactMap { $0["acct"].string } == ["ann"])
            let link = try #require(first.headers[HTTPField.Name("Link")!])
            let next = String(link.dropFirst().prefix { $0 != ">" }.replacingOccurrences(of: "http://localhost", with: ""))
            #expect(try await names(next, tokens["abe"]) == ["mary"])
            // Anyone else is told only of a mark of their own, as Qwinkle tells only the author of each mark.
            #expect(try await names("/api/v1/statuses/\(id)/favourited_by", tokens["mary"]) == ["mary"])
            #expect(try await names("/api/v1/statuses/\(id)/favourited_by", tokens["bob"]) == [])
            #expect(try await names("/api/v1/statuses/\(id)/favourited_by", nil) == [])
            #expect(try await api.get("/api/v1/statuses/\(secret)/favourited_by", token: tokens["mary"]).status == .notFound)
        }
    }
}
