import Foundation
import HTTPTypes
import QwinkleServices
import QwinkleStorage
import QwinkleTestSupport
import Testing

@Suite("Rate limits")
struct RateLimitTests {
    /// Headers of a request forwarded by a local proxy for `address`.
    static func from(_ address: String, _ extra: HTTPFields = [:]) -> HTTPFields {
        var headers = extra
        headers[HTTPField.Name("X-Forwarded-For")!] = address
        return headers
    }

    static func limits(_ change: (inout RateLimits) -> Void) -> RateLimits {
        var limits = RateLimits()
        change(&limits)
        return limits
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A time that stands still: with the real clock, a test that crosses the end of a window (every five minutes)
    /// would see its count start again.
    static let frozen: @Sendable () -> Date = { start.addingTimeInterval(10) }

    @Test("A client without a token gets its limit per address, told in X-RateLimit headers, then 429 with Retry-After until the window ends")
    func unauthenticatedPerAddress() async throws {
        let clock = FakeClock(Self.start)
        try await TestServer.run(clock: clock.now, rateLimits: Self.limits { $0.unauthenticated = RateLimit(limit: 3, period: 300) }) { api in
            for remaining in [2, 1, 0] {
                let response = try await api.request(.get, "/api/qwinkle/v1/timelines/public", headers: Self.from("203.0.113.7"))
                #expect(response.status == .ok)
                #expect(response.headers[HTTPField.Name("X-RateLimit-Limit")!] == "3")
                #expect(response.headers[HTTPField.Name("X-RateLimit-Remaining")!] == String(remaining))
                #expect(response.headers[HTTPField.Name("X-RateLimit-Reset")!] == "2027-01-15T08:05:00Z")
            }
            let refused = try await api.request(.get, "/api/qwinkle/v1/timelines/public", headers: Self.from("203.0.113.7"))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.errorCode == "rate_limited")
            #expect(refused.headers[.retryAfter] == "300")
            #expect(refused.json["error"]["message"].string == "Too many requests. Try again in 5 minutes.")

            let other = try await api.request(.get, "/api/qwinkle/v1/timelines/public", headers: Self.from("203.0.113.8"))
            #expect(other.status == .ok, "another address has its own count")

            clock.advance(by: 300)
            let later = try await api.request(.get, "/api/qwinkle/v1/timelines/public", headers: Self.from("203.0.113.7"))
            #expect(later.status == .ok, "a new window starts a new count")
        }
    }

    @Test("IPv6 clients count per /64: addresses in one /64 share a limit, the next /64 has its own")
    func ipv6PerNetwork() async throws {
        try await TestServer.run(clock: Self.frozen, rateLimits: Self.limits { $0.unauthenticated = RateLimit(limit: 2, period: 300) }) { api in
            var statuses: [HTTPResponse.Status] = []
            for address in ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:2::77", "2001:db8:1:3::1"] {
                statuses.append(try await api.request(.get, "/health", headers: Self.from(address)).status)
            }
            #expect(statuses == [.ok, .ok, .tooManyRequests, .ok])
        }
    }

    @Test("This machine's own requests, not forwarded by a proxy, are not limited")
    func localRequestsAreNotLimited() async throws {
        try await TestServer.run(clock: Self.frozen, rateLimits: Self.limits { $0.unauthenticated = RateLimit(limit: 1, period: 300) }) { api in
            for _ in 0..<5 {
                let response = try await api.get("/api/qwinkle/v1/timelines/public")
                #expect(response.status == .ok)
                #expect(response.headers[HTTPField.Name("X-RateLimit-Limit")!] == nil)
            }
        }
    }

    @Test("Requests with a token count per token, so two people behind one address each get the whole limit")
    func authenticatedPerToken() async throws {
        try await TestServer.run(clock: Self.frozen, rateLimits: Self.limits { $0.authenticated = RateLimit(limit: 2, period: 300) }) { api in
            let abe = try await api.signUp("abe")
            let bea = try await api.signUp("bea")
            let office = "198.51.100.20"
            var statuses: [HTTPResponse.Status] = []
            for token in [abe.token, abe.token, abe.token, bea.token] {
                statuses.append(try await api.request(.get, "/api/qwinkle/v1/timelines/home", token: token, headers: Self.from(office)).status)
            }
            #expect(statuses == [.ok, .ok, .tooManyRequests, .ok])
        }
    }

    @Test("Made-up tokens count against the address: once it is spent, no token gets through from it")
    func madeUpTokensCountAgainstTheAddress() async throws {
        try await TestServer.run(clock: Self.frozen, rateLimits: Self.limits { $0.unauthenticated = RateLimit(limit: 3, period: 300) }) { api in
            let abe = try await api.signUp("abe")
            for attempt in 0..<3 {
                let response = try await api.request(.get, "/api/qwinkle/v1/timelines/home", token: "guess-\(attempt)", headers: Self.from("192.0.2.66"))
                #expect(response.status == .unauthorized)
            }
            let spent = try await api.request(.get, "/api/qwinkle/v1/timelines/home", token: "guess-4", headers: Self.from("192.0.2.66"))
            #expect(spent.status == .tooManyRequests)
            let elsewhere = try await api.request(.get, "/api/qwinkle/v1/timelines/home", token: abe.token, headers: Self.from("192.0.2.67"))
            #expect(elsewhere.status == .ok)
        }
    }

    @Test("Sign-ups are limited per address")
    func signUpsPerAddress() async throws {
        try await TestServer.run(clock: Self.frozen, rateLimits: Self.limits { $0.signUp = RateLimit(limit: 2, period: 1800) }) { api in
            func signUp(_ name: String, from address: String) async throws -> HTTPResponse.Status {
                try await api.request(.post, "/api/qwinkle/v1/accounts", json: """
                    {"username": "\(name)", "email": "\(name)@example.com", "password": "correct horse", "password_confirmation": "correct horse"}
                    """, headers: Self.from(address)).status
            }
            let statuses = [
                try await signUp("one", from: "203.0.113.1"), try await signUp("two", from: "203.0.113.1"),
                try await signUp("three", from: "203.0.113.1"), try await signUp("four", from: "203.0.113.2"),
            ]
            #expect(statuses == [.created, .created, .tooManyRequests, .created])
            let three = try await api.request(.get, "/api/qwinkle/v1/accounts/three")
            #expect(three.status == .notFound, "a refused sign-up makes no account")
        }
    }

    @Test("Log-ins are limited per username wherever they come from, even with the right password")
    func logInsPerUsername() async throws {
        try await TestServer.run(clock: Self.frozen, rateLimits: Self.limits { $0.logInPerUsername = RateLimit(limit: 2, period: 3600) }) { api in
            _ = try await api.signUp("abe")
            func logIn(_ password: String, from address: String) async throws -> HTTPResponse.Status {
                try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "ABE", "password": "\#(password)"}"#, headers: Self.from(address)).status
            }
            let statuses = [
                try await logIn("wrong", from: "203.0.113.1"), try await logIn("wrong again", from: "203.0.113.2"),
                try await logIn("correct horse", from: "203.0.113.3"),
            ]
            #expect(statuses == [.unauthorized, .unauthorized, .tooManyRequests])
        }
    }

    @Test("Log-ins are limited per address, on the page as in the API, and the page says when to try again")
    func logInsPerAddressOnThePage() async throws {
        let clock = FakeClock(Self.start.addingTimeInterval(200))
        try await TestServer.run(clock: clock.now, rateLimits: Self.limits { $0.logIn = RateLimit(limit: 1, period: 300) }) { api in
            _ = try await api.signUp("abe")
            var browser = WebSession(api)
            _ = try await browser.get("/login", headers: Self.from("203.0.113.9"))
            let first = try await browser.post("/login", [("username", "abe"), ("password", "wrong")], headers: Self.from("203.0.113.9"))
            #expect(first.status == .unauthorized)
            let second = try await browser.post("/login", [("username", "abe"), ("password", "correct horse")], headers: Self.from("203.0.113.9"))
            #expect(second.status == .tooManyRequests)
            #expect(second.headers[.contentType] == "text/html; charset=utf-8")
            #expect(second.text.contains("Too many requests. Try again in 2 minutes."))
            #expect(second.headers[.retryAfter] == "100")
        }
    }

    @Test("Guessing the password through a password change or a deletion is limited as log-ins are, per token")
    func passwordChecksPerToken() async throws {
        try await TestServer.run(clock: Self.frozen, rateLimits: Self.limits { $0.logInPerUsername = RateLimit(limit: 2, period: 3600) }) { api in
            let abe = try await api.signUp("abe")
            func attempt(_ method: HTTPRequest.Method, _ path: String, _ json: String, from address: String) async throws -> HTTPResponse.Status {
                try await api.request(method, path, token: abe.token, json: json, headers: Self.from(address)).status
            }
            let statuses = [
                try await attempt(.put, "/api/qwinkle/v1/accounts/me/password", #"{"current_password": "guess 1", "new_password": "battery staple"}"#, from: "203.0.113.1"),
                try await attempt(.post, "/api/qwinkle/v1/accounts/me/deletion", #"{"password": "guess 2"}"#, from: "203.0.113.2"),
                try await attempt(.post, "/api/qwinkle/v1/accounts/me/deletion", #"{"password": "correct horse"}"#, from: "203.0.113.3"),
            ]
            #expect(statuses == [.unprocessableContent, .unprocessableContent, .tooManyRequests])
            #expect(try await api.get("/api/qwinkle/v1/accounts/abe").status == .ok, "the refused deletion deleted nothing")
        }
    }

    @Test("Photo uploads are limited per account")
    func photoUploads() async throws {
        try await TestServer.run(clock: Self.frozen, rateLimits: Self.limits { $0.photoUploads = RateLimit(limit: 1, period: 1800) }) { api in
            let abe = try await api.signUp("abe")
            let upload = { try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: TestImages.png, contentType: "image/png", headers: Self.from("203.0.113.4")) }
            let statuses = [try await upload().status, try await upload().status]
            #expect(statuses == [.created, .tooManyRequests])
            let reading = try await api.request(.get, "/api/qwinkle/v1/timelines/home", token: abe.token, headers: Self.from("203.0.113.4"))
            #expect(reading.status == .ok, "reading is not an upload")
        }
    }
}
