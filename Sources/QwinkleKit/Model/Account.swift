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

    /// Creates a profile; a new account has no display name, bio, avatar or favourite creature.
    public init(
        id: ID,
        username: String,
        displayName: String = "",
        bio: String = "",
        avatar: Photo.ID? = nil,
        favoriteCreature: Creature? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.bio = bio
        self.avatar = avatar
        self.favoriteCreature = favoriteCreature
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case username
        case displayName = "display_name"
        case bio
        case avatar
        case favoriteCreature = "favorite_creature"
        case createdAt = "created_at"
    }
}
