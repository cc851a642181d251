/// Mastodon's `Report`, as its reporter is shown it.
struct MastodonReport: Encodable, Sendable {
    var id: String
    var actionTaken: Bool
    var actionTakenAt: MastodonNullable<String>
    var category: String
    var comment: String
    var forwarded: Bool
    var createdAt: String
    var statusIds: [String]
    var ruleIds: [String]
    var targetAccount: MastodonAccount

    enum CodingKeys: String, CodingKey {
        case id, actionTaken = "action_taken", actionTakenAt = "action_taken_at", category, comment, forwarded, createdAt = "created_at",
            statusIds = "status_ids", ruleIds = "rule_ids", targetAccount = "target_account"
    }
}

/// Mastodon's `Admin::Account`: an account as moderators are shown it. Qwinkle keeps no IP addresses, invitations or
/// sign-up approvals, so those are empty or null, and every account is confirmed and approved.
struct MastodonAdminAccount: Encodable, Sendable {
    /// Mastodon's `Role`, as far as Qwinkle has one: a moderator, or nobody in particular.
    struct Role: Encodable, Sendable {
        var id: String
        var name: String
        var color: String
        var permissions: String
        var highlighted: Bool
    }

    var id: String
    var username: String
    var domain: MastodonNullable<String>
    var createdAt: String
    var email: String
    var ip: MastodonNullable<String>
    var ips: [String]
    var locale: String
    var inviteRequest: MastodonNullable<String>
    var role: Role
    var confirmed: Bool
    var approved: Bool
    var disabled: Bool
    var silenced: Bool
    var suspended: Bool
    var sensitized: Bool
    var account: MastodonAccount
    var createdByApplicationId: MastodonNullable<String>
    var invitedByAccountId: MastodonNullable<String>

    enum CodingKeys: String, CodingKey {
        case id, username, domain, createdAt = "created_at", email, ip, ips, locale, inviteRequest = "invite_request", role, confirmed,
            approved, disabled, silenced, suspended, sensitized, account, createdByApplicationId = "created_by_application_id",
            invitedByAccountId = "invited_by_account_id"
    }
}

/// Mastodon's `Admin::Report`: a report as moderators are shown it, with the statuses as the reporter saw them.
struct MastodonAdminReport: Encodable, Sendable {
    var id: String
    var actionTaken: Bool
    var actionTakenAt: MastodonNullable<String>
    var category: String
    var comment: String
    var forwarded: Bool
    var createdAt: String
    var updatedAt: String
    var account: MastodonNullable<MastodonAdminAccount>
    var targetAccount: MastodonAdminAccount
    var assignedAccount: MastodonNullable<MastodonAdminAccount>
    var actionTakenByAccount: MastodonNullable<MastodonAdminAccount>
    var statuses: [MastodonStatus]
    var rules: [String]

    enum CodingKeys: String, CodingKey {
        case id, actionTaken = "action_taken", actionTakenAt = "action_taken_at", category, comment, forwarded, createdAt = "created_at",
            updatedAt = "updated_at", account, targetAccount = "target_account", assignedAccount = "assigned_account",
            actionTakenByAccount = "action_taken_by_account", statuses, rules
    }
}
