import QwinkleKit
import Testing

@Suite("OAuth scopes")
struct OAuthScopesTests {
    @Test("Admin scopes are known, held by admin:read and admin:write only, never by read or write")
    func adminScopes() throws {
        let everyday = try #require(OAuthScopes("read write follow push"))
        #expect(!everyday.allows("admin:read:reports") && !everyday.allows("admin:write:accounts"))
        let reading = try #require(OAuthScopes("read admin:read"))
        #expect(reading.allows("admin:read:reports") && reading.allows("admin:read:accounts"))
        #expect(!reading.allows("admin:write:reports"))
        let one = try #require(OAuthScopes("admin:write:reports"))
        #expect(one.allows("admin:write:reports") && !one.allows("admin:write:accounts"))
        #expect(OAuthScopes("read admin:everything") == nil, "an unknown scope is refused, not narrowed")
        #expect(try #require(OAuthScopes("admin:read")).isWithin(reading))
        #expect(!(try #require(OAuthScopes("admin:write")).isWithin(reading)))
    }
}
