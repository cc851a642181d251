import Foundation
import QwinkleKit

/// What federation keeps: who on other servers follows this server's people, the activities waiting to be delivered
/// to other servers' inboxes, and the activities already taken from them.
///
/// The delivery queue is in the database rather than in a server's memory so that a server stopped at any moment,
/// `kill -9` included, loses nothing it had queued: a delivery leaves the queue only once the receiving inbox took it.
public protocol FederationStore: Sendable {
    /// Keeps `follower` as following `account`, replacing what was kept about that actor's follow of it (its inbox may
    /// have moved, or it followed again). Throws `StorageError.notFound` for an unknown account.
    func addRemoteFollower(_ follower: RemoteFollower, of account: Account.ID, at date: Date) async throws
    /// Stops the actor at `actorURL` following `account`; whether it was following.
    func removeRemoteFollower(actorURL: String, of account: Account.ID) async throws -> Bool
    /// Stops the actor at `actorURL` following anyone here (it was deleted); how many it followed.
    func forgetRemoteActor(_ actorURL: String) async throws -> Int
    /// The actors on other servers who follow `account`, earliest first.
    func remoteFollowers(of account: Account.ID) async throws -> [RemoteFollower]
    /// Puts deliveries in the queue, due at once, all or none.
    func enqueueDeliveries(_ deliveries: [NewDelivery], at date: Date) async throws
    /// Takes up to `limit` deliveries that are due at `now` and that no server holds, earliest due first, and holds
    /// them until `heldUntil`: another server (or this one after a restart) takes a held delivery only once it is
    /// no longer held, so a delivery interrupted mid-send goes again, and one being sent does not go twice at once.
    func takeDueDeliveries(limit: Int, at now: Date, heldUntil: Date) async throws -> [Delivery]
    /// Removes a delivery the inbox took, or one given up.
    func finishDelivery(id: Int64) async throws
    /// Counts a failed attempt and makes the delivery due again at `date`, held by nobody.
    func retryDelivery(id: Int64, at date: Date) async throws
    /// How many deliveries are in the queue, due or not.
    func queuedDeliveryCount() async throws -> Int
    /// Takes up to `limit` entry writes (`OutgoingWrite`) no server holds, oldest first, each with its entry as it
    /// is now, and holds them until `heldUntil`, as `takeDueDeliveries` holds deliveries.
    func takeOutgoingWrites(limit: Int, at now: Date, heldUntil: Date) async throws -> [OutgoingWrite]
    /// Queues the deliveries a write made and forgets the write, in one transaction.
    func finishOutgoingWrite(id: Int64, queueing deliveries: [NewDelivery], at date: Date) async throws
    /// How many entry writes wait to be taken or are being taken.
    func outgoingWriteCount() async throws -> Int
    /// Records that the activity `id` from another server was taken; `false` if it had been already, so that an
    /// activity delivered twice (the sender retried after a lost answer) acts once.
    func recordReceivedActivity(id: String, at date: Date) async throws -> Bool
    /// Suspends `domain` and its subdomains (a limit of it becomes a suspension): their actors stop following anyone
    /// here and what was queued for them is dropped, in one transaction. Whether it was not suspended before.
    func blockDomain(_ domain: String, at date: Date) async throws -> Bool
    /// Limits `domain` and its subdomains (a suspension of it becomes a limit): the accounts of its people kept here,
    /// and those kept from now on, are limited, in one transaction. Returns whether it was not limited before, and
    /// how many accounts it limited now.
    func limitDomain(_ domain: String, at date: Date) async throws -> (isNew: Bool, limitedAccounts: Int)
    /// Lifts the block of `domain`, whichever it was; lifting a limit lifts the limit of its people's accounts.
    /// Whether it was blocked.
    func unblockDomain(_ domain: String) async throws -> Bool
    /// The blocked domains, alphabetically, each with how.
    func blockedDomains() async throws -> [BlockedDomain]
    /// Whether any of `domains` is suspended (a host and each domain above it, from `RemoteHost.domains(of:)`); a
    /// limited one is not: its deliveries are taken, its people reach only their followers.
    func isAnyDomainBlocked(_ domains: [String]) async throws -> Bool
    /// What is known of the hosts among `hosts` that deliveries have been failing to reach.
    func unreachableHosts(among hosts: [String]) async throws -> [String: UnreachableHost]
    /// Records a failed delivery to `host`: the first failure starts its failing time; a failure once it has been
    /// failing since `deadSince` or earlier makes it dead until `nextProbe`, when one delivery is tried again.
    func hostFailed(_ host: String, at date: Date, deadSince: Date, nextProbe: Date) async throws
    /// Records that `host` took a delivery: it is reachable again.
    func hostAnswered(_ host: String) async throws
}

/// A server that deliveries keep failing to reach.
public struct UnreachableHost: Hashable, Sendable {
    /// When the failures began (the first since the host last took a delivery).
    public var failingSince: Date
    /// For a dead host, when a delivery to it is tried again; `nil` while it is not dead.
    public var nextProbe: Date?

    /// Describes a host's failures.
    public init(failingSince: Date, nextProbe: Date?) {
        self.failingSince = failingSince
        self.nextProbe = nextProbe
    }

    /// Whether deliveries to it are skipped at `date`: it is dead, and its next probe is still to come.
    public func isDead(at date: Date) -> Bool {
        nextProbe.map { $0 > date } ?? false
    }
}

/// A server the operator blocks, and how.
public struct BlockedDomain: Hashable, Sendable {
    /// How a server is blocked; the cases exclude one another.
    public enum Severity: String, Hashable, Sendable, CaseIterable {
        /// Nothing goes to it or comes from it, and what was kept of its people is gone.
        case suspend
        /// Its people's accounts are limited (see `AccountStanding.limited`): they reach only their followers here.
        case limit
    }

    /// The domain (its subdomains with it).
    public var domain: String
    /// How it is blocked.
    public var severity: Severity

    /// Describes a blocked server.
    public init(domain: String, severity: Severity) {
        self.domain = domain
        self.severity = severity
    }
}

extension FederationStore {
    /// Whether the host of `url`, or a domain above it, is suspended.
    public func isBlocked(url: String) async throws -> Bool {
        try await isAnyDomainBlocked(RemoteHost.domains(of: RemoteHost.of(url)))
    }
}

/// The host of another server's URL, as blocks and deliveries group them.
public enum RemoteHost {
    /// The URL's host, lowercased, without its port; empty when it has none.
    public static func of(_ url: String) -> String {
        URLComponents(string: url)?.host?.lowercased() ?? ""
    }

    /// The URL's host with its port when it names one, lowercased: the part after `@` of a handle of its people.
    public static func authority(of url: String) -> String {
        guard let parts = URLComponents(string: url), let host = parts.host?.lowercased() else { return "" }
        return parts.port.map { "\(host):\($0)" } ?? host
    }

    /// A host and every domain above it (`a.b.example`, `b.example`, `example`): a block of any of them covers it.
    public static func domains(of host: String) -> [String] {
        let labels = host.lowercased().split(separator: ".")
        // An address is one host, not a domain with parents.
        if labels.count == 4, labels.allSatisfy({ UInt8($0) != nil }) { return [host.lowercased()] }
        return labels.indices.map { labels[$0...].joined(separator: ".") }
    }

    /// The domain a person or an operator names to block (`spam.example`, or a URL or a handle on it, with or without
    /// a port), lowercased; `nil` when it is not a domain name.
    public static func domain(named text: String) -> String? {
        var text = text.lowercased().trimmingCharacters(in: .whitespaces)
        if text.contains("://") { text = of(text) }
        if let at = text.lastIndex(of: "@") { text = String(text[text.index(after: at)...]) }
        // A handle's host may carry its port; a block covers the host whatever the port.
        if let colon = text.lastIndex(of: ":"), text[text.index(after: colon)...].allSatisfy(\.isNumber) { text = String(text[..<colon]) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-")
        guard !text.isEmpty, text.count <= 253, text.allSatisfy(allowed.contains), !text.hasPrefix("."), !text.hasSuffix("."), !text.contains("..") else {
            return nil
        }
        return text
    }

    /// A `LIKE` pattern for the subdomains of `domain`, its wildcards escaped with `\`.
    public static func subdomainPattern(of domain: String) -> String {
        "%." + domain.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }
}

/// An actor on another server who follows one of this server's people, and where to deliver to it.
public struct RemoteFollower: Hashable, Sendable {
    /// The actor's ID, its URL.
    public var actorURL: String
    /// The actor's own inbox.
    public var inbox: String
    /// The inbox its server shares between its actors, if it has one: one delivery there reaches every follower on
    /// that server.
    public var sharedInbox: String?
    /// The ID of the Follow activity, which the Accept names.
    public var followActivity: String

    /// Describes a remote follower.
    public init(actorURL: String, inbox: String, sharedInbox: String?, followActivity: String) {
        self.actorURL = actorURL
        self.inbox = inbox
        self.sharedInbox = sharedInbox
        self.followActivity = followActivity
    }

    /// Where an activity for every follower on its server goes: the shared inbox if there is one.
    public var deliveryInbox: String { sharedInbox ?? inbox }
}

/// An activity to deliver to one inbox, signed by one of this server's accounts.
public struct NewDelivery: Hashable, Sendable {
    /// The inbox's URL.
    public var inbox: String
    /// Whose key signs the delivery: the activity's actor.
    public var signer: DeliverySigner
    /// The activity, as the JSON text that is sent.
    public var activity: String

    /// Describes a delivery.
    public init(inbox: String, signer: DeliverySigner, activity: String) {
        self.inbox = inbox
        self.signer = signer
        self.activity = activity
    }

    /// Describes a delivery signed by an account of this server.
    public init(inbox: String, signer: Account.ID, activity: String) {
        self.init(inbox: inbox, signer: .account(signer), activity: activity)
    }
}

/// Whose key signs a delivery.
public enum DeliverySigner: Hashable, Sendable {
    /// An account of this server, by its key in storage; its deliveries go with it when it is deleted.
    case account(Account.ID)
    /// A key kept with the delivery alone: an account's deleted since, whose farewell (a `Delete` of the actor) must
    /// be signed as the actor after the account and its key are gone, or the server's own actor's, which speaks for
    /// the server (a `Flag`).
    case carried(keyID: String, privateKeyPEM: String)
}

/// A delivery in the queue.
public struct Delivery: Hashable, Sendable {
    /// Its place in the queue.
    public var id: Int64
    /// The inbox, the signer and the activity.
    public var delivery: NewDelivery
    /// How many attempts failed so far.
    public var failedAttempts: Int
    /// When it was queued.
    public var queuedAt: Date

    /// Describes a queued delivery.
    public init(id: Int64, delivery: NewDelivery, failedAttempts: Int, queuedAt: Date) {
        self.id = id
        self.delivery = delivery
        self.failedAttempts = failedAttempts
        self.queuedAt = queuedAt
    }
}

extension DeliverySigner {
    /// How the queue's columns keep it: `signer_id`, or `signer_key_id` and `signer_key_pem` (0 and empty for none,
    /// which the backends store as `NULL`).
    package var columns: (account: Int64, keyID: String, privateKeyPEM: String) {
        switch self {
        case .account(let id): (id.key, "", "")
        case .carried(let keyID, let pem): (0, keyID, pem)
        }
    }

    /// The signer the queue's columns name; `nil` when they name none.
    package init?(account: Int64?, keyID: String?, privateKeyPEM: String?) {
        if let account {
            self = .account(Account.ID(integer: account))
        } else if let keyID, let privateKeyPEM {
            self = .carried(keyID: keyID, privateKeyPEM: privateKeyPEM)
        } else {
            return nil
        }
    }
}
