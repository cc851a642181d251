import Logging
import QwinkleKit
import QwinkleServices
import ServiceLifecycle

/// Posts scheduled entries when they fall due: at start (what fell due while no server ran), then every
/// `interval`, until the server shuts down. Every server runs one; the storage posts each entry exactly once.
///
/// It looks every second rather than sleeping until the next entry's time: an entry scheduled or changed on another
/// server meanwhile is then seen without a message between servers, the look is one indexed query that finds
/// nothing most of the time, and an entry appears at most a second or so late.
struct ScheduledPublisher: Service {
    /// The service that posts what is due.
    let scheduled: ScheduledEntryService
    /// How long to wait between looks.
    let interval: Duration
    /// Where a failed round is reported; the next round tries again.
    let logger: Logger
    /// Where its rounds are counted.
    var rounds: ProgressCounter?

    func run() async throws {
        await cancelWhenGracefulShutdown {
            // A failure is reported when it starts and when it ends, not every second while the database is away.
            var failing = false
            while !Task.isCancelled {
                do {
                    let published = try await scheduled.publishDue()
                    if !published.isEmpty { logger.info("Posted \(Plural.count(published.count, "scheduled entry", "scheduled entries")).") }
                    if failing { logger.info("Posting scheduled entries works again.") }
                    failing = false
                } catch where Task.isCancelled || error is CancellationError {
                    // Shutting down: a round cut short is no failure, and the next server to start posts it.
                    return
                } catch {
                    if !failing { logger.error("Posting scheduled entries failed (trying again every \(interval)): \(error)") }
                    failing = true
                }
                rounds?.advance()
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }
}
