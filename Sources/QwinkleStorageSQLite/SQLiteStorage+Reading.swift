import GRDB
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage {
    /// Runs a read on the calling thread, in a read transaction of its own.
    ///
    /// GRDB's asynchronous read hops to a reader's dispatch queue and back, and on a busy server those two thread
    /// switches cost more than a page of reading (measured: a tenth of a millisecond per read, five reads a
    /// timeline). A read of a WAL database never waits for the writer and takes microseconds, so it blocks the
    /// calling task's thread no longer than it would keep that thread busy anyway.
    ///
    /// Every read of the storage must come through here: an asynchronous read keeps its reader across a suspension,
    /// and once such reads hold all of a pool's readers, a read here waiting for one blocks the very thread they need
    /// to finish. (Tried: one async read among these hung a server under 64 connections.)
    func reading<T>(_ body: (Database) throws -> T) throws -> T {
        try DatabaseTime.measuring { try writer.read(body) }
    }

    /// Runs a read of exactly one statement as `reading` does, but without a transaction around it.
    ///
    /// SQLite runs a statement outside a transaction as a transaction of its own, so one statement reads one state
    /// of the database either way; GRDB's `BEGIN` and `COMMIT` around it are parsed and run anew each time, which was
    /// a third of such a read's time and, over the five small reads of a page, a tenth of the page's. A read of two
    /// or more statements must use `reading`: without the transaction each could see a different state.
    func readingOneStatement<T>(_ body: (Database) throws -> T) throws -> T {
        try DatabaseTime.measuring { try writer.unsafeRead(body) }
    }
}
