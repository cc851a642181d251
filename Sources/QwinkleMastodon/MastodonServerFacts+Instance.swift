import Foundation
import QwinkleKit
import QwinkleStorage

extension MastodonServerFacts {
    /// What the server is called in both versions of the instance.
    static let title = "Qwinkle"
    /// What it is for, in both versions.
    static let summary = "Simple, short updates about what's happening in your life."

    /// The limits in Mastodon's terms. An app counts by `max_characters` and never knows a photo counts too, so the
    /// stricter limit (that of public and followers entries) is the one told; a photo's cost is in `qwinkle`.
    var configuration: MastodonConfiguration {
        MastodonConfiguration(
            statuses: .init(
                maxCharacters: lengthRule.maxCharacters, maxMediaAttachments: lengthRule.maxPhotos,
                charactersReservedPerUrl: lengthRule.charactersReservedPerURL
            ),
            // No size in pixels is refused, and no video is stored.
            mediaAttachments: .init(
                supportedMimeTypes: photoTypes, imageSizeLimit: maxPhotoBytes, imageMatrixLimit: Int(Int32.max),
                videoSizeLimit: 0, videoFrameRateLimit: 0, videoMatrixLimit: 0
            ),
            polls: .init(maxOptions: 0, maxCharactersPerOption: 0, minExpiration: 0, maxExpiration: 0)
        )
    }

    /// The limits only Qwinkle has.
    var qwinkleLimits: MastodonQwinkleLimits {
        MastodonQwinkleLimits(
            charactersReservedPerPhoto: lengthRule.charactersReservedPerPhoto, journalMaxCharacters: lengthRule.journalMaxCharacters
        )
    }

    /// The v1 instance as seen at `origin`.
    func instanceV1(at origin: MastodonOrigin, stats: ServerStats) -> MastodonInstanceV1 {
        MastodonInstanceV1(
            uri: origin.host, title: Self.title, shortDescription: Self.summary, description: Self.summary, email: "",
            version: Self.version, urls: .init(streamingAPI: origin.streamingBase), stats: .init(userCount: stats.accounts, statusCount: stats.entries, domainCount: stats.domains),
            thumbnail: MastodonNull(), languages: ["en"], registrations: true, approvalRequired: false, invitesEnabled: false,
            configuration: configuration, contactAccount: MastodonNull(), rules: [], qwinkle: qwinkleLimits
        )
    }

    /// The v2 instance as seen at `origin`. Its source address is empty: Qwinkle has no public one to give.
    func instanceV2(at origin: MastodonOrigin, stats: ServerStats) -> MastodonInstanceV2 {
        let configuration = configuration
        return MastodonInstanceV2(
            domain: origin.host, title: Self.title, version: Self.version, sourceUrl: "",
            description: Self.summary, usage: .init(users: .init(activeMonth: stats.activeAccounts)),
            thumbnail: .init(url: origin.base + "/static/icon-512.png"),
            icon: [.init(src: origin.base + "/static/icon-512.png", size: "512x512")], languages: ["en"],
            configuration: .init(
                urls: .init(streaming: origin.streamingBase), vapid: .init(publicKey: ""), accounts: .init(maxFeaturedTags: 0, maxPinnedStatuses: 0),
                statuses: configuration.statuses, mediaAttachments: configuration.mediaAttachments, polls: configuration.polls,
                translation: .init(enabled: false)
            ),
            registrations: .init(enabled: true, approvalRequired: false, message: MastodonNull()),
            apiVersions: .init(mastodon: 2), contact: .init(email: "", account: MastodonNull()), rules: [], qwinkle: qwinkleLimits
        )
    }
}
