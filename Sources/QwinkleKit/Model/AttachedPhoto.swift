/// A photo attached to an entry, with the text that describes it to people who cannot see it.
public struct AttachedPhoto: Hashable, Sendable, Codable, Identifiable {
    /// The uploaded photo.
    public var id: Photo.ID
    /// A description of the photo for screen readers and text clients; may be empty.
    public var alt: String

    /// Attaches an uploaded photo with its alt text.
    public init(id: Photo.ID, alt: String = "") {
        self.id = id
        self.alt = alt
    }
}
