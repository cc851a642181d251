import Foundation
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// The people you share your journal with.
    public func journalReaders() async throws(QwinkleError) -> [Account] {
        let output = try await call { try await generated.listJournalReaders() }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try body.map { a throws(QwinkleError) in try understood { try a.model() } }
    }

    /// Shares your journal with someone.
    public func shareJournal(with username: String) async throws(QwinkleError) -> Account {
        let output = try await call { try await generated.addJournalReader(body: .json(.init(username: username))) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Stops sharing your journal with someone.
    public func unshareJournal(with username: String) async throws(QwinkleError) {
        _ = try await call { try await generated.removeJournalReader(path: .init(username: username)) }
    }
}
