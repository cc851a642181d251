import Foundation
import QwinkleKit
import QwinkleStorage

extension ModerationStore where Self: SQLDatabase {
    /// Reads the partial index of moderated accounts.
    public func standings() async throws -> [Account.ID: AccountStanding] {
        try await readStatement { connection in
            var standings: [Account.ID: AccountStanding] = [:]
            try await connection.forEach("SELECT id, standing FROM accounts WHERE standing IS NOT NULL") { row in
                standings[Account.ID(integer: try row[0])] = try stored(AccountStanding.init(rawValue:), try row[1] as String, "standing")
            }
            return standings
        }
    }

    /// Reads the account's moderator flag.
    public func isModerator(_ account: Account.ID) async throws -> Bool {
        try await readStatement { connection in
            try await connection.value("SELECT moderator FROM accounts WHERE id = \(account.key)", as: Int64.self) == 1
        }
    }

    /// Lists the moderators.
    public func moderators() async throws -> [Account] {
        try await readStatement { connection in
            try await connection.rows("SELECT \(raw: Columns.account) FROM accounts WHERE moderator = 1 ORDER BY username") { try $0.account() }
        }
    }

    /// Inserts the report and its entries' JSON in one transaction.
    public func createReport(_ report: NewReport, at date: Date) async throws -> Report {
        try await write { connection in
            let (reporter, origin): (Int64?, String?) =
                switch report.reporter {
                case .account(let id): (id.key, nil)
                case .server(let domain): (nil, domain)
                case .departed: (nil, nil)
                }
            guard
                let id = try await connection.value(
                    """
                    INSERT INTO reports (reporter_id, origin, account_id, comment, forwarded, created_at)
                    VALUES (\(reporter), \(origin), \(report.account.key), \(report.comment), \(report.forwarded ? 1 : 0), \(date))
                    RETURNING id
                    """,
                    as: Int64.self
                )
            else { throw StorageError.notFound("Report") }
            let encoder = QwinkleJSON.makeEncoder()
            var seen = Set<Entry.ID>()
            for entry in report.entries where seen.insert(entry.id).inserted {
                let json = String(decoding: try encoder.encode(entry), as: UTF8.self)
                try await connection.execute("INSERT INTO report_entries (report_id, entry_id, entry) VALUES (\(id), \(entry.id.key), \(json))")
            }
            guard let stored = try await connection.reports(where: "reports.id = \(id)", limit: 1).first?.item else {
                throw StorageError.notFound("Report \(id)")
            }
            return stored
        }
    }

    /// Reads one report with its entries.
    public func report(id: Report.ID) async throws -> Report? {
        try await read { connection in try await connection.reports(where: "reports.id = \(id.key)", limit: 1).first?.item }
    }

    /// Reads a page of reports by ID.
    public func reports(open: Bool?, account: Account.ID?, page: PageRequest) async throws -> [Paged<Report>] {
        var condition: SQL = "1 = 1"
        if let open { condition = open ? "\(condition) AND reports.resolved_at IS NULL" : "\(condition) AND reports.resolved_at IS NOT NULL" }
        if let account { condition = "\(condition) AND reports.account_id = \(account.key)" }
        let filter: SQL = "\(condition)\(SQL.pageWindow(page, column: "reports.id"))"
        return try await read { connection in try await connection.reports(where: filter, limit: page.limit) }
    }

    /// Reads a page of accounts by ID.
    public func accounts(standing: AccountStanding?, local: Bool?, page: PageRequest) async throws -> [Paged<Account>] {
        var condition: SQL =
            switch standing {
            case nil: "1 = 1"
            case .good: "accounts.standing IS NULL"
            case .some(let standing): "accounts.standing = \(standing.rawValue)"
            }
        // A person of another server is kept under their handle, `user@host`; no username here has an `@`.
        if let local { condition = "\(condition) AND accounts.username \(raw: local ? "NOT LIKE" : "LIKE") '%@%'" }
        let filter = condition
        return try await readStatement { connection in
            try await connection.rows(
                """
                SELECT \(raw: Columns.account) FROM accounts WHERE \(filter)\(SQL.pageWindow(page, column: "accounts.id"))
                ORDER BY accounts.id DESC LIMIT \(page.limit)
                """
            ) { row in
                let account = try row.account()
                return Paged(cursor: account.id.key, item: account)
            }
        }
    }

    /// Applies the decision and writes its line of the log, in one transaction.
    public func moderate(_ step: ModerationStep, at date: Date) async throws -> ModerationOutcome? {
        try await write { connection in
            let account = step.account.key
            guard try await connection.returnsRow("SELECT 1 FROM accounts WHERE id = \(account)") else { return nil }
            if let report = step.report {
                guard try await connection.value("SELECT account_id FROM reports WHERE id = \(report.key)", as: Int64.self) == account else {
                    return nil
                }
            }
            var outcome = ModerationOutcome(record: ModerationRecord(
                id: ModerationRecord.ID(integer: 0), moderator: step.moderator, action: step.action, account: step.account, report: step.report,
                note: step.note, createdAt: date
            ))
            switch step.action {
            case .limit, .suspend, .restore:
                let standing = step.action.standing.flatMap { $0 == .good ? nil : $0.rawValue }
                try await connection.execute("UPDATE accounts SET standing = \(standing) WHERE id = \(account)")
                if step.action == .suspend {
                    outcome.endedTokenHashes = try await connection.rows("DELETE FROM tokens WHERE account_id = \(account) RETURNING token_hash") {
                        try $0[0] as String
                    }
                }
            case .grantModerator, .revokeModerator:
                try await connection.execute("UPDATE accounts SET moderator = \(step.action == .grantModerator ? 1 : 0) WHERE id = \(account)")
            case .deleteEntries:
                outcome.removedEntries = try await connection.removeReportedEntries(of: step.report, author: account, at: date, announce: step.announce)
            case .warn, .resolve, .reopen:
                break
            }
            if let report = step.report {
                if step.action == .reopen {
                    try await connection.execute("UPDATE reports SET resolved_at = NULL, resolved_by = NULL WHERE id = \(report.key)")
                } else {
                    try await connection.execute(
                        "UPDATE reports SET resolved_at = \(date), resolved_by = \(step.moderator?.key) WHERE id = \(report.key) AND resolved_at IS NULL"
                    )
                }
            }
            guard
                let id = try await connection.value(
                    """
                    INSERT INTO moderation_log (moderator_id, action, account_id, report_id, note, created_at)
                    VALUES (\(step.moderator?.key), \(step.action.rawValue), \(account), \(step.report?.key), \(step.note), \(date))
                    RETURNING id
                    """,
                    as: Int64.self
                )
            else { throw StorageError.notFound("Moderation record") }
            outcome.record.id = ModerationRecord.ID(integer: id)
            outcome.record.createdAt = connection.stored(date)
            return outcome
        }
    }

    /// Reads a page of the log by ID.
    public func moderationLog(account: Account.ID?, page: PageRequest) async throws -> [Paged<ModerationRecord>] {
        let condition: SQL = account.map { "moderation_log.account_id = \($0.key)" } ?? "1 = 1"
        return try await readStatement { connection in
            try await connection.rows(
                """
                SELECT id, moderator_id, action, account_id, report_id, note, created_at FROM moderation_log
                WHERE \(condition)\(SQL.pageWindow(page, column: "moderation_log.id")) ORDER BY id DESC LIMIT \(page.limit)
                """
            ) { row in
                let moderator: Int64? = try row[1]
                let account: Int64? = try row[3]
                let report: Int64? = try row[4]
                let record = ModerationRecord(
                    id: ModerationRecord.ID(integer: try row[0]), moderator: moderator.map(Account.ID.init(integer:)),
                    action: try stored(ModerationAction.init(rawValue:), try row[2] as String, "moderation action"),
                    account: account.map(Account.ID.init(integer:)), report: report.map(Report.ID.init(integer:)), note: try row[5],
                    createdAt: try row[6]
                )
                return Paged(cursor: try row[0], item: record)
            }
        }
    }
}

extension SQLConnection {
    /// Reports matching `condition`, newest first, each with its entries.
    func reports(where condition: SQL, limit: Int) async throws -> [Paged<Report>] {
        var reports = try await rows(
            """
            SELECT id, reporter_id, origin, account_id, comment, forwarded, created_at, resolved_at, resolved_by FROM reports
            WHERE \(condition) ORDER BY id DESC LIMIT \(limit)
            """
        ) { row -> Paged<Report> in
            let reporter: Int64? = try row[1]
            let origin: String? = try row[2]
            let resolvedAt: Date? = try row[7]
            let resolvedBy: Int64? = try row[8]
            let source: ReportSource =
                if let reporter { .account(Account.ID(integer: reporter)) } else if let origin { .server(origin) } else { .departed }
            let report = Report(
                id: Report.ID(integer: try row[0]), reporter: source, account: Account.ID(integer: try row[3]), comment: try row[4],
                forwarded: try row[5] as Int64 == 1, createdAt: try row[6],
                state: resolvedAt.map { .resolved(by: resolvedBy.map(Account.ID.init(integer:)), at: $0) } ?? .open
            )
            return Paged(cursor: try row[0], item: report)
        }
        guard !reports.isEmpty else { return [] }
        let decoder = QwinkleJSON.makeDecoder()
        var entries: [Int64: [ReportedEntry]] = [:]
        try await forEach(
            "SELECT report_id, entry_id, entry FROM report_entries WHERE report_id IN (\(list: reports.map(\.cursor))) ORDER BY entry_id"
        ) { row in
            let entry = try decoder.decode(Entry.self, from: Data((try row[2] as String).utf8))
            entries[try row[0], default: []].append(ReportedEntry(id: Entry.ID(integer: try row[1]), entry: entry))
        }
        for index in reports.indices { reports[index].item.entries = entries[reports[index].cursor] ?? [] }
        return reports
    }

    /// Moves the report's entries still there (and the author's) to their author's trash as removed, and marks those
    /// already there removed, so their author cannot bring them back; returns the entries moved, each kept for other
    /// servers with `announce`.
    func removeReportedEntries(of report: Report.ID?, author: Int64, at date: Date, announce: Bool) async throws -> [Entry] {
        guard let report else { return [] }
        let ids = try await rows("SELECT entry_id FROM report_entries WHERE report_id = \(report.key)") { Entry.ID(integer: try $0[0]) }
        guard !ids.isEmpty else { return [] }
        try await lock(.trash)
        try await execute(
            "UPDATE trashed_entries SET removed = 1 WHERE entry_id IN (\(list: ids.map(\.key))) AND entry_id IN (SELECT id FROM entries WHERE author_id = \(author))"
        )
        let entries = try await entries(ids: ids).filter { $0.author.key == author }
        for entry in entries {
            try await execute("INSERT INTO trashed_entries (entry_id, deleted_at, removed) VALUES (\(entry.id.key), \(date), 1)")
            if announce { try await recordOutgoingWrite(.deleted, of: entry.id, at: date) }
        }
        return entries
    }
}
