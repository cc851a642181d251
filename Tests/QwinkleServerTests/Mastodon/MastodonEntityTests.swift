import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

/// The entities the other Mastodon suites do not already hold to their shapes, each read from the endpoint that
/// answers it.
@Suite("Mastodon API: entities", .serialized)
struct MastodonEntityTests {
    @Test("Context, history, source, search, markers, scheduled statuses and preferences have every attribute Mastodon requires")
    func entities() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let id = try #require(try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "Tea #tea"}"#).json["id"].string)
            _ = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "More tea", "in_reply_to_id": "\#(id)"}"#)
            _ = try await api.request(.put, "/api/v1/statuses/\(id)", token: token, json: #"{"status": "Green tea #tea"}"#)
            let later = RFC3339.string(from: Date().addingTimeInterval(3_600))
            let scheduled = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "Later", "scheduled_at": "\#(later)"}"#)
            #expect(MastodonShape.scheduledStatus.problems(in: scheduled.json) == [])

            let checks: [(String, MastodonShape)] = [
                ("/api/v1/statuses/\(id)/context", .context), ("/api/v1/statuses/\(id)/source", .statusSource),
                ("/api/v2/search?q=tea", .search), ("/api/v1/preferences", .preferences), ("/api/v2/notifications", .groupedNotifications),
                ("/api/v2/notifications/policy", .notificationPolicy),
            ]
            for (path, shape) in checks {
                let response = try await api.get(path, token: token)
                #expect(response.status == .ok, "\(path)")
                #expect(shape.problems(in: response.json) == [], "\(path)")
            }
            let history = try await api.get("/api/v1/statuses/\(id)/history", token: token)
            #expect(history.json.array.count == 2)
            for edit in history.json.array { #expect(MastodonShape.statusEdit.problems(in: edit) == []) }
            #expect(try await api.get("/api/v2/search?q=%23tea", token: token).json["hashtags"].array.count == 1)
            let schedule = try await api.get("/api/v1/scheduled_statuses", token: token)
            #expect(schedule.json.array.count == 1)
            for item in schedule.json.array { #expect(MastodonShape.scheduledStatus.problems(in: item) == []) }
            _ = try await api.request(.post, "/api/v1/markers", token: token, json: #"{"notifications": {"last_read_id": "1"}}"#)
            let markers = try await api.get("/api/v1/markers?timeline[]=notifications", token: token)
            #expect(MastodonShape.marker.problems(in: markers.json["notifications"]) == [])
        }
    }
}

extension MastodonEntityTests {
    @Test("Text that JSON must escape (quotes, a backslash, line breaks, a tab, a control character, emoji) reads back as written")
    func escaping() async throws {
        try await TestServer.run { api in
            _ = try await api.signUp("abe")
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let text = "Say \"hi\" \\ to 🦄\nnext line\ttab \u{07}bell"
            let body = try JSONSerialization.data(withJSONObject: ["status": text])
            let posted = try await api.request(
                .post, "/api/v1/statuses", token: token, json: String(decoding: body, as: UTF8.self)
            )
            #expect(posted.status == .ok, "\(posted.json)")
            let id = try #require(posted.json["id"].string)
            #expect(try await api.get("/api/v1/statuses/\(id)/source", token: token).json["text"].string == text)
        }
    }
}
