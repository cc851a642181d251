import Foundation
import HTTPTypes
@testable import QwinkleServer
import QwinkleServices
import QwinkleStorage
import Testing

@Suite("Which client a request comes from, for the rate limits")
struct ClientIdentificationTests {
    static func forwarded(_ value: String?) -> HTTPFields {
        var headers = HTTPFields()
        if let value { headers[HTTPField.Name("X-Forwarded-For")!] = value }
        return headers
    }

    static func client(peer: String?, forwardedFor: String?, trusting proxies: [String] = []) -> ClientIdentification.Client {
        let identification = ClientIdentification(trustedProxies: proxies.compactMap(AddressRange.init))
        return identification.client(peer: peer.flatMap { ClientAddress($0) }, headers: forwarded(forwardedFor))
    }

    static func address(_ text: String) -> ClientIdentification.Client {
        ClientAddress(text).map(ClientIdentification.Client.address) ?? .local
    }

    @Test("X-Forwarded-For from an address that is not a trusted proxy changes nothing: the peer is the client")
    func forgedForwardedForIsIgnored() {
        #expect(Self.client(peer: "198.51.100.9", forwardedFor: "1.2.3.4") == Self.address("198.51.100.9"))
        #expect(Self.client(peer: "198.51.100.9", forwardedFor: "127.0.0.1") == Self.address("198.51.100.9"))
    }

    @Test("Loopback is a trusted proxy: without X-Forwarded-For it is this machine, with it the forwarded client")
    func loopbackIsTrusted() {
        #expect(Self.client(peer: "127.0.0.1", forwardedFor: nil) == .local)
        #expect(Self.client(peer: "::1", forwardedFor: nil) == .local)
        #expect(Self.client(peer: "127.0.0.1", forwardedFor: "203.0.113.5") == Self.address("203.0.113.5"))
    }

    @Test("Through a chain of proxies, the nearest address that is not a trusted proxy is the client, whatever came before it")
    func proxyChains() {
        #expect(Self.client(peer: "10.0.0.2", forwardedFor: "6.6.6.6, 203.0.113.5, 10.0.0.7", trusting: ["10.0.0.0/8"]) == Self.address("203.0.113.5"))
        #expect(Self.client(peer: "10.0.0.2", forwardedFor: nil, trusting: ["10.0.0.0/8"]) == Self.address("10.0.0.2"), "a proxy's own request is limited")
        #expect(Self.client(peer: "10.0.0.2", forwardedFor: "not-an-address, 10.0.0.7", trusting: ["10.0.0.0/8"]) == Self.address("10.0.0.7"))
        #expect(Self.client(peer: "10.0.0.2", forwardedFor: "203.0.113.5", trusting: ["10.0.0.0/16"]) == Self.address("203.0.113.5"))
        #expect(Self.client(peer: "10.1.0.2", forwardedFor: "203.0.113.5", trusting: ["10.0.0.0/16"]) == Self.address("10.1.0.2"))
    }

    @Test("IPv6 addresses count per /64, and IPv4-mapped IPv6 addresses as their IPv4 address")
    func limitKeys() throws {
        #expect(try #require(ClientAddress("2001:db8:1:2::1")).limitKey == "2001:db8:1:2::/64")
        #expect(try #require(ClientAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).limitKey == "2001:db8:1:2::/64")
        #expect(try #require(ClientAddress("::ffff:203.0.113.5")).limitKey == "203.0.113.5")
        #expect(ClientAddress("203.0.113.300") == nil)
        #expect(AddressRange("10.0.0.0/33") == nil)
        #expect(AddressRange("fd00::/8")?.contains(try #require(ClientAddress("fd12::1"))) == true)
    }

    @Test("A rate limits file may change some limits, keeps the rest, and refuses unknown kinds and negative numbers")
    func rateLimitsFile() throws {
        let changed = try JSONDecoder().decode(RateLimits.self, from: Data(#"{"log_in": {"limit": 10, "period": 60}}"#.utf8))
        var expected = RateLimits()
        expected.logIn = RateLimit(limit: 10, period: 60)
        #expect(changed == expected)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RateLimits.self, from: Data(#"{"login": {"limit": 1, "period": 1}}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RateLimits.self, from: Data(#"{"sign_up": {"limit": -1, "period": 1}}"#.utf8)) }
    }
}
