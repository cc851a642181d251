import QwinkleKit
import QwinkleServices

/// What pages of statuses repeat, as JSON: each revision's published part and each author's account with the counts
/// of the moment, kept by the values they were written from (`EncodingCache`), so a page writes only what its reader
/// and the moment decide. A page is written as `MastodonStatus.encode(to:)` writes each status (published, account,
/// viewed), so it is the same JSON, byte for byte, as `MastodonJSON.encode` of the statuses `MastodonMapping` makes.
final class MastodonJSONCache: Sendable {
    /// A revision, as one origin shows it.
    struct PublishedKey: Hashable, Sendable {
        var entry: Entry
        var original: String?
        var photoSizes: [Photo.ID: PhotoSize]
        var base: String
    }

    /// An account with its counts, as one origin shows it.
    struct AccountKey: Hashable, Sendable {
        var account: Account
        var counts: AccountCounts?
        var base: String
    }

    /// Published parts as the members of an object, without its braces.
    private let published: EncodingCache<PublishedKey, [UInt8]>
    /// Accounts as whole objects.
    private let accounts: EncodingCache<AccountKey, [UInt8]>

    /// A cache keeping `statuses` published parts and `accounts` accounts: a thousand or so bytes each, so the
    /// defaults keep about 6 MB, enough for the pages of a busy server's readers.
    init(statuses: Int = 4096, accounts: Int = 1024) {
        published = EncodingCache(capacity: statuses)
        self.accounts = EncodingCache(capacity: accounts)
    }

    /// A page of statuses as a JSON array, a share as the reblog `MastodonMapping.item` makes (the same bytes); `counts`
    /// has each author's and sharer's.
    func statuses(
        _ page: [TimelineEntry], counts: [Account.ID: AccountCounts], signedIn: Bool, mapping: MastodonMapping
    ) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(page.count * 1_600 + 2)
        bytes.append(UInt8(ascii: "["))
        for (index, shown) in page.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if let reblog = mapping.reblog(of: shown, counts: counts, signedIn: signedIn) {
                // The share's own members are one reader's, written each time; the status shared comes from the cache.
                bytes.append(UInt8(ascii: "{"))
                bytes += try MastodonJSON.members(of: reblog)
                bytes += #","reblog":"#.utf8
                try status(shown, counts: counts, signedIn: signedIn, mapping: mapping, into: &bytes)
                bytes.append(UInt8(ascii: "}"))
                continue
            }
            try status(shown, counts: counts, signedIn: signedIn, mapping: mapping, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// One status, its published part and author from the cache, what the reader is shown written now.
    private func status(
        _ shown: TimelineEntry, counts: [Account.ID: AccountCounts], signedIn: Bool, mapping: MastodonMapping, into bytes: inout [UInt8]
    ) throws {
        let base = mapping.origin.base
        bytes.append(UInt8(ascii: "{"))
        let key = PublishedKey(entry: shown.entry, original: shown.originalURL, photoSizes: shown.photoSizes, base: base)
        bytes += try published.encoding(of: key) { key in
            Array(try MastodonJSON.members(of: mapping.published(key.entry, original: key.original, photoSizes: key.photoSizes)))
        }
        bytes += #","account":"#.utf8
        bytes += try accounts.encoding(of: AccountKey(account: shown.author, counts: counts[shown.author.id], base: base)) { key in
            try MastodonJSON.encode(mapping.account(key.account, counts: key.counts))
        }
        let viewed = try MastodonJSON.members(of: mapping.viewed(shown, signedIn: signedIn))
        if !viewed.isEmpty {
            bytes.append(UInt8(ascii: ","))
            bytes += viewed
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
