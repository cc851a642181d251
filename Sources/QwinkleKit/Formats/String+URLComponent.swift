import Foundation

extension String {
    /// The text as one component of a URL, a path segment or a query value alike: RFC 3986's unreserved characters
    /// stay as they are and every other is percent-encoded, so nothing in it can end the component.
    public var urlComponentEscaped: String {
        addingPercentEncoding(withAllowedCharacters: Self.unreservedCharacters) ?? ""
    }

    /// RFC 3986's unreserved characters.
    private static let unreservedCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
