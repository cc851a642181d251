import Foundation
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// The server's release and limits: the length rule and the photo size.
    public func instance() async throws(QwinkleError) -> InstanceInfo {
        let output = try await call { try await generated.getInstance() }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return InstanceInfo(
            version: body.version,
            lengthRule: LengthRule(
                maxCharacters: body.maxCharacters, journalMaxCharacters: body.journalMaxCharacters,
                charactersReservedPerURL: body.charactersReservedPerUrl, charactersReservedPerPhoto: body.charactersReservedPerPhoto,
                maxPhotos: body.maxPhotos
            ),
            maxPhotoBytes: body.maxPhotoBytes
        )
    }

    /// Signs up; the server judges the form with the same `SignUpValidator`.
    public func signUp(_ form: SignUpForm) async throws(QwinkleError) -> Session {
        // A field left out is sent empty, for the server to name as required with the validator's own words.
        let request = Components.Schemas.NewAccount(
            username: form.username ?? "", email: form.email ?? "", password: form.password ?? "",
            passwordConfirmation: form.passwordConfirmation ?? ""
        )
        let output = try await call { try await generated.createAccount(body: .json(request)) }
        guard case .created(let created) = output, case .json(let body) = created.body else { throw unexpected(0) }
        return Session(account: try understood { try body.account.model() }, token: body.token)
    }

    /// The server's judgement of a sign-up form, field by field, creating nothing: the messages of each field it finds
    /// invalid (a username already taken included, which only the server can know).
    public func judgeSignUp(_ form: SignUpForm) async throws(QwinkleError) -> [SignUpValidator.Field: [String]] {
        let request = Components.Schemas.SignUpRequest(
            username: form.username, email: form.email, password: form.password, passwordConfirmation: form.passwordConfirmation
        )
        let output = try await call { try await generated.validateSignUp(body: .json(request)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        let fields: [(SignUpValidator.Field, Components.Schemas.FieldValidation)] = [
            (.username, body.fields.username), (.email, body.fields.email), (.password, body.fields.password),
            (.passwordConfirmation, body.fields.passwordConfirmation),
        ]
        return Dictionary(uniqueKeysWithValues: fields.filter { $0.1.state == .invalid }.map { ($0.0, $0.1.messages) })
    }

    /// Logs in and returns a new token.
    public func logIn(username: String, password: String) async throws(QwinkleError) -> Session {
        let output = try await call { try await generated.createSession(body: .json(.init(username: username, password: password))) }
        guard case .created(let created) = output, case .json(let body) = created.body else { throw unexpected(0) }
        return Session(account: try understood { try body.account.model() }, token: body.token)
    }

    /// Revokes this client's token.
    public func logOut() async throws(QwinkleError) {
        _ = try await call { try await generated.deleteCurrentSession() }
    }

    /// The signed-in account.
    public func me() async throws(QwinkleError) -> Account {
        let output = try await call { try await generated.getOwnAccount() }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Someone's profile.
    public func account(username: String) async throws(QwinkleError) -> Account {
        let output = try await call { try await generated.getAccount(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Changes the profile; `nil` leaves a field as it is. An empty avatar ID removes the avatar.
    public func updateProfile(
        displayName: String? = nil, bio: String? = nil, avatar: FieldChange<Photo.ID>? = nil,
        favoriteCreature: FieldChange<Creature>? = nil, locked: Bool? = nil
    ) async throws(QwinkleError) -> Account {
        let creature: Components.Schemas.ProfileUpdate.FavoriteCreaturePayload? = switch favoriteCreature {
        case .set(let creature)?: .init(rawValue: creature.rawValue)
        case .remove?: Components.Schemas.ProfileUpdate.FavoriteCreaturePayload.none
        case nil: nil
        }
        let avatarID: String? = switch avatar {
        case .set(let id)?: id.rawValue
        case .remove?: ""
        case nil: nil
        }
        let request = Components.Schemas.ProfileUpdate(displayName: displayName, bio: bio, avatar: avatarID, favoriteCreature: creature, locked: locked)
        let output = try await call { try await generated.updateOwnAccount(body: .json(request)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Follows someone.
    public func follow(_ username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.followAccount(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Stops following someone.
    public func unfollow(_ username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.unfollowAccount(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// The people following `username`, most recent first.
    public func followers(of username: String, limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<Account> {
        let output = try await call {
            try await generated.listFollowers(path: .init(username: username), query: .init(limit: limit, maxId: before))
        }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: try body.map { a throws(QwinkleError) in try understood { try a.model() } }, nextCursor: nextCursor(fromLink: ok.headers.link))
    }

    /// The people `username` follows, most recent first.
    public func following(of username: String, limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<Account> {
        let output = try await call {
            try await generated.listFollowing(path: .init(username: username), query: .init(limit: limit, maxId: before))
        }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: try body.map { a throws(QwinkleError) in try understood { try a.model() } }, nextCursor: nextCursor(fromLink: ok.headers.link))
    }

    /// Where you stand with someone, your private note on them included.
    public func relationship(with username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.getRelationship(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Keeps your private note on someone, which only you ever see; an empty note removes it.
    public func setNote(_ note: String, on username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.setAccountNote(path: .init(username: username), body: .json(.init(note: note))) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Blocks someone: follows between you end both ways and each of you is hidden from the other.
    public func block(_ username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.blockAccount(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Stops blocking someone.
    public func unblock(_ username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.unblockAccount(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Mutes someone, with their notifications unless `notifications` is false, for `duration` seconds or until unmuted.
    public func mute(_ username: String, notifications: Bool, duration: Int?) async throws(QwinkleError) -> Relationship {
        let output = try await call {
            try await generated.muteAccount(path: .init(username: username), body: .json(.init(notifications: notifications, duration: duration)))
        }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Stops muting someone.
    public func unmute(_ username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.unmuteAccount(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// The people you block, most recently blocked first.
    public func blocks(limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<Account> {
        let output = try await call { try await generated.listBlocks(query: .init(limit: limit, maxId: before)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: try body.map { a throws(QwinkleError) in try understood { try a.model() } }, nextCursor: nextCursor(fromLink: ok.headers.link))
    }

    /// The people you mute now, most recently muted first, each with how.
    public func mutes(limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<MutedPerson> {
        let output = try await call { try await generated.listMutes(query: .init(limit: limit, maxId: before)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        let items = try body.map { item throws(QwinkleError) in
            MutedPerson(account: try understood { try item.account.model() }, mute: Mute(notifications: item.mute.notifications, expiresAt: item.mute.expiresAt))
        }
        return Page(items: items, nextCursor: nextCursor(fromLink: ok.headers.link))
    }
}

extension APIClient {
    /// Blocks a server (a domain, or a URL or a handle on it) and its subdomains; answers the domain as kept.
    public func blockDomain(_ domain: String) async throws(QwinkleError) -> String {
        let output = try await call { try await generated.blockDomain(body: .json(.init(domain: domain))) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return body.domain
    }

    /// Stops blocking a server.
    public func unblockDomain(_ domain: String) async throws(QwinkleError) {
        let output = try await call { try await generated.unblockDomain(path: .init(domain: domain)) }
        guard case .noContent = output else { throw unexpected(0) }
    }

    /// The servers you block, most recently blocked first.
    public func domainBlocks(limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<String> {
        let output = try await call { try await generated.listDomainBlocks(query: .init(limit: limit, maxId: before)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: body, nextCursor: nextCursor(fromLink: ok.headers.link))
    }
}

extension APIClient {
    /// The people asking to follow you, most recent first.
    public func followRequests(limit: Int? = nil, before: String? = nil) async throws(QwinkleError) -> Page<Account> {
        let output = try await call { try await generated.listFollowRequests(query: .init(limit: limit, maxId: before)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return Page(items: try body.map { a throws(QwinkleError) in try understood { try a.model() } }, nextCursor: nextCursor(fromLink: ok.headers.link))
    }

    /// Lets someone who asked follow you.
    public func approveFollowRequest(_ username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.approveFollowRequest(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }

    /// Refuses someone's request to follow you.
    public func refuseFollowRequest(_ username: String) async throws(QwinkleError) -> Relationship {
        let output = try await call { try await generated.refuseFollowRequest(path: .init(username: username)) }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.model() }
    }
}

/// Someone you mute, and how.
public struct MutedPerson: Sendable, Encodable {
    /// Their profile.
    public var account: Account
    /// How you mute them.
    public var mute: Mute
}

