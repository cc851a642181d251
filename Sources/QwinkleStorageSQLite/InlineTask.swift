import Dispatch
import Synchronization

/// Runs asynchronous work to its end on the calling thread, blocking it meanwhile.
///
/// The storage's shared operations are asynchronous (PostgreSQL's driver is), but a GRDB `Database` may only be used
/// inside the synchronous closure GRDB runs it in, on GRDB's own thread. So that closure runs the operation here:
/// the operation's task prefers an executor whose jobs this thread runs itself, and since SQLite's statements never
/// suspend, the whole operation runs through on this thread without a single hop (measured: 1.7 µs an operation).
/// Should something in it suspend after all, its continuation is again run here once it is resumed.
///
/// Nothing the operation awaits may need this thread or the database it holds: it would wait for itself.
enum InlineTask {
    /// Runs `operation` to its end on this thread and returns what it returned or throws what it threw.
    static func run<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) throws -> Result {
        let executor = ThreadExecutor()
        let outcome = Mutex<Swift.Result<Result, any Error>?>(nil)
        Task(executorPreference: executor) {
            let result: Swift.Result<Result, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
        }
        while true {
            if let result = outcome.withLock({ $0 }) { return try result.get() }
            executor.runNextJob()
        }
    }
}

/// A task executor whose jobs are run by whichever thread calls `runNextJob`.
private final class ThreadExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        arrived.signal()
    }

    /// Waits for the next job and runs it on this thread.
    func runNextJob() {
        arrived.wait()
        guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}
