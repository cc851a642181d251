import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    func listJournalReaders(_ input: Operations.ListJournalReaders.Input) async throws -> Operations.ListJournalReaders.Output {
        let me = try await signedInAccount()
        return .ok(.init(body: .json(try await storage.journalReaders(owner: me.id).map { .init($0) })))
    }

    func addJournalReader(_ input: Operations.AddJournalReader.Input) async throws -> Operations.AddJournalReader.Output {
        let me = try await signedInAccount()
        guard case .json(let request) = input.body else { throw APIError.badRequest("Send {\"username\": …} as JSON.") }
        let reader = try await existingAccount(username: request.username)
        guard reader.id != me.id else { throw APIError.invalid(field: "username", "Your journal is always yours to read.") }
        try await storage.addJournalReader(owner: me.id, reader: reader.id, at: now())
        return .ok(.init(body: .json(.init(reader))))
    }

    func removeJournalReader(_ input: Operations.RemoveJournalReader.Input) async throws -> Operations.RemoveJournalReader.Output {
        let me = try await signedInAccount()
        let reader = try await existingAccount(username: input.path.username)
        _ = try await storage.removeJournalReader(owner: me.id, reader: reader.id)
        return .noContent(.init())
    }
}
