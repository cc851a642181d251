/// What the server's moderators decided about an account; the cases exclude one another.
public enum AccountStanding: String, Hashable, Sendable, Codable, CaseIterable {
    /// Nothing: the account is read like any other.
    case good
    /// Its entries reach only its followers: no list shows them to anyone else, nor their notifications. Its profile
    /// and a link to one of its entries still answer.
    case limited
    /// It is signed out and cannot sign in; it and everything it wrote answer as if they did not exist. What it
    /// wrote is kept, so the decision can be undone.
    case suspended
}
