import Foundation

extension FederationFrontDoor {
    /// The object types kept as entries as they are: notes, and polls with their options listed.
    static let noteTypes: Set<String> = ["Note", "Question"]
    /// The object types kept as Mastodon shows them: by their name, their summary and a link to where they are (an
    /// article's or a video's content is its page's to show, not a timeline's).
    static let convertedTypes: Set<String> = ["Article", "Page", "Event", "Video", "Audio", "Image"]

    /// `object` as a note: a `Note` as it is; a `Question` with its options listed after its text; a converted
    /// type (one of them among its types is enough) with, as its content, its name and its summary as paragraphs,
    /// the last ending with a link to its `url` (or its ID), and no content warning (its summary is its
    /// description, as Mastodon reads it). `nil` for a type that is not kept.
    static func asNote(_ object: [String: Any]) -> [String: Any]? {
        let types = Self.types(of: object)
        var note = object
        if !types.isDisjoint(with: convertedTypes) {
            let paragraphs = [object["name"], object["summary"]].compactMap { value -> String? in
                guard let text = (value as? String).map({ RemoteHTML.text($0).trimmingCharacters(in: .whitespacesAndNewlines) }) else { return nil }
                return text.isEmpty ? nil : RemoteHTML.escaped(text)
            }
            var link = ""
            if let address = (Self.address(of: object["url"]) ?? (object["id"] as? String)).flatMap(RemoteHTML.webAddress) {
                let escaped = RemoteHTML.escaped(address)
                link = "<a href=\"\(RemoteHTML.escaped(address, quote: true))\">\(escaped)</a>"
            }
            var html = paragraphs.dropLast().map { "<p>\($0)</p>" }.joined()
            html += "<p>" + ([paragraphs.last, link.isEmpty ? nil : link].compactMap { $0 }).joined(separator: " ") + "</p>"
            note["content"] = html
            note["contentMap"] = nil
            note["summary"] = nil
            return note
        }
        guard !types.isDisjoint(with: noteTypes) else { return nil }
        if types.contains("Question") {
            let options = ((object["oneOf"] ?? object["anyOf"]) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            if !options.isEmpty {
                let items = options.map { "<li>\(RemoteHTML.escaped($0))</li>" }.joined()
                note["content"] = (Self.firstContent(of: object) ?? "") + "<ul>\(items)</ul>"
                note["contentMap"] = nil
            }
        }
        return note
    }

    /// A document's types: one, or each of a list.
    static func types(of document: [String: Any]) -> Set<String> {
        if let type = document["type"] as? String { return [type] }
        return Set((document["type"] as? [Any])?.compactMap { $0 as? String } ?? [])
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

    /// The language of a document's content, as its `contentMap` names it: the language of `content` itself when
    /// the map holds the same text, else of the one `firstContent` reads (English first). `nil` without a map, or
    /// for a name that is no language tag.
    static func language(of object: [String: Any]) -> String? {
        guard let map = object["contentMap"] as? [String: Any], !map.isEmpty else { return nil }
        let languages = map.keys.sorted()
        var chosen = languages.first { $0 == "en" || $0.hasPrefix("en-") } ?? languages.first
        if let content = object["content"] as? String, !content.isEmpty, let same = languages.first(where: { map[$0] as? String == content }) {
            chosen = same
        }
        guard let chosen, chosen.count <= 35, chosen.wholeMatch(of: /[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*/) != nil else { return nil }
        return chosen
    }

    /// A document's `content`, or its first by language in `contentMap`.
    static func firstContent(of object: [String: Any]) -> String? {
        if let content = object["content"] as? String, !content.isEmpty { return content }
        guard let map = object["contentMap"] as? [String: Any] else { return nil }
        let languages = map.keys.sorted()
        return (languages.first { $0 == "en" || $0.hasPrefix("en-") } ?? languages.first).flatMap { map[$0] as? String }
    }
}
