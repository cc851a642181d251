import Foundation
import HTTPTypes
import Hummingbird

/// Takes an archive upload sent as `application/json` (a jrnl export, which is JSON) as the file it is: the import
/// tells formats apart by what the file holds, so the type a client names does not matter, and a client that names
/// the JSON it sends correctly should not be refused for it.
///
/// It runs before the JSON body middleware, so the upload is neither collected into memory nor read as one of the
/// contract's JSON bodies; the contract's handler then sees `application/octet-stream`.
struct ArchiveUploadTypeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The route whose uploads are files, whatever type they name.
    static var path: String { "/api/qwinkle/v1/accounts/me/archive" }
    /// The operation of that route, as the contract names it.
    static var operationID: String { "importArchive" }
    /// The type taken besides those the contract lists for the upload.
    static var alsoAccepted: String { "application/json" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post, request.uri.path == Self.path, let type = request.headers[.contentType],
            type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == Self.alsoAccepted
        else {
            return try await next(request, context)
        }
        var head = request.head
        head.headerFields[.contentType] = "application/octet-stream"
        return try await next(Request(head: head, body: request.body), context)
    }
}
