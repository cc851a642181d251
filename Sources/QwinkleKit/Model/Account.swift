import Foundation

/// The public profile of an account: what others see of a person on Qwinkle.
///
/// The email address and password are not part of it; they never leave the server.
public struct Account: Hashable, Sendable, Codable, Identifiable {
    /// The identifier of an account.
    public typealias ID = Identifier<Account>

    /// The account's identifier.
    public var id: ID
    /// The unique handle, lowercase (`^[a-z0-9_]{3,30}$`, see `UsernameValidator`).
    public var username: String
    /// The name shown beside the handle; may be empty.
    public var displayName: String
    /// A few words about the person; may be empty.
    public var bio: String
    /// The avatar photo, if one is set.
    public var avatar: Photo.ID?
    /// The person's favourite creature, if they chose one.
    public var favoriteCreature: Creature?
    /// When the account was created.
    public var createdAt: Date
    /// Whether the person approves each follower (a follow waits as a request until they do).
    public var locked: Bool
    /// What the server's moderators decided about the account.
    public var standing: AccountStanding

    /// Creates a profile; a new account has no display name, bio, avatar or favourite creature.
    public init(
        id: ID,
        username: String,
        displayName: String = "",
        bio: String = "",
        avatar: Photo.ID? = nil,
        favoriteCreature: Creature? = nil,
        createdAt: Date,
        locked: Bool = false,
        standing: AccountStanding = .good
    ) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.bio = bio
        self.avatar = avatar
        self.favoriteCreature = favoriteCreature
        self.createdAt = createdAt
        self.locked = locked
        self.standing = standing
    }

    enum CodingKeys: String, CodingKey {
        case id
        case username
        case displayName = "display_name"
        case bio
        case avatar
        case favoriteCreature = "favorite_creature"
        case createdAt = "created_at"
        case locked
        case standing
    }

    /// Reads a profile; one written before accounts could approve their followers is not locked, one written before
    /// moderation is in good standing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ID.self, forKey: .id)
        username = try container.decode(String.self, forKey: .username)
        displayName = try container.decode(String.self, forKey: .displayName)
        bio = try container.decode(String.self, forKey: .bio)
        avatar = try container.decodeIfPresent(Photo.ID.self, forKey: .avatar)
        favoriteCreature = try container.decodeIfPresent(Creature.self, forKey: .favoriteCreature)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked) ?? false
        standing = try container.decodeIfPresent(AccountStanding.self, forKey: .standing) ?? .good
    }

    /// Writes a profile; `locked` only when it is and `standing` only when it is not good, so an ordinary account's
    /// JSON is what it always was.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(bio, forKey: .bio)
        try container.encodeIfPresent(avatar, forKey: .avatar)
        try container.encodeIfPresent(favoriteCreature, forKey: .favoriteCreature)
        try container.encode(createdAt, forKey: .createdAt)
        if locked { try container.encode(true, forKey: .locked) }
        if standing != .good { try container.encode(standing, forKey: .standing) }
    }
}
