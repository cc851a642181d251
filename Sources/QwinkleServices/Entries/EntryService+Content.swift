import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// What people read when a photo may not be attached.
    public static let unattachablePhoto = "Attach only photos you uploaded yourself."

    /// Checks content as written against every rule a new or edited entry follows, reporting all broken ones by
    /// field (the API's field names), so a person can fix them at once; nothing is stored. The kind was decided
    /// where the content was read (`Entry.Kind.init(_:dream:)`).
    public func validatedContent(_ content: EntryContent, author: Account) async throws -> EntryContent {
        var fields = Self.ruleProblems(of: content, photoCount: content.photos.count, rule: context.lengthRule)
        var checked = content
        checked.photos = try await attachedPhotos(content.photos, author: author.id, fields: &fields)
        if ConflictMarkers.hasUnresolvedConflict(in: content.body) {
            fields["body", default: []].append(EditRejection.unresolvedConflict.message)
        }
        guard fields.isEmpty else { throw ServiceError.invalid(fields) }
        return checked
    }

    /// What content breaks of the rules every entry keeps however it arrives (posted, edited, scheduled or imported
    /// from an archive), by field (the API's field names): the length rule, counting `photoCount` photos (an
    /// import's photos are still files of the archive), and each line's limit. A rule on a field of the content belongs here, so an import
    /// keeps it too. Whose photos they are, and conflict markers, are judged where those are known.
    public static func ruleProblems(of content: EntryContent, photoCount: Int, rule: LengthRule) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for problem in rule.assess(body: content.body, photoCount: photoCount, visibility: content.visibility, warning: content.warning).problems {
            switch problem {
            case .tooManyPhotos: fields["photos", default: []].append(problem.message)
            case .empty, .tooLong: fields["body", default: []].append(problem.message)
            }
        }
        for line in ContentLine.allCases where (content[line: line]?.count ?? 0) > line.limit {
            fields[line.rawValue, default: []].append(line.tooLong)
        }
        return fields
    }

    /// The photos if the author may attach each of them once, with alt text of a sane length; the reasons otherwise
    /// in `fields`. A draft that is saved, not posted, is held to this as well.
    func attachedPhotos(_ photos: [AttachedPhoto], author: Account.ID, fields: inout [String: [String]]) async throws -> [AttachedPhoto] {
        var attached: [AttachedPhoto] = []
        for (index, photo) in photos.enumerated() {
            if photo.alt.count > Self.maxAltText {
                fields["photos.\(index).alt", default: []].append("Alt text must be at most \(Self.maxAltText) characters.")
            }
            if let id = try await context.attachablePhoto(photo.id.rawValue, by: author) {
                attached.append(AttachedPhoto(id: id, alt: photo.alt))
            } else {
                fields["photos.\(index).id", default: []].append(Self.unattachablePhoto)
            }
        }
        if Set(photos.map(\.id)).count < photos.count {
            fields["photos", default: []].append("Attach each photo once.")
        }
        return attached
    }
}
