import AsyncHTTPClient
import Foundation
import Synchronization

/// One download, with `begin`, `pause`, `resume` and `cancel` (talk 002's download controller). Make it with a
/// `DownloadService`; follow it with `events()`, `state` or `finishedFile()`, or through the service's delegate.
///
/// The controls never wait: each asks, and the transfer acts on it at its next chunk, so they are safe to call
/// from anywhere, including a delegate callback. Which strategy fetches the bytes is decided inside, once.
public final class Download: Sendable {
    /// What is downloaded, and where to.
    public let request: DownloadRequest
    /// The resume data and partial file beside the destination.
    public let files: DownloadFiles
    let environment: DownloadEnvironment
    let control: Mutex<DownloadControl>

    init(request: DownloadRequest, saved: DownloadResumeData, environment: DownloadEnvironment) {
        self.request = request
        self.files = DownloadFiles(destination: request.destination)
        self.environment = environment
        self.control = Mutex(DownloadControl(phase: .ready(saved)))
    }

    /// Where the download is now.
    public var state: DownloadState {
        control.withLock { $0.phase.state }
    }

    /// Starts the download (talk 000's `start`); continuing from a partial file if one was left behind.
    public func begin() {
        resume()
    }

    /// Stops the transfer at its next chunk, keeping the partial file and resume data on disk, so this or a
    /// later process can resume. A `.paused` event follows.
    public func pause() {
        let transfer = control.withLock { control -> Task<Void, Never>? in
            switch control.phase {
            case .running(let transfer, let progress):
                control.phase = .stopping(transfer: transfer, .pause, progress: progress)
                return transfer
            case .stopping(let transfer, .pauseThenResume, let progress):
                control.phase = .stopping(transfer: transfer, .pause, progress: progress)
                return nil
            case .ready, .stopping, .paused, .finished, .failed:
                return nil
            }
        }
        // Cancelling the task interrupts a transfer stuck waiting for the server, not only one receiving bytes.
        transfer?.cancel()
    }

    /// Continues a paused download (or begins one not yet begun), with a range request when the server offers them.
    public func resume() {
        control.withLock { control in
            switch control.phase {
            case .ready(let saved), .paused(let saved):
                control.phase = .running(transfer: startTransfer(from: saved), progress: saved.progress)
            case .stopping(let transfer, .pause, let progress):
                control.phase = .stopping(transfer: transfer, .pauseThenResume, progress: progress)
            case .running, .stopping, .finished, .failed:
                break
            }
        }
    }

    /// Stops the download for good and deletes its partial file and resume data; it ends with `.cancelled`.
    /// A download that has already finished is left alone.
    public func cancel() {
        let transfer = control.withLock { control -> Task<Void, Never>? in
            switch control.phase {
            case .running(let transfer, let progress), .stopping(let transfer, _, let progress):
                control.phase = .stopping(transfer: transfer, .cancel, progress: progress)
                return transfer
            case .ready(let saved), .paused(let saved):
                // A transfer that finds itself cancelled before it starts is the one place that deletes files.
                control.phase = .stopping(transfer: startTransfer(from: saved), .cancel, progress: saved.progress)
                return nil
            case .finished, .failed:
                return nil
            }
        }
        transfer?.cancel()
    }

    /// Waits until the download ends and returns the verified file. A pause does not end it; a later
    /// `resume()` or `cancel()` does.
    public func finishedFile() async throws(DownloadError) -> URL {
        try await outcome().get()
    }

    /// The events from now on, ending after `.finished` or `.failed`. Each call gives a new sequence; one that
    /// starts after the end holds only the last event.
    public func events() -> AsyncStream<DownloadEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DownloadEvent.self, bufferingPolicy: .bufferingNewest(1_024))
        let ended = control.withLock { control -> DownloadEvent? in
            if let outcome = control.phase.outcome { return DownloadEvent(outcome) }
            let id = control.nextSubscriber
            control.nextSubscriber += 1
            control.subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                _ = self?.control.withLock { $0.subscribers.removeValue(forKey: id) }
            }
            return nil
        }
        if let ended {
            continuation.yield(ended)
            continuation.finish()
        }
        return stream
    }

    /// How the download ended, waiting for it.
    func outcome() async -> Result<URL, DownloadError> {
        await withCheckedContinuation { continuation in
            let ended = control.withLock { control -> Result<URL, DownloadError>? in
                if let outcome = control.phase.outcome { return outcome }
                control.waiters.append(continuation)
                return nil
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    /// Starts a task that runs one transfer; called with the lock held, so the task cannot act before the
    /// phase that names it is stored.
    func startTransfer(from saved: DownloadResumeData) -> Task<Void, Never> {
        Task { await self.transfer(from: saved) }
    }
}

/// Everything about a download that changes, behind one lock.
struct DownloadControl {
    var phase: DownloadPhase
    var subscribers: [Int: AsyncStream<DownloadEvent>.Continuation] = [:]
    var nextSubscriber = 0
    var waiters: [CheckedContinuation<Result<URL, DownloadError>, Never>] = []
}

/// What a download gets from the service that made it: no reference back to the service itself.
struct DownloadEnvironment: Sendable {
    var httpClient: HTTPClient
    var authorization: DownloadAuthorization?
    var responseTimeout: Duration
    /// Tells the service (and through it the delegate) about an event; awaited, so events arrive in order.
    var report: @Sendable (DownloadRequest, DownloadEvent) async -> Void
}

extension DownloadEvent {
    /// The last event of a download that ended this way.
    init(_ outcome: Result<URL, DownloadError>) {
        switch outcome {
        case .success(let url): self = .finished(url)
        case .failure(let error): self = .failed(error)
        }
    }
}
