/// A longest common subsequence of two token sequences, by Myers' O((N+M)·D) algorithm in linear space:
/// it finds the middle of the shortest edit script, splits there, and recurses on the halves.
///
/// Tokens are compared as integers (each distinct token numbered once), so a comparison is one instruction.
///
/// The search gives up on a stretch that needs more than `searchLimit` edits from each end and treats it as
/// wholly replaced: two texts that different are rewrites, better shown as one conflict than as thousands of
/// one-word ones, and the limit keeps a merge of two 10,000-character rewrites to milliseconds.
enum TokenDiff {
    /// How many edits from each end the middle search tries before it calls a stretch replaced.
    static let searchLimit = 1_000

    /// A pair of equal tokens, one from each sequence.
    struct Match: Hashable {
        /// The token's index in the first sequence.
        var first: Int
        /// The token's index in the second sequence.
        var second: Int
    }

    /// The pairs of a longest common subsequence of `a` and `b`, ascending in both indexes.
    static func matches(_ a: [Int], _ b: [Int]) -> [Match] {
        var matches: [Match] = []
        collect(a[...], b[...], into: &matches)
        return matches
    }

    private static func collect(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>, into matches: inout [Match]) {
        var a = a
        var b = b
        while let x = a.first, let y = b.first, x == y {
            matches.append(Match(first: a.startIndex, second: b.startIndex))
            a = a.dropFirst()
            b = b.dropFirst()
        }
        var suffix = 0
        while suffix < a.count, suffix < b.count, a[a.endIndex - 1 - suffix] == b[b.endIndex - 1 - suffix] {
            suffix += 1
        }
        a = a.dropLast(suffix)
        b = b.dropLast(suffix)
        if !a.isEmpty, !b.isEmpty, let (x, y) = middle(a, b),
            // A split that leaves one half as large as the whole would never finish; Myers' middle snake
            // cannot give one once common ends are trimmed, and this keeps it that way for certain.
            (x, y) != (a.startIndex, b.startIndex), (x, y) != (a.endIndex, b.endIndex)
        {
            collect(a[..<x], b[..<y], into: &matches)
            collect(a[x...], b[y...], into: &matches)
        }
        for offset in 0..<suffix {
            matches.append(Match(first: a.endIndex + offset, second: b.endIndex + offset))
        }
    }

    /// Where a shortest edit script from `a` to `b` crosses its middle, searching from both ends at once;
    /// `nil` when the two have nothing in common, or no middle was found within `searchLimit` edits. Both slices are non-empty, without a common first or last token.
    private static func middle(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>) -> (Int, Int)? {
        let n = a.count
        let m = b.count
        let maxD = (n + m + 1) / 2
        let offset = maxD
        // forward[k]: the furthest x reached on diagonal k (y = x - k) from the start;
        // backward[k]: the same from the end, counting back. -1 means not reached yet.
        var forward = [Int](repeating: -1, count: 2 * maxD + 2)
        var backward = forward
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        let delta = n - m
        // With an odd difference in length the paths meet while searching forward, else backward.
        let meetsForward = delta % 2 != 0
        var (forwardStart, forwardEnd, backwardStart, backwardEnd) = (0, 0, 0, 0)
        for d in 0..<min(maxD, searchLimit) {
            for k in stride(from: -d + forwardStart, through: d - forwardEnd, by: 2) {
                let index = offset + k
                let (x, y) = slide(from: furthest(on: k, after: d, in: forward, at: index), on: k, within: n, m) {
                    a[a.startIndex + $0] == b[b.startIndex + $1]
                }
                forward[index] = x
                if x > n {
                    forwardEnd += 2
                } else if y > m {
                    forwardStart += 2
                } else if meetsForward {
                    let other = offset + delta - k
                    if other >= 0, other < backward.count, backward[other] != -1, x >= n - backward[other] {
                        return (a.startIndex + x, b.startIndex + y)
                    }
                }
            }
            for k in stride(from: -d + backwardStart, through: d - backwardEnd, by: 2) {
                let index = offset + k
                let (x, y) = slide(from: furthest(on: k, after: d, in: backward, at: index), on: k, within: n, m) {
                    a[a.endIndex - 1 - $0] == b[b.endIndex - 1 - $1]
                }
                backward[index] = x
                if x > n {
                    backwardEnd += 2
                } else if y > m {
                    backwardStart += 2
                } else if !meetsForward {
                    let other = offset + delta - k
                    if other >= 0, other < forward.count, forward[other] != -1, forward[other] >= n - x {
                        let forwardX = forward[other]
                        return (a.startIndex + forwardX, b.startIndex + forwardX - (other - offset))
                    }
                }
            }
        }
        return nil
    }

    /// Where a path with `d` edits starts on diagonal `k` (stored at `index`): a step down from diagonal k + 1
    /// or right from k - 1, whichever reaches further.
    private static func furthest(on k: Int, after d: Int, in reached: [Int], at index: Int) -> Int {
        k == -d || (k != d && reached[index - 1] < reached[index + 1]) ? reached[index + 1] : reached[index - 1] + 1
    }

    /// Follows diagonal `k` from `x` for as long as the tokens are equal (a "snake"), staying within n × m.
    private static func slide(from x: Int, on k: Int, within n: Int, _ m: Int, while equal: (Int, Int) -> Bool) -> (x: Int, y: Int) {
        var (x, y) = (x, x - k)
        while x < n, y < m, equal(x, y) {
            x += 1
            y += 1
        }
        return (x, y)
    }
}
