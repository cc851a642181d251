import QwinkleClient
import QwinkleKit

/// An entry as `--json` prints it: the entry as the client has it (with its mentions, when it has any), plus its
/// tags, which the entry keeps only in its text, so a script need not parse the text for them.
struct EntryJSON: Encodable {
    let item: TimelineEntry

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(EntryText.tags(of: item.entry.body), forKey: .tags)
    }

    private enum Key: String, CodingKey {
        case tags
    }
}

/// A page of entries as `--json` prints it: the page's own fields, each entry with its tags.
struct EntryPageJSON: Encodable {
    let page: Page<TimelineEntry>

    func encode(to encoder: any Encoder) throws {
        try page.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(page.items.map(EntryJSON.init), forKey: .items)
    }

    private enum Key: String, CodingKey {
        case items
    }
}
