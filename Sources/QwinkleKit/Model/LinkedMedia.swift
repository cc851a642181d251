/// Media a note of another server attached that is not kept here as a photo (a video, a sound, a document, or a
/// picture that could not be fetched or is of no type Qwinkle keeps): shown as a link to where it is, named by its
/// description, and given to Mastodon apps as an attachment of theirs that is elsewhere (`remote_url`).
public struct LinkedMedia: Hashable, Sendable, Codable {
    /// What it is, as far as its server said.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A video.
        case video
        /// A sound.
        case audio
        /// A picture Qwinkle did not keep.
        case image
        /// Anything else: a document, or what its server did not say.
        case unknown
    }

    /// Where it is: a web address on its server.
    public var url: String
    /// What it shows or says, for those who cannot see or hear it; may be empty.
    public var description: String
    /// What it is.
    public var kind: Kind

    /// Describes media kept as a link.
    public init(url: String, description: String, kind: Kind) {
        self.url = url
        self.description = description
        self.kind = kind
    }
}
