import Dispatch
import NIOCore
import NIOPosix
@testable import QwinkleServer
import Testing

/// A connection's task runs on its channel's event loop, so a request is answered without leaving that thread.
struct EventLoopTaskExecutorTests {
    @Test("a task preferring a loop's executor runs on that loop, and comes back to it after a sleep or a wait on another thread")
    func staysOnTheLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let seen = await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop: loop)) {
            var seen = [loop.inEventLoop]
            try? await Task.sleep(for: .milliseconds(1))
            seen.append(loop.inEventLoop)
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async { resumed.resume() }
            }
            seen.append(loop.inEventLoop)
            return seen
        }
        #expect(seen == [true, true, true])
        #expect(!loop.inEventLoop, "the test itself is not on the loop")
        try await group.shutdownGracefully()
    }
}
