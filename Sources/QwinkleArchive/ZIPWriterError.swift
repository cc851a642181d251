/// Why a ZIP could not be written.
public enum ZIPWriterError: Error, Equatable, Sendable {
    /// zlib refused to compress (its status code).
    case compression(Int32)
    /// A file was started while another was open, or data written with none open.
    case misuse(String)
    /// The path cannot be written into an archive (empty, absolute, with `..` or a backslash, or too long).
    case unsafePath(String)
}
