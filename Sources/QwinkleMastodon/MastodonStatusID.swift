import QwinkleKit
import QwinkleServices

/// Status IDs for private messages. A Mastodon app reads a conversation as `direct` statuses, but Qwinkle's messages
/// are not entries and are numbered on their own: a message's status ID is its ID plus a trillion trillion, far
/// above any entry's, so the two never meet and every app that orders IDs as numbers or by length and text still
/// orders them by time within each kind.
enum MastodonStatusID {
    /// Added to a message's ID to make its status ID: 10¹⁸, below `Int64.max` with room for 8 × 10¹⁸ messages.
    static let messageBase: Int64 = 1_000_000_000_000_000_000

    /// A message's status ID.
    static func of(_ message: Message.ID) -> String {
        String(messageBase + (message.integerValue ?? 0))
    }

    /// The message a status ID names, `nil` when it names none: an entry's ID, or anything the server never wrote.
    static func message(_ text: String) -> Message.ID? {
        guard let first = text.first, first != "0", text.allSatisfy(\.isASCII), let value = Int64(text), value > messageBase else {
            return nil
        }
        return Message.ID(integer: value - messageBase)
    }

    /// The message cursor a status ID names in a page request (a conversation's `max_id`, `since_id` or `min_id`, named `field`).
    static func cursor(_ text: String?, field: String) throws -> Int64? {
        guard let text else { return nil }
        guard let message = message(text), let cursor = message.integerValue else {
            throw ServiceError.invalid(field: field, "\(field) must be the ID of a message's status, as a conversation's last_status has it.")
        }
        return cursor
    }
}
