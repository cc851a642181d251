import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTestSupport
import Testing

@Suite("qwinkle download: Ctrl-C in a real process")
struct CLIDownloadInterruptTests {
    /// The photo's size: large enough that the held first download is far from done.
    static let photoSize = 2 * 1024 * 1024
    /// Where the proxy holds the first download.
    static let heldAt = 512 * 1024

    @Test("Ctrl-C pauses a download mid-way, keeping NAME.part and its resume data; running it again resumes with a range")
    func interruptThenResume() async throws {
        try await CLIHarness.withServer { direct in
            try await StallingProxy.run(upstream: direct.server, holdAfter: Self.heldAt) { proxy in
                let cli = CLIHarness(server: proxy.base, home: direct.home)
                await cli.signUp("abe")
                let photo = cli.home.appendingPathComponent("big.png")
                try Data(TestPNG.make(size: Self.photoSize)).write(to: photo)
                let posted = await cli.run(["post", "A big photo", "--photo", photo.path, "--visibility", "private"])
                #expect(posted.code == 0, "\(posted.errors)")
                let id = try #require(posted.output.split(separator: "#").last?.split(separator: " ").first.map(String.init))
                let folder = cli.home.appendingPathComponent("downloads")
                let name = "qwinkle-\(id)-photo-1"
                let files = DownloadFiles(destination: folder.appendingPathComponent(name))
                let environment = ["HOME": cli.home.path, "QWINKLE_SERVER": proxy.base]
                let command = ["download", id, "--to", folder.path]

                let first = try QwinkleProcess(command, environment: environment)
                // The first progress line is printed once the first bytes are in NAME.part; the proxy holds the rest.
                let progress = try await withTimeout(waitingFor: "the first progress line of \(name)") {
                    await first.firstOutputLine { $0.hasPrefix("\(name): ") }
                }
                guard progress != nil else {
                    let ended = await first.finished()
                    Issue.record("qwinkle ended (\(ended.status)) before any progress: \(ended.errors)")
                    return
                }
                #expect(size(of: files.partial) > 0, "the download is under way")
                first.interrupt()
                let paused = try await withTimeout(waitingFor: "qwinkle to exit after Ctrl-C") { await first.finished() }

                #expect(paused.exited, "qwinkle handles Ctrl-C rather than dying of it")
                #expect(paused.status == 1, "\(paused.errors)")
                #expect(paused.errors.contains("qwinkle: Paused \(name) at "), "\(paused.errors)")
                #expect(paused.errors.contains("run the same command again to resume."))
                #expect(!exists(files.destination), "only a whole, verified file appears under its name")
                #expect(exists(files.resumeData))
                let stoppedAt = size(of: files.partial)
                #expect(stoppedAt > 0 && stoppedAt <= Int64(Self.heldAt), "NAME.part keeps what arrived before Ctrl-C")
                #expect(try DownloadResumeData(contentsOf: files.resumeData).bytesWritten == stoppedAt)

                let second = try QwinkleProcess(command, environment: environment)
                let resumed = try await withTimeout(waitingFor: "the resumed download to end") { await second.finished() }

                #expect(resumed.status == 0, "\(resumed.errors)")
                #expect(resumed.output.contains("\(name): resuming at "), "\(resumed.output)")
                // Finished, the photo takes the extension its bytes call for.
                let saved = files.destination.appendingPathExtension("png")
                #expect(resumed.output.contains("Saved \(saved.path)"))
                let token = try CLIFlowTests.token(of: cli)
                let photoID = try #require(try await TestHTTP.photoIDs(ofEntry: id, on: direct.server, token: token).first)
                let served = try await TestHTTP.get("\(direct.server)/api/qwinkle/v1/photos/\(photoID)", token: token)
                #expect(served.status == 200)
                #expect(served.body.count > Self.heldAt, "the photo is larger than what the proxy let through at first")
                #expect(try Data(contentsOf: saved) == served.body, "the resumed file is the server's, byte for byte")
                #expect(!exists(files.partial) && !exists(files.resumeData))
                #expect(proxy.log.rangeHeaders == [nil, "bytes=\(stoppedAt)-"], "the second run asked for the rest only")
            }
        }
    }
}
