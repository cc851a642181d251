/// The web app's forms as browsers post them (`application/x-www-form-urlencoded`), decoded by Hummingbird's
/// `URLEncodedFormDecoder`. Every field is optional, as a browser leaves out an unchecked box and a page treats a
/// missing field as empty; fields sent several times are named `name[]` (`effects[]`, `photo_id[]`).
enum PostedForm {
    /// The CSRF token every form carries; forms with nothing else (log out, delete, follow) are only this.
    struct Token: Decodable, Sendable {
        var csrfToken: String?

        enum CodingKeys: String, CodingKey {
            case csrfToken = "csrf_token"
        }
    }

    /// The sign-up form.
    struct SignUp: Decodable, Sendable {
        var username: String?
        var email: String?
        var password: String?
        var passwordConfirmation: String?

        enum CodingKeys: String, CodingKey {
            case username, email, password
            case passwordConfirmation = "password_confirmation"
        }
    }

    /// The password change form.
    struct PasswordChange: Decodable, Sendable {
        var currentPassword: String?
        var newPassword: String?
        var newPasswordConfirmation: String?

        enum CodingKeys: String, CodingKey {
            case currentPassword = "current_password"
            case newPassword = "new_password"
            case newPasswordConfirmation = "new_password_confirmation"
        }
    }

    /// The account deletion form: the password, to show it is the owner asking.
    struct AccountDeletion: Decodable, Sendable {
        var password: String?
    }

    /// The log-in form, with the page to go back to.
    struct LogIn: Decodable, Sendable {
        var username: String?
        var password: String?
        var next: String?
    }

    /// The compose and edit form: an entry's fields, its photos as parallel lists of IDs and alt texts, and what
    /// the request needs (an idempotency key for a new entry, the revision an edit started from).
    struct Entry: Decodable, Sendable {
        var kind: String?
        var body: String?
        var visibility: String?
        var photoIDs: [String]?
        var photoAlts: [String]?
        var creature: String?
        var effects: [String]?
        var numberOfCreatures: String?
        /// The content's lines by name, as the fields `line[NAME]` post them.
        var lines: [String: String]?
        /// The sensitive photos' checkbox (`on` when ticked).
        var sensitive: String?
        var idempotencyKey: String?
        var baseRevision: String?
        /// The kept draft a compose form continues (its script saves it as the person types).
        var draftID: String?
        /// The revision of it the script last saved.
        var draftRevision: String?
        /// When to post it, as a `datetime-local` field holds it; empty or missing to post now.
        var scheduledLocal: String?
        /// The browser's offset from UTC at that time, in minutes east, written by its script.
        var scheduledOffset: String?
        /// The entry a reply answers; missing or empty for a new thread.
        var inReplyTo: String?
        /// The reply form's checkbox for a visibility wider than the parent's (`on` when ticked).
        var widerVisibility: String?

        enum CodingKeys: String, CodingKey {
            case kind, body, visibility, creature, effects, sensitive
            case lines = "line"
            case photoIDs = "photo_id"
            case photoAlts = "photo_alt"
            case numberOfCreatures = "number_of_creatures"
            case idempotencyKey = "idempotency_key"
            case baseRevision = "base_revision"
            case draftID = "draft_id"
            case draftRevision = "draft_revision"
            case scheduledLocal = "scheduled_local"
            case scheduledOffset = "scheduled_offset"
            case inReplyTo = "in_reply_to"
            case widerVisibility = "wider_visibility"
        }
    }

    /// A form naming one person (adding a journal reader).
    struct Person: Decodable, Sendable {
        var username: String?
    }

    /// The message form: recipients (for a new conversation) or the conversation, and the text.
    struct Message: Decodable, Sendable {
        var to: String?
        var body: String?
        var conversation: String?
    }

    /// The notifications page's "Mark all read": the newest notification shown.
    struct NotificationsRead: Decodable, Sendable {
        var newest: String?
    }

    /// The settings form.
    struct Settings: Decodable, Sendable {
        var displayName: String?
        var bio: String?
        var avatar: String?
        var removeAvatar: String?
        var favoriteCreature: String?
        var locked: String?

        enum CodingKeys: String, CodingKey {
            case bio, avatar, locked
            case displayName = "display_name"
            case removeAvatar = "remove_avatar"
            case favoriteCreature = "favorite_creature"
        }
    }
}
