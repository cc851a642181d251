import Foundation
import HTTPTypes
import HummingbirdTesting
import QwinkleKit
import QwinkleMedia
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import QwinkleTestSupport
import Testing

@Suite("Sessions, password changes and account deletion")
struct AccountLifecycleTests {
    /// Logs `username` in with `password`, naming the client `userAgent`; the response, whatever it is.
    static func logIn(_ api: APIClient, _ username: String, password: String = "correct horse", userAgent: String = "") async throws -> APIResponse {
        var headers: HTTPFields = [:]
        if !userAgent.isEmpty { headers[.userAgent] = userAgent }
        return try await api.request(
            .post, "/api/qwinkle/v1/sessions", json: #"{"username": "\#(username)", "password": "\#(password)"}"#, headers: headers
        )
    }

    @Test("Sessions are listed with their client, the asking one marked; ending one revokes its token, and only the owner's")
    func sessions() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let phone = try #require(try await Self.logIn(api, "abe", userAgent: "Mozilla/5.0 (Linux; Android 14) Firefox/140.0").json["token"].string)

            let listed = try await api.get("/api/qwinkle/v1/accounts/me/sessions", token: phone)
            #expect(listed.status == .ok)
            let sessions = listed.json.array
            #expect(sessions.count == 2)
            let current = try #require(sessions.first { $0["current"].bool == true })
            #expect(current["client"].string == "Mozilla/5.0 (Linux; Android 14) Firefox/140.0")
            #expect(current["created_at"].string != nil && current["last_used_at"].string != nil)
            let other = try #require(sessions.first { $0["current"].bool == false })
            let otherID = try #require(other["id"].string)

            let stranger = try await api.request(.delete, "/api/qwinkle/v1/accounts/me/sessions/\(otherID)", token: mary.token)
            #expect(stranger.status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: abe.token).status == .ok)

            let ended = try await api.request(.delete, "/api/qwinkle/v1/accounts/me/sessions/\(otherID)", token: phone)
            #expect(ended.status == .noContent)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: abe.token).status == .unauthorized)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: phone).status == .ok)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/accounts/me/sessions/\(otherID)", token: phone).status == .notFound)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me/sessions").status == .unauthorized)
        }
    }

    @Test("A password change needs the current password, ends every other session and keeps this one")
    func changePassword() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let laptop = try #require(try await Self.logIn(api, "abe").json["token"].string)
            let change: (String) async throws -> APIResponse = { body in
                try await api.request(.put, "/api/qwinkle/v1/accounts/me/password", token: abe.token, json: body)
            }

            let wrong = try await change(#"{"current_password": "wrong horse", "new_password": "battery staple"}"#)
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.fieldErrors("current_password") == ["The password is wrong."])
            let short = try await change(#"{"current_password": "correct horse", "new_password": "short"}"#)
            #expect(short.status == .unprocessableContent)
            #expect(short.fieldErrors("new_password") == [ValidationReason.passwordTooShort(minimumBytes: 8).message])
            let mismatch = try await change(
                #"{"current_password": "correct horse", "new_password": "battery staple", "new_password_confirmation": "battery stapler"}"#
            )
            #expect(mismatch.fieldErrors("new_password_confirmation") == [ValidationReason.passwordsDoNotMatch.message])
            // Nothing changed: the other session and the old password still work.
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: laptop).status == .ok)
            #expect(try await Self.logIn(api, "abe").status == .created)

            let changed = try await change(#"{"current_password": "correct horse", "new_password": "battery staple"}"#)
            #expect(changed.status == .noContent)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: abe.token).status == .ok)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: laptop).status == .unauthorized)
            #expect(try await Self.logIn(api, "abe").status == .unauthorized)
            #expect(try await Self.logIn(api, "abe", password: "battery staple").status == .created)
        }
    }

    @Test("Deleting an account needs its password, then removes its entries, photos and relations, keeps its messages and frees its name")
    func deleteAccount() async throws {
        try await TestServer.withTemporaryData { server in
            let (abePhotoHash, sharedHash) = try await server.test { client in
                let api = APIClient(client: client)
                let abe = try await api.signUp("abe")
                let mary = try await api.signUp("mary")
                let ownPhoto = try await api.upload(StoredPNG.image(width: 2, height: 2, colorType: .grey, pixels: [0, 85, 170, 255]), as: abe)
                let sharedPhoto = try await api.upload(TestImages.png, as: abe)
                let marysPhoto = try await api.upload(TestImages.png, as: mary)
                let entry = try await api.post("Hello from Abe", as: abe, photos: [ownPhoto])
                let entryID = try #require(entry["id"].string)
                let marysEntry = try #require(try await api.post("Hello from Mary", as: mary)["id"].string)
                try await api.follow(mary, by: abe)
                try await api.follow(abe, by: mary)
                try await api.shareJournal(of: abe, with: mary)
                #expect(try await api.request(.post, "/api/qwinkle/v1/entries/\(marysEntry)/mark", token: abe.token).status == .ok)
                let sent = try await api.request(
                    .post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["mary"], "body": "Hi Mary", "photo_ids": ["\#(sharedPhoto)"]}"#
                )
                #expect(sent.status == .created)
                let conversation = try #require(sent.json["conversation"]["id"].string)
                let ownPhotoJSON = try await api.get("/api/qwinkle/v1/photos/\(ownPhoto)", token: abe.token)
                let hashes = try await server.withStorage { storage in
                    (try #require(try await storage.photo(id: Photo.ID(rawValue: ownPhoto)!)).photo.sha256,
                     try #require(try await storage.photo(id: Photo.ID(rawValue: marysPhoto)!)).photo.sha256)
                }
                #expect(ownPhotoJSON.status == .ok)

                let refused = try await api.request(.post, "/api/qwinkle/v1/accounts/me/deletion", token: abe.token, json: #"{"password": "wrong horse"}"#)
                #expect(refused.status == .unprocessableContent)
                #expect(refused.fieldErrors("password") == ["The password is wrong."])
                #expect(try await api.get("/api/qwinkle/v1/entries/\(entryID)", token: mary.token).status == .ok)

                let deleted = try await api.request(.post, "/api/qwinkle/v1/accounts/me/deletion", token: abe.token, json: #"{"password": "correct horse"}"#)
                #expect(deleted.status == .noContent)
                #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: abe.token).status == .unauthorized)
                #expect(try await api.get("/api/qwinkle/v1/accounts/abe").status == .notFound)
                #expect(try await api.get("/api/qwinkle/v1/entries/\(entryID)", token: mary.token).status == .notFound)
                #expect(try await api.get("/api/qwinkle/v1/photos/\(ownPhoto)", token: mary.token).status == .notFound)
                #expect(try await api.get("/api/qwinkle/v1/photos/\(sharedPhoto)", token: mary.token).status == .notFound)
                // Mary's copy of the same bytes is hers, and stays.
                let marys = try await api.get("/api/qwinkle/v1/photos/\(marysPhoto)", token: mary.token)
                #expect(marys.status == .ok)
                #expect(marys.bytes == TestImages.png)
                #expect(try await api.get("/api/qwinkle/v1/accounts/mary/followers").json.array.isEmpty)
                #expect(try await api.get("/api/qwinkle/v1/accounts/mary/following").json.array.isEmpty)
                let messages = try await api.get("/api/qwinkle/v1/conversations/\(conversation)/messages", token: mary.token)
                #expect(messages.status == .ok)
                let message = try #require(messages.json.array.first)
                #expect(message["body"].string == "Hi Mary")
                #expect(message["sender_id"] == .null)
                #expect(message["photo_ids"].array.isEmpty)

                let again = try await api.signUp("abe")
                #expect(again.id != abe.id)
                #expect(try await api.get("/api/qwinkle/v1/accounts/abe/followers").json.array.isEmpty)
                return hashes
            }
            // The deleted photo's bytes are gone; the bytes Mary's photo shares are kept.
            try await server.withStorage { storage in
                let files = try PhotoFiles(dataDirectory: server.dataDirectory)
                let bytes: any PhotoBytesStore = (storage as? any PhotoBytesStore) ?? files
                #expect(try await !bytes.hasBytes(sha256: abePhotoHash))
                #expect(try await bytes.hasBytes(sha256: sharedHash))
            }
        }
    }

    @Test("The web app's account page lists sessions, changes the password and deletes the account")
    func webAccountSettings() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let other = try #require(try await Self.logIn(api, "abe", userAgent: "qwinkle-cli").json["token"].string)
            var browser = WebSession(api)
            _ = try await browser.get("/login")
            let loggedIn = try await browser.post(
                "/login", [("username", "abe"), ("password", "correct horse"), ("next", "/settings/account")],
                headers: [.userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/141.0 Safari/537.36"]
            )
            #expect(loggedIn.status == .seeOther || loggedIn.status == .found)
            let page = try await browser.get("/settings/account")
            #expect(page.status == .ok)
            let html = String(decoding: page.bytes, as: UTF8.self)
            #expect(html.contains("Chrome on Linux"))
            #expect(html.contains("this browser"))
            #expect(html.contains("The qwinkle command"))

            let wrong = try await browser.post(
                "/settings/password",
                [("current_password", "wrong horse"), ("new_password", "battery staple"), ("new_password_confirmation", "battery staple")]
            )
            #expect(wrong.status == .unprocessableContent)
            #expect(String(decoding: wrong.bytes, as: UTF8.self).contains("The password is wrong."))
            let changed = try await browser.post(
                "/settings/password",
                [("current_password", "correct horse"), ("new_password", "battery staple"), ("new_password_confirmation", "battery staple")]
            )
            #expect(changed.status == .seeOther)
            #expect(changed.headers[.location] == "/settings/account?done=password")
            let after = try await browser.get("/settings/account?done=password")
            #expect(String(decoding: after.bytes, as: UTF8.self).contains("Your password is changed."))
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: other).status == .unauthorized)
            #expect(try await browser.get("/settings/account").status == .ok, "this browser stays signed in")

            let deleted = try await browser.post("/settings/delete", [("password", "battery staple")])
            #expect(deleted.status == .seeOther || deleted.status == .found)
            #expect(browser.cookies["qwinkle_session"] == nil)
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe").status == .notFound)
        }
    }
}
