import Foundation
import Hummingbird
import NIOCore
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// `PUT /api/v1/media/:id`.
    struct MediaUpdate: Decodable {
        var description: String?
    }

    /// Uploading photos (the same sanitising and limits as Qwinkle's own uploads) and describing them.
    func addMediaRoutes<Context: RequestContext>(to router: Router<Context>) {
        for path in ["/api/v1/media", "/api/v2/media"] {
            router.post(RouterPath(path)) { request, _ in
                let me = try await caller(request).account(needing: "write:media")
                let form = try await multipart(request)
                guard let file = form.file("file"), !file.body.isEmpty else {
                    throw ServiceError.invalid(field: "file", "Send the photo as the file part.")
                }
                var stored = try await services.photos.upload(file.body, by: me)
                if let description = form.text("description"), !description.isEmpty {
                    stored = try await services.photos.describe(id: stored.photo.id.rawValue, as: description, by: me)
                }
                return try Self.json(mapping(request).attachment(stored))
            }
        }
        router.get("/api/v1/media/:id") { request, context in
            let me = try await caller(request).account(needing: "write:media")
            let stored = try await services.photos.own(id: context.parameters.get("id") ?? "", by: me)
            return try Self.json(mapping(request).attachment(stored))
        }
        router.put("/api/v1/media/:id") { request, context in
            let me = try await caller(request).account(needing: "write:media")
            let id = context.parameters.get("id") ?? ""
            let description: String?
            if request.headers[.contentType]?.lowercased().hasPrefix("multipart/") == true {
                description = try await multipart(request).text("description")
            } else {
                description = try await MastodonInput.read(MediaUpdate.self, from: request).description
            }
            let stored = if let description {
                // As in Mastodon, a description changes here only before the photo is posted: an entry keeps its own,
                // which an edit of the entry changes (media_attributes). Answering the new text unkept misled apps.
                try await services.photos.describe(id: id, as: description, by: me, onlyUnattached: true)
            } else {
                try await services.photos.own(id: id, by: me)
            }
            return try Self.json(mapping(request).attachment(stored))
        }
    }

    /// The request's multipart body, read up to the photo limit and a little for the other fields.
    func multipart(_ request: Request) async throws -> MultipartForm {
        var request = request
        let limit = facts.maxPhotoBytes + 64 * 1024
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw ServiceError.tooLarge("A photo may be at most \(facts.maxPhotoBytes / (1024 * 1024)) MiB.")
        }
        do {
            return try MultipartForm(body: Array(body.readableBytesView), contentType: request.headers[.contentType] ?? "")
        } catch let error as MultipartForm.Malformed {
            throw ServiceError.invalid(field: "file", error.reason)
        }
    }
}

extension MastodonMapping {
    /// A photo just uploaded (or one's own), with its description.
    func attachment(_ stored: StoredPhoto) -> MastodonMediaAttachment {
        attachment(AttachedPhoto(id: stored.photo.id, alt: stored.description), size: stored.photo.size)
    }
}
