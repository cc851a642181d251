import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("Downloads from servers without byte ranges")
struct DownloadFallbackTests {
    @Test("Without Accept-Ranges and an ETag the whole-file strategy is chosen; a resume fetches it all again")
    func wholeFileFallback() async throws {
        try await PlainDownloadServer.run { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("plain.bin")
                let first = try await PausedDownload(server.plain, to: destination, atByte: Int64(server.payload.count / 2))
                #expect(first.events.strategies == [.wholeFile])
                #expect(try DownloadResumeData(contentsOf: first.download.files.resumeData).strategy == .wholeFile)

                let resumed = try await DownloadService().resumeDownload(at: destination)
                let second = await resumed.run()
                #expect(second.receivingOffsets == [0])
                #expect(second.strategies == [.wholeFile], "the choice made once is kept")
                #expect(second.finishedFile == destination)
                #expect(try Data(contentsOf: destination) == Data(server.payload))
                #expect(server.log.rangeHeaders == [nil, nil], "the fallback never asks for a range")
            }
        }
    }

    @Test("A server that offers ranges but ignores them answers 200, and the download starts over cleanly")
    func serverIgnoringRanges() async throws {
        try await PlainDownloadServer.run { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("ignoring.bin")
                let paused = try await PausedDownload(server.ignoringRanges, to: destination, atByte: Int64(server.payload.count / 2))
                let second = await paused.download.run(resuming: true)
                #expect(second.strategies == [.byteRanges])
                #expect(second.receivingOffsets == [0])
                #expect(second.finishedFile == destination)
                #expect(try Data(contentsOf: destination) == Data(server.payload), "verified against the honest ETag, too")
                #expect(server.log.rangeHeaders == [nil, "bytes=\(paused.progress.bytesWritten)-"])
            }
        }
    }

    @Test("An ETag naming other bytes fails verification and leaves no file")
    func etagMismatch() async throws {
        try await PlainDownloadServer.run(size: 10_000) { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("wrong.bin")
                let error = await #expect(throws: DownloadError.self) {
                    try await DownloadService().download(server.wrongETag, to: destination)
                }
                guard case .hashMismatch(let expected, _) = error else { Issue.record("expected a hash mismatch"); return }
                #expect(expected.hex == String(repeating: "ab", count: 32))
                let files = DownloadFiles(destination: destination)
                #expect(!exists(destination) && !exists(files.partial) && !exists(files.resumeData))
            }
        }
    }

    @Test("Resume data from a newer Qwinkle is refused with a clear error, and the download can start over")
    func newerResumeData() async throws {
        try await PlainDownloadServer.run(size: 10_000) { server in
            try await withTemporaryFolder { folder in
                let destination = folder.appendingPathComponent("newer.bin")
                let files = DownloadFiles(destination: destination)
                var bytes = try DownloadResumeData(request: DownloadRequest(source: server.plain, destination: destination)).fileData()
                bytes[5] = 2
                try bytes.write(to: files.resumeData)
                try Data("stale".utf8).write(to: files.partial)

                let service = DownloadService()
                let error = await #expect(throws: DownloadError.self) { try await service.resumeDownload(at: destination) }
                guard case .resumeDataUnreadable(_, .unsupportedVersion(_, found: 2, _)) = error else { Issue.record("\(String(describing: error))"); return }
                let message = error?.description ?? ""
                #expect(message.contains("newer Qwinkle") && message.contains("start over"), "\(message)")

                let url = try await service.download(server.plain, to: destination)
                #expect(try Data(contentsOf: url) == Data(server.payload))
                #expect(!exists(files.resumeData) && !exists(files.partial))
                await #expect(throws: DownloadError.noResumeData(files.resumeData)) { try await service.resumeDownload(at: destination) }
            }
        }
    }
}
