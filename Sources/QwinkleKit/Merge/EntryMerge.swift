/// A three-way merge of an entry's content: their edit and yours, both made from a common base.
///
/// Each part merges on its own: the body word by word (`TextMerge`); visibility, photos, each line, and a
/// dream's creature and number of creatures field by field; whether the photos are sensitive as a flag (it cannot
/// conflict); a dream's effects as set changes. Where both sides
/// changed a field differently, the merged content keeps *their* value (the truth stands until someone
/// chooses) and the conflict lists all three values.
public struct EntryMerge: Hashable, Sendable {
    /// The merged content; a conflicting body holds both sides between conflict markers.
    public var merged: EntryContent
    /// The parts both sides changed differently: body stretches first, then visibility, photos, the lines in
    /// `ContentLine`'s order, and the kind or the dream's creature and count.
    public var conflicts: [MergeConflict]

    /// Whether the two edits fitted together without a conflict.
    public var isClean: Bool { conflicts.isEmpty }

    /// Merges their and your edits of a common base.
    public init(base: EntryContent, theirs: EntryContent, yours: EntryContent) {
        let body = TextMerge(base: base.body, theirs: theirs.body, yours: yours.body)
        var fields = ThreeWay(base: base, theirs: theirs, yours: yours)
        let visibility = fields.field(\.visibility, conflict: MergeConflict.visibility)
        let photos = fields.field(\.photos, conflict: MergeConflict.photos)
        let sensitive = fields.flag(\.sensitive)
        var lines: [ContentLine: String] = [:]
        for line in ContentLine.allCases {
            lines[line] = fields.field(\.[line: line]) { MergeConflict.line(line, $0) }
        }
        let kind: Entry.Kind
        var dreamConflicts: [MergeConflict] = []
        if case .dream(let baseDream) = base.kind, case .dream(let theirDream) = theirs.kind,
            case .dream(let yourDream) = yours.kind
        {
            var details = ThreeWay(base: baseDream, theirs: theirDream, yours: yourDream)
            kind = .dream(DreamDetails(
                creature: details.field(\.creature, conflict: MergeConflict.creature),
                effects: details.set(\.effects),
                numberOfCreatures: details.field(\.numberOfCreatures, conflict: MergeConflict.count)
            ))
            dreamConflicts = details.conflicts
        } else {
            // Unless all three are dreams, a change of kind replaces the dream as a whole.
            kind = fields.field(\.kind, conflict: MergeConflict.kind)
        }
        merged = EntryContent(kind: kind, body: body.merged, photos: photos, sensitive: sensitive, visibility: visibility, lines: lines)
        conflicts = body.conflicts.map(MergeConflict.body) + fields.conflicts + dreamConflicts
    }
}
