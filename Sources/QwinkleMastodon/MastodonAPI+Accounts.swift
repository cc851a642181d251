import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// The signed-in account, accounts by ID and by handle.
    func addAccountRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v1/accounts/verify_credentials") { request, _ in
            let me = try await caller(request).account(needing: "read:accounts")
            let counts = try await services.accounts.counts(of: [me])
            return try Self.json(mapping(request).credentialAccount(me, counts: counts[me.id]))
        }
        router.get("/api/v1/accounts/lookup") { request, _ in
            _ = try await caller(request).optionalAccount(needing: "read:accounts")
            // `user` or `user@this-host` for this server's people, `user@host` for one of another server kept here.
            let acct = request.uri.queryParameters.get("acct") ?? ""
            let account = try await services.accounts.account(username: Self.username(acct, localHost: mapping(request).origin.host))
            let counts = try await services.accounts.counts(of: [account])
            return try Self.json(mapping(request).account(account, counts: counts[account.id]))
        }
        router.get("/api/v1/accounts/:id") { request, context in
            _ = try await caller(request).optionalAccount(needing: "read:accounts")
            let account = try await services.accounts.account(id: context.parameters.get("id") ?? "")
            let counts = try await services.accounts.counts(of: [account])
            return try Self.json(mapping(request).account(account, counts: counts[account.id]))
        }
    }
}

extension MastodonAPI {
    /// `PATCH /api/v1/accounts/update_credentials` as a form or JSON (its avatar comes only in a multipart body).
    struct CredentialsUpdate: Decodable {
        var displayName: String?
        var note: String?
        var locked: MastodonFlag?
        var bot: MastodonFlag?

        enum CodingKeys: String, CodingKey {
            case displayName = "display_name", note, locked, bot
        }
    }

    /// Changing one's profile: display name, note (Qwinkle's bio) and avatar, under the profile's own rules.
    func addProfileRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.patch("/api/v1/accounts/update_credentials") { request, _ in
            let me = try await caller(request).account(needing: "write:accounts")
            var update = CredentialsUpdate()
            var avatar: [UInt8]?
            if request.headers[.contentType]?.lowercased().hasPrefix("multipart/") == true {
                let form = try await multipart(request)
                update.displayName = form.text("display_name")
                update.note = form.text("note")
                update.locked = form.text("locked").flatMap(MastodonFlag.init(text:))
                update.bot = form.text("bot").flatMap(MastodonFlag.init(text:))
                avatar = form.file("avatar")?.body
                if form.file("header") != nil {
                    throw ServiceError.invalid(field: "header", "Qwinkle profiles have no header image.")
                }
            } else {
                update = try await MastodonInput.read(CredentialsUpdate.self, from: request)
            }
            // Qwinkle has no bot accounts: asking for one is refused rather than ignored.
            if update.bot?.value == true { throw ServiceError.invalid(field: "bot", "Qwinkle has no bot accounts.") }
            var avatarID: String?
            if let avatar, !avatar.isEmpty { avatarID = try await services.photos.upload(avatar, by: me).photo.id.rawValue }
            let updated = try await services.accounts.updateProfile(
                of: me, ProfileEdit(displayName: update.displayName, bio: update.note, avatar: avatarID, locked: update.locked?.value)
            )
            let counts = try await services.accounts.counts(of: [updated])
            return try Self.json(mapping(request).credentialAccount(updated, counts: counts[updated.id]))
        }
    }
}
