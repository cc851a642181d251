import Foundation

/// Where the `qwinkle` command keeps this user's files, by the XDG base directory rules.
struct UserDirectories {
    /// `$XDG_CONFIG_HOME/qwinkle`, else `~/.config/qwinkle`: credentials.
    let config: URL
    /// `$XDG_DATA_HOME/qwinkle`, else `~/.local/share/qwinkle`: the offline cache, the outbox, paused downloads.
    let data: URL

    init(environment: [String: String]) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        // The rules ignore a relative XDG path, as if it were unset.
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            return home.appendingPathComponent(fallback, isDirectory: true)
        }
        config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("qwinkle", isDirectory: true)
        data = base("XDG_DATA_HOME", ".local/share").appendingPathComponent("qwinkle", isDirectory: true)
    }
}
