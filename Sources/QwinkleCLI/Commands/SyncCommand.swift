import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle sync`: sends what was written offline, and refreshes the home timeline's offline copy.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send the entries queued while offline, and refresh the offline copy of your timeline.",
        discussion: """
            Each queued entry is sent exactly once, even if an earlier sync was interrupted mid-send. Entries the \
            server refuses are reported and kept out of the queue.

            Example:
              qwinkle sync
            """
    )

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let address = try client.address()
        guard let credential = try client.credentials().credential(for: address) else {
            throw CommandFailure.refused("You are not logged in to \(address): run `qwinkle login` first.")
        }
        let api = APIClient(server: address, token: credential.token, clientName: LoginSession.commandClient)
        let store = try client.offlineStore()
        let outbox = Outbox(store: store, server: address, username: credential.username)
        let report: FlushReport
        do { report = try await outbox.flush(using: api) } catch {
            throw CommandFailure.refused(error.description)
        }
        let context = CommandContext.current
        OutboxDelivery.describe(report, to: context.output)
        switch report.ending {
        case .stopped(let error):
            let left = (try? await outbox.pending().count) ?? 0
            throw error.isUnreachable
                ? CommandFailure.unreachable("\(error.description) \(Plural.count(left, "queued entry", "queued entries")) \(left == 1 ? "waits" : "wait") for the next sync.")
                : CommandFailure(error)
        case .alreadyFlushing:
            throw CommandFailure.refused("Another qwinkle is sending the queue right now; try again in a moment.")
        case .cancelled:
            throw CommandFailure.refused("Interrupted; the rest of the queue waits for the next sync.")
        case .emptied:
            break
        }
        let cache = TimelineCache(store: store, server: address, username: credential.username)
        do {
            _ = try await cache.timeline(.home, using: api)
        } catch let error as QwinkleError {
            throw CommandFailure(error)
        }
        context.print(report.sent.isEmpty && report.failed.isEmpty ? "Nothing was queued; your timeline is up to date." : "Synced.")
    }
}
