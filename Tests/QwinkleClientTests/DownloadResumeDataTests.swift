import Foundation
@testable import QwinkleClient
import QwinkleKit
import Testing

@Suite("Download resume data and strategies")
struct DownloadResumeDataTests {
    private static let source = URL(string: "http://127.0.0.1:8080/api/qwinkle/v1/photos/3")!
    private static let destination = URL(fileURLWithPath: "/tmp/photos/3.png")

    private static var full: DownloadResumeData {
        var saved = DownloadResumeData(request: DownloadRequest(
            source: source, destination: destination, expectedSHA256: ContentHash(hex: String(repeating: "0a", count: 32)), group: "timeline"
        ))
        saved.bytesWritten = 600_000
        saved.expectedLength = 1_048_576
        saved.etag = "\"\(String(repeating: "c", count: 64))\""
        saved.strategy = .byteRanges
        return saved
    }

    @Test("Resume data reads back what was written, with every field and with none of the optional ones")
    func roundTrip() throws {
        #expect(try DownloadResumeData(fileData: Self.full.fileData()) == Self.full)
        let bare = DownloadResumeData(request: DownloadRequest(source: Self.source, destination: Self.destination))
        #expect(try DownloadResumeData(fileData: bare.fileData()) == bare)
    }

    @Test("The layout is fixed: magic, big-endian version, then big-endian fields of known widths")
    func layout() throws {
        let bytes = Array(try Self.full.fileData())
        #expect(Array(bytes[0..<6]) == Array("QWDL".utf8) + [0, 1])
        let sourceLength = Self.source.absoluteString.utf8.count
        #expect(Array(bytes[6..<10]) == [0, 0, 0, UInt8(sourceLength)])
        let afterPaths = 10 + sourceLength + 4 + Self.destination.path.utf8.count
        #expect(Array(bytes[afterPaths..<afterPaths + 8]) == [0, 0, 0, 0, 0, 0x09, 0x27, 0xC0], "600,000 bytes written")
        #expect(bytes.count == afterPaths + 8 + 9 + 1 + 4 + 66 + 33 + 1 + 1 + 4 + 8)
    }

    @Test("A newer version, another kind of file, a truncated file and impossible values are refused")
    func refusals() throws {
        var newer = try Self.full.fileData()
        newer[5] = 2
        let error = #expect(throws: FormatError.self) { try DownloadResumeData(fileData: newer) }
        #expect(error?.description.contains("newer Qwinkle") == true)
        #expect(throws: FormatError.self) { try DownloadResumeData(fileData: Data("QWRD".utf8) + Data([0, 1])) }
        let whole = try Self.full.fileData()
        #expect(throws: FormatError.truncated(needed: 8, available: 7)) { try DownloadResumeData(fileData: whole.prefix(whole.count - 1)) }
        var unchosen = Self.full
        unchosen.strategy = nil
        #expect(throws: FormatError.self) { try DownloadResumeData(fileData: unchosen.fileData()) }
        var overlong = Self.full
        overlong.bytesWritten = 2_000_000
        #expect(throws: FormatError.self) { try DownloadResumeData(fileData: overlong.fileData()) }
    }

    @Test("Byte ranges are chosen only with Accept-Ranges: bytes and a strong ETag")
    func capabilityCheck() {
        #expect(DownloadStrategy(acceptsByteRanges: true, etag: "\"abc\"") == .byteRanges)
        #expect(DownloadStrategy(acceptsByteRanges: true, etag: "W/\"abc\"") == .wholeFile)
        #expect(DownloadStrategy(acceptsByteRanges: true, etag: nil) == .wholeFile)
        #expect(DownloadStrategy(acceptsByteRanges: false, etag: "\"abc\"") == .wholeFile)
    }

    @Test("The ranged strategy asks for the rest with If-Range and starts over when the answer does not continue the file")
    func rangedPlans() {
        let saved = Self.full
        let ranged = RangedDownloader()
        #expect(ranged.headers(continuing: saved).map(\.value) == ["bytes=600000-", saved.etag])
        let rest = ContentRange("bytes 600000-1048575/1048576")
        #expect(ranged.plan(for: ResponseHead(status: 206, contentRange: rest), continuing: saved) == .append(expectedLength: 1_048_576))
        let elsewhere = ContentRange("bytes 0-1048575/1048576")
        #expect(ranged.plan(for: ResponseHead(status: 206, contentRange: elsewhere), continuing: saved) == .startOver)
        #expect(ranged.plan(for: ResponseHead(status: 200, contentLength: 9), continuing: saved) == .replace(expectedLength: 9))
        #expect(ranged.plan(for: ResponseHead(status: 416), continuing: saved) == .startOver)
        #expect(ranged.plan(for: ResponseHead(status: 404), continuing: saved) == .refuse)
        let whole = WholeFileDownloader()
        #expect(whole.headers(continuing: saved).isEmpty)
        #expect(whole.plan(for: ResponseHead(status: 206, contentRange: rest), continuing: saved) == .refuse)
        #expect(whole.plan(for: ResponseHead(status: 200), continuing: saved) == .replace(expectedLength: nil))
    }

    @Test("Content-Range and ETag digests are read strictly")
    func headerParsing() throws {
        let known = try #require(ContentRange("bytes 5-9/10"))
        #expect(known.first == 5)
        #expect(known.last == 9)
        #expect(known.completeLength == 10)
        let unknown = try #require(ContentRange("bytes 5-9/*"), "a server that does not know the whole length sends *")
        #expect(unknown.first == 5)
        #expect(unknown.last == 9)
        #expect(unknown.completeLength == nil)
        #expect(ContentRange("bytes 9-5/10") == nil)
        #expect(ContentRange("bytes 5-9/9") == nil)
        #expect(ContentRange("items 5-9/10") == nil)
        let hex = String(repeating: "AB", count: 32)
        #expect(ContentHash(etag: "\"\(hex)\"")?.hex == hex.lowercased())
        #expect(ContentHash(etag: "W/\"\(hex)\"") == nil)
        #expect(ContentHash(etag: hex) == nil)
        #expect(ContentHash(hex: String(repeating: "g", count: 64)) == nil)
    }

    @Test("The token goes only to the server it belongs to")
    func authorizationScope() throws {
        let authorization = DownloadAuthorization(bearerToken: "t", server: try #require(URL(string: "http://127.0.0.1:8080")))
        #expect(authorization.applies(to: Self.source))
        #expect(!authorization.applies(to: try #require(URL(string: "http://127.0.0.1:8081/api/qwinkle/v1/photos/3"))))
        #expect(!authorization.applies(to: try #require(URL(string: "https://127.0.0.1:8080/api/qwinkle/v1/photos/3"))))
        let defaultPort = DownloadAuthorization(bearerToken: "t", server: try #require(URL(string: "https://Example.com")))
        #expect(defaultPort.applies(to: try #require(URL(string: "https://example.com:443/x"))))
    }
}
