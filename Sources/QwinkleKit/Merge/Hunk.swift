/// A stretch where one side of a merge differs from the base: base tokens `baseRange` became the side's
/// tokens `sideRange`. Either range may be empty (an insertion or a deletion).
struct Hunk {
    /// The two sides of a merge.
    enum Side: CaseIterable {
        /// Their edit: the truth as it stands.
        case theirs
        /// Your edit: the suggestion.
        case yours
    }

    /// Whose edit it is.
    var side: Side
    /// The base tokens replaced.
    var baseRange: Range<Int>
    /// The side's tokens that replace them.
    var sideRange: Range<Int>

    /// The hunks of one side: the gaps between the matched tokens of a longest common subsequence.
    static func hunks(of side: Side, matching matches: [TokenDiff.Match], baseCount: Int, sideCount: Int) -> [Hunk] {
        var hunks: [Hunk] = []
        var base = 0
        var other = 0
        for match in matches + [TokenDiff.Match(first: baseCount, second: sideCount)] {
            if match.first > base || match.second > other {
                hunks.append(Hunk(side: side, baseRange: base..<match.first, sideRange: other..<match.second))
            }
            base = match.first + 1
            other = match.second + 1
        }
        return hunks
    }

    /// Groups both sides' hunks into regions: hunks that overlap or touch in the base go together, since
    /// edits there cannot be told apart or put in an order.
    static func regions(of hunks: [Hunk]) -> [Region] {
        var regions: [Region] = []
        for hunk in hunks.sorted(by: { $0.baseRange.lowerBound < $1.baseRange.lowerBound }) {
            if let last = regions.last, hunk.baseRange.lowerBound <= last.baseRange.upperBound {
                regions[regions.count - 1].add(hunk)
            } else {
                regions.append(Region(hunk))
            }
        }
        return regions
    }

    /// Hunks of either side that overlap in the base.
    struct Region {
        /// The base tokens the region covers.
        private(set) var baseRange: Range<Int>
        private var theirs: [Hunk] = []
        private var yours: [Hunk] = []

        init(_ hunk: Hunk) {
            baseRange = hunk.baseRange
            add(hunk)
        }

        mutating func add(_ hunk: Hunk) {
            baseRange = min(baseRange.lowerBound, hunk.baseRange.lowerBound)
                ..< max(baseRange.upperBound, hunk.baseRange.upperBound)
            switch hunk.side {
            case .theirs: theirs.append(hunk)
            case .yours: yours.append(hunk)
            }
        }

        /// The side's tokens for the whole region, or `nil` when that side changed nothing in it.
        /// Outside its own hunks a side matches the base token for token, so the ends shift by the same amount.
        func range(on side: Side) -> Range<Int>? {
            let hunks = side == .theirs ? theirs : yours
            guard let first = hunks.first, let last = hunks.last else { return nil }
            return (first.sideRange.lowerBound - (first.baseRange.lowerBound - baseRange.lowerBound))
                ..< (last.sideRange.upperBound + (baseRange.upperBound - last.baseRange.upperBound))
        }
    }
}
