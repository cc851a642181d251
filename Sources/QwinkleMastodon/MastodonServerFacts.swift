import QwinkleKit
import QwinkleMedia

/// What a Mastodon app is told about the server: the limits it must keep to, in Mastodon's terms, and the version it
/// is told, from which it decides what to ask for.
public struct MastodonServerFacts: Sendable {
    /// The Mastodon release whose client API is claimed. Apps turn features on by it, so it names the release whose
    /// instance and endpoints Qwinkle answers, and no later one.
    public static let compatibleMastodon = "4.3.0"

    /// The version string: Mastodon's release first (apps parse the leading `x.y.z`), then Qwinkle's own.
    public static var version: String { "\(compatibleMastodon) (compatible; Qwinkle \(QwinkleVersion.current))" }

    /// The length rule entries are judged by.
    public var lengthRule: LengthRule
    /// The largest photo the server stores, in bytes.
    public var maxPhotoBytes: Int

    /// The facts of a server judging entries by `lengthRule` and storing photos of at most `maxPhotoBytes`.
    public init(lengthRule: LengthRule, maxPhotoBytes: Int) {
        self.lengthRule = lengthRule
        self.maxPhotoBytes = maxPhotoBytes
    }

    /// The photo types the server stores, as MIME types.
    var photoTypes: [String] { ImageType.allCases.map(\.contentType) }
}
