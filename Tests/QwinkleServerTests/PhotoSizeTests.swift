import Foundation
import HTTPTypes
import QwinkleMedia
import QwinkleTestSupport
import Testing

/// A photo's size is kept from its upload and given wherever it is shown, so every client lays it out before its
/// bytes come: a Mastodon app by `meta`, a browser by the image's width and height.
@Suite("Photo sizes")
struct PhotoSizeTests {
    /// A 3×2 PNG.
    static let wide = StoredPNG.image(width: 3, height: 2, colorType: .grey, pixels: [0, 40, 80, 120, 160, 200])

    @Test("An upload answers its size; an entry's photos carry it in the API, in Mastodon's meta and on the web")
    func everywhere() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let uploaded = try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: Self.wide, contentType: "image/png")
            #expect(uploaded.status == .created && uploaded.json["width"].int == 3 && uploaded.json["height"].int == 2, "\(uploaded.json)")
            let photo = try #require(uploaded.json["id"].string)
            let entry = try #require(try await api.post("A wide one", as: abe, photos: [photo])["id"].string)

            let shown = try await api.get("/api/qwinkle/v1/entries/\(entry)").json["photos"][0]
            #expect(shown["width"].int == 3 && shown["height"].int == 2, "\(shown)")
            let timeline = try await api.get("/api/qwinkle/v1/timelines/public").json[0]["photos"][0]
            #expect(timeline["width"].int == 3 && timeline["height"].int == 2)

            let status = try await api.get("/api/v1/statuses/\(entry)").json
            let meta = status["media_attachments"][0]["meta"]
            for version in ["original", "small"] {
                #expect(meta[version]["width"].int == 3 && meta[version]["height"].int == 2 && meta[version]["size"].string == "3x2", "\(meta)")
            }
            #expect(meta["original"]["aspect"] == .number(1.5))
            // A page of statuses writes the same, from its cache.
            #expect(try await api.get("/api/v1/timelines/public").json[0]["media_attachments"][0]["meta"] == meta)

            var visitor = WebSession(api)
            #expect(try await visitor.get("/entries/\(entry)").text.contains(#"width="3" height="2""#))
        }
    }
}
