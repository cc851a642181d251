import QwinkleKit

/// A wire shape that carries an entry's content: an entry, a new entry, an edit, a draft and a draft's save.
///
/// The contract lists the content's properties once (the `EntryContent` schema's YAML anchors) and merges them
/// into each of those schemas, so every generated type has the same fields; this is the one mapping of them, both
/// ways. A field added to the content is a requirement here and a line in `content()` and `write(_:)`; a line
/// (`ContentLine`) is a requirement and its case in `subscript(line:)`.
package protocol WireContent {
    /// The kind's name; a dream's details are in `dream`.
    var kind: Components.Schemas.EntryKind { get set }
    /// The text.
    var body: String { get set }
    /// Who may read it.
    var visibility: Components.Schemas.Visibility { get set }
    /// A dream's details, present exactly for a dream.
    var dream: Components.Schemas.Dream? { get set }
    /// The photos as IDs and alt texts, in order.
    var photoReferences: [(id: String, alt: String)] { get }
    /// Sets the photos from the model's.
    mutating func setPhotos(_ photos: [AttachedPhoto])
    /// Where it was written.
    var location: String? { get set }
    /// The content warning.
    var contentWarning: String? { get set }
    /// Whether the photos are sensitive; `nil` for no.
    var sensitive: Bool? { get set }
}

extension WireContent {
    /// A line's property. Written as a switch, not as key paths: a key path into a generic `Self` is built anew at
    /// every use, which cost a timeline page a tenth of its time (`perf`, issue 49).
    subscript(line line: ContentLine) -> String? {
        get {
            switch line {
            case .contentWarning: contentWarning
            case .location: location
            }
        }
        set {
            switch line {
            case .contentWarning: contentWarning = newValue
            case .location: location = newValue
            }
        }
    }
}

extension WireContent {
    /// The content these fields describe, read the one way the server and every client read it. Whether it keeps
    /// the rules (its length, whose photos) is not judged here.
    package func content() throws(WireMismatch) -> QwinkleKit.EntryContent {
        let name = try Wire.value(Entry.Kind.Name.self, kind.rawValue, field: "kind")
        let details = try dream.map { d throws(WireMismatch) in try d.model() }
        let kind: Entry.Kind
        do {
            kind = try Entry.Kind(name, dream: details)
        } catch {
            throw WireMismatch(type: "Dream", value: "", field: "dream", reason: error.message)
        }
        return QwinkleKit.EntryContent(
            kind: kind, body: body,
            photos: try photoReferences.enumerated().map { index, photo throws(WireMismatch) in
                AttachedPhoto(id: try identifier(photo.id, field: "photos.\(index).id"), alt: photo.alt)
            },
            sensitive: sensitive ?? false,
            visibility: try Wire.value(Visibility.self, visibility.rawValue, field: "visibility"),
            lines: Dictionary(uniqueKeysWithValues: ContentLine.allCases.compactMap { line in self[line: line].map { (line, $0) } })
        )
    }

    /// Sets every field from a content.
    package mutating func write(_ content: QwinkleKit.EntryContent) throws(WireMismatch) {
        kind = try Wire.value(Components.Schemas.EntryKind.self, content.kind.name.rawValue, field: "kind")
        body = content.body
        visibility = try Wire.value(Components.Schemas.Visibility.self, content.visibility.rawValue, field: "visibility")
        dream = try content.dream.map { d throws(WireMismatch) in try Components.Schemas.Dream(d) }
        setPhotos(content.photos)
        sensitive = content.sensitive ? true : nil
        for line in ContentLine.allCases { self[line: line] = content[line: line] }
    }
}

/// A shape a client sends: photos are references to its own uploads, their alt text optional.
package protocol WireContentRequest: WireContent {
    /// The attached photos; none when left out.
    var photos: [Components.Schemas.AttachedPhoto]? { get set }
}

extension WireContentRequest {
    /// The photos; one without alt text has none.
    package var photoReferences: [(id: String, alt: String)] { (photos ?? []).map { ($0.id, $0.alt ?? "") } }

    /// Sets the photos as references.
    package mutating func setPhotos(_ photos: [AttachedPhoto]) {
        self.photos = photos.map { .init(id: $0.id.rawValue, alt: $0.alt) }
    }
}

/// A shape the server shows: photos with where their bytes are.
package protocol WireContentShown: WireContent {
    /// The photos, in order.
    var photos: [Components.Schemas.EntryPhoto] { get set }
}

extension WireContentShown {
    /// The photos.
    package var photoReferences: [(id: String, alt: String)] { photos.map { ($0.id, $0.alt) } }

    /// Sets the photos, each with its URL.
    package mutating func setPhotos(_ photos: [AttachedPhoto]) {
        self.photos = photos.map { .init(id: $0.id.rawValue, alt: $0.alt, url: PhotoURL.path($0.id)) }
    }
}

extension Components.Schemas.EntryContent: WireContentRequest {}
extension Components.Schemas.NewEntry: WireContentRequest {}
extension Components.Schemas.EntryUpdate: WireContentRequest {}
extension Components.Schemas.DraftUpdate: WireContentRequest {}
extension Components.Schemas.Entry: WireContentShown {}
extension Components.Schemas.Draft: WireContentShown {}
