import Foundation

extension FederationFrontDoor {
    /// The object types kept as entries: notes and polls as they are, the others (an article, a page, an event, a
    /// video…) as Mastodon shows them, by their name, their summary and a link to where they are.
    static let keptObjectTypes: Set<String> = ["Note", "Question", "Article", "Page", "Event", "Video", "Audio", "Image", "Document"]

    /// `object` as a note: a `Note` as it is; a `Question` with its options listed after its text; any other kept
    /// type with, as its content, its name (in bold), its summary and a link to its `url` (or its ID), and no content
    /// warning (its summary is its description, as Mastodon reads it). `nil` for a type that is not kept.
    static func asNote(_ object: [String: Any]) -> [String: Any]? {
        guard let type = ReceivedActivity.type(of: object), keptObjectTypes.contains(type) else { return nil }
        var note = object
        switch type {
        case "Note":
            return note
        case "Question":
            let options = ((object["oneOf"] ?? object["anyOf"]) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            if !options.isEmpty {
                let items = options.map { "<li>\(RemoteHTML.escaped($0))</li>" }.joined()
                note["content"] = (Self.firstContent(of: object) ?? "") + "<ul>\(items)</ul>"
                note["contentMap"] = nil
            }
            return note
        default:
            var parts: [String] = []
            if let name = (object["name"] as? String).map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }), !name.isEmpty {
                parts.append("<p><strong>\(RemoteHTML.escaped(name))</strong></p>")
            }
            if let summary = object["summary"] as? String, !summary.isEmpty {
                parts.append(summary.contains("<") ? summary : "<p>\(RemoteHTML.escaped(summary))</p>")
            } else if type != "Article", type != "Page", let content = Self.firstContent(of: object), !content.isEmpty {
                // A video's or an image's words are its content when it has no summary.
                parts.append(content)
            }
            let link = Self.address(of: object["url"]) ?? (object["id"] as? String)
            if let link, let address = RemoteHTML.webAddress(link) { parts.append(RemoteHTML.linkParagraph(to: address, shown: address)) }
            note["content"] = parts.joined()
            note["contentMap"] = nil
            note["summary"] = nil
            return note
        }
    }

    /// Where a `url` points: a string, a `Link`'s `href`, or the first of a list of either (an HTML one first, as a
    /// video's page is listed beside its files).
    static func address(of url: Any?) -> String? {
        if let url = url as? String { return url }
        if let link = url as? [String: Any] { return link["href"] as? String }
        guard let list = url as? [Any] else { return nil }
        let html = list.first { (($0 as? [String: Any])?["mediaType"] as? String)?.hasPrefix("text/html") == true }
        return (html.flatMap(address(of:))) ?? list.lazy.compactMap(address(of:)).first
    }

    /// A document's `content`, or its first by language in `contentMap`.
    static func firstContent(of object: [String: Any]) -> String? {
        if let content = object["content"] as? String, !content.isEmpty { return content }
        guard let map = object["contentMap"] as? [String: Any] else { return nil }
        let languages = map.keys.sorted()
        return (languages.first { $0 == "en" || $0.hasPrefix("en-") } ?? languages.first).flatMap { map[$0] as? String }
    }
}
