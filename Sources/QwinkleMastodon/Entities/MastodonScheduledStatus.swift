/// Mastodon's `ScheduledStatus`: a status that will be posted at its time (Qwinkle's scheduled entry).
struct MastodonScheduledStatus: Encodable, Sendable {
    struct Parameters: Encodable, Sendable {
        var text: String
        var visibility: String
        var mediaIds: MastodonNullable<[String]>
        var inReplyToId: MastodonNullable<String>
        var scheduledAt: MastodonNullable<String>
        var idempotency: MastodonNullable<String>
        var applicationId: Int
        var sensitive: MastodonNullable<Bool>
        var spoilerText: MastodonNullable<String>
        var poll: MastodonNull
        var language: MastodonNullable<String>
        var withRateLimit: Bool

        enum CodingKeys: String, CodingKey {
            case text, visibility, mediaIds = "media_ids", inReplyToId = "in_reply_to_id",
                scheduledAt = "scheduled_at", idempotency, applicationId = "application_id", sensitive,
                spoilerText = "spoiler_text", poll, language, withRateLimit = "with_rate_limit"
        }
    }

    var id: String
    var scheduledAt: String
    var params: Parameters
    var mediaAttachments: [MastodonMediaAttachment]

    enum CodingKeys: String, CodingKey {
        case id, scheduledAt = "scheduled_at", params, mediaAttachments = "media_attachments"
    }
}
