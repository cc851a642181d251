import HummingbirdBcrypt
import NIOPosix
import QwinkleServices

/// bcrypt hashing and checking, run on NIO's blocking thread pool: a hash at cost 12 takes a quarter second of
/// CPU, which must not stall the tasks serving other requests.
struct PasswordHasher: PasswordHashing {
    /// The bcrypt cost for new hashes.
    let cost: UInt8

    /// A hash to check against when the username is unknown, so a wrong username takes as long as a wrong
    /// password and does not reveal which usernames exist.
    private let decoy: String

    init(cost: UInt8) {
        self.cost = cost
        decoy = Bcrypt.hash("qwinkle-decoy-password", cost: cost)
    }

    /// Hashes a new password.
    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Checks a password against a stored hash, or against the decoy when there is none.
    func verify(_ password: String, against hash: String?) async throws -> Bool {
        let decoy = decoy
        return try await NIOThreadPool.singleton.runIfActive {
            let matches = Bcrypt.verify(password, hash: hash ?? decoy)
            return matches && hash != nil
        }
    }
}
