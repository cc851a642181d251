import Foundation
import HTTPTypes
import HummingbirdTesting
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("Accounts and sessions")
struct AccountTests {
    @Test("Signing up gives an account and a token that works")
    func signUp() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let me = try await api.get("/api/qwinkle/v1/accounts/me", token: abe.token)
            #expect(me.status == .ok)
            #expect(me.json["username"].string == "abe")
            #expect(me.json["id"].string == abe.id)
            #expect(me.json.keys.isDisjoint(with: ["email", "password", "password_hash"]))
        }
    }

    /// Talk 004's sign-up form, judged on the server by the same validator: the messages are the validator's own.
    @Test("Invalid sign-ups answer 422 with the SignUpValidator's reasons per field", arguments: [
        (#"{"username": "", "email": "abe@example.com", "password": "gettysburg", "password_confirmation": "gettysburg"}"#, "username", [ValidationReason.required]),
        (#"{"email": "abe@example.com", "password": "gettysburg", "password_confirmation": "gettysburg"}"#, "username", [.required]),
        (#"{"username": "Abe Lincoln", "email": "abe@example.com", "password": "gettysburg", "password_confirmation": "gettysburg"}"#, "username", [.usernameCharacters]),
        (#"{"username": "abe", "email": "abe@example.com", "password": "gettysburg", "password_confirmation": "gettysburk"}"#, "password_confirmation", [.passwordsDoNotMatch]),
        (#"{"username": "abe", "email": "abe", "password": "gettysburg", "password_confirmation": "gettysburg"}"#, "email", [.emailAtSign]),
        (#"{"username": "abe", "email": "abe@example.com", "password": "short", "password_confirmation": "short"}"#, "password", [.passwordTooShort(minimumBytes: 8)]),
    ])
    func invalidSignUp(body: String, field: String, reasons: [ValidationReason]) async throws {
        try await TestServer.run { api in
            let response = try await api.request(.post, "/api/qwinkle/v1/accounts", json: body)
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "validation_failed")
            #expect(response.fieldErrors(field) == reasons.map(\.message))
            // Nothing was created: the name is still free.
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe").status == .notFound)
        }
    }

    @Test(
        "Tokens are kept only as their SHA-256: the database's files hold the hash and never the token",
        .disabled(if: PostgresTestDatabase.serversUsePostgres, "reads the bytes of the SQLite file")
    )
    func tokensAreStoredAsHashes() async throws {
        try await TestServer.withTemporaryData { server in
            let folder = server.dataDirectory
            let tokens = try await server.test { client in
                let api = APIClient(client: client)
                let signedUp = try await api.signUp("abe").token
                let loggedIn = try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "abe", "password": "correct horse"}"#)
                return [signedUp, try #require(loggedIn.json["token"].string)]
            }
            // The file and its write-ahead log: a token written anywhere would be in one of them.
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("qwinkle.sqlite") }
            let bytes = try files.flatMap { try Data(contentsOf: folder.appendingPathComponent($0)) }
            for token in tokens {
                let hash = tokenHash(token)
                #expect(bytes.firstRange(of: Data(hash.utf8)) != nil, "the token's hash is stored")
                #expect(bytes.firstRange(of: Data(token.utf8)) == nil, "the token itself is not")
            }
        }
    }

    @Test("A taken username is 409; the same name in capitals is refused by the username rule, so no look-alike is made")
    func takenUsername() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let signUp: (String) async throws -> APIResponse = { name in
                try await api.request(.post, "/api/qwinkle/v1/accounts", json: """
                    {"username": "\(name)", "email": "x@example.com", "password": "gettysburg", "password_confirmation": "gettysburg"}
                    """)
            }
            let taken = try await signUp("abe")
            #expect(taken.status == .conflict)
            #expect(taken.errorCode == "username_taken")
            let capitals = try await signUp("ABE")
            #expect(capitals.status == .unprocessableContent)
            #expect(capitals.fieldErrors("username") == [ValidationReason.usernameCharacters.message])
            // Either way the name still belongs to the first account, whatever case it is looked up in.
            #expect(try await api.get("/api/qwinkle/v1/accounts/ABE").json["id"].string == abe.id)
        }
    }

    @Test("A body that is not JSON is 400; a body of another type is 415")
    func malformed() async throws {
        try await TestServer.run { api in
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts", json: "{not json").status == .badRequest)
            let plain = try await api.request(.post, "/api/qwinkle/v1/accounts", json: "{}", contentType: "text/plain")
            #expect(plain.status == .unsupportedMediaType)
            #expect(plain.errorCode == "unsupported_media_type")
        }
    }

    @Test("Logging in gives a new token; wrong credentials are 401 whichever part is wrong")
    func logIn() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let good = try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "abe", "password": "correct horse"}"#)
            #expect(good.status == .created)
            let token = try #require(good.json["token"].string)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: token).status == .ok)
            for body in [#"{"username": "abe", "password": "wrong horse"}"#, #"{"username": "nobody", "password": "correct horse"}"#] {
                let bad = try await api.request(.post, "/api/qwinkle/v1/sessions", json: body)
                #expect(bad.status == .unauthorized)
                #expect(bad.json["error"]["message"].string == "Wrong username or password.")
            }
            let missing = try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "abe"}"#)
            #expect(missing.status == .unprocessableContent)
            #expect(missing.fieldErrors("password") == [ValidationReason.required.message])
        }
    }

    @Test("Logging out revokes the token and only that token")
    func logOut() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let second = try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "abe", "password": "correct horse"}"#)
            let otherToken = try #require(second.json["token"].string)
            #expect(try await api.request(.delete, "/api/qwinkle/v1/sessions/current", token: abe.token).status == .noContent)
            let revoked = try await api.get("/api/qwinkle/v1/accounts/me", token: abe.token)
            #expect(revoked.status == .unauthorized)
            #expect(revoked.headers[.wwwAuthenticate] == "Bearer")
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: otherToken).status == .ok)
        }
    }

    @Test("Without a token, /me is 401; with a made-up token too")
    func unauthorized() async throws {
        try await TestServer.run { api in
            let anonymous = try await api.get("/api/qwinkle/v1/accounts/me")
            let madeUp = try await api.get("/api/qwinkle/v1/accounts/me", token: "made-up")
            let madeUpOnPublic = try await api.get("/api/qwinkle/v1/timelines/public", token: "made-up")
            #expect([anonymous.status, madeUp.status, madeUpOnPublic.status] == [.unauthorized, .unauthorized, .unauthorized])
        }
    }

    @Test("The profile changes field by field; an avatar must be your own photo")
    func profile() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let photo = try await api.upload(as: abe)
            let marysPhoto = try await api.upload(as: mary)
            var response = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: """
                {"display_name": "Abraham", "bio": "Sixteenth.", "favorite_creature": "unicorn_pink", "avatar": "\(photo)"}
                """)
            #expect(response.status == .ok)
            #expect(response.json["display_name"].string == "Abraham")
            #expect(response.json["favorite_creature"].string == "unicorn_pink")
            #expect(response.json["avatar_url"].string == "/api/qwinkle/v1/photos/\(photo)")
            response = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"favorite_creature": "none", "avatar": ""}"#)
            #expect(response.json["favorite_creature"].isNull && response.json["avatar"].isNull)
            #expect(response.json["bio"].string == "Sixteenth.", "fields left out stay as they were")
            response = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"avatar": "\#(marysPhoto)"}"#)
            #expect(response.status == .unprocessableContent)
            #expect(!response.fieldErrors("avatar").isEmpty)
            response = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"favorite_creature": "griffin"}"#)
            #expect(response.status == .unprocessableContent)
            #expect(response.fieldErrors("favorite_creature").first?.contains("unicorn_pink") == true)
            response = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"display_name": "\#(String(repeating: "x", count: 51))"}"#)
            #expect(response.status == .unprocessableContent)
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe").json["display_name"].string == "Abraham")
        }
    }

    @Test("Profiles are public; an unknown one is 404")
    func profiles() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe").json["username"].string == "abe")
            #expect(try await api.get("/api/qwinkle/v1/accounts/ABE").status == .ok)
            #expect(try await api.get("/api/qwinkle/v1/accounts/nobody").status == .notFound)
        }
    }

    @Test("Following is idempotent, listed both ways, and never of yourself")
    func follows() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            try await api.follow(abe, by: mary)
            let again = try await api.request(.post, "/api/qwinkle/v1/accounts/abe/follow", token: mary.token)
            #expect(again.json["following"].bool == true && again.json["followed_by"].bool == false)
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/followers").json.ids == [mary.id])
            #expect(try await api.get("/api/qwinkle/v1/accounts/mary/following").json.ids == [abe.id])
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/abe/follow", token: abe.token).status == .unprocessableContent)
            #expect(try await api.request(.post, "/api/qwinkle/v1/accounts/nobody/follow", token: abe.token).status == .notFound)
            let unfollow = try await api.request(.delete, "/api/qwinkle/v1/accounts/abe/follow", token: mary.token)
            #expect(unfollow.json["following"].bool == false)
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe/followers").json.ids.isEmpty)
        }
    }
}

/// The sign-up form's live checks, as a page makes them while a person fills it in.
@Suite("Sign-up validation")
struct SignUpValidationTests {
    @Test("An empty form shows no errors and may not be sent")
    func empty() async throws {
        try await TestServer.run { api in
            let response = try await api.request(.post, "/api/qwinkle/v1/accounts/validation", json: "{}")
            #expect(response.status == .ok)
            #expect(response.json["submittable"].bool == false)
            for field in ["username", "email", "password", "password_confirmation"] {
                #expect(response.json["fields"][field]["state"].string == "incomplete")
                #expect(response.json["fields"][field]["messages"].array.isEmpty)
            }
        }
    }

    @Test("Each field is judged as it is filled in; only a complete, valid form may be sent")
    func fieldByField() async throws {
        try await TestServer.run { api in
            let partial = try await api.request(.post, "/api/qwinkle/v1/accounts/validation", json: #"{"username": "Abe", "password": "gettysburg"}"#)
            #expect(partial.json["fields"]["username"]["state"].string == "invalid")
            #expect(partial.json["fields"]["username"]["messages"][0].string == ValidationReason.usernameCharacters.message)
            #expect(partial.json["fields"]["password"]["state"].string == "valid")
            #expect(partial.json["fields"]["email"]["state"].string == "incomplete")
            let complete = try await api.request(.post, "/api/qwinkle/v1/accounts/validation", json: """
                {"username": "abe", "email": "abe@example.com", "password": "gettysburg", "password_confirmation": "gettysburg"}
                """)
            #expect(complete.json["submittable"].bool == true)
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe").status == .notFound, "validating creates nothing")
        }
    }

    @Test("A taken username is invalid before the form is sent")
    func taken() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let response = try await api.request(.post, "/api/qwinkle/v1/accounts/validation", json: """
                {"username": "abe", "email": "x@example.com", "password": "gettysburg", "password_confirmation": "gettysburg"}
                """)
            #expect(response.json["submittable"].bool == false)
            #expect(response.json["fields"]["username"]["state"].string == "invalid")
            #expect(response.json["fields"]["username"]["messages"][0].string == "The username abe is taken; try another.")
        }
    }
}
