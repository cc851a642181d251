/// The rule every path inside an archive keeps (docs/archive-format.md): relative, with `/` between names, and no
/// way out of the folder it is unpacked into.
public enum ArchivePath {
    /// Whether a path may be written or read: not empty, not absolute, no backslash, no drive letter, no empty, `.`
    /// or `..` component, and no control characters.
    public static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains(":") else { return false }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        // A folder's own entry ends with "/": its last component is empty and stands for nothing.
        let named = path.hasSuffix("/") ? components.dropLast() : components[...]
        return !named.isEmpty && named.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
