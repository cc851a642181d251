import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleArchive
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func exportArchive(_ input: Operations.ExportArchive.Input) async throws -> Operations.ExportArchive.Output {
        let account = try await signedInAccount()
        let export = services.archives.export(of: account, server: RequestCredentials.origin)
        let day = JournalMarkdown.day(of: export.manifest.exportedAt)
        return .ok(.init(
            headers: .init(contentDisposition: "attachment; filename=\"qwinkle-\(account.username)-\(day).zip\""),
            body: .applicationZip(HTTPBody(export, length: .unknown, iterationBehavior: .single))
        ))
    }

    func importArchive(_ input: Operations.ImportArchive.Input) async throws -> Operations.ImportArchive.Output {
        let account = try await signedInAccount()
        let timeZone = try Self.importTimeZone(input.query.timeZone)
        // `application/octet-stream` is taken too: it is what a tool that knows nothing of ZIP files sends. A jrnl
        // export sent as `application/json` arrives here as that too (`ArchiveUploadTypeMiddleware`); the reader
        // tells formats apart by what the file holds.
        let body: HTTPBody = switch input.body {
        case .applicationZip(let body), .binary(let body): body
        }
        let upload = try await ArchiveUpload.receive(body, into: configuration.dataDirectory, limit: configuration.maxArchiveBytes)
        defer { upload.remove() }
        let report = try await services.archives.importArchive(
            at: upload.url, into: account, server: RequestCredentials.origin, limits: configuration.archiveLimits,
            maxPhotoBytes: configuration.maxPhotoBytes, timeZone: timeZone
        )
        return .ok(.init(body: .json(.init(report))))
    }

    /// The zone an import reads zoneless times in: the `time_zone` named, or UTC; a name nobody knows is 422.
    static func importTimeZone(_ name: String?) throws -> TimeZone {
        guard let name, !name.isEmpty else { return .gmt }
        guard let zone = TimeZone(identifier: name) else {
            throw APIError.invalid(
                field: "time_zone", "\(name) is not a time zone this server knows; use an IANA name such as Europe/Paris or Pacific/Auckland."
            )
        }
        return zone
    }
}
