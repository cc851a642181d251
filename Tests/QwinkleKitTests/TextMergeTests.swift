import PropertyBased
import QwinkleKit
import Testing

@Suite("Merging text word by word")
struct TextMergeTests {
    let base = "I dreamt of a pink unicorn. It was raining. We flew home."

    @Test("Their change and yours to different sentences both land, without a conflict")
    func differentSentences() {
        let merge = TextMerge(
            base: base,
            theirs: "I dreamt of a white unicorn. It was raining. We flew home.",
            yours: "I dreamt of a pink unicorn. It was snowing. We flew home."
        )
        #expect(merge.isClean)
        #expect(merge.merged == "I dreamt of a white unicorn. It was snowing. We flew home.")
    }

    @Test("Changes to the same word conflict: both sides are kept between git-style markers")
    func sameWord() {
        let merge = TextMerge(
            base: base,
            theirs: "I dreamt of a white unicorn. It was raining. We flew home.",
            yours: "I dreamt of a yellow unicorn. It was raining. We flew home."
        )
        #expect(merge.conflicts == [ConflictingValues(base: "pink", theirs: "white", yours: "yellow")])
        #expect(merge.merged == """
            I dreamt of a 
            <<<<<<< theirs
            white
            =======
            yellow
            >>>>>>> yours
             unicorn. It was raining. We flew home.
            """)
        #expect(ConflictMarkers.hasUnresolvedConflict(in: merge.merged))
    }

    @Test("The same change on both sides is no conflict")
    func sameChange() {
        let changed = "I dreamt of a white unicorn. It was raining."
        let merge = TextMerge(base: base, theirs: changed, yours: changed)
        #expect(merge.isClean && merge.merged == changed)
    }

    @Test("One side's words added inside a sentence the other side shortened are both kept")
    func insertAndDelete() {
        let merge = TextMerge(
            base: "We flew home over the sea.",
            theirs: "We flew home.",
            yours: "We flew home slowly over the sea."
        )
        #expect(!merge.isClean)
        #expect(merge.merged.contains("slowly"))
    }

    @Test("Line breaks and runs of spaces survive a merge untouched")
    func whitespace() {
        let merge = TextMerge(base: "one\n\ntwo  three", theirs: "one\n\ntwo  four", yours: "zero\n\ntwo  three")
        #expect(merge.merged == "zero\n\ntwo  four")
    }

    @Test("Two complete rewrites of a long text are one conflict holding both, not thousands of one-word ones")
    func rewrites() {
        let words = 0..<2_500
        let merge = TextMerge(
            base: words.map { "w\($0)" }.joined(separator: " "),
            theirs: words.map { "t\($0)" }.joined(separator: " "),
            yours: words.map { "y\($0)" }.joined(separator: " ")
        )
        #expect(merge.conflicts.count == 1)
        #expect(merge.merged.contains("t2499") && merge.merged.contains("y0"))
    }

    @Test("Conflict markers: a full set is unresolved; a lone row of = signs is not")
    func markers() {
        #expect(ConflictMarkers.hasUnresolvedConflict(in: "a\n<<<<<<< theirs\nb\n=======\nc\n>>>>>>> yours\n"))
        #expect(ConflictMarkers.hasUnresolvedConflict(in: "<<<<<<< theirs\r\nb\r\n=======\r\nc\r\n>>>>>>> yours"))
        #expect(!ConflictMarkers.hasUnresolvedConflict(in: "Chapter one\n=======\nIt was a dark night."))
        #expect(!ConflictMarkers.hasUnresolvedConflict(in: ">>>>>>> yours\n=======\n<<<<<<< theirs"))
        #expect(!ConflictMarkers.hasUnresolvedConflict(in: "I dreamt of a white unicorn."))
    }

    @Test("A merge where one side changed nothing, or both made the same change, is that change, cleanly",
          arguments: OneChange.allCases)
    func oneChange(_ oneChange: OneChange) async {
        await propertyCheck(input: MergeGenerators.text, MergeGenerators.text) { base, changed in
            let (theirs, yours) = oneChange.sides(base: base, changed: changed)
            let merge = TextMerge(base: base, theirs: theirs, yours: yours)
            #expect(merge.isClean && merge.merged == changed)
        }
    }

    @Test("Words you inserted are in the result whatever they did to the same text")
    func insertionsSurvive() async {
        await propertyCheck(
            input: MergeGenerators.words, MergeGenerators.edits, Gen.int(in: 0...30).array(of: 1...3)
        ) { words, theirEdits, positions in
            let added = positions.indices.map { "NEW\($0)" }
            var yourWords = words
            for (position, word) in zip(positions, added) {
                yourWords.insert(word, at: position % (yourWords.count + 1))
            }
            let merge = TextMerge(
                base: words.joined(separator: " "),
                theirs: MergeGenerators.edit(words, with: theirEdits).joined(separator: " "),
                yours: yourWords.joined(separator: " ")
            )
            for word in added {
                #expect(merge.merged.contains(word))
            }
        }
    }

    @Test("Many edits on each side, every one two or more words from the other side's, merge cleanly")
    func separateWordsMerge() async {
        let flags = Gen.int(in: 0...2).array(of: 4...40)
        await propertyCheck(input: flags, flags) { theirChoices, yourChoices in
            // Every fourth word may be theirs to change (1 replaces, 2 deletes), two words on, yours to replace.
            let words = theirChoices.indices.map { "w\($0)" }
            var theirs = words.map(Optional.some)
            var yours = theirs
            var both = theirs
            for index in words.indices where index % 4 == 0 && theirChoices[index] > 0 {
                theirs[index] = theirChoices[index] == 1 ? "THEIRS" : nil
                both[index] = theirs[index]
            }
            for index in words.indices where index % 4 == 2 && yourChoices[index % yourChoices.count] > 0 {
                yours[index] = "YOURS"
                both[index] = "YOURS"
            }
            func text(_ words: [String?]) -> String { words.compactMap { $0 }.joined(separator: " ") }
            let merge = TextMerge(base: text(words), theirs: text(theirs), yours: text(yours))
            #expect(merge.isClean)
            #expect(merge.merged == text(both))
        }
    }

    @Test("The merged text has conflict markers exactly when the merge has conflicts")
    func markersIffConflicts() async {
        await propertyCheck(input: MergeGenerators.text, MergeGenerators.text, MergeGenerators.text) { base, theirs, yours in
            let merge = TextMerge(base: base, theirs: theirs, yours: yours)
            #expect(ConflictMarkers.hasUnresolvedConflict(in: merge.merged) == !merge.isClean)
        }
    }
}
