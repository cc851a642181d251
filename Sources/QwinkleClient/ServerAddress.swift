import Foundation

/// The address of a Qwinkle server, such as `http://127.0.0.1:8080`.
public struct ServerAddress: Hashable, Sendable, CustomStringConvertible {
    /// The default server: one running on this machine with `qwinkle serve`.
    public static let local = ServerAddress(unchecked: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"))

    /// The server's base URL, without a trailing slash.
    public let url: URL

    /// Reads an `http` or `https` URL with a host; anything else is `nil`.
    public init?(_ text: String) {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        self.url = url
    }

    private init(unchecked url: URL) {
        self.url = url
    }

    /// The URL of a path on this server, such as `/api/qwinkle/v1/photos/3`.
    public func url(path: String) -> URL {
        URL(string: url.absoluteString + path) ?? url
    }

    /// The URL as text.
    public var description: String { url.absoluteString }
}
