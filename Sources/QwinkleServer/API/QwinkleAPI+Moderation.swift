import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func createReport(_ input: Operations.CreateReport.Input) async throws -> Operations.CreateReport.Output {
        guard case .json(let body) = input.body else { throw ServiceError.invalid(field: "account", "Name the person you report.") }
        let shown = try await services.moderation.report(
            body.account, entryIDs: body.entryIds ?? [], comment: body.comment ?? "", forward: body.forward ?? false, by: signedInAccount()
        )
        return .created(.init(body: .json(try .init(shown))))
    }

    func listReports(_ input: Operations.ListReports.Input) async throws -> Operations.ListReports.Output {
        let me = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/moderation/reports", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let open: Bool? =
            switch input.query.state {
            case .resolved: false
            case .all: nil
            case .open, nil: true
            }
        if let account = input.query.account, account.isEmpty || account.unicodeScalars.count > 2048 {
            throw ServiceError.invalid(field: "account", "account must be a username or a handle.")
        }
        let reports = try await services.moderation.reports(open: open, account: input.query.account, page: page.request, by: me)
        return .ok(.init(headers: .init(link: page.nextLink(reports.next)), body: .json(try reports.items.map(Components.Schemas.Report.init))))
    }

    func getReport(_ input: Operations.GetReport.Input) async throws -> Operations.GetReport.Output {
        .ok(.init(body: .json(try .init(try await services.moderation.report(id: input.path.id, by: signedInAccount())))))
    }

    func listModeratedAccounts(_ input: Operations.ListModeratedAccounts.Input) async throws -> Operations.ListModeratedAccounts.Output {
        let me = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/moderation/accounts", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        let standing = try input.query.standing.map { try Wire.requested(AccountStanding.self, $0.rawValue, field: "standing") }
        let accounts = try await services.moderation.accounts(standing: standing, page: page.request, by: me)
        return .ok(.init(headers: .init(link: page.nextLink(accounts.next)), body: .json(try accounts.items.map(Components.Schemas.Account.init))))
    }

    func moderateAccount(_ input: Operations.ModerateAccount.Input) async throws -> Operations.ModerateAccount.Output {
        guard case .json(let body) = input.body else { throw ServiceError.invalid(field: "action", "Name the action.") }
        let me = try await signedInAccount()
        let action = try Wire.requested(ModerationAction.self, body.action.rawValue, field: "action")
        let record = try await services.moderation.act(action, on: input.path.id, report: body.reportId, note: body.note ?? "", by: me)
        let account = try await services.moderation.account(id: input.path.id, by: me)
        return .ok(.init(body: .json(try .init(ShownModerationRecord(record: record, moderator: me, account: account)))))
    }

    func listModerationLog(_ input: Operations.ListModerationLog.Input) async throws -> Operations.ListModerationLog.Output {
        let me = try await signedInAccount()
        let page = try pageQuery(path: "/api/qwinkle/v1/moderation/log", limit: input.query.limit, maxID: input.query.maxId, sinceID: input.query.sinceId)
        if let account = input.query.account, Account.ID(rawValue: account)?.integerValue == nil || account.hasPrefix("0") {
            throw ServiceError.invalid(field: "account", "account must be an account's ID.")
        }
        let log = try await services.moderation.log(account: input.query.account, page: page.request, by: me)
        return .ok(.init(headers: .init(link: page.nextLink(log.next)), body: .json(try log.items.map(Components.Schemas.ModerationRecord.init))))
    }
}
