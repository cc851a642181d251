import Foundation
import QwinkleKit

/// A note another server sent or served, as the federation door read it: what the services need to keep it as an
/// entry of its author's, with nothing of ActivityPub's documents left in it.
public struct IncomingNote: Sendable {
    /// The note's ID, which names it on its own server and here.
    public var objectID: String
    /// Its author's actor.
    public var authorURL: String
    /// Its text, as kept.
    public var body: String
    /// Its HTML reduced to the allow-list, when it had any.
    public var html: String?
    /// The language its content is in, when its server said.
    public var language: String?
    /// The content's lines it carries (its warning among them).
    public var lines: [ContentLine: String]
    /// Whether its photos are sensitive.
    public var sensitive: Bool
    /// Who may read it, by how it was addressed.
    public var visibility: Visibility
    /// When it was written, if it says.
    public var published: Date?
    /// The object it answers, if any.
    public var inReplyTo: ObjectReference?
    /// The accounts it names: this server's people, and people elsewhere.
    public var mentioned: [Account]
    /// Its attachments, in order: `body` and `html` do not show them (the services keep each as a photo or add its
    /// link).
    public var attachments: [RemoteAttachment]

    /// Describes a note.
    public init(
        objectID: String, authorURL: String, body: String, html: String? = nil, language: String? = nil, lines: [ContentLine: String] = [:], sensitive: Bool = false,
        visibility: Visibility, published: Date? = nil, inReplyTo: ObjectReference? = nil, mentioned: [Account] = [],
        attachments: [RemoteAttachment] = []
    ) {
        self.objectID = objectID
        self.html = html
        self.language = language
        self.authorURL = authorURL
        self.body = body
        self.lines = lines
        self.sensitive = sensitive
        self.visibility = visibility
        self.published = published
        self.inReplyTo = inReplyTo
        self.mentioned = mentioned
        self.attachments = attachments
    }
}

/// What an object's URL names: an entry of this server (by its page's URL), or an object of another server's.
public enum ObjectReference: Hashable, Sendable {
    /// An entry of this server.
    case here(Entry.ID)
    /// Another server's object, by its ID.
    case elsewhere(String)
}

/// What taking a note from elsewhere came to.
public enum IncomingOutcome: Sendable {
    /// Kept (or kept before, under the same object ID) as this entry.
    case kept(Entry)
    /// Nothing here is for it: nobody here follows its author, nor does it answer or name anyone here who may read
    /// it, or it would join a thread that began in a journal.
    case unwanted
    /// Kept as a private message to the people it names here.
    case messaged
    /// Its activity was taken before: its sender tried again.
    case repeated
    /// Its author's actor could not be fetched: the sender may try again later.
    case authorUnavailable
}
