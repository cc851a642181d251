/// How passwords are hashed and checked; the server gives bcrypt, run off the request tasks.
public protocol PasswordHashing: Sendable {
    /// Hashes a new password.
    func hash(_ password: String) async throws -> String
    /// Checks a password against a stored hash; `nil` (an unknown username) must take as long and answer `false`,
    /// so a wrong username does not reveal which usernames exist.
    func verify(_ password: String, against hash: String?) async throws -> Bool
}
