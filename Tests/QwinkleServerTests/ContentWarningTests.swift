import Foundation
import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

@testable import QwinkleFederation

/// A content warning hides the text (and sensitive photos) until the reader opens it, in every client; sensitive
/// photos without a warning hide behind one of their own.
@Suite("Content warnings and sensitive photos")
struct ContentWarningTests {
    @Test("The page hides the text and sensitive photos in a <details> opened without a script; the length counts the warning")
    func onThePage() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let photo = try await api.upload(as: abe)
            func post(_ extra: String, body: String = "The butler did it.") async throws -> APIResponse {
                try await api.request(.post, "/api/qwinkle/v1/entries", token: abe.token, json: """
                    {"kind": "update", "body": \(APIClient.quoted(body)), "visibility": "public", "photos": [{"id": "\(photo)", "alt": "The butler"}]\(extra)}
                    """)
            }
            let warned = try await post(#", "content_warning": " Spoilers for\nthe finale ", "sensitive": true"#)
            #expect(warned.status == .created, "\(warned.json)")
            #expect(warned.json["content_warning"].string == "Spoilers for the finale")
            #expect(warned.json["sensitive"].bool == true)

            var browser = WebSession(api)
            let page = try await browser.get("/entries/\(try #require(warned.json["id"].string))").text
            let details = try #require(page.range(of: #"<details class="entry-warning" data-role="entry-warning"><summary><span class="entry-warning-label">Content warning:</span> Spoilers for the finale</summary>"#))
            let closed = try #require(page.range(of: "</details>", range: details.upperBound..<page.endIndex))
            let hidden = page[details.upperBound..<closed.lowerBound]
            #expect(hidden.contains("The butler did it."))
            #expect(hidden.contains(#"alt="The butler""#), "sensitive photos are behind the warning too")

            let sensitiveOnly = try await post(#", "sensitive": true"#)
            let own = try await browser.get("/entries/\(try #require(sensitiveOnly.json["id"].string))").text
            #expect(!own.contains("entry-warning"))
            #expect(own.contains(#"<details class="entry-sensitive" data-role="entry-sensitive"><summary>Sensitive photo</summary>"#))

            let warnedOnly = try await post(#", "content_warning": "Spoilers""#)
            let shownPhotos = try await browser.get("/entries/\(try #require(warnedOnly.json["id"].string))").text
            let warnedClosed = try #require(shownPhotos.range(of: "</details>"))
            #expect(shownPhotos[warnedClosed.upperBound...].contains(#"alt="The butler""#), "photos not sensitive are shown beside the warning")

            // 140 for a public entry: 94 characters, a photo (23) and a warning of 24 are one over.
            let tooLong = try await post(#", "content_warning": "\#(String(repeating: "w", count: 24))""#, body: String(repeating: "a", count: 94))
            #expect(tooLong.status == .unprocessableContent, "\(tooLong.json)")
            let fits = try await post(#", "content_warning": "\#(String(repeating: "w", count: 23))""#, body: String(repeating: "a", count: 94))
            #expect(fits.status == .created, "\(fits.json)")
            // Search finds it by its warning or its text, and shows its warning, never what the warning hides.
            for word in ["finale", "butler"] {
                let found = try await api.get("/api/qwinkle/v1/search?q=\(word)", token: abe.token).json["entries"].array
                let hit = try #require(found.first { $0["entry"]["id"].string == warned.json["id"].string })
                let snippet = hit["snippet"].array.compactMap { $0["text"].string }.joined()
                #expect(snippet == "Spoilers for the finale", "\(word): \(snippet)")
            }
            let longWarning = try await post(#", "content_warning": "\#(String(repeating: "w", count: 101))""#, body: "Hi")
            #expect(longWarning.status == .unprocessableContent)
            #expect(longWarning.json["error"]["fields"]["content_warning"].array.first?.string == ContentLine.contentWarning.tooLong, "\(longWarning.json)")
        }
    }

    @Test("Mastodon apps post, read and edit a warning as spoiler_text; a warning makes the media sensitive, as Mastodon does")
    func throughMastodon() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let token = try await MastodonAppSession.register(api).token(for: "abe")
            let posted = try await api.request(.post, "/api/v1/statuses", token: token, json: #"{"status": "The butler did it.", "spoiler_text": "Spoilers"}"#)
            #expect(posted.status == .ok, "\(posted.json)")
            #expect(posted.json["spoiler_text"].string == "Spoilers")
            #expect(posted.json["sensitive"].bool == true)
            #expect(posted.json["content"].string == "<p>The butler did it.</p>")
            let id = try #require(posted.json["id"].string)
            let entry = try await api.get("/api/qwinkle/v1/entries/\(id)", token: abe.token).json
            #expect(entry["content_warning"].string == "Spoilers" && entry["sensitive"].bool == true)
            #expect(try await api.request(.get, "/api/v1/statuses/\(id)/source", token: token).json["spoiler_text"].string == "Spoilers")

            let edited = try await api.request(.put, "/api/v1/statuses/\(id)", token: token, json: #"{"status": "The butler did it.", "spoiler_text": "", "sensitive": false}"#)
            #expect(edited.status == .ok, "\(edited.json)")
            #expect(edited.json["spoiler_text"].string == "")
            #expect(edited.json["sensitive"].bool == false)
            let history = try await api.request(.get, "/api/v1/statuses/\(id)/history", token: token).json.array
            #expect(history.map { $0["spoiler_text"].string ?? "?" } == ["Spoilers", ""])
        }
    }

    @Test("A note says its warning as summary and is sensitive; a note's summary from elsewhere is its warning, not its text")
    func throughActivityPub() throws {
        let json = try ContentLineFrontDoorTests.noteJSON(
            EntryContent(kind: .update, body: "The butler did it.", visibility: .public, lines: [.contentWarning: "Spoilers"])
        )
        #expect(json["summary"] as? String == "Spoilers")
        #expect(json["sensitive"] as? Bool == true)
        #expect(json["content"] as? String == "<p>The butler did it.</p>")

        let received: [String: Any] = ["summary": "Spoilers for the finale", "sensitive": true, "content": "<p>The butler did it.</p>"]
        #expect(FederationFrontDoor.content(of: received).text == "The butler did it.")
        #expect(FederationFrontDoor.content(of: received).html == "<p>The butler did it.</p>")
        #expect(ContentLine.lines(in: received) == [.contentWarning: "Spoilers for the finale"])
    }
}
