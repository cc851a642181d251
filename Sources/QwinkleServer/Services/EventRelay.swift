import QwinkleServices
import ServiceLifecycle

/// Runs a shared event bus while the server runs: sends this server's entry events to the others sharing the
/// database and hears theirs, until the server shuts down.
struct EventRelay: Service {
    /// The bus to run.
    let bus: SharedEntryEventBus

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await bus.run()
        }
    }
}
