import PropertyBased
import Testing

// The token diff is internal; its optimality is what makes edits far apart merge cleanly, so it is checked here
// against the textbook dynamic-programming answer.
@testable import QwinkleKit

@Suite("The word diff under the text merge")
struct TokenDiffTests {
    @Test("It finds a longest common subsequence: in order, of equal tokens, as long as any")
    func longestCommonSubsequence() async {
        let tokens = Gen.int(in: 0...3).array(of: 0...25)
        await propertyCheck(count: 500, input: tokens, tokens) { a, b in
            let matches = TokenDiff.matches(a, b)
            #expect(matches.count == Self.lengthOfLongestCommonSubsequence(a, b))
            #expect(matches.allSatisfy { a[$0.first] == b[$0.second] })
            #expect(zip(matches, matches.dropFirst()).allSatisfy { $0.first < $1.first && $0.second < $1.second })
        }
    }

    private static func lengthOfLongestCommonSubsequence(_ a: [Int], _ b: [Int]) -> Int {
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        return lengths[0][0]
    }
}
