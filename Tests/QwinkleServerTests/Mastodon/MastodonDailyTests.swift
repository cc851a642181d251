import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// What a Mastodon app does every day: boosts, the read markers, catching up with `min_id`, and the parameters as
/// apps actually send them.
@Suite("Mastodon API: boosts, markers, catching up and parameters as apps send them", .serialized)
struct MastodonDailyTests {
    @Test("A boost puts the status in the booster's followers' home and on the booster's profile, counts, tells the author, and is undone")
    func boosts() async throws {
        try await TestServer.run { api in
            let (app, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            let cal = try await api.signUp("cal")
            let calToken = try await app.token(for: "cal")
            let status = try #require(try await api.post("Worth passing on", as: cal)["id"].string)
            let secret = try #require(try await api.post("Only followers", as: cal, visibility: "followers")["id"].string)

            let boosted = try await api.request(.post, "/api/v1/statuses/\(status)/reblog", token: abeToken)
            #expect(boosted.status == .ok, "\(boosted.json)")
            #expect(boosted.json["reblogged"] == .bool(true) && boosted.json["reblogs_count"].int == 1)
            // Boosting twice is boosting once.
            #expect(try await api.request(.post, "/api/v1/statuses/\(status)/reblog", token: abeToken).json["reblogs_count"].int == 1)
            let refused = try await api.request(.post, "/api/v1/statuses/\(secret)/reblog", token: abeToken)
            #expect(refused.status == .forbidden || refused.status == .notFound, "a status for chosen readers is not boosted")
            #expect(refused.json["error"].string != nil)

            // Mary follows Abe, not Cal: the boost brings Cal's status to her home, as a reblog by Abe.
            let home = try await api.get("/api/v1/timelines/home", token: maryToken)
            let item = try #require(home.json.array.first { $0["reblog"]["id"].string == status })
            #expect(item["account"]["id"].string == abe.id)
            #expect(MastodonShape.status.problems(in: item["reblog"]) == [])
            // The page writes the status shared from its cache: the same status its own path answers the reader.
            #expect(item["reblog"] == (try await api.get("/api/v1/statuses/\(status)", token: maryToken)).json)
            #expect(item["reblogged"] == .bool(false) && item["reblog"]["reblogged"] == .bool(false))
            let profile = try await api.get("/api/v1/accounts/\(abe.id)/statuses", token: maryToken)
            #expect(profile.json.array.contains { $0["reblog"]["id"].string == status }, "the boost is on the booster's profile")
            let by = try await api.get("/api/v1/statuses/\(status)/reblogged_by", token: maryToken)
            #expect(by.status == .ok && by.json.ids == [abe.id])
            // Counts are everyone's who may read the status, favourites too.
            _ = try await api.request(.post, "/api/v1/statuses/\(status)/favourite", token: maryToken)
            let seen = try await api.get("/api/v1/statuses/\(status)")
            #expect(seen.json["favourites_count"].int == 1 && seen.json["reblogs_count"].int == 1)
            let told = try await api.get("/api/v1/notifications", token: calToken)
            #expect(told.json.array.contains { $0["type"].string == "reblog" && $0["account"]["id"].string == abe.id && $0["status"]["id"].string == status })

            let undone = try await api.request(.post, "/api/v1/statuses/\(status)/unreblog", token: abeToken)
            #expect(undone.json["reblogged"] == .bool(false) && undone.json["reblogs_count"].int == 0)
            let after = try await api.get("/api/v1/timelines/home", token: maryToken)
            #expect(!after.json.array.contains { $0["reblog"]["id"].string == status })
        }
    }

    @Test("Bookmarks: private to their owner, listed newest bookmark first with Link, and shown as bookmarked")
    func bookmarks() async throws {
        try await TestServer.run { api in
            let (_, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            let first = try #require(try await api.post("Keep this", as: abe)["id"].string)
            let second = try #require(try await api.post("And this", as: abe)["id"].string)
            let kept = try await api.request(.post, "/api/v1/statuses/\(first)/bookmark", token: maryToken)
            #expect(kept.status == .ok && kept.json["bookmarked"] == .bool(true), "\(kept.json)")
            _ = try await api.request(.post, "/api/v1/statuses/\(second)/bookmark", token: maryToken)
            let listed = try await api.get("/api/v1/bookmarks?limit=1", token: maryToken)
            #expect(listed.json.ids == [second])
            #expect(listed.headers[HTTPField.Name("Link")!]?.contains("rel=\"next\"") == true)
            #expect(try await api.get("/api/v1/bookmarks", token: abeToken).json.array.isEmpty, "another's bookmarks are theirs")
            #expect(try await api.get("/api/v1/statuses/\(first)", token: abeToken).json["bookmarked"] == .bool(false))
            #expect(try await api.get("/api/v1/notifications", token: abeToken).json.array.allSatisfy { $0["type"].string == "follow" }, "nobody is told")
            let removed = try await api.request(.post, "/api/v1/statuses/\(first)/unbookmark", token: maryToken)
            #expect(removed.json["bookmarked"] == .bool(false))
            #expect(try await api.get("/api/v1/bookmarks", token: maryToken).json.ids == [second])
        }
    }

    @Test("Pins: your own statuses on your profile, newest pin first with pinned=1 as apps send it, at most five, shown as pinned")
    func pins() async throws {
        try await TestServer.run { api in
            let (_, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            var statuses: [String] = []
            for number in 1...6 { statuses.append(try #require(try await api.post("Post \(number)", as: abe)["id"].string)) }
            let journal = try #require(try await api.post("Dear diary", as: abe, visibility: "journal")["id"].string)
            let marys = try #require(try await api.request(.post, "/api/v1/statuses", token: maryToken, json: #"{"status": "Mary's own"}"#).json["id"].string)

            let pinned = try await api.request(.post, "/api/v1/statuses/\(statuses[0])/pin", token: abeToken)
            #expect(pinned.status == .ok && pinned.json["pinned"] == .bool(true), "\(pinned.json)")
            #expect(MastodonShape.status.problems(in: pinned.json) == [])
            for status in statuses[1...4] { #expect(try await api.request(.post, "/api/v1/statuses/\(status)/pin", token: abeToken).status == .ok) }
            let sixth = try await api.request(.post, "/api/v1/statuses/\(statuses[5])/pin", token: abeToken)
            #expect(sixth.status == .unprocessableContent && sixth.json["error"].string?.contains("5") == true, "\(sixth.json)")
            for (status, token) in [(journal, abeToken), (marys, abeToken)] {
                let refused = try await api.request(.post, "/api/v1/statuses/\(status)/pin", token: token)
                #expect(refused.status == .unprocessableContent && refused.json["error"].string != nil, "\(refused.json)")
            }

            // Apps ask with `pinned=true`, `pinned=1` or `pinned=True`: each lists the pins, newest first, to anyone.
            for flag in ["true", "1", "True"] {
                let listed = try await api.get("/api/v1/accounts/\(abe.id)/statuses?pinned=\(flag)", token: maryToken)
                #expect(listed.json.ids == Array(statuses[0...4].reversed()), "pinned=\(flag)")
            }
            #expect(try await api.get("/api/v1/accounts/\(abe.id)/statuses?pinned=true").json.ids.count == 5, "visitors see them too")
            let profile = try await api.get("/api/v1/accounts/\(abe.id)/statuses", token: abeToken)
            #expect(profile.json.array.first { $0["id"].string == statuses[0] }?["pinned"] == .bool(true))
            #expect(profile.json.array.first { $0["id"].string == statuses[5] }?["pinned"] == .bool(false))

            let unpinned = try await api.request(.post, "/api/v1/statuses/\(statuses[0])/unpin", token: abeToken)
            #expect(unpinned.json["pinned"] == .bool(false))
            #expect(try await api.request(.post, "/api/v1/statuses/\(statuses[5])/pin", token: abeToken).status == .ok, "room for one more")
            #expect(try await api.get("/api/v1/accounts/\(abe.id)/statuses?pinned=true").json.ids.first == statuses[5])
            #expect(try await api.request(.post, "/api/v1/statuses/\(statuses[1])/pin", token: maryToken).status == .unprocessableContent)
        }
    }

    @Test("Notifications as 4.3 serves them: grouped with group_key, one by ID, unread_count, account_id, dismiss one or a group, clear, and the policy")
    func notifications() async throws {
        try await TestServer.run { api in
            let (app, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            _ = try await api.signUp("cal")
            let calToken = try await app.token(for: "cal")
            let mary = try #require(try await api.get("/api/v1/accounts/verify_credentials", token: maryToken).json["id"].string)
            _ = try await api.request(.post, "/api/v1/accounts/\(abe.id)/follow", token: calToken)
            let status = try #require(try await api.post("Mark me", as: abe)["id"].string)
            for token in [maryToken, calToken] { _ = try await api.request(.post, "/api/v1/statuses/\(status)/favourite", token: token) }
            _ = try await api.request(.post, "/api/v1/statuses", token: maryToken, json: #"{"status": "@abe hi"}"#)

            let grouped = try await api.get("/api/v2/notifications", token: abeToken)
            #expect(MastodonShape.groupedNotifications.problems(in: grouped.json) == [], "\(grouped.json)")
            let groups = grouped.json["notification_groups"].array
            #expect(groups.map { $0["type"].string } == ["mention", "favourite", "follow"], "\(groups)")
            let favourites = try #require(groups.first { $0["type"].string == "favourite" })
            #expect(favourites["group_key"].string == "favourite-\(status)" && favourites["notifications_count"].int == 2)
            #expect(favourites["status_id"].string == status && Set(favourites["sample_account_ids"].array.compactMap(\.string)).count == 2)
            #expect(groups.first { $0["type"].string == "follow" }?["notifications_count"].int == 2)
            #expect(grouped.json["statuses"].array.contains { $0["id"].string == status })
            let ungrouped = try await api.get("/api/v2/notifications?grouped_types%5B%5D=follow", token: abeToken)
            #expect(ungrouped.json["notification_groups"].array.filter { $0["type"].string == "favourite" }.count == 2)

            let single = try await api.get("/api/v1/notifications", token: abeToken)
            for notification in single.json.array { #expect(MastodonShape.notification.problems(in: notification) == []) }
            let newest = try #require(single.json.array.first?["id"].string)
            #expect(try await api.get("/api/v1/notifications/\(newest)", token: abeToken).json["type"].string == "mention")
            #expect(try await api.get("/api/v1/notifications/\(newest)", token: maryToken).status == .notFound, "another's is not found")
            #expect(try await api.get("/api/v1/notifications/unread_count", token: abeToken).json["count"].int == 5)
            #expect(try await api.get("/api/v1/notifications?account_id=\(mary)", token: abeToken).json.array.count == 3)

            #expect(try await api.request(.post, "/api/v1/notifications/\(newest)/dismiss", token: maryToken).status == .notFound)
            #expect(try await api.request(.post, "/api/v1/notifications/\(newest)/dismiss", token: abeToken).status == .ok)
            #expect(try await api.request(.post, "/api/v2/notifications/favourite-\(status)/dismiss", token: abeToken).status == .ok)
            #expect(try await api.get("/api/v1/notifications", token: abeToken).json.array.map { $0["type"].string } == ["follow", "follow"])
            #expect(try await api.request(.post, "/api/v2/notifications/nonsense/dismiss", token: abeToken).status == .notFound)
            #expect(try await api.request(.post, "/api/v1/notifications/clear", token: abeToken).status == .ok)
            #expect(try await api.get("/api/v1/notifications", token: abeToken).json.array.isEmpty)
            // Gone for every client: Qwinkle's own list is the same list.
            #expect(try await api.get("/api/qwinkle/v1/notifications", token: abe.token).json.array.isEmpty)

            let policy = try await api.get("/api/v2/notifications/policy", token: abeToken)
            #expect(MastodonShape.notificationPolicy.problems(in: policy.json) == [])
            let same = try await api.request(.patch, "/api/v2/notifications/policy", token: abeToken, json: #"{"for_not_following": "accept"}"#)
            #expect(same.status == .ok)
            let refused = try await api.request(.patch, "/api/v2/notifications/policy", token: abeToken, json: #"{"for_not_following": "filter"}"#)
            #expect(refused.status == .unprocessableContent && refused.json["error"].string != nil)
        }
    }

    @Test("A photo's description changes by editing the status (media_attributes); PUT /media refuses a posted photo; language is kept")
    func descriptionsAndLanguage() async throws {
        try await TestServer.run { api in
            let (_, _, abeToken, _) = try await MastodonAppSession.maryFollowingAbe(api)
            let (body, type) = MastodonMediaTests.upload(TestImages.png, description: "Before")
            let upload = try await api.request(.post, "/api/v1/media", token: abeToken, body: body, contentType: type)
            let photo = try #require(upload.json["id"].string, "\(upload.json)")
            let posted = try await api.request(
                .post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Bonjour", "media_ids": ["\#(photo)"], "language": "fr"}"#
            )
            #expect(posted.json["language"].string == "fr", "\(posted.json)")
            let status = try #require(posted.json["id"].string)
            let refused = try await api.request(.put, "/api/v1/media/\(photo)", token: abeToken, json: #"{"description": "Ignored"}"#)
            #expect(refused.status == .unprocessableContent && refused.json["error"].string?.contains("media_attributes") == true)
            let edited = try await api.request(
                .put, "/api/v1/statuses/\(status)", token: abeToken,
                json: #"{"status": "Bonjour", "media_attributes": [{"id": "\#(photo)", "description": "After"}]}"#
            )
            #expect(edited.status == .ok, "\(edited.json)")
            #expect(edited.json["media_attachments"][0]["description"].string == "After" && edited.json["language"].string == "fr")
            #expect(try await api.get("/api/v1/statuses/\(status)", token: abeToken).json["media_attachments"][0]["description"].string == "After")
            let badLanguage = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Hi", "language": "english!"}"#)
            #expect(badLanguage.status == .unprocessableContent)

            // A poll is refused, as JSON or as a form, and nothing is posted without it.
            let before = try await api.get("/api/v1/timelines/home", token: abeToken).json.ids
            let poll = try await api.request(
                .post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Tea or coffee?", "poll": {"options": ["Tea", "Coffee"], "expires_in": 3600}}"#
            )
            #expect(poll.status == .unprocessableContent && poll.json["error"].string?.contains("no polls") == true, "\(poll.json)")
            let form = try await api.request(
                .post, "/api/v1/statuses", token: abeToken,
                body: Array("status=Tea+or+coffee%3F&poll%5Boptions%5D%5B%5D=Tea&poll%5Boptions%5D%5B%5D=Coffee&poll%5Bexpires_in%5D=3600".utf8),
                contentType: "application/x-www-form-urlencoded"
            )
            #expect(form.status == .unprocessableContent)
            #expect(try await api.get("/api/v1/timelines/home", token: abeToken).json.ids == before)
        }
    }

    @Test("Markers: the home position is kept and each save is a new version; the notifications marker moves the read position")
    func markers() async throws {
        try await TestServer.run { api in
            let (_, abe, abeToken, _) = try await MastodonAppSession.maryFollowingAbe(api)
            let id = try #require(try await api.post("Read up to here", as: abe)["id"].string)
            #expect(try await api.get("/api/v1/markers?timeline%5B%5D=home", token: abeToken).json["home"] == .null)
            let saved = try await api.request(
                .post, "/api/v1/markers", token: abeToken, body: Array("home%5Blast_read_id%5D=\(id)".utf8), contentType: "application/x-www-form-urlencoded"
            )
            #expect(saved.json["home"]["last_read_id"].string == id && saved.json["home"]["version"].int == 1, "\(saved.json)")
            _ = try await api.request(.post, "/api/v1/markers", token: abeToken, json: #"{"home": {"last_read_id": "\#(id)"}}"#)
            let read = try await api.get("/api/v1/markers?timeline[]=home&timeline[]=notifications", token: abeToken)
            #expect(read.json["home"]["last_read_id"].string == id && read.json["home"]["version"].int == 2)
            #expect(read.json["notifications"]["last_read_id"].string != nil)
            let bad = try await api.request(.post, "/api/v1/markers", token: abeToken, json: #"{"home": {"last_read_id": "latest"}}"#)
            #expect(bad.status == .unprocessableContent)
        }
    }

    @Test("min_id pages upward over a gap wider than a page, skipping nothing; since_id gives the newest above it")
    func catchingUp() async throws {
        try await TestServer.run { api in
            let (_, abe, _, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            let start = try #require(try await api.post("Read", as: abe)["id"].string)
            var posted: [String] = []
            for number in 1...7 { posted.append(try #require(try await api.post("New \(number)", as: abe)["id"].string)) }

            let first = try await api.get("/api/v1/timelines/home?min_id=\(start)&limit=3", token: maryToken)
            #expect(first.json.ids == Array(posted[0..<3].reversed()), "the three just above min_id, newest first")
            #expect(first.headers[HTTPField.Name("Link")!]?.contains("min_id=\(posted[2])") == true)
            let second = try await api.get("/api/v1/timelines/home?min_id=\(posted[2])&limit=3", token: maryToken)
            #expect(second.json.ids == Array(posted[3..<6].reversed()))
            let since = try await api.get("/api/v1/timelines/home?since_id=\(start)&limit=3", token: maryToken)
            #expect(since.json.ids == Array(posted[4..<7].reversed()))
        }
    }

    @Test("Lists and flags as Mastodon.py and toot send them: types%5B%5D, id%5B%5D, repeated names, and 1 or True for yes")
    func parameters() async throws {
        try await TestServer.run { api in
            let (_, abe, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            let mary = try await api.get("/api/v1/accounts/verify_credentials", token: maryToken).json["id"].string ?? ""
            let parent = try #require(try await api.post("A start", as: abe)["id"].string)
            let marys = try #require(
                try await api.request(.post, "/api/v1/statuses", token: maryToken, json: #"{"status": "@abe hello", "in_reply_to_id": "\#(parent)"}"#).json["id"].string
            )
            _ = try await api.request(.post, "/api/v1/statuses/\(parent)/favourite", token: maryToken)

            let mentions = try await api.get("/api/v1/notifications?types%5B%5D=mention", token: abeToken)
            #expect(!mentions.json.array.isEmpty && mentions.json.array.allSatisfy { $0["type"].string == "mention" }, "\(mentions.json)")
            let notFollows = try await api.get("/api/v1/notifications?exclude_types%5B%5D=follow&exclude_types%5B%5D=mention", token: abeToken)
            #expect(notFollows.json.array.map { $0["type"].string } == ["favourite"])
            let relationships = try await api.get("/api/v1/accounts/relationships?id%5B%5D=\(mary)&id%5B%5D=\(abe.id)", token: abeToken)
            #expect(relationships.json.ids == [mary, abe.id])
            #expect(try await api.get("/api/v1/accounts/relationships?id=\(mary)&id=\(abe.id)", token: abeToken).json.ids == [mary, abe.id])

            _ = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "@mary a reply", "in_reply_to_id": "\#(marys)"}"#)
            for yes in ["1", "True", "true", "on"] {
                let own = try await api.get("/api/v1/accounts/\(abe.id)/statuses?exclude_replies=\(yes)", token: maryToken)
                #expect(own.json.ids == [parent], "exclude_replies=\(yes)")
                #expect(try await api.get("/api/v1/accounts/\(abe.id)/statuses?pinned=\(yes)", token: maryToken).json.array.isEmpty)
            }
            #expect(try await api.get("/api/v1/accounts/\(abe.id)/statuses?exclude_replies=0", token: maryToken).json.array.count == 2)
        }
    }
}
