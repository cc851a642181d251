extension Entry {
    /// The part of the entry an edit may change.
    public var content: EntryContent {
        get { EntryContent(kind: kind, body: body, photos: photos, visibility: visibility) }
        set {
            kind = newValue.kind
            body = newValue.body
            photos = newValue.photos
            visibility = newValue.visibility
        }
    }
}
