import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    /// The longest display name and bio.
    static let maxDisplayName = 50
    static let maxBio = 500

    func createAccount(_ input: Operations.CreateAccount.Input) async throws -> Operations.CreateAccount.Output {
        guard case .json(let request) = input.body else { throw APIError.badRequest("Send the sign-up form as JSON.") }
        let form = SignUpForm(
            username: request.username, email: request.email, password: request.password,
            passwordConfirmation: request.passwordConfirmation
        )
        // The same validator the clients use decides, so the server's reasons are the ones the form showed.
        let errors = SignUpValidator().validateFields(form).submissionErrors
        guard errors.isEmpty, let username = form.username, let email = form.email, let password = form.password else {
            throw APIError.invalid(Dictionary(uniqueKeysWithValues: errors.map { ($0.key.rawValue, $0.value.map(\.message)) }))
        }
        let hash = try await passwords.hash(password)
        let account: Account
        do {
            account = try await storage.createAccount(NewAccount(username: username, email: email, passwordHash: hash, createdAt: now()))
        } catch StorageError.usernameTaken {
            throw APIError.conflict("username_taken", "The username \(username) is taken; try another.")
        }
        let token = try await issueToken(for: account)
        return .created(.init(body: .json(.init(account: .init(account), token: token))))
    }

    func getOwnAccount(_ input: Operations.GetOwnAccount.Input) async throws -> Operations.GetOwnAccount.Output {
        .ok(.init(body: .json(.init(try await signedInAccount()))))
    }

    func updateOwnAccount(_ input: Operations.UpdateOwnAccount.Input) async throws -> Operations.UpdateOwnAccount.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw APIError.badRequest("Send the profile as JSON.") }
        var fields: [String: [String]] = [:]
        if let name = request.displayName, name.count > Self.maxDisplayName {
            fields["display_name"] = ["Display name must be at most \(Self.maxDisplayName) characters."]
        }
        if let bio = request.bio, bio.count > Self.maxBio {
            fields["bio"] = ["Bio must be at most \(Self.maxBio) characters."]
        }
        var avatar: FieldChange<Photo.ID>?
        if let avatarID = request.avatar {
            if avatarID.isEmpty {
                avatar = .remove
            } else if let photo = try await ownPhoto(avatarID, of: account) {
                avatar = .set(photo)
            } else {
                fields["avatar"] = ["Use a photo you uploaded (POST /api/v1/photos)."]
            }
        }
        guard fields.isEmpty else { throw APIError.invalid(fields) }
        let creature: FieldChange<Creature>? = request.favoriteCreature.map { choice in
            Creature(rawValue: choice.rawValue).map(FieldChange.set) ?? .remove
        }
        let changes = ProfileChanges(displayName: request.displayName, bio: request.bio, avatar: avatar, favoriteCreature: creature)
        return .ok(.init(body: .json(.init(try await storage.updateProfile(of: account.id, changes)))))
    }

    func getAccount(_ input: Operations.GetAccount.Input) async throws -> Operations.GetAccount.Output {
        .ok(.init(body: .json(.init(try await existingAccount(username: input.path.username)))))
    }

    /// The photo with this ID if this account uploaded it.
    func ownPhoto(_ id: String, of account: Account) async throws -> Photo.ID? {
        guard let photoID = Photo.ID(rawValue: id), photoID.integerValue != nil,
            let stored = try await storage.photo(id: photoID), stored.uploader == account.id
        else { return nil }
        return photoID
    }
}
