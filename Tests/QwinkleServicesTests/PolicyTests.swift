import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import Testing

/// The one policy, on its own: who may do what with an entry of each visibility.
@Suite("Policy")
struct PolicyTests {
    static let author = Account.ID(integer: 1)
    static let follower = Account.ID(integer: 2)
    static let reader = Account.ID(integer: 3)
    static let stranger = Account.ID(integer: 4)

    /// A viewer of each kind: the author, a follower, a journal reader, a stranger, and nobody signed in.
    static let viewers: [(name: String, viewer: Viewer)] = [
        ("author", Viewer(account: author)),
        ("follower", Viewer(account: follower, relations: ViewerRelations(following: [author]))),
        ("journal reader", Viewer(account: reader, relations: ViewerRelations(journalOwners: [author]))),
        ("stranger", Viewer(account: stranger)),
        ("anonymous", .anonymous),
    ]

    static func entry(_ visibility: Visibility) -> Entry {
        Entry(id: Entry.ID(integer: 9), author: author, content: EntryContent(kind: .update, body: "hi", visibility: visibility), createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test("A scheduled entry is its author's alone, even a public one: a follower or journal reader cannot see it yet")
    func scheduled() {
        for visibility in Visibility.allCases {
            let scheduled = ScheduledEntry(
                id: ScheduledEntry.ID(integer: 5), author: Self.author,
                content: EntryContent(kind: .update, body: "later", visibility: visibility), scheduledAt: Date(timeIntervalSince1970: 0)
            )
            #expect(Policy.canManage(scheduled, by: Self.author))
            for other in [Self.follower, Self.reader, Self.stranger] {
                #expect(!Policy.canManage(scheduled, by: other), "\(other), \(visibility)")
            }
        }
    }

    @Test("The author owns every entry; others read public and unlisted ones, followers' ones if they follow, journal ones if shared")
    func access() {
        let expected: [String: [Visibility: EntryAccess]] = [
            "author": [.public: .author, .unlisted: .author, .followers: .author, .journal: .author, .private: .author],
            "follower": [.public: .reader, .unlisted: .reader, .followers: .reader, .journal: .hidden, .private: .hidden],
            "journal reader": [.public: .reader, .unlisted: .reader, .followers: .hidden, .journal: .reader, .private: .hidden],
            "stranger": [.public: .reader, .unlisted: .reader, .followers: .hidden, .journal: .hidden, .private: .hidden],
            "anonymous": [.public: .reader, .unlisted: .reader, .followers: .hidden, .journal: .hidden, .private: .hidden],
        ]
        for (name, viewer) in Self.viewers {
            for visibility in Visibility.allCases {
                let entry = Self.entry(visibility)
                #expect(Policy.access(to: entry, viewer: viewer) == expected[name]?[visibility], "\(name), \(visibility)")
                #expect(Policy.canRead(entry, viewer: viewer) == (expected[name]?[visibility] != .hidden), "\(name) reads \(visibility)")
            }
        }
    }

    @Test("Only the uploader attaches a photo; nobody follows or shares a journal with themselves")
    func attachAndRelate() {
        let photo = StoredPhoto(
            photo: Photo(id: Photo.ID(integer: 5), contentType: "image/png", byteSize: 1, sha256: String(repeating: "a", count: 64)),
            uploader: Self.author, createdAt: Date(timeIntervalSince1970: 0)
        )
        #expect(Policy.canAttach(photo, by: Self.author))
        #expect(!Policy.canAttach(photo, by: Self.stranger))
        #expect(Policy.canRelate(Self.follower, to: Self.author))
        #expect(!Policy.canRelate(Self.author, to: Self.author))
    }
}
