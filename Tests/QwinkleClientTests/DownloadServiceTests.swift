import Crypto
import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("Downloads from a Qwinkle server")
struct DownloadServiceTests {
    @Test("A photo downloads whole, by byte ranges, verified against its hash, with nothing left beside it")
    func fullDownload() async throws {
        try await QwinkleDownloadServer.run { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("photo.png")
                let service = DownloadService(authorization: server.authorization)
                let download = await service.makeDownload(DownloadRequest(source: server.photo, destination: destination))
                let events = await download.run()
                #expect(events.finishedFile == destination)
                #expect(events.strategies == [.byteRanges])
                #expect(events.progress.last == DownloadProgress(bytesWritten: server.photoSize, expectedBytes: server.photoSize))
                #expect(events.progress.count > 1, "the body arrives in chunks, each reported")
                #expect(sha256(of: destination) == server.photoSHA256)
                #expect(!exists(download.files.partial) && !exists(download.files.resumeData))
                #expect(download.state == .finished(destination))
            }
        }
    }

    @Test("A download paused half-way continues in a new service from its resume data, with a range request")
    func pauseAndResumeInAnotherService() async throws {
        try await QwinkleDownloadServer.run { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("photo.png")
                let first = try await PausedDownload(server.photo, to: destination, atByte: server.photoSize / 2, authorization: server.authorization)
                let (download, paused) = (first.download, first.progress)
                #expect(paused.bytesWritten >= server.photoSize / 2 && paused.bytesWritten < server.photoSize)
                #expect(size(of: download.files.partial) == paused.bytesWritten)
                #expect(!exists(destination), "only a whole, verified file appears at the destination")
                let saved = try DownloadResumeData(contentsOf: download.files.resumeData)
                #expect(saved.bytesWritten == paused.bytesWritten)
                #expect(saved.strategy == .byteRanges)
                #expect(saved.etag == "\"\(server.photoSHA256.hex)\"")
                let resumeBytes = try Data(contentsOf: download.files.resumeData)
                #expect(resumeBytes.range(of: Data(server.token.utf8)) == nil, "the token stays out of the resume file")

                // As if in a later process: a new service, knowing only the destination.
                let second = DownloadService(authorization: server.authorization)
                let resumed = try await second.resumeDownload(at: destination)
                #expect(resumed.request.source == server.photo)
                let events = await resumed.run()
                #expect(events.receivingOffsets == [paused.bytesWritten], "the server answered the range with the rest of the file")
                #expect(events.progress.first.map { $0.bytesWritten > paused.bytesWritten } == true)
                #expect(events.finishedFile == destination)
                #expect(sha256(of: destination) == server.photoSHA256)
                #expect(!exists(download.files.partial) && !exists(download.files.resumeData))
            }
        }
    }

    @Test("A resume whose ETag no longer matches gets the whole file (If-Range) and starts over from zero")
    func staleResumeStartsOver() async throws {
        try await QwinkleDownloadServer.run { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("photo.png")
                let download = try await PausedDownload(server.photo, to: destination, atByte: server.photoSize / 2, authorization: server.authorization).download
                // The server's file is content-addressed and never changes, so make the partial file's version an old one.
                var saved = try DownloadResumeData(contentsOf: download.files.resumeData)
                saved.etag = "\"\(String(repeating: "0", count: 64))\""
                try saved.write(to: download.files.resumeData)

                let resumed = try await DownloadService(authorization: server.authorization).resumeDownload(at: destination)
                let events = await resumed.run()
                #expect(events.receivingOffsets == [0])
                #expect(events.progress.first.map { $0.bytesWritten < saved.bytesWritten } == true)
                #expect(events.finishedFile == destination)
                #expect(sha256(of: destination) == server.photoSHA256)
            }
        }
    }

    @Test("Bytes that do not match the expected hash are deleted, with a typed error")
    func hashMismatch() async throws {
        try await QwinkleDownloadServer.run(photoSize: 4_096) { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("photo.png")
                let wrong = try #require(ContentHash(hex: String(repeating: "1f", count: 32)))
                let service = DownloadService(authorization: server.authorization)
                await #expect(throws: DownloadError.hashMismatch(expected: wrong, actual: server.photoSHA256)) {
                    try await service.download(server.photo, to: destination, expectedSHA256: wrong)
                }
                let files = DownloadFiles(destination: destination)
                #expect(!exists(destination) && !exists(files.partial) && !exists(files.resumeData))
                #expect(DownloadError.hashMismatch(expected: wrong, actual: server.photoSHA256).description.contains("deleted"))
            }
        }
    }

    @Test("A missing photo is a 404 with the server's message; a token for another server is not sent")
    func httpErrors() async throws {
        try await QwinkleDownloadServer.run(photoSize: 4_096) { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("photo.png")
                let missing = server.base.appendingPathComponent("api/qwinkle/v1/photos/999999")
                let error = await #expect(throws: DownloadError.self) {
                    try await DownloadService(authorization: server.authorization).download(missing, to: destination)
                }
                #expect(error == .httpStatus(404, message: "The photo 999999 was not found."))
                #expect(error?.description == "The server answered 404: The photo 999999 was not found.")
                // Without its owner's token the photo is hidden, as if it did not exist.
                let elsewhere = DownloadAuthorization(bearerToken: server.token, server: try #require(URL(string: "http://example.com")))
                let hidden = await #expect(throws: DownloadError.self) {
                    try await DownloadService(authorization: elsewhere).download(server.photo, to: destination)
                }
                #expect(hidden == .httpStatus(404, message: "The photo \(server.photo.lastPathComponent) was not found."))
                #expect(!exists(destination) && !exists(DownloadFiles(destination: destination).partial))
            }
        }
    }

    @Test("The delegate hears progress, each finish, and once that the whole group has finished")
    func delegateAndGroup() async throws {
        try await QwinkleDownloadServer.run(photoSize: 256 * 1024) { server in
            try await withTemporaryFolder { folder in
                let recorder = DownloadRecorder()
                let service = DownloadService(authorization: server.authorization, delegate: recorder)
                let card = try await server.dreamCard()
                let cardDownload = await service.makeDownload(DownloadRequest(source: card, destination: folder.appendingPathComponent("card.svg"), group: "batch"))
                let photoDownload = await service.makeDownload(DownloadRequest(source: server.photo, destination: folder.appendingPathComponent("photo.png"), group: "batch"))
                let cardEvents = await cardDownload.run()
                #expect(cardEvents.strategies == [.wholeFile], "the card endpoint offers no ranges")
                #expect(recorder.finishedGroups.isEmpty, "the photo of the batch has not even begun")
                photoDownload.begin()
                async let photo = photoDownload.finishedFile()
                async let other = service.download(server.photo, to: folder.appendingPathComponent("other.png"), group: "other")
                _ = try await (photo, other)

                #expect(recorder.progress(for: server.photo).last?.bytesWritten == server.photoSize)
                #expect(recorder.progress(for: card).isEmpty == false)
                let log = recorder.log
                #expect(log.filter { $0.hasPrefix("finished") }.sorted() == ["finished card.svg", "finished other.png", "finished photo.png"])
                #expect(log.filter { $0.hasPrefix("group") }.sorted() == ["group batch", "group other"])
                let batchEnded = try #require(log.firstIndex(of: "group batch"))
                #expect(log.firstIndex(of: "finished card.svg").map { $0 < batchEnded } == true)
                #expect(log.firstIndex(of: "finished photo.png").map { $0 < batchEnded } == true)
                #expect(sha256(of: folder.appendingPathComponent("photo.png")) == server.photoSHA256)
                let svg = try String(contentsOf: folder.appendingPathComponent("card.svg"), encoding: .utf8)
                #expect(svg.contains("<svg"))
            }
        }
    }

    @Test("Cancelling a paused or a running download deletes its partial file and resume data")
    func cancel() async throws {
        try await QwinkleDownloadServer.run { server in
            try await withTemporaryFolder { folder in
                let recorder = DownloadRecorder()
                let service = DownloadService(authorization: server.authorization, delegate: recorder)
                let paused = await service.makeDownload(DownloadRequest(source: server.photo, destination: folder.appendingPathComponent("a.png")))
                recorder.stop(paused, atByte: server.photoSize / 3)
                #expect(await paused.run().pausedAt != nil)
                #expect(exists(paused.files.partial) && exists(paused.files.resumeData))
                paused.cancel()
                await #expect(throws: DownloadError.cancelled) { try await paused.finishedFile() }
                #expect(!exists(paused.files.partial) && !exists(paused.files.resumeData))
                #expect(paused.state == .failed(.cancelled))

                let running = await service.makeDownload(DownloadRequest(source: server.photo, destination: folder.appendingPathComponent("b.png")))
                recorder.stop(running, atByte: server.photoSize / 3, by: .cancel)
                #expect(await running.run().failure == .cancelled)
                #expect(!exists(running.files.partial) && !exists(running.files.resumeData) && !exists(running.request.destination))
                #expect(recorder.log == Array(repeating: "failed: The download was cancelled.", count: 2))
            }
        }
    }
}

/// The SHA-256 of a file's bytes, or `nil` when there is no file.
func sha256(of url: URL) -> ContentHash? {
    (try? Data(contentsOf: url)).flatMap { ContentHash(hex: SHA256.hash(data: $0).map { String(format: "%02x", $0) }.joined()) }
}
