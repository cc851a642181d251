import Foundation
import HTTPTypes
import QwinkleTestSupport
import QwinkleServices
import Testing

/// Every form of the web app is refused without its CSRF token, or with another, and changes nothing; with it,
/// the same form does what it says, so a refusal that "changes nothing" is seen to matter.
@Suite("Web forms and CSRF")
struct WebFormCSRFTests {
    /// Every form a page posts, other than sign-up (which `WebAppTests` covers).
    enum Form: String, CaseIterable, Sendable {
        case logIn, logOut, follow, unfollow, settings, compose, edit, restoreRevision, mark, unmark, bookmark, unbookmark, share, unshare, pin, unpin, delete,
            addJournalReader, removeJournalReader, message, changePassword, endSession, deleteAccount, markNotificationsRead,
            deleteDraft, changeScheduledTime, cancelScheduled, report, moderate

        /// The route the form posts to, as `WebApp+Routes.swift` names it.
        var route: String {
            switch self {
            case .logIn: "/login"
            case .logOut: "/logout"
            case .follow: "/people/:username/follow"
            case .unfollow: "/people/:username/unfollow"
            case .settings: "/settings"
            case .compose: "/compose"
            case .edit: "/entries/:id/edit"
            case .restoreRevision: "/entries/:id/revisions/:revision/restore"
            case .mark: "/entries/:id/mark"
            case .unmark: "/entries/:id/unmark"
            case .bookmark: "/entries/:id/bookmark"
            case .unbookmark: "/entries/:id/unbookmark"
            case .share: "/entries/:id/share"
            case .unshare: "/entries/:id/unshare"
            case .pin: "/entries/:id/pin"
            case .unpin: "/entries/:id/unpin"
            case .delete: "/entries/:id/delete"
            case .addJournalReader: "/journal/readers"
            case .removeJournalReader: "/journal/readers/:username/remove"
            case .message: "/messages"
            case .changePassword: "/settings/password"
            case .endSession: "/settings/sessions/:id/end"
            case .deleteAccount: "/settings/delete"
            case .markNotificationsRead: "/notifications/read"
            case .deleteDraft: "/drafts/:id/delete"
            case .changeScheduledTime: "/scheduled/:id/time"
            case .cancelScheduled: "/scheduled/:id/cancel"
            case .report: "/people/:username/report"
            case .moderate: "/moderation/reports/:id/act"
            }
        }
    }

    /// Abe signed in in a browser, Mary, and one of Abe's entries at its second revision.
    struct World: Sendable {
        var browser: WebSession
        let abe: User
        let mary: User
        let entry: String
        /// The session of Abe's API token, as the account page lists it.
        let apiSession: String
        /// A draft of Abe's.
        let draft: String
        /// An entry Abe scheduled for an hour ahead, for the forms that change one.
        var scheduled = ""
        /// A report of Mary's entry, for the moderator's form (Abe moderates).
        var report = ""
    }

    static func makeWorld(_ api: APIClient, for form: Form, serverOperator: Operator) async throws -> World {
        let abe = try await api.signUp("abe")
        let mary = try await api.signUp("mary")
        let entry = try #require(try await api.post("first words", as: abe)["id"].string)
        let edited = try await api.request(.put, "/api/qwinkle/v1/entries/\(entry)", token: abe.token, json: """
            {"base_revision": 1, "kind": "update", "body": "second words", "visibility": "public"}
            """)
        #expect(edited.status == .ok)
        switch form {
        case .unfollow: try await api.follow(mary, by: abe)
        case .unmark: #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/mark", token: abe.token).status == .ok)
        case .unbookmark: #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/bookmark", token: abe.token).status == .ok)
        case .unshare: #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/share", token: abe.token).status == .ok)
        case .unpin: #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(entry)/pin", token: abe.token).status == .ok)
        case .removeJournalReader: try await api.shareJournal(of: abe, with: mary)
        case .markNotificationsRead: try await api.follow(abe, by: mary)
        default: break
        }
        var browser = WebSession(api)
        _ = try await browser.get("/login")
        if form != .logIn {
            let signedIn = try await browser.post("/login", [("username", "abe"), ("password", "correct horse")])
            #expect(signedIn.status == .seeOther)
            // A page read as Abe gives the form token of his session, as the browser would see it.
            #expect(try await browser.get("/home").status == .ok)
        }
        let sessions = try await api.get("/api/qwinkle/v1/accounts/me/sessions", token: abe.token)
        let apiSession = try #require(sessions.json.array.first { $0["current"].bool == true }?["id"].string)
        let draft = try await api.request(.post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "update", "body": "kept", "visibility": "public"}"#)
        let draftID = try #require(draft.json["id"].string)
        var world = World(browser: browser, abe: abe, mary: mary, entry: entry, apiSession: apiSession, draft: draftID)
        if form == .report || form == .moderate {
            // Abe moderates, so what either form changes is his to read.
            try await serverOperator.grantModerator(abe)
            let reported = try await api.request(.post, "/api/qwinkle/v1/reports", token: abe.token, json: #"{"account": "mary"}"#)
            world.report = try #require(reported.json["id"].string, "\(reported.json)")
        }
        if form == .changeScheduledTime || form == .cancelScheduled {
            let scheduled = try await api.schedule("later words", as: abe, at: Date().addingTimeInterval(3_600))
            world.scheduled = try #require(scheduled.json["id"].string, "\(scheduled.json)")
        }
        return world
    }

    /// The path and fields of a genuine submission of the form.
    static func submission(_ form: Form, world: World) -> (path: String, fields: [(String, String)]) {
        let entry = world.entry
        return switch form {
        case .logIn: ("/login", [("username", "abe"), ("password", "correct horse")])
        case .logOut: ("/logout", [])
        case .follow: ("/people/mary/follow", [])
        case .unfollow: ("/people/mary/unfollow", [])
        case .settings: ("/settings", [("display_name", "Abraham"), ("bio", "Rail-splitter"), ("favorite_creature", "shark")])
        case .compose: ("/compose", [("kind", "update"), ("body", "A forged post?"), ("visibility", "public")])
        case .edit: ("/entries/\(entry)/edit", [("base_revision", "2"), ("kind", "update"), ("body", "third words"), ("visibility", "public")])
        case .restoreRevision: ("/entries/\(entry)/revisions/1/restore", [])
        case .mark: ("/entries/\(entry)/mark", [])
        case .unmark: ("/entries/\(entry)/unmark", [])
        case .bookmark: ("/entries/\(entry)/bookmark", [])
        case .unbookmark: ("/entries/\(entry)/unbookmark", [])
        case .share: ("/entries/\(entry)/share", [])
        case .unshare: ("/entries/\(entry)/unshare", [])
        case .pin: ("/entries/\(entry)/pin", [])
        case .unpin: ("/entries/\(entry)/unpin", [])
        case .delete: ("/entries/\(entry)/delete", [])
        case .addJournalReader: ("/journal/readers", [("username", "mary")])
        case .removeJournalReader: ("/journal/readers/mary/remove", [])
        case .message: ("/messages", [("to", "mary"), ("body", "A forged note?")])
        case .changePassword:
            ("/settings/password", [("current_password", "correct horse"), ("new_password", "battery staple"), ("new_password_confirmation", "battery staple")])
        case .endSession: ("/settings/sessions/\(world.apiSession)/end", [])
        case .deleteAccount: ("/settings/delete", [("password", "correct horse")])
        // Any ID at or above Abe's newest reads everything he has.
        case .markNotificationsRead: ("/notifications/read", [("newest", "999999")])
        case .deleteDraft: ("/drafts/\(world.draft)/delete", [])
        case .changeScheduledTime:
            ("/scheduled/\(world.scheduled)/time", [("scheduled_local", LocalField.value(Date().addingTimeInterval(7_200))), ("scheduled_offset", "0")])
        case .cancelScheduled: ("/scheduled/\(world.scheduled)/cancel", [])
        case .report: ("/people/mary/report", [("comment", "A forged report?")])
        case .moderate: ("/moderation/reports/\(world.report)/act", [("action", "resolve")])
        }
    }

    /// What the form changes, read through the API as Abe (or, for logging in and out, whether the browser is signed in).
    static func state(_ form: Form, world: World, api: APIClient) async throws -> String {
        let token = world.abe.token
        let read: (String) async throws -> String = { path in
            let response = try await api.get(path, token: token)
            return "\(response.status.code) \(response.text)"
        }
        switch form {
        case .logIn, .logOut:
            var browser = world.browser
            return "\(try await browser.get("/home").status.code)"
        case .follow, .unfollow: return try await read("/api/qwinkle/v1/accounts/abe/following")
        case .settings: return try await read("/api/qwinkle/v1/accounts/me")
        case .compose: return try await read("/api/qwinkle/v1/accounts/abe/entries")
        case .edit, .restoreRevision, .delete: return try await read("/api/qwinkle/v1/entries/\(world.entry)")
        case .mark, .unmark: return try await read("/api/qwinkle/v1/marks")
        case .bookmark, .unbookmark: return try await read("/api/qwinkle/v1/bookmarks")
        case .pin, .unpin: return try await read("/api/qwinkle/v1/accounts/abe/pinned")
        // His own share is on his profile.
        case .share, .unshare: return try await read("/api/qwinkle/v1/accounts/abe/entries")
        case .addJournalReader, .removeJournalReader: return try await read("/api/qwinkle/v1/journal/readers")
        case .message: return try await read("/api/qwinkle/v1/conversations")
        case .markNotificationsRead: return try await read("/api/qwinkle/v1/notifications/unread_count")
        case .deleteDraft: return try await read("/api/qwinkle/v1/drafts")
        case .changeScheduledTime, .cancelScheduled: return try await read("/api/qwinkle/v1/scheduled_entries")
        // Each ends the session of Abe's API token, which the browser's form does not use.
        case .changePassword, .endSession, .deleteAccount: return try await read("/api/qwinkle/v1/accounts/me")
        case .report, .moderate: return try await read("/api/qwinkle/v1/moderation/reports?state=all")
        }
    }

    @Test("A form without its CSRF token, or with another, is 403 and changes nothing; with it, it does its work",
          arguments: Form.allCases)
    func csrf(form: Form) async throws {
        try await TestServer.runOperated { api, serverOperator in
            var world = try await Self.makeWorld(api, for: form, serverOperator: serverOperator)
            let (path, fields) = Self.submission(form, world: world)
            let before = try await Self.state(form, world: world, api: api)

            var missing = world.browser
            #expect(try await missing.post(path, fields, csrf: false).status == .forbidden, "no token")
            var wrong = world.browser
            wrong.csrfToken = "not-the-token"
            #expect(try await wrong.post(path, fields).status == .forbidden, "another token")
            #expect(try await Self.state(form, world: world, api: api) == before, "a refused form changes nothing")

            let genuine = try await world.browser.post(path, fields)
            #expect(genuine.status == .seeOther, "\(genuine.status) \(genuine.text.prefix(300))")
            #expect(try await Self.state(form, world: world, api: api) != before, "the genuine form changed something")
        }
    }

    @Test("Every form route of the web app is in the table")
    func everyFormIsCovered() throws {
        let routes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/QwinkleServer/Web/WebApp+Routes.swift")
        let source = try String(contentsOf: routes, encoding: .utf8)
        let posted = Set(source.components(separatedBy: #"router.post(""#).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        #expect(posted.count > 10, "the routes were read")
        // The consent form's CSRF check is tested with the OAuth flow (MastodonOAuthTests): what it makes, a code, is
        // seen only by the app it is sent to.
        // A reader's reactions to an entry are routed in a loop, one route each.
        let reactions = Set(EntryService.Reaction.allCases.map { "/entries/:id/\($0.rawValue)" })
        #expect(posted.union(reactions).subtracting(["/signup", "/oauth/authorize"]) == Set(Form.allCases.map(\.route)))
    }
}
