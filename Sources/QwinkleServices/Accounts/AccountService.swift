import Foundation
import QwinkleKit
import QwinkleStorage

/// Accounts and sessions: sign-up judged by the same `SignUpValidator` every client uses, log in and out, the
/// account behind a token, and profiles.
public struct AccountService: Sendable {
    /// The longest display name.
    public static let maxDisplayName = 50
    /// The longest bio.
    public static let maxBio = 500

    /// The longest client name a session keeps.
    static let maxClient = 200

    let context: ServiceContext
    let passwords: any PasswordHashing
    /// Where a deleted account's photos' bytes are removed.
    let photos: PhotoService
    var storage: any Storage { context.storage }

    /// Creates the service over the shared context; a deleted account's photos go through `photos`.
    public init(context: ServiceContext, passwords: any PasswordHashing, photos: PhotoService) {
        self.context = context
        self.passwords = passwords
        self.photos = photos
    }

    /// Creates an account from a sign-up form and signs it in from `client` (as it names itself); every broken rule
    /// is reported by field.
    public func signUp(_ form: SignUpForm, client: String) async throws -> Session {
        // The same validator the clients use decides, so the server's reasons are the ones the form showed.
        let errors = SignUpValidator().validateFields(form).submissionErrors
        guard errors.isEmpty, let username = form.username, let email = form.email, let password = form.password else {
            throw ServiceError.invalid(Dictionary(uniqueKeysWithValues: errors.map { ($0.key.rawValue, $0.value.map(\.message)) }))
        }
        let hash = try await passwords.hash(password)
        let account: Account
        do {
            account = try await storage.createAccount(NewAccount(username: username, email: email, passwordHash: hash, createdAt: context.clock.now()))
        } catch StorageError.usernameTaken {
            throw ServiceError.conflict(code: "username_taken", message: "The username \(username) is taken; try another.")
        }
        context.metrics.signedUp()
        return Session(account: account, token: try await issueToken(for: account, client: client))
    }

    /// Judges a sign-up form field by field, as a person fills it in, without creating anything: the validator's
    /// verdicts, and whether the username is taken, which only the server knows.
    public func check(_ form: SignUpForm) async throws -> SignUpCheck {
        let fields = SignUpValidator().validateFields(form)
        var taken = false
        if fields[.username].isValid, let name = form.username {
            taken = try await storage.account(username: name) != nil
        }
        return SignUpCheck(fields: fields, takenUsername: taken ? form.username : nil)
    }

    /// Signs in with a username and password from `client` (as it names itself); both are required, and a wrong one
    /// of either is the same refusal.
    public func logIn(username: String?, password: String?, client: String) async throws -> Session {
        let account = try await verifiedAccount(username: username, password: password)
        return Session(account: account, token: try await issueToken(for: account, client: client))
    }

    /// The account whose username and password these are; a missing field is `invalid`, and an unknown username or
    /// a wrong password is the same `notSignedIn`, so a guess learns nothing of which usernames exist.
    public func verifiedAccount(username: String?, password: String?) async throws -> Account {
        var missing: [String: [String]] = [:]
        if (username ?? "").isEmpty { missing["username"] = [ValidationReason.required.message] }
        if (password ?? "").isEmpty { missing["password"] = [ValidationReason.required.message] }
        guard missing.isEmpty, let username, let password else { throw ServiceError.invalid(missing) }
        let credentials = try await storage.credentials(username: username)
        // A person of another server is kept with no password: nobody signs in as them.
        let hash = credentials.flatMap { $0.account.isLocal ? $0.passwordHash : nil }
        guard try await passwords.verify(password, against: hash), let account = credentials?.account else {
            context.metrics.loggedIn(accepted: false)
            throw ServiceError.notSignedIn("Wrong username or password.")
        }
        context.metrics.loggedIn(accepted: true)
        // Told only to whoever knows the password, so it says nothing to a guess.
        guard account.standing != .suspended else {
            throw ServiceError.forbidden("This account is suspended by the server's moderators.")
        }
        return account
    }

    /// Ends the session of `token`; its live timelines end too.
    public func logOut(token: String) async throws {
        let hash = TokenIssuer.hash(token)
        try await storage.deleteToken(hash: hash)
        context.events.publish(.signedOut(tokenHash: hash))
    }

    /// The account whose session `token` is, or `nil` when there is no such session (never issued, or ended).
    public func account(token: String) async throws -> Account? {
        let hash = TokenIssuer.hash(token)
        // A suspension ends the account's sessions as it is made; a token read in the same moment ends here.
        guard let found = try await storage.account(tokenHash: hash), found.account.standing != .suspended else { return nil }
        let now = context.clock.now()
        if now.timeIntervalSince(found.lastUsedAt) >= Self.lastUseGranularity {
            try await storage.recordTokenUse(hash: hash, at: now)
        }
        return found.account
    }

    /// The account a request is made as: `nil` without a token; an unknown token is `notSignedIn`, never
    /// anonymous, so a client with a revoked token learns it must log in again.
    public func requestAccount(token: String?) async throws -> Account? {
        guard let token else { return nil }
        guard let account = try await account(token: token) else {
            throw ServiceError.notSignedIn("The token is not valid (it may have been revoked): log in again.")
        }
        return account
    }

    /// Where a person of another server is shown on their own server (their profile page there, else their actor);
    /// `nil` for someone of this server.
    public func originalProfile(of account: Account) async throws -> String? {
        guard !account.isLocal, let actor = try await storage.remoteActor(of: account.id) else { return nil }
        return actor.profileURL ?? actor.actorURL
    }

    /// The account with this username, or `notFound`.
    public func account(username: String) async throws -> Account {
        try await context.existingAccount(username: username)
    }

    /// The account with this ID (as a request gave it), or `notFound`.
    public func account(id: String) async throws -> Account {
        guard let accountID = Account.ID(rawValue: id), accountID.integerValue != nil, let account = try await storage.account(id: accountID),
            account.standing != .suspended
        else { throw ServiceError.notFound("The account \(id.prefix(40))") }
        return account
    }

    /// The server's figures: its people, those who posted in the last 30 days, their entries, the servers known.
    public func serverStats() async throws -> ServerStats {
        try await storage.serverStats(activeSince: context.clock.now().addingTimeInterval(-30 * 86_400))
    }

    /// Each account's followers, follows and countable entries (see `AccountCounts`).
    public func counts(of accounts: some Sequence<Account>) async throws -> [Account.ID: AccountCounts] {
        try await storage.counts(of: Set(accounts.map(\.id)))
    }

    /// The viewer for an account (or anonymous), with the follows and journal grants the policy needs.
    public func viewer(for account: Account?) async throws -> Viewer {
        try await context.viewer(for: account)
    }

    /// Changes the account's profile; every broken rule is reported by field and nothing changes.
    public func updateProfile(of account: Account, _ edit: ProfileEdit) async throws -> Account {
        var fields: [String: [String]] = [:]
        // Counted in Unicode scalars, as the contract's maxLength counts: an accent typed as a combining mark is one.
        if let name = edit.displayName, name.unicodeScalars.count > Self.maxDisplayName {
            fields["display_name"] = ["Display name must be at most \(Self.maxDisplayName) characters."]
        }
        if let bio = edit.bio, bio.unicodeScalars.count > Self.maxBio {
            fields["bio"] = ["Bio must be at most \(Self.maxBio) characters."]
        }
        var avatar: FieldChange<Photo.ID>?
        if let avatarID = edit.avatar {
            if avatarID.isEmpty {
                avatar = .remove
            } else if let photo = try await context.attachablePhoto(avatarID, by: account.id) {
                avatar = .set(photo)
            } else {
                fields["avatar"] = ["Use a photo you uploaded yourself."]
            }
        }
        guard fields.isEmpty else { throw ServiceError.invalid(fields) }
        let changes = ProfileChanges(
            displayName: edit.displayName, bio: edit.bio, avatar: avatar, favoriteCreature: edit.favoriteCreature, locked: edit.locked
        )
        let updated = try await storage.updateProfile(of: account.id, changes)
        // Someone who stops approving followers has approved everyone who was waiting.
        if account.locked, !updated.locked { try await SocialService(context: context).approveEveryRequest(to: updated) }
        return updated
    }

    /// A new session for the account; only its token's hash is stored.
    private func issueToken(for account: Account, client: String) async throws -> String {
        let token = TokenIssuer.makeToken()
        let client = String(client.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.maxClient))
        try await storage.storeToken(hash: TokenIssuer.hash(token), for: account.id, createdAt: context.clock.now(), client: client)
        return token
    }
}
