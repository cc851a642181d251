import Logging
import PostgresNIO
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: ServerChannel {
    /// The notification channel of this storage's schema, so that two schemas in one database are not heard together.
    var channelName: String { "qwinkle_events_\(schema)" }

    /// Sends a notification; PostgreSQL delivers it to every listener in the order sent.
    public func send(_ message: String) async throws {
        try await reading { connection in
            try await connection.execute("SELECT pg_notify(\(channelName), \(message))", logger: logger)
        }
    }

    /// Listens on a connection of its own for as long as the task runs. When the connection fails, it waits
    /// (half a second, doubling up to 5 s), listens again on a new one, and says `.resumed`.
    public func listen(_ receive: @Sendable (ChannelSignal) async -> Void) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channelName) { notifications in
                        if failures > 0 {
                            failures = 0
                            await receive(.resumed)
                        }
                        for try await notification in notifications {
                            await receive(.message(notification.payload))
                        }
                    }
                }
            } catch {
                guard !Task.isCancelled else { return }
                logger.warning("Listening for other servers' news failed; listening again shortly: \(error)")
            }
            guard !Task.isCancelled else { return }
            // However listening ended, what was sent until it starts again is not heard.
            failures += 1
            let wait = min(500 << min(failures, 4), 5_000)
            do { try await Task.sleep(for: .milliseconds(wait)) } catch { return }
        }
    }
}
