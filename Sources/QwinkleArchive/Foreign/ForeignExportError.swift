/// Why another app's export could not be read; each says what is wrong in words a person can act on.
public enum ForeignExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not the JSON the format writes.
    case notJSON(format: String)
    /// The JSON lacks the list of entries every export of the format has.
    case missingEntries(format: String)
    /// An entry lacks a field the format always writes, or has one of the wrong type.
    case badEntry(format: String, index: Int, field: String)
    /// An entry's date or time cannot be read.
    case badDate(format: String, index: Int, text: String)

    /// The message shown to whoever imported the file.
    public var description: String {
        switch self {
        case .notJSON(let format):
            "This is not a \(format) export: it is not JSON."
        case .missingEntries(let format):
            "This is not a \(format) export: it has no \"entries\" list."
        case .badEntry(let format, let index, let field):
            "Entry \(index + 1) of this \(format) export has no readable \"\(field)\"."
        case .badDate(let format, let index, let text):
            "Entry \(index + 1) of this \(format) export has a date that cannot be read: \(text)"
        }
    }
}
