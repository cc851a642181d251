import NIOCore

/// Runs a connection's tasks on the event loop that owns its channel.
///
/// Hummingbird reads a request on the connection's event loop and runs the handler on Swift's cooperative pool, then
/// hands the answer back to the event loop to write: two thread switches a request, each a wake-up of a sleeping
/// thread, on a server whose threads share its cores. With the connection's task preferring this executor, the
/// handler runs on the event loop's thread itself: the request is read, answered and written without leaving it.
/// A suspension (a write's commit, a PostgreSQL query) resumes here too.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
