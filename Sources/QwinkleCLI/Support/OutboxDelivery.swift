import Foundation
import QwinkleClient
import QwinkleKit

/// Entries written while the server could not be reached: queued with an idempotency key, and sent exactly once
/// by `qwinkle sync` or before the next online command.
enum OutboxDelivery {
    /// Sends what is queued, telling the person what went and what the server refused; quiet when nothing is queued
    /// or the server is still away (the command itself will say so).
    static func deliverQueued(api: APIClient, username: String, options: ClientOptions) async {
        // Without the offline file nothing was ever queued: no need to create it, open it and migrate it.
        guard let directories = try? options.directories(),
            FileManager.default.fileExists(atPath: directories.data.appendingPathComponent(OfflineStore.fileName).path),
            let store = try? options.offlineStore()
        else { return }
        let outbox = Outbox(store: store, server: api.server, username: username)
        guard let pending = try? await outbox.pending(), !pending.isEmpty, let report = try? await outbox.flush(using: api) else {
            return
        }
        describe(report, to: CommandContext.current.errors)
    }

    /// Writes one line per sent or refused item.
    static func describe(_ report: FlushReport, to output: any CommandOutput) {
        for item in report.sent {
            if case .sent(let entry, _) = item.state { output.write("Sent the queued entry as #\(entry).\n") }
        }
        for item in report.failed {
            if case .failed(let failure) = item.state { output.write("The server refused a queued entry: \(failure.message)\n") }
        }
    }

    /// Queues an entry (or a reply) that could not be posted because the server is unreachable, and says so (exit
    /// code 3).
    static func queue(
        _ content: EntryContent, replyingTo reply: ReplyTarget? = nil, after error: QwinkleError, options: ClientOptions
    ) async throws -> Never {
        guard let username = try options.username() else { throw CommandFailure(error) }
        let outbox = Outbox(store: try options.offlineStore(), server: try options.address(), username: username)
        do {
            _ = try await outbox.enqueue(content, replyingTo: reply?.parent, wider: reply?.wider ?? false)
        } catch {
            throw CommandFailure.refused("Cannot queue the entry: \(error.description)")
        }
        let what = reply == nil ? "entry" : "reply"
        throw CommandFailure.unreachable("\(error.description) The \(what) is queued — run `qwinkle sync` to send it.")
    }
}
