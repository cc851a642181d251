#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets one flush at a time send from an offline database, whether the others are in this process or another.
///
/// An advisory `flock` on a file beside the database: the system drops it when the process ends, however it ends,
/// so a flush killed mid-send never leaves the outbox locked and no lease needs a timeout. Each acquisition opens
/// the file anew, and `flock` locks belong to an open file, so two flushes in one process exclude each other too.
struct OutboxFlushLock {
    private let descriptor: Int32

    /// Takes the lock, or returns `nil` at once when another flush holds it.
    static func acquire(beside databasePath: String) throws(OfflineError) -> OutboxFlushLock? {
        let path = databasePath + ".flush-lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .database(path: path, reason: "the flush lock could not be opened (\(String(cString: strerror(errno))))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw .database(path: path, reason: "the flush lock could not be taken (\(String(cString: strerror(code))))")
        }
        return OutboxFlushLock(descriptor: descriptor)
    }

    /// Lets the next flush run.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
