extension Entry {
    // Shorthands for the content's fields that most code reads. They store nothing: a field added to
    // `EntryContent` is stored, copied and compared with the entry without a line here.

    /// What sort of entry it is; a dream carries its details in the case.
    public var kind: Kind {
        get { content.kind }
        set { content.kind = newValue }
    }

    /// The text; for a dream, its description.
    public var body: String {
        get { content.body }
        set { content.body = newValue }
    }

    /// Attached photos in the order shown, at most `maxPhotos`.
    public var photos: [AttachedPhoto] {
        get { content.photos }
        set { content.photos = newValue }
    }

    /// Who may read it.
    public var visibility: Visibility {
        get { content.visibility }
        set { content.visibility = newValue }
    }

    /// The dream details, for a dream entry.
    public var dream: DreamDetails? { content.dream }
}
