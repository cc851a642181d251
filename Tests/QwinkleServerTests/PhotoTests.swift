import HTTPTypes
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("Photos")
struct PhotoTests {
    @Test("An uploaded photo is stored without its metadata and served back with its hash")
    func uploadAndFetch() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let response = try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: TestImages.pngWithLocation, contentType: "image/png")
            #expect(response.status == .created)
            #expect(response.json["content_type"].string == "image/png")
            #expect(response.json["byte_size"].int == TestImages.png.count, "the text chunk with the location is gone")
            let url = try #require(response.json["url"].string)
            let fetched = try await api.get(url, token: abe.token)
            #expect(fetched.status == .ok)
            #expect(fetched.bytes == TestImages.png)
            #expect(fetched.headers[.contentType] == "image/png")
            #expect(fetched.headers[.eTag] == "\"\(response.json["sha256"].string ?? "")\"")
            #expect(!String(decoding: fetched.bytes, as: UTF8.self).contains("GPSLatitude"))
        }
    }

    @Test("The type is decided by the bytes: a PNG sent as JPEG is a PNG; text is 415")
    func typeByContent() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mislabelled = try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: TestImages.png, contentType: "image/jpeg")
            #expect(mislabelled.json["content_type"].string == "image/png")
            let text = try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: Array("hello".utf8), contentType: "application/octet-stream")
            #expect(text.status == .unsupportedMediaType)
            let declaredText = try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: TestImages.png, contentType: "text/plain")
            #expect(declaredText.status == .unsupportedMediaType)
            let damaged = try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: Array(TestImages.png.dropLast(5)), contentType: "image/png")
            #expect(damaged.status == .unprocessableContent)
            #expect(damaged.errorCode == "damaged_photo")
        }
    }

    @Test("A photo over the limit is 413")
    func tooLarge() async throws {
        try await TestServer.run(maxPhotoBytes: 1_000) { api in
            let abe = try await api.signUp("abe")
            #expect(try await api.upload(TestImages.png(ofSize: 900), as: abe).isEmpty == false)
            let big = try await api.request(.post, "/api/qwinkle/v1/photos", token: abe.token, body: TestImages.png(ofSize: 1_200), contentType: "image/png")
            #expect(big.status == .contentTooLarge)
            #expect(big.errorCode == "too_large")
        }
    }

    @Test("Uploading needs a token")
    func needsToken() async throws {
        try await TestServer.run { api in
            let response = try await api.request(.post, "/api/qwinkle/v1/photos", body: TestImages.png, contentType: "image/png")
            #expect(response.status == .unauthorized)
        }
    }

    @Test("ETags and byte ranges: 304 when current, 206 for a range, 200 when If-Range no longer matches, 416 past the end")
    func conditionalAndRanges() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let id = try await api.upload(as: abe)
            let path = "/api/qwinkle/v1/photos/\(id)"
            let whole = try await api.get(path, token: abe.token)
            let etag = try #require(whole.headers[.eTag])
            #expect(whole.headers[.acceptRanges] == "bytes")
            let notModified = try await api.request(.get, path, token: abe.token, headers: [.ifNoneMatch: etag])
            #expect(notModified.status == .notModified)
            #expect(notModified.bytes.isEmpty)
            let part = try await api.request(.get, path, token: abe.token, headers: [.range: "bytes=8-15"])
            #expect(part.status == .partialContent)
            #expect(part.bytes == Array(whole.bytes[8...15]))
            #expect(part.headers[.contentRange] == "bytes 8-15/\(whole.bytes.count)")
            let tail = try await api.request(.get, path, token: abe.token, headers: [.range: "bytes=-4", .ifRange: etag])
            #expect(tail.bytes == Array(whole.bytes.suffix(4)))
            let stale = try await api.request(.get, path, token: abe.token, headers: [.range: "bytes=0-3", .ifRange: "\"old\""])
            #expect(stale.status == .ok)
            #expect(stale.bytes == whole.bytes)
            let past = try await api.request(.get, path, token: abe.token, headers: [.range: "bytes=5000-"])
            #expect(past.status == .rangeNotSatisfiable)
            #expect(past.headers[.contentRange] == "bytes */\(whole.bytes.count)")
        }
    }

    @Test("A photo is served to those who may see something that shows it, and to nobody else")
    func access() async throws {
        try await TestServer.run { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let photo = try await api.upload(as: abe)
            let path = "/api/qwinkle/v1/photos/\(photo)"
            #expect(try await api.get(path, token: mary.token).status == .notFound, "not yet used anywhere")
            _ = try await api.post("private", as: abe, visibility: "private", photos: [photo])
            #expect(try await api.get(path, token: mary.token).status == .notFound)
            #expect(try await api.get(path).status == .notFound)
            #expect(try await api.get(path, token: abe.token).status == .ok, "the uploader always may")
            _ = try await api.post("public", as: abe, photos: [photo])
            #expect(try await api.get(path).status == .ok, "now a public entry shows it")
            let avatar = try await api.upload(as: mary)
            _ = try await api.request(.patch, "/api/qwinkle/v1/accounts/me", token: mary.token, json: #"{"avatar": "\#(avatar)"}"#)
            #expect(try await api.get("/api/qwinkle/v1/photos/\(avatar)").status == .ok, "profiles are public")
        }
    }
}
