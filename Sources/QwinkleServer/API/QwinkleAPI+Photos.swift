import Foundation
import HTTPTypes
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit
import QwinkleMedia
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func uploadPhoto(_ input: Operations.UploadPhoto.Input) async throws -> Operations.UploadPhoto.Output {
        let account = try await signedInAccount()
        let body: HTTPBody = switch input.body {
        case .jpeg(let body), .png(let body), .imageWebp(let body), .imageGif(let body), .binary(let body): body
        }
        let stored = try await services.photos.upload(try await collect(body, upTo: configuration.maxPhotoBytes), by: account)
        return .created(.init(body: .json(.init(stored.photo))))
    }

    func getPhoto(_ input: Operations.GetPhoto.Input) async throws -> Operations.GetPhoto.Output {
        let stored = try await services.photos.photo(id: input.path.id, viewer: currentViewer())
        let etag = "\"\(stored.photo.sha256)\""
        if EntityTag.isCurrent(etag, ifNoneMatch: input.headers.ifNoneMatch) {
            return .notModified(.init(headers: .init(eTag: etag)))
        }
        let bytes = try await services.photos.bytes(of: stored)
        let cacheControl = "private, max-age=86400"
        // A Range applies only while the client's copy is still this one (If-Range); otherwise send it all.
        if let rangeHeader = input.headers.range, input.headers.ifRange == nil || input.headers.ifRange == etag {
            switch ByteRange.parse(rangeHeader, size: bytes.count) {
            case .satisfiable(let range):
                let part = HTTPBody(bytes[range])
                return .partialContent(.init(
                    headers: .init(eTag: etag, acceptRanges: "bytes", cacheControl: cacheControl, contentRange: "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(bytes.count)"),
                    body: Self.partialBody(part, contentType: stored.photo.contentType)
                ))
            case .unsatisfiable:
                return .rangeNotSatisfiable(.init(
                    headers: .init(contentRange: "bytes */\(bytes.count)"),
                    body: .json(.init(error: .init(code: "range_not_satisfiable", message: "The range is outside the photo's \(bytes.count) bytes.")))
                ))
            case .ignored:
                break
            }
        }
        return .ok(.init(
            headers: .init(eTag: etag, acceptRanges: "bytes", cacheControl: cacheControl),
            body: Self.wholeBody(HTTPBody(bytes), contentType: stored.photo.contentType)
        ))
    }

    /// Reads a request body, refusing it with 413 as soon as it passes `limit` bytes.
    func collect(_ body: HTTPBody, upTo limit: Int) async throws -> [UInt8] {
        let tooLarge = ServiceError.tooLarge("A photo may be at most \(limit / (1024 * 1024)) MiB.")
        if case .known(let length) = body.length, length > limit { throw tooLarge }
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard bytes.count + chunk.count <= limit else { throw tooLarge }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    private static func wholeBody(_ body: HTTPBody, contentType: String) -> Operations.GetPhoto.Output.Ok.Body {
        switch ImageType(rawValue: String(contentType.dropFirst("image/".count))) {
        case .png: .png(body)
        case .webp: .imageWebp(body)
        case .gif: .imageGif(body)
        case .jpeg, nil: .jpeg(body)
        }
    }

    private static func partialBody(_ body: HTTPBody, contentType: String) -> Operations.GetPhoto.Output.PartialContent.Body {
        switch ImageType(rawValue: String(contentType.dropFirst("image/".count))) {
        case .png: .png(body)
        case .webp: .imageWebp(body)
        case .gif: .imageGif(body)
        case .jpeg, nil: .jpeg(body)
        }
    }
}

/// A single `Range: bytes=…` request, as RFC 9110 reads it.
enum ByteRange: Equatable {
    /// Send these bytes.
    case satisfiable(Range<Int>)
    /// The range starts past the end: 416.
    case unsatisfiable
    /// Not a single byte range this server serves (several ranges, another unit, a malformed header): send it all.
    case ignored

    static func parse(_ header: String, size: Int) -> ByteRange {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .ignored }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .ignored }
        switch (Int(parts[0]), Int(parts[1])) {
        case (let first?, let last?) where first <= last:
            return first < size ? .satisfiable(first..<min(last + 1, size)) : .unsatisfiable
        case (let first?, nil) where parts[1].isEmpty:
            return first < size ? .satisfiable(first..<size) : .unsatisfiable
        case (nil, let suffix?) where parts[0].isEmpty:
            return suffix > 0 && size > 0 ? .satisfiable(max(0, size - suffix)..<size) : .unsatisfiable
        default:
            return .ignored
        }
    }
}
