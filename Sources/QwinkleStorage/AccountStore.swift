import Foundation
import QwinkleKit

/// What sign-up stores: the password only as a bcrypt hash.
public struct NewAccount: Hashable, Sendable {
    /// The lowercase username.
    public var username: String
    /// The email address.
    public var email: String
    /// The bcrypt hash of the password.
    public var passwordHash: String
    /// When the account is created.
    public var createdAt: Date

    /// Describes a new account.
    public init(username: String, email: String, passwordHash: String, createdAt: Date) {
        self.username = username
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// A profile edit; `nil` leaves a field as it is.
public struct ProfileChanges: Hashable, Sendable {
    /// The new display name.
    public var displayName: String?
    /// The new bio.
    public var bio: String?
    /// The new avatar photo, or its removal.
    public var avatar: FieldChange<Photo.ID>?
    /// The new favourite creature, or its removal.
    public var favoriteCreature: FieldChange<Creature>?
    /// Whether the account approves its followers from now on.
    public var locked: Bool?

    /// Describes a profile edit.
    public init(
        displayName: String? = nil, bio: String? = nil, avatar: FieldChange<Photo.ID>? = nil,
        favoriteCreature: FieldChange<Creature>? = nil, locked: Bool? = nil
    ) {
        self.displayName = displayName
        self.bio = bio
        self.avatar = avatar
        self.favoriteCreature = favoriteCreature
        self.locked = locked
    }
}

/// Accounts and their profiles.
public protocol AccountStore: Sendable {
    /// The server's figures, from the counts the writes keep: its people, what they posted, the servers it knows of.
    func serverStats(activeSince: Date) async throws -> ServerStats
    /// Creates an account; throws `StorageError.usernameTaken` if the username is in use, whatever its case.
    func createAccount(_ account: NewAccount) async throws -> Account
    /// The account with this ID.
    func account(id: Account.ID) async throws -> Account?
    /// The account with this username, matched without regard to case.
    func account(username: String) async throws -> Account?
    /// The accounts with these IDs, for embedding authors in lists.
    func accounts(ids: Set<Account.ID>) async throws -> [Account.ID: Account]
    /// Each account's counts (see `AccountCounts`); unknown IDs are left out.
    func counts(of ids: Set<Account.ID>) async throws -> [Account.ID: AccountCounts]
    /// The account and its password hash, for logging in.
    func credentials(username: String) async throws -> (account: Account, passwordHash: String)?
    /// Applies a profile edit; throws `StorageError.notFound` for an unknown account.
    func updateProfile(of id: Account.ID, _ changes: ProfileChanges) async throws -> Account
    /// Replaces the password hash and ends every session but the one of `keepingTokenHash`, in one transaction;
    /// returns the ended tokens' hashes. Throws `StorageError.notFound` for an unknown account.
    func changePasswordHash(of id: Account.ID, to passwordHash: String, keepingTokenHash: String?) async throws -> [String]
    /// Deletes an account and everything that is its own in one transaction: its sessions, entries (with their
    /// revisions, marks and photos' attachments), marks, follows both ways, journal grants both ways and photos.
    /// Its messages stay in others' conversations without a sender; `farewells` (deliveries signed by the key it
    /// had, `DeliverySigner.carried`) are queued in the same transaction, due at `date`. `nil`, changing nothing, for an unknown
    /// account.
    func deleteAccount(id: Account.ID, farewells: [NewDelivery], at date: Date) async throws -> DeletedAccount?
}

extension AccountStore {
    /// Deletes an account with nothing to tell other servers (see `deleteAccount(id:farewells:at:)`).
    public func deleteAccount(id: Account.ID) async throws -> DeletedAccount? {
        try await deleteAccount(id: id, farewells: [], at: Date())
    }
}

/// What deleting an account ended, for the work that follows the commit.
public struct DeletedAccount: Hashable, Sendable {
    /// The hashes of the tokens that stopped working, so their live streams can end.
    public var tokenHashes: [String]
    /// The hashes of the photos' bytes the account uploaded; those no other photo shares may be removed.
    public var photoHashes: Set<String>

    /// Describes what a deletion ended.
    public init(tokenHashes: [String], photoHashes: Set<String>) {
        self.tokenHashes = tokenHashes
        self.photoHashes = photoHashes
    }
}

/// A server's figures, as the instance tells them.
public struct ServerStats: Hashable, Sendable {
    /// This server's accounts.
    public var accounts: Int
    /// Of them, those who posted since the date asked about.
    public var activeAccounts: Int
    /// The entries of this server's people that their counts count (those for everyone and for followers).
    public var entries: Int
    /// The other servers whose people are known here.
    public var domains: Int

    /// Describes the figures.
    public init(accounts: Int = 0, activeAccounts: Int = 0, entries: Int = 0, domains: Int = 0) {
        self.accounts = accounts
        self.activeAccounts = activeAccounts
        self.entries = entries
        self.domains = domains
    }
}
