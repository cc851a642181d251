import Foundation
import QwinkleKit

/// An attachment of a note from elsewhere, as the federation door read it: a picture is kept as a photo of the
/// entry (fetched, judged by its bytes and stripped of metadata, as any upload), and anything else (a video, a sound,
/// a document), or a picture that cannot be fetched, is kept as linked media.
public struct RemoteAttachment: Hashable, Sendable {
    /// Where it is, what it shows and what it is: as it is kept when it is not a photo.
    public var media: LinkedMedia
    /// Whether it may be a picture (an `Image`, or an `image/…` type, or no type said): only those are fetched.
    public var mayBePicture: Bool

    /// Describes an attachment.
    public init(media: LinkedMedia, mayBePicture: Bool) {
        self.media = media
        self.mayBePicture = mayBePicture
    }

    /// The line that names it in the text kept: its description and its address, or its address alone.
    public var linkText: String {
        media.description.isEmpty ? media.url : "\(media.description.prefix(200)): \(media.url)"
    }
}
