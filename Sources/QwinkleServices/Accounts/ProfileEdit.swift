import QwinkleKit

/// Changes to a profile as someone sent them; a field left `nil` is left as it is.
public struct ProfileEdit: Hashable, Sendable {
    /// The new display name.
    public var displayName: String?
    /// The new bio.
    public var bio: String?
    /// The new avatar: a photo's ID, or empty to remove it.
    public var avatar: String?
    /// The new favourite creature: a creature, or `.remove` for none.
    public var favoriteCreature: FieldChange<Creature>?
    /// Whether to approve followers from now on (unlocking approves every pending request).
    public var locked: Bool?

    /// Describes profile changes.
    public init(
        displayName: String? = nil, bio: String? = nil, avatar: String? = nil, favoriteCreature: FieldChange<Creature>? = nil, locked: Bool? = nil
    ) {
        self.displayName = displayName
        self.bio = bio
        self.avatar = avatar
        self.favoriteCreature = favoriteCreature
        self.locked = locked
    }
}
