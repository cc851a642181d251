import Foundation
import Synchronization

extension Download {
    /// Sends an event to every `events()` sequence and to the service, in that order.
    func emit(_ event: DownloadEvent) async {
        let subscribers = control.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(event) }
        await environment.report(request, event)
    }

    /// Records how a transfer ended and tells everyone who waits.
    func settle(_ outcome: TransferOutcome) async {
        switch outcome {
        case .paused(let saved):
            await emit(.paused(saved.progress))
            control.withLock { control in
                switch control.phase {
                case .stopping(_, .pauseThenResume, _):
                    control.phase = .running(transfer: startTransfer(from: saved), progress: saved.progress)
                case .stopping(_, .cancel, _):
                    // The cancel came after the pause was written: a transfer that starts cancelled deletes it.
                    control.phase = .stopping(transfer: startTransfer(from: saved), .cancel, progress: saved.progress)
                case .ready, .running, .stopping, .paused, .finished, .failed:
                    control.phase = .paused(saved)
                }
            }
        case .finished(let url):
            await end(.success(url))
        case .ended(let result):
            await end(result)
        }
    }

    /// Ends the download: the service (and its delegate) hear first, so a caller woken by `finishedFile()`
    /// finds the delegate already told.
    private func end(_ outcome: Result<URL, DownloadError>) async {
        let event = DownloadEvent(outcome)
        await environment.report(request, event)
        let (subscribers, waiters) = control.withLock { control in
            control.phase = switch outcome {
            case .success(let url): .finished(url)
            case .failure(let error): .failed(error)
            }
            defer {
                control.subscribers = [:]
                control.waiters = []
            }
            return (Array(control.subscribers.values), control.waiters)
        }
        // Outside the lock: finishing a sequence runs its termination handler, which takes the lock.
        for subscriber in subscribers {
            subscriber.yield(event)
            subscriber.finish()
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
