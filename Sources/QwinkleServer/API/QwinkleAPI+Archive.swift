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
        // `application/octet-stream` is taken too: it is what a tool that knows nothing of ZIP files sends, and how a
        // jrnl export (JSON, which the contract's JSON bodies would decode) is sent; the reader tells formats apart.
        let body: HTTPBody = switch input.body {
        case .applicationZip(let body), .binary(let body): body
        }
        let upload = try await ArchiveUpload.receive(body, into: configuration.dataDirectory, limit: configuration.maxArchiveBytes)
        defer { upload.remove() }
        let report = try await services.archives.importArchive(
            at: upload.url, into: account, server: RequestCredentials.origin, limits: configuration.archiveLimits,
            maxPhotoBytes: configuration.maxPhotoBytes
        )
        return .ok(.init(body: .json(.init(report))))
    }
}
