import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// What an app sends to report someone.
    struct ReportParameters: Decodable {
        var accountId: String?
        var statusIds: [String]?
        var comment: String?
        var forward: MastodonFlag?
        var category: String?

        enum CodingKeys: String, CodingKey {
            case accountId = "account_id", statusIds = "status_ids", comment, forward, category
        }
    }

    /// What a moderator's app sends to act on an account.
    struct ActionParameters: Decodable {
        var type: String?
        var reportId: String?
        var text: String?

        enum CodingKeys: String, CodingKey {
            case type, reportId = "report_id", text
        }
    }

    /// Reports, and the admin API's accounts and reports, for the server's moderators.
    func addModerationRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("/api/v1/reports") { request, _ in
            let me = try await caller(request).account(needing: "write:reports")
            let input = try await MastodonInput.read(ReportParameters.self, from: request)
            guard let id = input.accountId, !id.isEmpty else { throw ServiceError.invalid(field: "account_id", "Name the account you report.") }
            if let category = input.category, !["spam", "legal", "violation", "other"].contains(category) {
                throw ServiceError.invalid(field: "category", "\(category) is not a known category.")
            }
            let them = try await services.accounts.account(id: id)
            let shown = try await services.moderation.report(
                them.username, entryIDs: input.statusIds ?? [], comment: input.comment ?? "", forward: input.forward?.value ?? false, by: me
            )
            let counts = try await services.accounts.counts(of: [shown.account])
            return try Self.json(mapping(request).report(shown, category: input.category ?? "other", counts: counts))
        }
        addAdminAccountRoutes(to: router)
        addAdminReportRoutes(to: router)
    }

    private func addAdminAccountRoutes<Context: RequestContext>(to router: Router<Context>) {
        // Version 1 filters by flags (`local`, `remote`, `active`, `silenced`, `suspended`…), version 2 by `origin`
        // and `status`; accounts waiting for approval or disabled, which Qwinkle has none of, are an empty list.
        for version in ["v1", "v2"] {
            router.get(RouterPath("/api/\(version)/admin/accounts")) { request, _ in
                let me = try await moderator(request, needing: "admin:read:accounts")
                let query = request.uri.queryParameters
                let isSet = { (name: String) in MastodonFlag(text: query.get(name) ?? "")?.value == true }
                let status = version == "v2" ? query.get("status") : ["active", "silenced", "suspended", "pending", "disabled"].first(where: isSet)
                let origin = version == "v2" ? query.get("origin") : (isSet("local") ? "local" : isSet("remote") ? "remote" : nil)
                let page = try Self.pageRequest(request)
                let standing: AccountStanding?
                switch status {
                case nil: standing = nil
                case "active": standing = .good
                case "silenced": standing = .limited
                case "suspended": standing = .suspended
                case "pending", "disabled": return try Self.json([MastodonAdminAccount]())
                case .some(let other): throw ServiceError.invalid(field: "status", "\(other) is not a known status.")
                }
                let local: Bool? = origin.map { $0 == "local" }
                let found = try await services.moderation.accounts(standing: standing, local: local, page: page, by: me)
                let shown = try await adminAccounts(found.items, request: request)
                let base = mapping(request).origin.base + "/api/\(version)/admin/accounts"
                return try Self.json(shown, headers: Self.linkHeader(next: found.next, newest: nil, limit: page.limit, base: base))
            }
        }
        router.get("/api/v1/admin/accounts/:id") { request, context in
            let me = try await moderator(request, needing: "admin:read:accounts")
            let account = try await services.moderation.account(id: context.parameters.get("id") ?? "", by: me)
            return try Self.json(try await adminAccounts([account], request: request)[0])
        }
        router.post("/api/v1/admin/accounts/:id/action") { request, context in
            let me = try await moderator(request, needing: "admin:write:accounts")
            let input = try await MastodonInput.read(ActionParameters.self, from: request)
            let text = input.text ?? ""
            let action: ModerationAction
            switch input.type ?? "" {
            case "none" where !text.isEmpty: action = .warn
            case "none" where input.reportId != nil: action = .resolve
            case "none": throw ServiceError.invalid(field: "text", "Write the warning, or name the report to resolve.")
            case "silence": action = .limit
            case "suspend": action = .suspend
            case "disable", "sensitive":
                throw ServiceError.invalid(field: "type", "Qwinkle has no \(input.type ?? "") accounts: silence or suspend instead.")
            case "": throw ServiceError.invalid(field: "type", "Name the action.")
            case let other: throw ServiceError.invalid(field: "type", "\(other) is not a known action.")
            }
            try await services.moderation.act(action, on: context.parameters.get("id") ?? "", report: input.reportId, note: text, by: me)
            return try Self.json([String: String]())
        }
        // Lifting one decision leaves another: unsilencing a suspended account does not unsuspend it.
        let lifts: [(String, AccountStanding?)] = [("unsuspend", .suspended), ("unsilence", .limited), ("enable", nil)]
        for (lift, standing) in lifts {
            router.post(RouterPath("/api/v1/admin/accounts/:id/\(lift)")) { request, context in
                let me = try await moderator(request, needing: "admin:write:accounts")
                let id = context.parameters.get("id") ?? ""
                var account = try await services.moderation.account(id: id, by: me)
                if let standing, account.standing == standing {
                    try await services.moderation.act(.restore, on: id, report: nil, note: "", by: me)
                    account = try await services.moderation.account(id: id, by: me)
                }
                return try Self.json(try await adminAccounts([account], request: request)[0])
            }
        }
    }

    private func addAdminReportRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v1/admin/reports") { request, _ in
            let me = try await moderator(request, needing: "admin:read:reports")
            let query = request.uri.queryParameters
            let page = try Self.pageRequest(request)
            let resolved = MastodonFlag(text: query.get("resolved") ?? "")?.value == true
            var target: String?
            if let id = query.get("target_account_id") { target = try await services.moderation.account(id: id, by: me).username }
            let found = try await services.moderation.reports(open: !resolved, account: target, page: page, by: me)
            var shown: [MastodonAdminReport] = []
            for report in found.items { shown.append(try await adminReport(report, request: request, viewer: me)) }
            let base = mapping(request).origin.base + "/api/v1/admin/reports"
            return try Self.json(shown, headers: Self.linkHeader(next: found.next, newest: nil, limit: page.limit, base: base))
        }
        router.get("/api/v1/admin/reports/:id") { request, context in
            let me = try await moderator(request, needing: "admin:read:reports")
            let report = try await services.moderation.report(id: context.parameters.get("id") ?? "", by: me)
            return try Self.json(try await adminReport(report, request: request, viewer: me))
        }
        for (path, action) in [("resolve", ModerationAction.resolve), ("reopen", .reopen)] {
            router.post(RouterPath("/api/v1/admin/reports/:id/\(path)")) { request, context in
                let me = try await moderator(request, needing: "admin:write:reports")
                let id = context.parameters.get("id") ?? ""
                let report = try await services.moderation.report(id: id, by: me)
                if report.report.state.isOpen == (action == .resolve) {
                    try await services.moderation.act(action, on: report.account.id.rawValue, report: id, note: "", by: me)
                }
                return try Self.json(try await adminReport(try await services.moderation.report(id: id, by: me), request: request, viewer: me))
            }
        }
    }

    /// The caller, when their token has `scope` and they are one of the server's moderators; anyone else is 403.
    private func moderator(_ request: Request, needing scope: String) async throws -> Account {
        let me = try await caller(request).account(needing: scope)
        do {
            try await services.moderation.requireModerator(me)
        } catch {
            throw MastodonError(status: .forbidden, message: "This action is not allowed")
        }
        return me
    }

    /// Accounts as the admin API shows them, each with whether it is a moderator.
    private func adminAccounts(_ accounts: [Account], request: Request) async throws -> [MastodonAdminAccount] {
        let counts = try await services.accounts.counts(of: accounts)
        let moderators = Set(try await services.moderation.moderators().map(\.id))
        let mapping = mapping(request)
        return accounts.map { mapping.adminAccount($0, counts: counts[$0.id], isModerator: moderators.contains($0.id)) }
    }

    /// A report as the admin API shows it.
    private func adminReport(_ shown: ShownReport, request: Request, viewer: Account) async throws -> MastodonAdminReport {
        let named = [shown.account] + [shown.reporter, shown.resolvedBy].compactMap { $0 }
        let accounts = try await adminAccounts(named, request: request)
        let byID = Dictionary(zip(named.map(\.id), accounts), uniquingKeysWith: { first, _ in first })
        let counts = try await services.accounts.counts(of: [shown.account])
        let mapping = mapping(request)
        let report = shown.report
        var resolvedAt: Date?
        if case .resolved(_, let at) = report.state { resolvedAt = at }
        return MastodonAdminReport(
            id: report.id.rawValue, actionTaken: !report.state.isOpen, actionTakenAt: MastodonNullable(resolvedAt.map(RFC3339.string(from:))),
            category: "other", comment: report.comment, forwarded: report.forwarded, createdAt: RFC3339.string(from: report.createdAt),
            updatedAt: RFC3339.string(from: resolvedAt ?? report.createdAt), account: MastodonNullable(shown.reporter.flatMap { byID[$0.id] }),
            targetAccount: byID[shown.account.id] ?? mapping.adminAccount(shown.account, counts: nil, isModerator: false),
            assignedAccount: MastodonNullable(nil), actionTakenByAccount: MastodonNullable(shown.resolvedBy.flatMap { byID[$0.id] }),
            statuses: report.entries.map { mapping.status(TimelineEntry(entry: $0.entry, author: shown.account, marked: false), counts: counts, signedIn: true) },
            rules: []
        )
    }
}

extension MastodonMapping {
    /// A report as its reporter is shown it.
    func report(_ shown: ShownReport, category: String, counts: [Account.ID: AccountCounts]) -> MastodonReport {
        MastodonReport(
            id: shown.report.id.rawValue, actionTaken: !shown.report.state.isOpen, actionTakenAt: MastodonNullable(nil), category: category,
            comment: shown.report.comment, forwarded: shown.report.forwarded, createdAt: RFC3339.string(from: shown.report.createdAt),
            statusIds: shown.report.entries.map(\.id.rawValue), ruleIds: [], targetAccount: account(shown.account, counts: counts[shown.account.id])
        )
    }

    /// An account as the admin API shows it.
    func adminAccount(_ account: Account, counts: AccountCounts?, isModerator: Bool) -> MastodonAdminAccount {
        MastodonAdminAccount(
            id: account.id.rawValue, username: account.username.split(separator: "@").first.map(String.init) ?? account.username,
            domain: MastodonNullable(account.host), createdAt: RFC3339.string(from: account.createdAt), email: "", ip: MastodonNullable(nil), ips: [],
            locale: "", inviteRequest: MastodonNullable(nil),
            role: MastodonAdminAccount.Role(
                id: isModerator ? "2" : "-99", name: isModerator ? "Moderator" : "", color: "", permissions: isModerator ? "1024" : "0",
                highlighted: isModerator
            ),
            confirmed: true, approved: true, disabled: false, silenced: account.standing == .limited, suspended: account.standing == .suspended,
            sensitized: false, account: self.account(account, counts: counts), createdByApplicationId: MastodonNullable(nil),
            invitedByAccountId: MastodonNullable(nil)
        )
    }
}
