import Foundation
import QwinkleClient
import Synchronization
import Testing

/// A delegate that records every call and can stop one download at a chosen byte: the service waits for the
/// progress call before the next chunk, so the stop lands at an exact, repeatable place.
final class DownloadRecorder: DownloadServiceDelegate {
    enum Action { case pause, cancel }

    private struct Record {
        var progress: [URL: [DownloadProgress]] = [:]
        var groups: [String] = []
        /// Finishes and group ends in the order they were heard: "finished NAME", "failed: ERROR", "group ID".
        var log: [String] = []
        var trigger: (download: Download, atByte: Int64, action: Action)?
    }

    private let record = Mutex(Record())

    /// Pauses or cancels `download` at the first chunk that takes it to `atByte` bytes or more.
    func stop(_ download: Download, atByte: Int64, by action: Action = .pause) {
        record.withLock { $0.trigger = (download, atByte, action) }
    }

    func progress(for source: URL) -> [DownloadProgress] { record.withLock { $0.progress[source] ?? [] } }
    var finishedGroups: [String] { record.withLock { $0.groups } }
    var log: [String] { record.withLock { $0.log } }

    func downloadService(_ service: DownloadService, didWrite progress: DownloadProgress, for source: URL) {
        let fire = record.withLock { record -> (Download, Action)? in
            record.progress[source, default: []].append(progress)
            guard let trigger = record.trigger, trigger.download.request.source == source, progress.bytesWritten >= trigger.atByte else { return nil }
            record.trigger = nil
            return (trigger.download, trigger.action)
        }
        switch fire {
        case (let download, .pause)?: download.pause()
        case (let download, .cancel)?: download.cancel()
        case nil: break
        }
    }

    func downloadService(_ service: DownloadService, didFinishDownloading source: URL, with result: Result<URL, DownloadError>) {
        let entry = switch result {
        case .success(let url): "finished \(url.lastPathComponent)"
        case .failure(let error): "failed: \(error)"
        }
        record.withLock { $0.log.append(entry) }
    }

    func downloadService(_ service: DownloadService, didFinishEventsForGroup identifier: String) {
        record.withLock {
            $0.groups.append(identifier)
            $0.log.append("group \(identifier)")
        }
    }
}

extension Download {
    /// Begins (or resumes) the download and collects its events until it pauses or ends.
    func run(resuming: Bool = false) async -> [DownloadEvent] {
        let events = events()
        resuming ? resume() : begin()
        var seen: [DownloadEvent] = []
        for await event in events {
            seen.append(event)
            if case .paused = event { break }
        }
        return seen
    }
}

extension [DownloadEvent] {
    /// Where each stretch of received bytes began, and with which strategy.
    var receivingOffsets: [Int64] {
        compactMap { if case .receiving(let offset, _) = $0 { offset } else { nil } }
    }

    var strategies: [DownloadStrategy] {
        compactMap { if case .receiving(_, let strategy) = $0 { strategy } else { nil } }
    }

    var progress: [DownloadProgress] {
        compactMap { if case .progress(let progress) = $0 { progress } else { nil } }
    }

    var pausedAt: DownloadProgress? {
        last.flatMap { if case .paused(let progress) = $0 { progress } else { nil } }
    }

    var failure: DownloadError? {
        last.flatMap { if case .failed(let error) = $0 { error } else { nil } }
    }

    var finishedFile: URL? {
        last.flatMap { if case .finished(let url) = $0 { url } else { nil } }
    }
}

/// Whether a file exists.
func exists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
}

/// The size of a file, or -1 when there is none.
func size(of url: URL) -> Int64 {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? -1
}

/// A download of `source` that a fresh service began and paused once at least `atByte` bytes were written.
struct PausedDownload {
    let download: Download
    let events: [DownloadEvent]
    let progress: DownloadProgress

    init(
        _ source: URL, to destination: URL, atByte: Int64, authorization: DownloadAuthorization? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let recorder = DownloadRecorder()
        let service = DownloadService(authorization: authorization, delegate: recorder)
        download = await service.makeDownload(DownloadRequest(source: source, destination: destination))
        recorder.stop(download, atByte: atByte)
        events = await download.run()
        progress = try #require(events.pausedAt, sourceLocation: sourceLocation)
    }
}
