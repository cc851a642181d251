import Hummingbird
import QwinkleKit
import QwinkleServices

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
            // `user` or `user@this-host`: every account is local until federation.
            let acct = request.uri.queryParameters.get("acct") ?? ""
            let username = acct.hasPrefix("@") ? String(acct.dropFirst()) : acct
            let local = username.split(separator: "@").first.map(String.init) ?? ""
            let account = try await services.accounts.account(username: local)
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
