/// A three-way merge of text at word granularity (diff3 over words and whitespace): both sides' edits are
/// kept when they touch different words, and edits that overlap are a conflict with both sides kept.
///
/// The merged text holds a conflict between git-style markers (see `ConflictMarkers`), so nothing either side
/// wrote is lost, and a person can resolve it in an editor. When one side left the text as it was, the merge
/// is the other side exactly; when both made the same change, it is that change.
public struct TextMerge: Hashable, Sendable {
    /// The merged text, with conflict markers around any conflicting stretch.
    public var merged: String
    /// Each conflicting stretch: the base's words there, theirs and yours. Empty when the merge is clean.
    public var conflicts: [ConflictingValues<String>]

    /// Whether both sides' edits fitted together without a conflict.
    public var isClean: Bool { conflicts.isEmpty }

    /// Merges their and your edits of a common base text.
    public init(base: String, theirs: String, yours: String) {
        let texts = TokenizedTexts(base: base, theirs: theirs, yours: yours)
        let hunks = Hunk.Side.allCases.flatMap { side in
            Hunk.hunks(
                of: side, matching: TokenDiff.matches(texts.base.numbers, texts[side].numbers),
                baseCount: texts.base.tokens.count, sideCount: texts[side].tokens.count
            )
        }
        var merged = ""
        var conflicts: [ConflictingValues<String>] = []
        var copied = 0
        for region in Hunk.regions(of: hunks) {
            merged += texts.base.tokens[copied..<region.baseRange.lowerBound].joined()
            copied = region.baseRange.upperBound
            switch (region.range(on: .theirs), region.range(on: .yours)) {
            case (let range?, nil):
                merged += texts.theirs.tokens[range].joined()
            case (nil, let range?):
                merged += texts.yours.tokens[range].joined()
            case (let theirRange?, let yourRange?):
                let (their, your) = (texts.theirs.tokens[theirRange].joined(), texts.yours.tokens[yourRange].joined())
                if their == your {
                    merged += their
                } else {
                    ConflictMarkers.append(theirs: their, yours: your, to: &merged)
                    let base = texts.base.tokens[region.baseRange].joined()
                    conflicts.append(ConflictingValues(base: base, theirs: their, yours: your))
                }
            case (nil, nil):
                // A region is made of hunks, so it always has one side's.
                continue
            }
        }
        merged += texts.base.tokens[copied...].joined()
        self.merged = merged
        self.conflicts = conflicts
    }
}

/// The three texts of a merge as tokens, and as numbers (each distinct token numbered once) for the diff.
private struct TokenizedTexts {
    struct Text {
        var tokens: [Substring]
        var numbers: [Int]
    }

    var base: Text
    var theirs: Text
    var yours: Text

    init(base: String, theirs: String, yours: String) {
        var numbering: [Substring: Int] = [:]
        func tokenize(_ text: String) -> Text {
            let tokens = WordTokenizer.tokens(of: text)
            let numbers = tokens.map { token in
                if let number = numbering[token] { return number }
                numbering[token] = numbering.count
                return numbering.count - 1
            }
            return Text(tokens: tokens, numbers: numbers)
        }
        self.base = tokenize(base)
        self.theirs = tokenize(theirs)
        self.yours = tokenize(yours)
    }

    subscript(side: Hunk.Side) -> Text {
        switch side {
        case .theirs: theirs
        case .yours: yours
        }
    }
}
