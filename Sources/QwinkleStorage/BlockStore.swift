import Foundation
import QwinkleKit

/// An account someone mutes, and how.
public struct MutedAccount: Hashable, Sendable {
    /// The muted account.
    public var account: Account
    /// How it is muted.
    public var mute: Mute

    /// Describes a muted account.
    public init(account: Account, mute: Mute) {
        self.account = account
        self.mute = mute
    }
}

/// Blocks and mutes: whom an account keeps away from itself.
///
/// A block is kept whoever made it, a person here or elsewhere; in its transaction everything that joined the two
/// ends: follows and follow requests either way (here and from elsewhere) and journal grants either way.
public protocol BlockStore: Sendable {
    /// Makes `blocker` block `blocked`, ending what joined them; blocking again changes nothing. Returns whether the
    /// block is new.
    func block(_ blocked: Account.ID, by blocker: Account.ID, at date: Date) async throws -> Bool
    /// Ends the block, if there is one; returns whether there was.
    func unblock(_ blocked: Account.ID, by blocker: Account.ID) async throws -> Bool
    /// The accounts `blocker` blocks, most recently blocked first; the cursor is the block's own sequence.
    func blocks(by blocker: Account.ID, page: PageRequest) async throws -> [Paged<Account>]
    /// Makes `muter` mute `muted` so, replacing any mute of them there was.
    func mute(_ muted: Account.ID, by muter: Account.ID, _ mute: Mute, at date: Date) async throws
    /// Ends the mute, if there is one; returns whether there was (an expired one counts as none).
    func unmute(_ muted: Account.ID, by muter: Account.ID, at date: Date) async throws -> Bool
    /// The accounts `muter` mutes at `date` (expired mutes left out), most recently muted first; the cursor is the
    /// mute's own sequence.
    func mutes(by muter: Account.ID, page: PageRequest, at date: Date) async throws -> [Paged<MutedAccount>]
    /// Makes `account` block a server (`domain`, lowercase, and its subdomains): its people are hidden from the
    /// account, and in the same transaction they stop following it. Returns whether the block is new.
    func blockDomain(_ domain: String, by account: Account.ID, at date: Date) async throws -> Bool
    /// Ends the account's block of the server; returns whether there was one.
    func unblockDomain(_ domain: String, by account: Account.ID) async throws -> Bool
    /// The servers the account blocks, most recently blocked first; the cursor is the block's own sequence.
    func domainBlocks(by account: Account.ID, page: PageRequest) async throws -> [Paged<String>]
}
