/// The entities of Mastodon's documentation (docs.joinmastodon.org/entities), as far as Qwinkle answers them: the
/// attributes marked required in the release Qwinkle claims (4.3).
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
        "thumbnail": .object(["url": .string]), "icon": .array(.object(["src": .string, "size": .string])), "languages": .array(.string),
        "configuration": .object([
            "urls": .object(["streaming": .string]), "vapid": .object(["public_key": .string]),
            "accounts": .object(["max_featured_tags": .integer, "max_pinned_statuses": .integer]),
            "statuses": statusesConfiguration, "media_attachments": mediaConfiguration, "polls": pollsConfiguration,
            "translation": .object(["enabled": .boolean]),
        ]),
        "registrations": .object(["enabled": .boolean, "approval_required": .boolean, "message": .nullable(.string)]),
        "api_versions": .object(["mastodon": .integer]),
        "contact": .object(["email": .string, "account": .nullable(.object(["id": .string]))]),
        "rules": .array(rule),
    ])
}

extension MastodonShape {
    /// `Account`.
    static let account = MastodonShape.object([
        "id": .string, "username": .string, "acct": .string, "url": .string, "uri": .string, "display_name": .string, "note": .string,
        "avatar": .string, "avatar_static": .string, "header": .string, "header_static": .string, "locked": .boolean,
        "fields": .array(.object(["name": .string, "value": .string, "verified_at": .nullable(.string)])),
        "emojis": .array(.object([:])), "bot": .boolean, "group": .boolean, "discoverable": .nullable(.boolean),
        "created_at": .string, "last_status_at": .nullable(.string), "statuses_count": .integer, "followers_count": .integer,
        "following_count": .integer, "indexable": .boolean, "hide_collections": .nullable(.boolean), "noindex": .nullable(.boolean),
        "roles": .array(.object([:])),
    ])

    /// `CredentialAccount`: an `Account` with its `source`.
    static let credentialAccount: MastodonShape = {
        guard case .object(var attributes) = account else { return account }
        attributes["source"] = .object([
            "note": .string, "fields": .array(.object([:])), "privacy": .string, "sensitive": .boolean,
            "language": .nullable(.string), "follow_requests_count": .integer,
        ])
        return .object(attributes)
    }()

    /// `MediaAttachment`.
    static let mediaAttachment = MastodonShape.object([
        "id": .string, "type": .string, "url": .string, "preview_url": .nullable(.string), "remote_url": .nullable(.string),
        "meta": .object([:]), "description": .nullable(.string), "blurhash": .nullable(.string),
    ])

    /// `Status`.
    static let status = MastodonShape.object([
        "id": .string, "uri": .string, "created_at": .string, "account": account, "content": .string, "visibility": .string,
        "sensitive": .boolean, "spoiler_text": .string, "media_attachments": .array(mediaAttachment),
        "mentions": .array(.object(["id": .string, "username": .string, "url": .string, "acct": .string])),
        "tags": .array(.object(["name": .string, "url": .string])), "emojis": .array(.object([:])),
        "reblogs_count": .integer, "favourites_count": .integer, "replies_count": .integer, "url": .nullable(.string),
        "in_reply_to_id": .nullable(.string), "in_reply_to_account_id": .nullable(.string), "reblog": .nullable(.object([:])),
        "poll": .nullable(.object([:])), "card": .nullable(.object([:])), "language": .nullable(.string),
        "text": .nullable(.string), "edited_at": .nullable(.string),
    ])

    /// `Application`, as registering answers it.
    static let registeredApplication = MastodonShape.object([
        "id": .string, "name": .string, "website": .nullable(.string), "scopes": .array(.string),
        "redirect_uri": .string, "redirect_uris": .array(.string), "client_id": .string, "client_secret": .string,
    ])

    /// `Token`.
    static let token = MastodonShape.object([
        "access_token": .string, "token_type": .string, "scope": .string, "created_at": .integer,
    ])
}

extension MastodonShape {
    /// `Relationship`.
    static let relationship = MastodonShape.object([
        "id": .string, "following": .boolean, "showing_reblogs": .boolean, "notifying": .boolean, "languages": .array(.string),
        "followed_by": .boolean, "blocking": .boolean, "blocked_by": .boolean, "muting": .boolean,
        "muting_notifications": .boolean, "requested": .boolean, "requested_by": .boolean, "domain_blocking": .boolean,
        "endorsed": .boolean, "note": .string,
    ])

    /// `Notification`.
    static let notification = MastodonShape.object([
        "id": .string, "type": .string, "group_key": .string, "created_at": .string, "account": account,
    ])

    /// `GroupedNotificationsResults` (4.3).
    static let groupedNotifications = MastodonShape.object([
        "accounts": .array(account), "statuses": .array(status),
        "notification_groups": .array(.object([
            "group_key": .string, "notifications_count": .integer, "type": .string, "most_recent_notification_id": .string,
            "sample_account_ids": .array(.string),
        ])),
    ])

    /// `NotificationPolicy` (v2, 4.3).
    static let notificationPolicy = MastodonShape.object([
        "for_not_following": .string, "for_not_followers": .string, "for_new_accounts": .string, "for_private_mentions": .string,
        "for_limited_accounts": .string,
        "summary": .object(["pending_requests_count": .integer, "pending_notifications_count": .integer]),
    ])
}

extension MastodonShape {
    /// `Context`.
    static let context = MastodonShape.object(["ancestors": .array(status), "descendants": .array(status)])

    /// `StatusEdit`.
    static let statusEdit = MastodonShape.object([
        "content": .string, "spoiler_text": .string, "sensitive": .boolean, "created_at": .string, "account": account,
        "media_attachments": .array(mediaAttachment), "emojis": .array(.object([:])),
    ])

    /// `StatusSource`.
    static let statusSource = MastodonShape.object(["id": .string, "text": .string, "spoiler_text": .string])

    /// `Tag`.
    static let tag = MastodonShape.object(["name": .string, "url": .string, "history": .array(.object([:]))])

    /// `Search`.
    static let search = MastodonShape.object(["accounts": .array(account), "statuses": .array(status), "hashtags": .array(tag)])

    /// `Marker`.
    static let marker = MastodonShape.object(["last_read_id": .string, "version": .integer, "updated_at": .string])

    /// `ScheduledStatus`.
    static let scheduledStatus = MastodonShape.object([
        "id": .string, "scheduled_at": .string, "media_attachments": .array(mediaAttachment),
        "params": .object([
            "text": .string, "visibility": .string, "poll": .nullable(.object([:])), "media_ids": .nullable(.array(.string)),
            "sensitive": .nullable(.boolean), "spoiler_text": .nullable(.string), "scheduled_at": .nullable(.string),
            "in_reply_to_id": .nullable(.string), "language": .nullable(.string), "application_id": .integer,
            "idempotency": .nullable(.string), "with_rate_limit": .boolean,
        ]),
    ])

    /// `Preferences`.
    static let preferences = MastodonShape.object([
        "posting:default:visibility": .string, "posting:default:sensitive": .boolean, "posting:default:language": .nullable(.string),
        "reading:expand:media": .string, "reading:expand:spoilers": .boolean,
    ])
}
