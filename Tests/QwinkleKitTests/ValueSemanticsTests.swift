import Foundation
import QwinkleKit
import Testing

/// Every model is a value: changing a copy never changes the original (talk 001's reason for structs).
@Suite("Models have value semantics")
struct ValueSemanticsTests {
    private func expectIndependentCopy<Model: Equatable>(
        of original: Model, _ mutate: (inout Model) -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let snapshot = original
        var copy = original
        mutate(&copy)
        #expect(copy != original, "the mutation must change the copy", sourceLocation: sourceLocation)
        #expect(original == snapshot, "the original must not change", sourceLocation: sourceLocation)
    }

    @Test func account() {
        let original = Fixtures.account
        expectIndependentCopy(of: original) { $0.favoriteCreature = .dragon }
        expectIndependentCopy(of: original) { $0.displayName += "!" }
        #expect(original.favoriteCreature == .unicorn(.pink) && original.displayName == "Abraham")
    }

    @Test func entry() {
        let original = Fixtures.dreamEntry
        expectIndependentCopy(of: original) { $0.body = "changed" }
        expectIndependentCopy(of: original) { $0.photos.append(AttachedPhoto(id: "ph_9")) }
        expectIndependentCopy(of: original) { $0.kind = .dream(DreamDetails(creature: .shark)) }
        expectIndependentCopy(of: original) { $0.revision += 1 }
        #expect(original.dream?.creature == .unicorn(.pink) && original.photos.isEmpty && original.revision == 2)
    }

    @Test func dreamDetails() {
        let original = Fixtures.dream
        expectIndependentCopy(of: original) { $0.effects.insert(.snow) }
        expectIndependentCopy(of: original) { $0.numberOfCreatures = .one }
        expectIndependentCopy(of: original) { $0.creature = .crusty }
        #expect(original.effects == [.rain, .laserFocus])
    }

    @Test func attachedPhoto() {
        expectIndependentCopy(of: AttachedPhoto(id: "ph_1", alt: "a")) { $0.alt = "b" }
    }

    @Test func photo() {
        expectIndependentCopy(of: Fixtures.photo) { $0.byteSize = 1 }
    }

    @Test func conversation() {
        expectIndependentCopy(of: Fixtures.conversation) { $0.participants.insert("acc_3") }
    }

    @Test func message() {
        expectIndependentCopy(of: Fixtures.message) { $0.photos.removeAll() }
    }

    @Test func signUpForm() {
        expectIndependentCopy(of: SignUpForm(username: "abe")) { $0.username = "lincoln" }
    }

    @Test func lengthRule() {
        expectIndependentCopy(of: LengthRule.standard) { $0.maxCharacters = 280 }
        #expect(LengthRule.standard.maxCharacters == 140)
    }

    @Test("An entry in an array is copied with the array")
    func entriesInCollections() {
        let original = [Fixtures.update, Fixtures.dreamEntry]
        var copy = original
        copy[0].body = "edited"
        #expect(original[0].body == "Four score and seven years ago")
    }
}
