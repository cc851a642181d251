import Foundation

/// Where Qwinkle keeps a person's files, by the XDG Base Directory rules: data (the offline cache and outbox) in
/// `$XDG_DATA_HOME/qwinkle`, else `~/.local/share/qwinkle`; configuration (credentials) in `$XDG_CONFIG_HOME/qwinkle`,
/// else `~/.config/qwinkle`.
///
/// Resolved from an environment dictionary rather than the process's own, so tests never touch the real home.
public struct XDGDirectories: Hashable, Sendable {
    /// The folder for Qwinkle's data, such as `~/.local/share/qwinkle`.
    public let data: URL
    /// The folder for Qwinkle's configuration, such as `~/.config/qwinkle`.
    public let config: URL

    /// Resolves both folders from `environment`.
    ///
    /// An XDG variable counts only when it holds an absolute path (the specification says to ignore a relative
    /// one); otherwise the folder is under `HOME`, which must then be absolute.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Unresolved) {
        data = try Self.resolve(variable: "XDG_DATA_HOME", fallback: ".local/share", in: environment)
        config = try Self.resolve(variable: "XDG_CONFIG_HOME", fallback: ".config", in: environment)
    }

    /// Creates `folder` and any missing parents, readable by their owner alone (mode 0700, as the XDG
    /// specification asks): they hold private timelines, unsent entries and tokens.
    public static func create(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    private static func resolve(variable: String, fallback: String, in environment: [String: String]) throws(Unresolved) -> URL {
        if let base = environment[variable], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("qwinkle", isDirectory: true)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { throw Unresolved(variable: variable) }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(fallback, isDirectory: true)
            .appendingPathComponent("qwinkle", isDirectory: true)
    }

    /// Neither the XDG variable nor `HOME` names an absolute folder.
    public struct Unresolved: Error, Hashable, Sendable, CustomStringConvertible {
        /// The XDG variable that could have named the folder, such as `XDG_DATA_HOME`.
        public var variable: String

        /// What to set.
        public var description: String {
            "Cannot tell where Qwinkle keeps its files: set HOME (or \(variable)) to an absolute path."
        }
    }
}
