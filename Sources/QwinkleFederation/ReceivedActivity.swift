import Foundation

/// An activity as another server sent it: JSON-LD, read the way Mastodon and its peers write it (an object may be
/// given whole or by its ID; a list of one may be a single value).
struct ReceivedActivity: @unchecked Sendable {
    /// The activity's ID: what it is remembered by, so that one delivered twice acts once.
    let id: String
    /// `Follow`, `Undo`, `Create`…
    let type: String
    /// Who did it.
    let actor: String
    /// The whole document.
    let document: [String: Any]

    /// The activity in `body`; `nil` if it is not a JSON object with an ID, a type and an actor.
    init?(_ body: [UInt8]) {
        guard let document = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        self.init(document: document)
    }

    /// The activity `document` is; `nil` without an ID, a type and an actor.
    init?(document: [String: Any]) {
        guard let id = document["id"] as? String, let type = Self.type(of: document), let actor = Self.id(of: document["actor"]) else { return nil }
        self.id = id
        self.type = type
        self.actor = actor
        self.document = document
    }

    /// The object's ID, whether given whole or by ID.
    var objectID: String? { Self.id(of: document["object"]) }

    /// The object, when given whole.
    var object: [String: Any]? { document["object"] as? [String: Any] }

    /// An ID given as a string, or as an object with an `id`.
    static func id(of value: Any?) -> String? {
        if let text = value as? String { return text }
        if let object = value as? [String: Any] { return object["id"] as? String }
        if let list = value as? [Any], list.count == 1 { return id(of: list[0]) }
        return nil
    }

    /// The IDs of a value that may be one object or a list of them, each given whole or by ID.
    static func ids(of value: Any?) -> [String] {
        if let list = value as? [Any] { return list.compactMap { id(of: $0) } }
        return id(of: value).map { [$0] } ?? []
    }

    /// A document's type, the first when it has several.
    static func type(of document: [String: Any]) -> String? {
        if let type = document["type"] as? String { return type }
        return (document["type"] as? [Any])?.first as? String
    }
}
