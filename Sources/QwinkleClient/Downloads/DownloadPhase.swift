import Foundation

/// Where a download is, as its handle tracks it. One enum, so a transfer task exists exactly while the
/// download is running or stopping, and resume data exactly while it is ready or paused.
enum DownloadPhase {
    /// Made, not begun; `saved` may continue leftovers of an earlier process.
    case ready(DownloadResumeData)
    /// A transfer task is fetching bytes.
    case running(transfer: Task<Void, Never>, progress: DownloadProgress)
    /// A pause or cancel was asked for; the transfer task is winding down at its next chunk.
    case stopping(transfer: Task<Void, Never>, StopRequest, progress: DownloadProgress)
    /// Stopped, with the partial file and `saved` on disk.
    case paused(DownloadResumeData)
    /// Ended with a verified file.
    case finished(URL)
    /// Ended without one.
    case failed(DownloadError)

    /// The public view.
    var state: DownloadState {
        switch self {
        case .ready: .ready
        case .running(_, let progress), .stopping(_, _, let progress): .running(progress)
        case .paused(let saved): .paused(saved.progress)
        case .finished(let url): .finished(url)
        case .failed(let error): .failed(error)
        }
    }

    /// What the caller asked a running transfer to do, if anything.
    var stopRequest: StopRequest? {
        if case .stopping(_, let request, _) = self { request } else { nil }
    }

    /// How the download ended, once it has.
    var outcome: Result<URL, DownloadError>? {
        switch self {
        case .finished(let url): .success(url)
        case .failed(let error): .failure(error)
        case .ready, .running, .stopping, .paused: nil
        }
    }

    /// Records a chunk's progress while the transfer runs.
    mutating func record(_ progress: DownloadProgress) {
        switch self {
        case .running(let transfer, _): self = .running(transfer: transfer, progress: progress)
        case .stopping(let transfer, let request, _): self = .stopping(transfer: transfer, request, progress: progress)
        case .ready, .paused, .finished, .failed: break
        }
    }
}

/// What a caller asked a running transfer to do.
enum StopRequest: Equatable {
    /// Stop and keep the partial file and resume data.
    case pause
    /// Paused, then resumed before the transfer had stopped: continue as soon as it has.
    case pauseThenResume
    /// Stop and delete everything.
    case cancel
}
