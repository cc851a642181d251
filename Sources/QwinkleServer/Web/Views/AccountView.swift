import QwinkleAPITypes
import QwinkleKit

/// A person as pages show them: name, username, avatar and where their profile is.
struct AccountView: Sendable {
    let id: String
    let username: String
    /// The display name, or the username when they set none.
    let name: String
    let bio: String
    /// The avatar's URL, if they have one.
    let avatarURL: String?
    /// The first letter of the name, shown in place of a missing avatar.
    let initial: String
    /// The profile page.
    let profileURL: String

    init(id: String, username: String, displayName: String, bio: String, avatarURL: String?) {
        self.id = id
        self.username = username
        name = displayName.isEmpty ? username : displayName
        self.bio = bio
        self.avatarURL = avatarURL
        initial = name.first.map { String($0).uppercased() } ?? "?"
        profileURL = "/people/\(username)"
    }

    init(_ account: Account) {
        self.init(
            id: account.id.rawValue, username: account.username, displayName: account.displayName, bio: account.bio,
            avatarURL: account.avatar.map(PhotoURL.path)
        )
    }
}
