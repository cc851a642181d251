import QwinkleKit
import Testing

/// The one place a kind's name and a dream's details become a kind: requests, forms, rows, archives and the
/// model's JSON all read kinds through it.
@Suite("Entry kinds from their parts")
struct EntryKindTests {
    @Test("A dream has its details; an update or a journal entry has none")
    func matching() throws {
        let details = DreamDetails(creature: .shark, effects: [.rain])
        #expect(try Entry.Kind(.update, dream: nil) == .update)
        #expect(try Entry.Kind(.journal, dream: nil) == .journal)
        #expect(try Entry.Kind(.dream, dream: details) == .dream(details))
    }

    @Test("A dream without details, or details without a dream, is refused with its reason")
    func mismatched() {
        #expect(throws: Entry.Kind.Mismatch.dreamWithoutDetails) { try Entry.Kind(.dream, dream: nil) }
        #expect(throws: Entry.Kind.Mismatch.detailsWithoutDream) { try Entry.Kind(.update, dream: DreamDetails(creature: .dragon)) }
        #expect(throws: Entry.Kind.Mismatch.detailsWithoutDream) { try Entry.Kind(.journal, dream: DreamDetails(creature: .dragon)) }
        #expect(Entry.Kind.Mismatch.detailsWithoutDream.message == "Only a dream has dream details.")
    }
}
