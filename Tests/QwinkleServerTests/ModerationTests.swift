import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

/// Reports and moderation through Qwinkle's own API: who may report what, the moderators' queue, and what each of
/// their actions does. (What a limited or suspended author's entries are to each reader on every read path is the
/// access-control matrix's.)
@Suite("Reports and moderation")
struct ModerationTests {
    @Test("A report keeps the entries as the reporter saw them; only moderators read the queue; bad reports are refused, whole")
    func reportAndQueue() async throws {
        try await TestServer.runOperated { api, serverOperator in
            let abe = try await api.signUp("abe")
            let troll = try await api.signUp("troll")
            let mod = try await api.signUp("mod")
            try await serverOperator.grantModerator(mod)
            let rude = try #require(try await api.post("You are all fools", as: troll)["id"].string)
            let secret = try #require(try await api.post("only mine", as: troll, visibility: "private")["id"].string)

            let notMine = try await api.request(.post, "/api/qwinkle/v1/reports", token: abe.token, json: #"{"account": "troll", "entry_ids": ["\#(secret)"]}"#)
            #expect(notMine.status == .unprocessableContent && notMine.json["error"]["fields"]["entry_ids"].array.count == 1, "\(notMine.json)")
            let myself = try await api.request(.post, "/api/qwinkle/v1/reports", token: abe.token, json: #"{"account": "abe"}"#)
            #expect(myself.status == .unprocessableContent)
            let nobody = try await api.request(.post, "/api/qwinkle/v1/reports", token: abe.token, json: #"{"account": "nobody"}"#)
            #expect(nobody.status == .notFound)
            let here = try await api.request(.post, "/api/qwinkle/v1/reports", token: abe.token, json: #"{"account": "troll", "forward": true}"#)
            #expect(here.status == .unprocessableContent && here.json["error"]["fields"]["forward"].array.count == 1, "nowhere to forward to")
            #expect(try await api.get("/api/qwinkle/v1/moderation/reports", token: mod.token).json.array.isEmpty, "a refusal keeps nothing")

            let made = try await api.request(
                .post, "/api/qwinkle/v1/reports", token: abe.token, json: #"{"account": "troll", "entry_ids": ["\#(rude)"], "comment": "  Insults  "}"#
            )
            #expect(made.status == .created, "\(made.json)")
            #expect(made.json["comment"].string == "Insults" && made.json["state"].string == "open" && made.json["reporter"]["username"].string == "abe")
            // The troll edits the entry afterwards; the report still shows what abe saw.
            let edited = try await api.request(
                .put, "/api/qwinkle/v1/entries/\(rude)", token: troll.token,
                json: #"{"base_revision": 1, "kind": "update", "body": "Have a nice day", "visibility": "public"}"#
            )
            #expect(edited.status == .ok, "\(edited.json)")

            for user in [abe, troll] {
                let refused = try await api.get("/api/qwinkle/v1/moderation/reports", token: user.token)
                #expect(refused.status == .forbidden && refused.json["error"]["code"].string != nil, "\(user.username): \(refused.json)")
            }
            let queue = try await api.get("/api/qwinkle/v1/moderation/reports", token: mod.token)
            #expect(queue.status == .ok && queue.json.array.count == 1)
            let report = try #require(queue.json.array.first)
            #expect(report["account"]["username"].string == "troll")
            #expect(report["entries"].array.map { $0["body"].string } == ["You are all fools"], "\(report)")
            let id = try #require(report["id"].string)
            #expect(try await api.get("/api/qwinkle/v1/moderation/reports/\(id)", token: mod.token).json["id"].string == id)
            #expect(try await api.get("/api/qwinkle/v1/moderation/reports/\(id)", token: abe.token).status == .forbidden)
        }
    }

    @Test("Suspending from a report signs the person out, hides them and what they wrote, keeps it, resolves the report and logs it; restoring brings it back")
    func suspend() async throws {
        try await TestServer.runOperated { api, serverOperator in
            let abe = try await api.signUp("abe")
            let troll = try await api.signUp("troll")
            let mod = try await api.signUp("mod")
            try await serverOperator.grantModerator(mod)
            try await api.follow(troll, by: abe)
            let rude = try #require(try await api.post("Spam spam spam", as: troll)["id"].string)
            let reported = try await api.request(.post, "/api/qwinkle/v1/reports", token: abe.token, json: #"{"account": "troll", "entry_ids": ["\#(rude)"]}"#)
            let report = try #require(reported.json["id"].string)

            let byAbe = try await api.request(.post, "/api/qwinkle/v1/moderation/accounts/\(troll.id)/actions", token: abe.token, json: #"{"action": "suspend"}"#)
            #expect(byAbe.status == .forbidden)
            let onSelf = try await api.request(.post, "/api/qwinkle/v1/moderation/accounts/\(mod.id)/actions", token: mod.token, json: #"{"action": "suspend"}"#)
            #expect(onSelf.status == .unprocessableContent)

            let suspended = try await api.request(
                .post, "/api/qwinkle/v1/moderation/accounts/\(troll.id)/actions", token: mod.token,
                json: #"{"action": "suspend", "report_id": "\#(report)", "note": "spam"}"#
            )
            #expect(suspended.status == .ok, "\(suspended.json)")
            #expect(suspended.json["action"].string == "suspend" && suspended.json["moderator"]["username"].string == "mod")
            #expect(suspended.json["account"]["standing"].string == "suspended")

            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: troll.token).status == .unauthorized, "signed out")
            let logIn = try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "troll", "password": "correct horse"}"#)
            #expect(logIn.status == .forbidden && logIn.json["error"]["message"].string?.contains("suspended") == true, "\(logIn.json)")
            let wrongPassword = try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "troll", "password": "wrong"}"#)
            #expect(wrongPassword.status == .unauthorized, "a guess learns nothing")
            #expect(try await api.get("/api/qwinkle/v1/accounts/troll").status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(rude)", token: abe.token).status == .notFound)
            #expect(!(try await api.get("/api/qwinkle/v1/timelines/home", token: abe.token).json.ids.contains(rude)))
            let message = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["troll"], "body": "hi"}"#)
            #expect(message.status == .unprocessableContent)

            let resolved = try await api.get("/api/qwinkle/v1/moderation/reports/\(report)", token: mod.token)
            #expect(resolved.json["state"].string == "resolved" && resolved.json["resolved_by"]["username"].string == "mod")
            #expect(try await api.get("/api/qwinkle/v1/moderation/reports", token: mod.token).json.array.isEmpty, "the open queue is empty")
            let listed = try await api.get("/api/qwinkle/v1/moderation/accounts?standing=suspended", token: mod.token)
            #expect(listed.json.array.map { $0["username"].string } == ["troll"])

            let restored = try await api.request(
                .post, "/api/qwinkle/v1/moderation/accounts/\(troll.id)/actions", token: mod.token, json: #"{"action": "restore", "note": "appeal granted"}"#
            )
            #expect(restored.status == .ok && restored.json["account"]["standing"].isNull, "\(restored.json)")
            #expect(try await api.get("/api/qwinkle/v1/entries/\(rude)", token: abe.token).status == .ok, "what they wrote was kept")
            #expect(try await api.get("/api/qwinkle/v1/accounts/troll/relationship", token: abe.token).json["following"].bool == true)
            let log = try await api.get("/api/qwinkle/v1/moderation/log?account=\(troll.id)", token: mod.token)
            #expect(log.json.array.map { $0["action"].string } == ["restore", "suspend"])
            #expect(log.json.array.last?["report_id"].string == report && log.json.array.last?["note"].string == "spam")
        }
    }

    @Test("Deleting a report's entries removes them for good: their author cannot restore them from the trash")
    func deleteEntries() async throws {
        try await TestServer.runOperated { api, serverOperator in
            let abe = try await api.signUp("abe")
            let troll = try await api.signUp("troll")
            let mod = try await api.signUp("mod")
            try await serverOperator.grantModerator(mod)
            let rude = try #require(try await api.post("Rude words", as: troll)["id"].string)
            let kept = try #require(try await api.post("Kind words", as: troll)["id"].string)
            let report = try #require(
                try await api.request(.post, "/api/qwinkle/v1/reports", token: abe.token, json: #"{"account": "troll", "entry_ids": ["\#(rude)"]}"#)
                    .json["id"].string
            )
            let noReport = try await api.request(
                .post, "/api/qwinkle/v1/moderation/accounts/\(troll.id)/actions", token: mod.token, json: #"{"action": "delete_entries"}"#
            )
            #expect(noReport.status == .unprocessableContent && noReport.json["error"]["fields"]["report_id"].array.count == 1)
            let deleted = try await api.request(
                .post, "/api/qwinkle/v1/moderation/accounts/\(troll.id)/actions", token: mod.token,
                json: #"{"action": "delete_entries", "report_id": "\#(report)"}"#
            )
            #expect(deleted.status == .ok, "\(deleted.json)")
            #expect(try await api.get("/api/qwinkle/v1/entries/\(rude)", token: abe.token).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(kept)", token: abe.token).status == .ok, "only the report's entries")
            let restore = try await api.request(.post, "/api/qwinkle/v1/entries/\(rude)/restore", token: troll.token)
            #expect(restore.status == .notFound, "\(restore.json)")
            #expect(try await api.get("/api/qwinkle/v1/moderation/reports/\(report)", token: mod.token).json["entries"].array.count == 1, "the report still shows it")
        }
    }

    @Test("A warning reaches the person as a message from the moderator, even if they block the moderator; one without words is refused")
    func warn() async throws {
        try await TestServer.runOperated { api, serverOperator in
            let troll = try await api.signUp("troll")
            let mod = try await api.signUp("mod")
            try await serverOperator.grantModerator(mod)
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/mod/block", token: troll.token).status == .ok)
            let empty = try await api.request(.post, "/api/qwinkle/v1/moderation/accounts/\(troll.id)/actions", token: mod.token, json: #"{"action": "warn"}"#)
            #expect(empty.status == .unprocessableContent && empty.json["error"]["fields"]["note"].array.count == 1)
            let warned = try await api.request(
                .post, "/api/qwinkle/v1/moderation/accounts/\(troll.id)/actions", token: mod.token, json: #"{"action": "warn", "note": "Please be kind."}"#
            )
            #expect(warned.status == .ok, "\(warned.json)")
            let conversation = try #require(try await api.get("/api/qwinkle/v1/conversations", token: troll.token).json.array.first?["id"].string)
            let messages = try await api.get("/api/qwinkle/v1/conversations/\(conversation)/messages", token: troll.token)
            #expect(messages.json.array.map { $0["body"].string } == ["Please be kind."], "\(messages.json)")
        }
    }

    @Test("A limited account reaches its followers only: strangers do not find its entries in lists, nor are told what it does to them")
    func limit() async throws {
        try await TestServer.runOperated { api, serverOperator in
            let abe = try await api.signUp("abe")
            let fan = try await api.signUp("fan")
            let loud = try await api.signUp("loud")
            try await api.follow(loud, by: fan)
            let entry = try #require(try await api.post("Buy my stuff #deals", as: loud)["id"].string)
            try await serverOperator.decide(.limit, on: loud)
            _ = try await api.post("Hey @abe @fan, buy my stuff", as: loud)

            #expect(!(try await api.get("/api/qwinkle/v1/timelines/public", token: abe.token).json.ids.contains(entry)))
            #expect(!(try await api.get("/api/qwinkle/v1/timelines/tag/deals").json.ids.contains(entry)))
            #expect(try await api.get("/api/qwinkle/v1/timelines/public", token: fan.token).json.ids.contains(entry), "a follower is reached")
            #expect(try await api.get("/api/qwinkle/v1/entries/\(entry)", token: abe.token).status == .ok, "a link still answers")
            #expect(try await api.get("/api/qwinkle/v1/accounts/loud/entries", token: abe.token).json.ids.contains(entry), "their own page too")
            #expect(try await api.get("/api/qwinkle/v1/accounts/loud").json["standing"].string == "limited")
            #expect(try await api.get("/api/qwinkle/v1/notifications", token: abe.token).json.array.isEmpty)
            #expect(try await api.get("/api/qwinkle/v1/notifications", token: fan.token).json.array.count == 1)
        }
    }

    @Test("Suspending or limiting someone takes their entries off open public timelines at once, signed in or not; a follower keeps a limited one")
    func liveHide() async throws {
        try await TestServer.runOperated(live: true) { api, serverOperator in
            let abe = try await api.signUp("abe")
            let fan = try await api.signUp("fan")
            let loud = try await api.signUp("loud")
            let troll = try await api.signUp("troll")
            let mod = try await api.signUp("mod")
            try await serverOperator.grantModerator(mod)
            try await api.follow(loud, by: fan)
            var anonymous = try await api.stream("/api/qwinkle/v1/streaming/public")
            var signedIn = try await api.stream("/api/qwinkle/v1/streaming/public", token: abe.token)
            var following = try await api.stream("/api/qwinkle/v1/streaming/public", token: fan.token)
            _ = try await anonymous.untilLive()
            _ = try await signedIn.untilLive()
            _ = try await following.untilLive()

            let suspend = try await api.request(.post, "/api/qwinkle/v1/moderation/accounts/\(troll.id)/actions", token: mod.token, json: #"{"action": "suspend"}"#)
            #expect(suspend.status == .ok)
            let trollGone = #"{"accounts":["troll"]}"#
            let toAnonymous = try #require(try await anonymous.nextEvent())
            #expect(toAnonymous.name == "hide" && toAnonymous.data == trollGone, "\(toAnonymous)")
            let toSignedIn = try #require(try await signedIn.nextEvent())
            #expect(toSignedIn.name == "hide" && toSignedIn.data == trollGone, "\(toSignedIn)")
            let toFollower = try #require(try await following.nextEvent())
            #expect(toFollower.name == "hide" && toFollower.data == trollGone, "\(toFollower)")
            let limit = try await api.request(.post, "/api/qwinkle/v1/moderation/accounts/\(loud.id)/actions", token: mod.token, json: #"{"action": "limit"}"#)
            #expect(limit.status == .ok)
            let loudGone = #"{"accounts":["loud"]}"#
            let limitedToAnonymous = try #require(try await anonymous.nextEvent())
            #expect(limitedToAnonymous.name == "hide" && limitedToAnonymous.data == loudGone, "\(limitedToAnonymous)")
            let limitedToSignedIn = try #require(try await signedIn.nextEvent())
            #expect(limitedToSignedIn.name == "hide" && limitedToSignedIn.data == loudGone, "\(limitedToSignedIn)")
            // The follower is shown what the limited account writes next, and nothing was hidden from them first.
            let next = try #require(try await api.post("Still here", as: loud)["id"].string)
            let shown = try #require(try await following.nextEvent())
            #expect(shown.id == next, "\(shown)")
        }
    }
}
