import Foundation

/// Why an entry is in a timeline when it is there because someone passed it on: who shared it, and where the share
/// sits in the list. People of other servers share entries (an ActivityPub `Announce`); their followers here see
/// each one in their home timeline, "shared by" them.
public struct EntryShare: Hashable, Sendable, Codable {
    /// The share's own ID: its place among the timeline's entries, and the cursor a page continues from after it.
    public var id: Int64
    /// The account that shared it.
    public var account: Account

    /// The line every client shows above a shared entry: "⇄ shared by @bea@elsewhere.example".
    public var label: String { "⇄ shared by @\(account.username)" }

    /// Describes a share.
    public init(id: Int64, account: Account) {
        self.id = id
        self.account = account
    }
}
