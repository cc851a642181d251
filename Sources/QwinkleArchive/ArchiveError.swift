/// Why an archive was refused. Each has a stable code for programs and a message for people; the import refuses
/// the whole archive, writing nothing.
public enum ArchiveError: Error, Hashable, Sendable {
    /// The file is not a ZIP archive (nor another format an importer reads).
    case notAnArchive
    /// A file the format requires is not in the archive.
    case missingFile(String)
    /// The manifest names another format, or a version this build does not read.
    case unsupportedFormat(String)
    /// A path inside the archive could escape the folder it is unpacked into.
    case unsafePath(String)
    /// A photo the archive names is not an image this server accepts.
    case notAnImage(String)
    /// A file, or all of them together, expands past the limit.
    case tooLarge(String)
    /// A file cannot be read: broken JSON, a failed checksum, a broken compressed stream.
    case damaged(path: String, reason: String)
    /// Another app's export is not in the shape that app writes; the text says where.
    case unreadableExport(String)

    /// A stable code for programs, as the API's error bodies carry.
    public var code: String {
        switch self {
        case .notAnArchive: "not_an_archive"
        case .missingFile: "archive_file_missing"
        case .unsupportedFormat: "archive_format_unsupported"
        case .unsafePath: "archive_path_unsafe"
        case .notAnImage: "archive_photo_not_an_image"
        case .tooLarge: "archive_too_large"
        case .damaged, .unreadableExport: "archive_damaged"
        }
    }

    /// What went wrong, for a person.
    public var message: String {
        switch self {
        case .notAnArchive:
            "The file is not one Qwinkle imports: a Qwinkle archive (a ZIP file with a manifest.json), a Day One export "
                + "ZIP, or jrnl's JSON export (jrnl --format json)."
        case .missingFile(let path):
            "The archive has no \(path)."
        case .unsupportedFormat(let detail):
            "The archive's format is not one this server reads: \(detail)"
        case .unsafePath(let path):
            "The archive holds a path that could escape its folder: \(path)"
        case .notAnImage(let path):
            "The archive's \(path) is not a JPEG, PNG, WebP or GIF image."
        case .tooLarge(let detail):
            "The archive expands past the limit: \(detail)"
        case .damaged(let path, let reason):
            "The archive's \(path) cannot be read: \(reason)"
        case .unreadableExport(let reason):
            reason
        }
    }
}
