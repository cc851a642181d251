import Logging
import QwinkleServices
import ServiceLifecycle

/// Empties the trash of entries deleted more than 30 days ago: once at start, then every `interval`, until the
/// server shuts down.
struct TrashCollector: Service {
    /// The service that knows the rule.
    let entries: EntryService
    /// How often to look.
    let interval: Duration
    /// Where a failed round is reported; the next round tries again.
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let purged = try await entries.emptyTrash()
                    if purged > 0 { logger.info("Emptied \(purged) entries from the trash.") }
                } catch where Task.isCancelled || error is CancellationError {
                    // Shutting down: a round cut short is no failure, and the next round empties what it left.
                    return
                } catch {
                    logger.error("Emptying the trash failed: \(error)")
                }
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }
}
