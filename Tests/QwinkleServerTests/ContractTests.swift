import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

/// What the contract promises beyond each operation's own answers: HEAD, 405 with `Allow`, no nulls, no unknown
/// fields, and IDs in the one spelling the server writes.
@Suite("The contract, exactly")
struct ContractTests {
    @Test("HEAD answers like GET without the body, for pages and the API alike")
    func headIsGetWithoutBody() async throws {
        try await TestServer.run { api in
            for path in ["/", "/health", "/api/qwinkle/v1/timelines/public", "/openapi.yaml"] {
                let get = try await api.get(path)
                let head = try await api.request(.head, path)
                #expect(head.status == .ok, "\(path)")
                #expect(head.bytes.isEmpty, "\(path)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
            }
            #expect(try await api.request(.head, "/api/qwinkle/v1/entries/99").status == .notFound)
        }
    }

    @Test("A method a path does not take is 405 naming the ones it does in Allow; a path that is not there stays 404")
    func methodNotAllowed() async throws {
        try await TestServer.run { api in
            let trace = try await api.request(.init("TRACE")!, "/api/qwinkle/v1/entries/5")
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers[.allow] == "DELETE, GET, HEAD, PUT")
            #expect(trace.errorCode == "method_not_allowed")
            #expect(trace.json["error"]["message"].string == "TRACE is not allowed here; only DELETE, GET, HEAD and PUT are.")
            let put = try await api.request(.put, "/api/qwinkle/v1/accounts/validation")
            #expect(put.json["error"]["message"].string == "PUT is not allowed here; only POST is.")
            // The fixed path wins over /api/qwinkle/v1/accounts/{username}, as the router decides.
            #expect(try await api.request(.get, "/api/qwinkle/v1/accounts/validation").headers[.allow] == "POST")
            #expect(try await api.request(.delete, "/health").headers[.allow] == "GET, HEAD")
            #expect(try await api.request(.put, "/compose").headers[.allow] == "GET, HEAD, POST")
            #expect(try await api.request(.delete, "/api/qwinkle/v1/nothing-here").status == .notFound)
        }
    }

    @Test("A refusal's message names fields as people say them, whole, while `fields` keeps the wire names for programs")
    func messagesNameFieldsInWords() async throws {
        try await TestServer.run { api in
            let signUp = try await api.request(.post, "/api/qwinkle/v1/accounts", json: """
                {"username": "abe", "email": "not an address", "password": "correct horse", "password_confirmation": "correct hose"}
                """)
            #expect(signUp.status == .unprocessableContent)
            #expect(!signUp.fieldErrors("password_confirmation").isEmpty && !signUp.fieldErrors("email").isEmpty, "\(signUp.json)")
            let message = try #require(signUp.json["error"]["message"].string)
            #expect(message.contains("Password confirmation: \(signUp.fieldErrors("password_confirmation").joined(separator: " "))"), "\(message)")
            #expect(message.contains("Email: "), "\(message)")
            #expect(!message.contains("_"), "no wire names: \(message)")

            let abe = try await api.signUp("abe")
            let toNobody = try await api.request(.post, "/api/qwinkle/v1/messages", token: abe.token, json: #"{"to": ["nobody"], "body": "Hi"}"#)
            #expect(toNobody.status == .unprocessableContent, "\(toNobody.json)")
            let only = try #require(toNobody.fieldErrors("to").first)
            #expect(toNobody.json["error"]["message"].string == only, "one field's message is the whole message")
        }
    }

    @Test("A null anywhere in a JSON body is 422 and changes nothing; the word null inside a string is just text")
    func nullsAreRefused() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            _ = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"favorite_creature": "shark"}"#)
            let refused = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: abe.token, json: #"{"favorite_creature": null}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: abe.token).json["favorite_creature"].string == "shark")
            #expect(try await api.postEntry(#"null and "void""#, as: abe).status == .created)
        }
    }

    @Test("A field the contract does not name is refused with 422 naming it, so a misspelt one is not silently dropped")
    func unknownFieldsAreRefused() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let typo = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: #"{"kind": "update", "body": "hi", "visibility": "public", "visibilty": "private"}"#)
            #expect(typo.status == .unprocessableContent)
            #expect(typo.errorCode == "unknown_field")
            #expect(typo.json["error"]["message"].string == "The body has a field the contract does not name: visibilty. Leave it out.")
            #expect(try await api.get("/api/qwinkle/v1/timelines/public").json.array.isEmpty, "nothing was posted")
        }
    }

    @Test("IDs and cursors are read only as the server writes them: 01 or +1 is no ID")
    func idsInOneSpelling() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let id = try #require(try await api.post("Hello", as: abe)["id"].string)
            #expect(try await api.get("/api/qwinkle/v1/entries/\(id)").status == .ok)
            for spelling in ["0\(id)", "+\(id)", "\(id).0", "1000000000000000000"] {
                #expect(try await api.get("/api/qwinkle/v1/entries/\(spelling)").status == .notFound, "\(spelling)")
            }
            #expect(try await api.get("/api/qwinkle/v1/timelines/public?since_id=0").json.array.count == 1)
            #expect(try await api.get("/api/qwinkle/v1/timelines/public?max_id=0\(id)").status == .unprocessableContent)
            #expect(try await api.get("/api/qwinkle/v1/timelines/public?max_id=").status == .unprocessableContent)
        }
    }

    @Test("Header values are read as sent: an Idempotency-Key with % in it is its own key, not a percent-encoded other")
    func headerValuesAreNotPercentDecoded() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            func post(key: String) async throws -> APIResponse {
                let headers = HTTPFields([HTTPField(name: try #require(HTTPField.Name("Idempotency-Key")), value: key)])
                return try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: #"{"kind": "update", "body": "hi", "visibility": "private"}"#, headers: headers)
            }
            let plain = try await post(key: "A")
            let escaped = try await post(key: "%41")
            #expect(plain.status == .created)
            #expect(escaped.status == .created)
            #expect(escaped.json["id"].string != plain.json["id"].string, "%41 is not the key A")
            #expect(try await post(key: "a%20").status == .created, "decoded, it would end in a space")
            #expect(try await post(key: "a%zz").status == .created)
            #expect(try await post(key: "%41").json["id"].string == escaped.json["id"].string, "the same key again")
        }
    }

    @Test("An operation that needs a token and got none is 401 before its body is judged")
    func missingTokenFirst() async throws {
        try await TestServer.run { api in
            let deletion = try await api.request(.post, "/api/qwinkle/v1/accounts/me/deletion", json: #"{"error": {}}"#)
            #expect(deletion.status == .unauthorized)
            #expect(deletion.headers[.wwwAuthenticate] == "Bearer")
            let entry = try await api.request(.post, "/api/qwinkle/v1/entries", json: "{}")
            #expect(entry.status == .unauthorized)
            // One that takes a token but needs none still judges the request.
            #expect(try await api.request(.post, "/api/qwinkle/v1/sessions", json: "{}").status == .unprocessableContent)
        }
    }

    @Test("The session asking cannot end itself through the session list: that is logging out, 409")
    func currentSessionIsNotEndedFromTheList() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let sessions = try await api.get("/api/qwinkle/v1/accounts/me/sessions", token: abe.token).json.array
            let current = try #require(sessions.first { $0["current"].bool == true }?["id"].string)
            let ended = try await api.request(.delete, "/api/qwinkle/v1/accounts/me/sessions/\(current)", token: abe.token)
            #expect(ended.status == .conflict)
            #expect(ended.errorCode == "current_session")
            #expect(try await api.get("/api/qwinkle/v1/accounts/me", token: abe.token).status == .ok)
        }
    }
}
