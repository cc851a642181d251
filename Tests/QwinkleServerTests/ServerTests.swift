import Foundation
import HTTPTypes
import QwinkleTestSupport
import Testing

@Suite("The server itself")
struct ServerTests {
    @Test("GET /health answers 200 while the database answers")
    func health() async throws {
        try await TestServer.run { api in
            let response = try await api.get("/health")
            #expect(response.status == .ok)
            #expect(response.json["status"].string == "ok")
        }
    }

    @Test("GET /api/qwinkle/v1/instance publishes the limits clients count with")
    func instance() async throws {
        try await TestServer.run { api in
            let json = try await api.get("/api/qwinkle/v1/instance").json
            #expect(json["max_characters"].int == 140)
            #expect(json["journal_max_characters"].int == 10_000)
            #expect(json["characters_reserved_per_url"].int == 23)
            #expect(json["max_photos"].int == 4)
            #expect(json["max_photo_bytes"].int == 10 * 1024 * 1024)
        }
    }

    @Test("GET /openapi.yaml serves the contract the server is generated from")
    func document() async throws {
        try await TestServer.run { api in
            let response = try await api.get("/openapi.yaml")
            #expect(response.status == .ok)
            let text = String(decoding: response.bytes, as: UTF8.self)
            let source = try String(contentsOf: Self.documentURL, encoding: .utf8)
            #expect(text == source)
            #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
        }
    }

    @Test("An unknown route is a JSON 404")
    func unknownRoute() async throws {
        try await TestServer.run { api in
            let response = try await api.get("/api/qwinkle/v1/nothing-here")
            #expect(response.status == .notFound)
            #expect(response.errorCode == "not_found")
        }
    }

    @Test("A JSON body over 64 KiB is refused with 413 and creates nothing")
    func bodyLimit() async throws {
        try await TestServer.run { api in
            // A valid sign-up but for its size: an unknown field pads it past the limit.
            let padding = String(repeating: "a", count: 70 * 1024)
            let response = try await api.request(.post, "/api/qwinkle/v1/accounts", json: """
                {"username": "abe", "email": "abe@example.com", "password": "correct horse", "password_confirmation": "correct horse", \
                "padding": "\(padding)"}
                """)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "too_large")
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe").status == .notFound, "no account was made")
            // The same sign-up without the padding is accepted, so the size alone was refused.
            _ = try await api.signUp("abe")
        }
    }

    static let documentURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/QwinkleAPITypes/openapi.yaml")
}
