import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// What a signed-in app reads of its person's settings, and the lists an account without filters, lists,
    /// followed tags or endorsements has: Qwinkle has none of those yet, so they answer as Mastodon does for someone
    /// who made none.
    func addSettingsRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v1/preferences") { request, _ in
            _ = try await caller(request).account(needing: "read:accounts")
            return try Self.json(MastodonPreferences())
        }
        let empty: [(String, String)] = [
            ("/api/v1/filters", "read:filters"), ("/api/v2/filters", "read:filters"), ("/api/v1/lists", "read:lists"),
            ("/api/v1/announcements", "read"),
            ("/api/v1/followed_tags", "read:follows"), ("/api/v1/endorsements", "read:accounts"), ("/api/v1/featured_tags", "read:accounts"),
            ("/api/v1/accounts/familiar_followers", "read:follows"), ("/api/v1/suggestions", "read"), ("/api/v2/suggestions", "read"),
        ]
        for (path, scope) in empty {
            router.get(RouterPath(path)) { request, _ in
                _ = try await caller(request).account(needing: scope)
                return try Self.json([String]())
            }
        }
        // An account's featured tags and the lists it is on, which no Qwinkle account has; anyone may ask of anyone.
        for path in ["/api/v1/accounts/:id/featured_tags", "/api/v1/accounts/:id/lists", "/api/v1/directory"] {
            router.get(RouterPath(path)) { request, _ in
                _ = try await caller(request).optionalAccount(needing: "read:accounts")
                return try Self.json([String]())
            }
        }
        router.get("/api/v1/scheduled_statuses") { request, _ in
            let me = try await caller(request).account(needing: "read:statuses")
            let scheduled = try await services.scheduled.scheduled(of: me)
            let mapping = mapping(request)
            return try Self.json(scheduled.map(mapping.scheduledStatus))
        }
        router.delete("/api/v1/scheduled_statuses/:id") { request, context in
            let me = try await caller(request).account(needing: "write:statuses")
            try await services.scheduled.cancel(id: context.parameters.get("id") ?? "", by: me)
            return try Self.json([String: String]())
        }
    }
}

/// Mastodon's `Preferences`: Qwinkle's defaults, which it does not let a person change yet.
struct MastodonPreferences: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedCodingKey.self)
        try container.encode("public", forKey: NamedCodingKey("posting:default:visibility"))
        try container.encode(false, forKey: NamedCodingKey("posting:default:sensitive"))
        try container.encodeNil(forKey: NamedCodingKey("posting:default:language"))
        try container.encode("default", forKey: NamedCodingKey("reading:expand:media"))
        try container.encode(false, forKey: NamedCodingKey("reading:expand:spoilers"))
    }
}
