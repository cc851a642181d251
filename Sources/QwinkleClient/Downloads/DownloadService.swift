import AsyncHTTPClient
import Foundation

/// Downloads photos and dream cards to local files (talk 000's download service): streamed to a partial file,
/// resumable across processes, verified against the server's hash, and moved into place only when whole.
///
/// Two ways in, one machinery: the async `download(_:to:)`, or a `Download` handle to begin, pause, resume
/// and cancel. A `DownloadServiceDelegate` hears about every download either way. The service depends on
/// nothing but its HTTP client and delegate — never on an app or its delegate.
public actor DownloadService {
    private let httpClient: HTTPClient
    private let responseTimeout: Duration
    private let authorization: DownloadAuthorization?
    private let delegate: (any DownloadServiceDelegate)?
    /// For each group, how many of its downloads have not ended.
    private var unfinishedByGroup: [String: Int] = [:]

    /// A service over an HTTP client (the shared one by default). `responseTimeout` bounds the wait for each
    /// response's head; a body may take as long as it takes.
    public init(
        httpClient: HTTPClient = .qwinkle, authorization: DownloadAuthorization? = nil,
        delegate: (any DownloadServiceDelegate)? = nil, responseTimeout: Duration = .seconds(30)
    ) {
        self.httpClient = httpClient
        self.authorization = authorization
        self.delegate = delegate
        self.responseTimeout = responseTimeout
    }

    /// A download ready to `begin()` (talk 000's `connect`). If a paused download of the same source to the same
    /// destination left resume data behind, it continues from there; unreadable or unrelated leftovers are
    /// ignored, and the download starts over.
    public func makeDownload(_ request: DownloadRequest) -> Download {
        let leftover = (try? DownloadFiles(destination: request.destination).readResumeData()).flatMap {
            $0.source == request.source && $0.expectedSHA256 == request.expectedSHA256 ? $0 : nil
        }
        var saved = leftover ?? DownloadResumeData(request: request)
        saved.group = request.group
        return register(request, saved: saved)
    }

    /// A download continuing the paused one whose resume data is beside `destination`, possibly written by an
    /// earlier process. It throws `.noResumeData`, or `.resumeDataUnreadable` for damaged resume data or data from
    /// a newer Qwinkle; `makeDownload(_:)` then starts the download over.
    public func resumeDownload(at destination: URL, group: String? = nil) throws(DownloadError) -> Download {
        var saved = try DownloadFiles(destination: destination).readResumeData()
        if let group { saved.group = group }
        return register(saved.request, saved: saved)
    }

    /// Downloads `source` to `destination` and returns it once verified. Cancelling the calling task cancels
    /// the download and deletes its partial file.
    public func download(
        _ source: URL, to destination: URL, expectedSHA256: ContentHash? = nil, group: String? = nil
    ) async throws(DownloadError) -> URL {
        let download = makeDownload(DownloadRequest(source: source, destination: destination, expectedSHA256: expectedSHA256, group: group))
        download.begin()
        return try await withTaskCancellationHandler {
            await download.outcome()
        } onCancel: {
            download.cancel()
        }.get()
    }

    private func register(_ request: DownloadRequest, saved: DownloadResumeData) -> Download {
        if let group = request.group { unfinishedByGroup[group, default: 0] += 1 }
        let environment = DownloadEnvironment(
            httpClient: httpClient, authorization: authorization, responseTimeout: responseTimeout,
            report: { request, event in await self.deliver(event, for: request) }
        )
        return Download(request: request, saved: saved, environment: environment)
    }

    /// Passes a download's event to the delegate, and says when its group has no download left running.
    private func deliver(_ event: DownloadEvent, for request: DownloadRequest) {
        switch event {
        case .progress(let progress):
            delegate?.downloadService(self, didWrite: progress, for: request.source)
        case .finished(let url):
            delegate?.downloadService(self, didFinishDownloading: request.source, with: .success(url))
            groupMemberEnded(request.group)
        case .failed(let error):
            delegate?.downloadService(self, didFinishDownloading: request.source, with: .failure(error))
            groupMemberEnded(request.group)
        case .receiving, .paused:
            break
        }
    }

    private func groupMemberEnded(_ group: String?) {
        guard let group, let unfinished = unfinishedByGroup[group] else { return }
        if unfinished > 1 {
            unfinishedByGroup[group] = unfinished - 1
        } else {
            unfinishedByGroup[group] = nil
            delegate?.downloadService(self, didFinishEventsForGroup: group)
        }
    }
}
