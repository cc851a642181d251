import Foundation

/// Another server's HTML (a note's content, an actor's summary) as the plain text Qwinkle keeps: every tag dropped,
/// paragraphs and line breaks kept as new lines, entities decoded. No markup of another server reaches a client, so
/// nothing in it can run, restyle a page or hide a link; links stay as the text they showed.
enum RemoteHTML {
    /// The most characters kept of one text; another server's notes may be far longer than Qwinkle's.
    static let maxCharacters = 5_000

    /// The text of `html`.
    static func text(_ html: String) -> String {
        var output = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.prefix { $0.isLetter || $0 == "/" }
                // What a script or a style holds is not text anyone wrote to be read.
                if name == "script" || name == "style", let end = html[close...].range(of: "</\(name)", options: .caseInsensitive) {
                    index = html[end.upperBound...].firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
                    continue
                }
                switch name {
                case "br": output += "\n"
                case "/p", "/li", "/blockquote", "/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "/pre": output += "\n\n"
                default: break
                }
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";") {
                let name = String(html[html.index(after: index)..<semicolon])
                if let decoded = entity(name) {
                    output.append(decoded)
                    index = html.index(after: semicolon)
                } else {
                    output.append(character)
                    index = html.index(after: index)
                }
            } else {
                output.append(character)
                index = html.index(after: index)
            }
        }
        let paragraphs = output.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var text = paragraphs.joined(separator: "\n")
        while text.contains("\n\n\n") { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.count > maxCharacters { text = String(text.prefix(maxCharacters - 1)) + "…" }
        return text
    }

    /// The character an entity names (`amp`, `#39`, `#x27`…), or `nil` for one it does not know.
    private static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.lowercased().hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return Character(scalar)
        }
    }
}
