import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func listJournalReaders(_ input: Operations.ListJournalReaders.Input) async throws -> Operations.ListJournalReaders.Output {
        .ok(.init(body: .json(try await services.social.journalReaders(of: signedInAccount()).map(Components.Schemas.Account.init))))
    }

    func addJournalReader(_ input: Operations.AddJournalReader.Input) async throws -> Operations.AddJournalReader.Output {
        let me = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send {\"username\": …} as JSON.") }
        return .ok(.init(body: .json(try .init(try await services.social.addJournalReader(request.username, by: me)))))
    }

    func removeJournalReader(_ input: Operations.RemoveJournalReader.Input) async throws -> Operations.RemoveJournalReader.Output {
        try await services.social.removeJournalReader(input.path.username, by: signedInAccount())
        return .noContent(.init())
    }
}
