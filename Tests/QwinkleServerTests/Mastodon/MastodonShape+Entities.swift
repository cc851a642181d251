/// The entities of Mastodon's documentation (docs.joinmastodon.org/entities), as far as Qwinkle answers them: the
/// attributes marked required in the release Qwinkle claims (4.2).
extension MastodonShape {
    /// `Rule`.
    static let rule = MastodonShape.object(["id": .string, "text": .string])

    /// `Instance` (v1)'s and `Instance`'s shared limits.
    static let statusesConfiguration = MastodonShape.object([
        "max_characters": .integer, "max_media_attachments": .integer, "characters_reserved_per_url": .integer,
    ])
    static let mediaConfiguration = MastodonShape.object([
        "supported_mime_types": .array(.string), "image_size_limit": .integer, "image_matrix_limit": .integer,
        "video_size_limit": .integer, "video_frame_rate_limit": .integer, "video_matrix_limit": .integer,
    ])
    static let pollsConfiguration = MastodonShape.object([
        "max_options": .integer, "max_characters_per_option": .integer, "min_expiration": .integer, "max_expiration": .integer,
    ])

    /// `V1::Instance`.
    static let instanceV1 = MastodonShape.object([
        "uri": .string, "title": .string, "short_description": .string, "description": .string, "email": .string,
        "version": .string, "urls": .object(["streaming_api": .string]),
        "stats": .object(["user_count": .integer, "status_count": .integer, "domain_count": .integer]),
        "thumbnail": .nullable(.string), "languages": .array(.string), "registrations": .boolean,
        "approval_required": .boolean, "invites_enabled": .boolean,
        "configuration": .object(["statuses": statusesConfiguration, "media_attachments": mediaConfiguration, "polls": pollsConfiguration]),
        // An Account, or null when the server names none (Mastodon's own answer then).
        "contact_account": .nullable(.object(["id": .string])),
        "rules": .array(rule),
    ])

    /// `Instance` (v2).
    static let instanceV2 = MastodonShape.object([
        "domain": .string, "title": .string, "version": .string, "source_url": .string, "description": .string,
        "usage": .object(["users": .object(["active_month": .integer])]),
        "thumbnail": .object(["url": .string]), "languages": .array(.string),
        "configuration": .object([
            "urls": .object(["streaming": .string]), "accounts": .object(["max_featured_tags": .integer]),
            "statuses": statusesConfiguration, "media_attachments": mediaConfiguration, "polls": pollsConfiguration,
            "translation": .object(["enabled": .boolean]),
        ]),
        "registrations": .object(["enabled": .boolean, "approval_required": .boolean, "message": .nullable(.string)]),
        "contact": .object(["email": .string, "account": .nullable(.object(["id": .string]))]),
        "rules": .array(rule),
    ])
}
