import QwinkleStorage
import ServiceLifecycle

/// A `TestServer` listening on a socket, as `TestServer.serve(port:_:)` hands it to its body.
public struct RunningServer: Sendable {
    /// The address it listens on.
    public let host: String
    /// The port it got.
    public let port: Int
    /// Its storage, for a test that arranges or checks data directly rather than through requests.
    public let storage: any Storage
    /// The service group it runs in, told to shut down as SIGTERM would tell it.
    let group: ServiceGroup
    /// Ends when the server has stopped, with its error if it failed.
    let stopped: AsyncThrowingStream<Void, any Error>

    /// Tells the server to shut down gracefully, as Ctrl-C or SIGTERM does, and returns at once: it stops taking new
    /// connections and finishes what it started.
    public func beginGracefulShutdown() async {
        await group.triggerGracefulShutdown()
    }

    /// Waits until the server has stopped; throws the error it stopped with, if any.
    public func untilStopped() async throws {
        for try await _ in stopped {}
    }
}
