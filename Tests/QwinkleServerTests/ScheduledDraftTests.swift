import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

/// A kept draft can be scheduled as it can be posted: it stops being a draft in the same transaction.
@Suite("Scheduling a draft")
struct ScheduledDraftTests {
    @Test("Scheduling a kept draft removes it; scheduling it again, once gone, schedules nothing")
    func schedulingRemovesTheDraft() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let draft = try await api.request(
                .post, "/api/qwinkle/v1/drafts", token: abe.token, json: #"{"kind": "update", "body": "later words", "visibility": "public"}"#
            )
            let id = try #require(draft.json["id"].string)
            let time = RFC3339.string(from: Date().addingTimeInterval(3_600))
            let body = #"{"kind": "update", "body": "later words", "visibility": "public", "scheduled_at": "\#(time)", "draft_id": "\#(id)"}"#
            let scheduled = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: body)
            #expect(scheduled.status == .accepted, "\(scheduled.json)")
            #expect(try await api.get("/api/qwinkle/v1/drafts/\(id)", token: abe.token).status == .notFound)
            let again = try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: body)
            #expect(again.status == .unprocessableContent)
            #expect(!again.fieldErrors("draft_id").isEmpty, "\(again.json)")
            let waiting = try await api.get("/api/qwinkle/v1/scheduled_entries", token: abe.token).json.array
            #expect(waiting.count == 1)
            let scheduledID = try #require(waiting.first?["id"].string)
            let change = #"{"scheduled_at": "\#(time)", "entry": {"kind": "update", "body": "later", "visibility": "public", "draft_id": "\#(id)"}}"#
            let refused = try await api.request(.put, "/api/qwinkle/v1/scheduled_entries/\(scheduledID)", token: abe.token, json: change)
            #expect(!refused.fieldErrors("entry.draft_id").isEmpty, "a change takes no draft: \(refused.json)")
        }
    }
}
