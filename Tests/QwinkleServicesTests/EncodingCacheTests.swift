import Foundation
import QwinkleKit
import Synchronization
import Testing

import QwinkleServices

/// What many answers repeat is made once: one event reaching many subscribers, or one status on many pages, as the
/// same value is encoded once.
@Suite struct EncodingCacheTests {
    private static let time = Date(timeIntervalSince1970: 1_795_253_400)
    private static let abe = Account(id: Account.ID(integer: 1), username: "abe", createdAt: time)

    private static func shown(_ id: Int64, body: String = "Hello", marked: Bool = false) -> TimelineEntry {
        let entry = Entry(id: Entry.ID(integer: id), author: abe.id, content: EntryContent(kind: .update, body: body, visibility: .public), createdAt: time)
        return TimelineEntry(entry: entry, author: abe, marked: marked)
    }

    /// Counts the encodings it is asked for.
    private final class Encoder: Sendable {
        let calls = Mutex(0)
        func encode(_ shown: TimelineEntry) -> String {
            calls.withLock { $0 += 1 }
            return "\(shown.entry.id.rawValue):\(shown.entry.body):\(shown.marked)"
        }
    }

    /// A thousand subscribers given the same entry cost one encoding; each gets the same JSON.
    @Test func sameValueIsEncodedOnce() {
        let cache = EncodingCache<TimelineEntry, String>()
        let encoder = Encoder()
        let sent = (0..<1000).map { _ in cache.encoding(of: Self.shown(5), encode: encoder.encode) }
        #expect(Set(sent) == ["5:Hello:false"])
        #expect(encoder.calls.withLock { $0 } == 1)
    }

    /// What differs between viewers or revisions (the mark, an edit) is encoded on its own, never shared.
    @Test func differentValuesAreNotShared() {
        let cache = EncodingCache<TimelineEntry, String>()
        let encoder = Encoder()
        #expect(cache.encoding(of: Self.shown(5), encode: encoder.encode) == "5:Hello:false")
        #expect(cache.encoding(of: Self.shown(5, marked: true), encode: encoder.encode) == "5:Hello:true")
        #expect(cache.encoding(of: Self.shown(5, body: "Hello again"), encode: encoder.encode) == "5:Hello again:false")
        #expect(encoder.calls.withLock { $0 } == 3)
    }

    /// It keeps at most its capacity, forgetting the oldest first.
    @Test func keepsAtMostItsCapacity() {
        let cache = EncodingCache<TimelineEntry, String>(capacity: 3)
        let encoder = Encoder()
        for id in 1...5 { _ = cache.encoding(of: Self.shown(Int64(id)), encode: encoder.encode) }
        #expect(cache.count == 3)
        _ = cache.encoding(of: Self.shown(5), encode: encoder.encode)
        #expect(encoder.calls.withLock { $0 } == 5)
        _ = cache.encoding(of: Self.shown(1), encode: encoder.encode)
        #expect(encoder.calls.withLock { $0 } == 6)
        #expect(cache.count == 3)
    }
}
