import HTTPTypes
@testable import QwinkleServer
import Testing

/// The token of an `Authorization` header, as every signed-in request reads it.
struct BearerTokenTests {
    private func token(_ value: String) -> String? {
        CredentialsMiddleware.bearerToken(in: [.authorization: value])
    }

    @Test("the scheme is case-insensitive and spaces and tabs around the token are not part of it")
    func spacing() {
        #expect(token("Bearer abc") == "abc")
        #expect(token("bearer abc") == "abc")
        #expect(token("BEARER    abc") == "abc")
        #expect(token("Bearer abc  \t") == "abc")
        #expect(token("Bearer \t abc") == "abc")
        #expect(token("Bearer a b") == "a b", "inner spaces stay, and such a token matches none")
    }

    @Test("another scheme, or no token, is no bearer token")
    func missing() {
        #expect(token("Basic abc") == nil)
        #expect(token("Bearer") == nil)
        #expect(token("Bearer ") == nil)
        #expect(token("Bearer  \t ") == nil)
        #expect(token("Bearerabc") == nil)
        #expect(CredentialsMiddleware.bearerToken(in: [:]) == nil)
    }
}
