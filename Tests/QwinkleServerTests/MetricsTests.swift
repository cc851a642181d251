import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOHTTP1
import QwinkleServer
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import QwinkleTestSupport
import Testing

/// `GET /metrics`: what operators scrape, in Prometheus' text format.
///
/// swift-metrics has one backend per process, and tests run servers in parallel, so the counts here are compared
/// before and after this test's own traffic: at least that much, as others may add to them meanwhile.
@Suite("Metrics")
struct MetricsTests {
    @Test("After some traffic, /metrics counts requests by route and status, their database time, entries made and refused log-ins")
    func countsTraffic() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let before = try await Self.scrape(api)
            for index in 1...3 { _ = try await api.post("Update \(index)", as: abe) }
            let wrong = try await api.request(.post, "/api/qwinkle/v1/sessions", json: #"{"username": "abe", "password": "wrong horse"}"#)
            #expect(wrong.status == .unauthorized)
            let after = try await Self.scrape(api)

            let posts = ["http_route": "/api/qwinkle/v1/entries", "http_request_method": "POST"]
            #expect(after.delta(from: before, "http_server_requests_total", posts.merging(["http_response_status_code": "201"]) { $1 }) >= 3)
            #expect(after.delta(from: before, "http_server_request_duration_seconds_count", posts.merging(["http_response_status_code": "201"]) { $1 }) >= 3)
            #expect(after.delta(from: before, "qwinkle_request_database_duration_seconds_count", posts) >= 3)
            #expect(after.delta(from: before, "qwinkle_request_database_duration_seconds_sum", posts) > 0, "writing takes some time")
            #expect(after.delta(from: before, "qwinkle_entries_created_total", ["kind": "update"]) >= 3)
            #expect(after.delta(from: before, "qwinkle_log_ins_total", ["result": "refused"]) >= 1)
            #expect(after.types["http_server_requests_total"] == "counter")
            #expect(after.types["http_server_request_duration_seconds"] == "histogram")
        }
    }

    @Test("The answer is Prometheus' text format, never cached, and its open streams are this server's live timelines")
    func openStreams() async throws {
        try await TestServer.run(live: true) { api in
            try await withTimeout {
                let first = try await api.liveStream("/api/qwinkle/v1/streaming/public")
                let second = try await api.liveStream("/api/qwinkle/v1/streaming/public")
                let response = try await api.get("/metrics")
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-store")
                let scraped = PrometheusSamples(String(decoding: response.bytes, as: UTF8.self))
                #expect(scraped.value("qwinkle_open_streams", [:]) == 2)
                #expect(scraped.types["qwinkle_open_streams"] == "gauge")
                withExtendedLifetime((first, second)) {}
            }
        }
    }

    @Test("Two servers in one process each scrape their own open streams, even while the other is scraped")
    func openStreamsPerServer() async throws {
        try await TestServer.run(live: true) { busy in
            try await TestServer.run { quiet in
                try await withTimeout {
                    let streams = [
                        try await busy.liveStream("/api/qwinkle/v1/streaming/public"),
                        try await busy.liveStream("/api/qwinkle/v1/streaming/public"),
                    ]
                    let counts = try await withThrowingTaskGroup(of: (busy: Bool, count: Double?).self) { group in
                        for _ in 1...20 {
                            group.addTask { (true, try await Self.scrape(busy).value("qwinkle_open_streams", [:])) }
                            group.addTask { (false, try await Self.scrape(quiet).value("qwinkle_open_streams", [:])) }
                        }
                        return try await group.reduce(into: [(busy: Bool, count: Double?)]()) { $0.append($1) }
                    }
                    #expect(counts.filter(\.busy).allSatisfy { $0.count == 2 })
                    #expect(counts.filter { !$0.busy }.allSatisfy { $0.count == 0 })
                    withExtendedLifetime(streams) {}
                }
            }
        }
    }

    @Test("A request refused by a rate limit is counted under that limit")
    func rateLimited() async throws {
        let limits = RateLimitTests.limits { $0.unauthenticated = RateLimit(limit: 1, period: 300) }
        try await TestServer.run(clock: RateLimitTests.frozen, rateLimits: limits) { api in
            let before = try await Self.scrape(api)
            let statuses = [
                try await api.request(.get, "/health", headers: RateLimitTests.from("192.0.2.90")).status,
                try await api.request(.get, "/health", headers: RateLimitTests.from("192.0.2.90")).status,
            ]
            #expect(statuses == [.ok, .tooManyRequests])
            let after = try await Self.scrape(api)
            #expect(after.delta(from: before, "qwinkle_rate_limited_total", ["limit": "address"]) >= 1)
            #expect(after.delta(from: before, "http_server_requests_total", ["http_route": "/health", "http_response_status_code": "429"]) >= 1)
        }
    }

    @Test("By default /metrics answers this machine and trusted proxies only: forwarded for anyone else it is not there, unless served to anyone")
    func onlyOperatorsByDefault() async throws {
        try await TestServer.run { api in
            #expect(try await api.get("/metrics").status == .ok, "this machine")
            #expect(try await api.request(.get, "/metrics", headers: RateLimitTests.from("127.0.0.1")).status == .ok, "a loopback proxy's own")
            let forwarded = try await api.request(.get, "/metrics", headers: RateLimitTests.from("203.0.113.9"))
            #expect(forwarded.status == .notFound, "a client behind the proxy")
            #expect(try await api.request(.get, "/metrics", headers: RateLimitTests.from("unknown")).status == .notFound)
        }
        try await withTemporaryFolder { folder in
            var logger = Logger(label: "metrics-tests")
            logger.logLevel = .critical
            let app = try buildApplication(
                configuration: ServerConfiguration(port: 0, dataDirectory: folder, bcryptCost: 4, metrics: .withServerForAnyone),
                storage: try SQLiteStorage.inMemory(), photoBytes: try PhotoFiles(dataDirectory: folder), logger: logger
            )
            try await app.test(.router) { client in
                let response = try await APIClient(client: client).request(.get, "/metrics", headers: RateLimitTests.from("203.0.113.9"))
                #expect(response.status == .ok, "--metrics public")
            }
        }
        #expect(MetricsExposure("public") == .withServerForAnyone)
    }

    @Test("With metrics off there is no /metrics, and with an address of their own they are not beside the API")
    func offAndSeparate() async throws {
        try await withTemporaryFolder { folder in
            var logger = Logger(label: "metrics-tests")
            logger.logLevel = .critical
            for exposure in [MetricsExposure.off, .separate(host: "127.0.0.1", port: 0)] {
                let app = try buildApplication(
                    configuration: ServerConfiguration(port: 0, dataDirectory: folder, bcryptCost: 4, metrics: exposure),
                    storage: try SQLiteStorage.inMemory(), photoBytes: try PhotoFiles(dataDirectory: folder), logger: logger
                )
                try await app.test(.router) { client in
                    let response = try await APIClient(client: client).get("/metrics")
                    #expect(response.status == .notFound, "\(exposure)")
                }
            }
        }
    }

    @Test("`qwinkle serve --metrics HOST:PORT --log-format json` serves the metrics there and logs one JSON object a line")
    func separateAddressAndJSONLogs() async throws {
        try await withTemporaryFolder { folder in
            try await withTimeout {
                let process = try QwinkleProcess(["serve", "--port", "0", "--data", folder.path, "--metrics", "127.0.0.1:0", "--log-format", "json"])
                var server: String?
                var metrics: String?
                while server == nil || metrics == nil {
                    waitingFor("`qwinkle serve` to say where it listens and where its metrics are")
                    guard let line = await process.firstOutputLine(where: { $0.hasPrefix("Qwinkle is listening on ") || $0.hasPrefix("Metrics are served on ") }) else {
                        let ended = await process.finished()
                        Issue.record("qwinkle serve exited early: \(ended.output)\(ended.errors)")
                        return
                    }
                    if line.hasPrefix("Metrics") {
                        metrics = String(line.dropFirst("Metrics are served on ".count))
                    } else {
                        server = String(line.dropFirst("Qwinkle is listening on ".count))
                    }
                }
                let (serverURL, metricsURL) = (try #require(server), try #require(metrics))
                #expect(metricsURL.hasSuffix("/metrics"))
                #expect(try await TestHTTP.request(.GET, serverURL + "/health").status == 200)
                #expect(try await TestHTTP.request(.GET, serverURL + "/metrics").status == 404, "not beside the API")
                let scraped = try await TestHTTP.request(.GET, metricsURL)
                #expect(scraped.status == 200)
                let text = String(decoding: scraped.body, as: UTF8.self)
                #expect(PrometheusSamples(text).value("http_server_requests_total", ["http_route": "/health", "http_request_method": "GET", "http_response_status_code": "200"]) == 1)

                process.interrupt()
                let ended = await process.finished()
                #expect(ended.status == 0)
                let lines = ended.errors.split(separator: "\n")
                #expect(!lines.isEmpty)
                for line in lines {
                    let object = try? JSON(data: Data(line.utf8))
                    #expect(object?["level"].string != nil && object?["message"].string != nil && object?["time"].string != nil, "not a log object: \(line)")
                }
                #expect(lines.contains { (try? JSON(data: Data($0.utf8)))?["message"].string?.hasPrefix("GET /health 200") == true })
            }
        }
    }

    /// Scrapes `/metrics` through the router.
    static func scrape(_ api: APIClient) async throws -> PrometheusSamples {
        let response = try await api.get("/metrics")
        #expect(response.status == .ok)
        return PrometheusSamples(String(decoding: response.bytes, as: UTF8.self))
    }
}

/// The samples of a Prometheus text exposition, by name and labels, and each family's type.
struct PrometheusSamples {
    /// One sample's name and labels.
    struct Key: Hashable {
        let name: String
        let labels: [String: String]
    }

    /// Every sample's value.
    private(set) var values: [Key: Double] = [:]
    /// Each family's `# TYPE`.
    private(set) var types: [String: String] = [:]

    /// Parses the text; a line that is not a sample, a comment or blank is recorded as an issue.
    init(_ text: String) {
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                if parts.count == 4 { types[String(parts[2])] = String(parts[3]) }
                continue
            }
            if line.hasPrefix("#") { continue }
            guard let sample = Self.sample(line) else {
                Issue.record("not a sample: \(line)")
                continue
            }
            values[sample.key] = sample.value
        }
    }

    /// The value of the sample with exactly `labels`, or `nil`.
    func value(_ name: String, _ labels: [String: String]) -> Double? {
        values[Key(name: name, labels: labels)]
    }

    /// How much the sum of the samples of `name` with at least `labels` grew since `earlier`.
    func delta(from earlier: PrometheusSamples, _ name: String, _ labels: [String: String]) -> Double {
        total(name, labels) - earlier.total(name, labels)
    }

    private func total(_ name: String, _ labels: [String: String]) -> Double {
        values.filter { key, _ in key.name == name && labels.allSatisfy { key.labels[$0.key] == $0.value } }.values.reduce(0, +)
    }

    /// `name{label="value",...} number`, label values with `\\`, `\"` and `\n` escaped.
    private static func sample(_ line: Substring) -> (key: Key, value: Double)? {
        var labels: [String: String] = [:]
        var rest = line[...]
        let name: Substring
        if let brace = rest.firstIndex(of: "{") {
            name = rest[..<brace]
            rest = rest[rest.index(after: brace)...]
            while !rest.hasPrefix("}") {
                guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)...].hasPrefix("\"") else { return nil }
                let label = String(rest[..<equals])
                rest = rest[rest.index(equals, offsetBy: 2)...]
                var value = ""
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first {
                        rest = rest.dropFirst()
                        value.append(escaped == "n" ? "\n" : escaped)
                    } else {
                        value.append(character)
                    }
                }
                guard rest.first == "\"" else { return nil }
                rest = rest.dropFirst()
                labels[label] = value
                if rest.first == "," { rest = rest.dropFirst() }
            }
            rest = rest.dropFirst()
        } else {
            guard let space = rest.firstIndex(of: " ") else { return nil }
            name = rest[..<space]
            rest = rest[space...]
        }
        guard let value = Double(rest.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") else { return nil }
        return (Key(name: String(name), labels: labels), value)
    }
}
