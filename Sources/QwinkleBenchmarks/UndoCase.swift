import Foundation
import QwinkleKit

/// The entries the undo benchmark fills its model with.
enum UndoCase {
    /// A dream with a body long enough to live on the heap, as real bodies do.
    static func dream(_ number: Int) -> Entry {
        Entry(
            id: Entry.ID(rawValue: "ent_\(number)") ?? "ent",
            author: "acc_1",
            content: EntryContent(
                kind: .dream(DreamDetails(creature: .unicorn(.pink), effects: [.rain])),
                body: "Dream number \(number): a pink unicorn in the rain.",
                visibility: .private
            ),
            createdAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(number))
        )
    }
}
