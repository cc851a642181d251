/// Who follows whom in a seeded database: a few popular accounts followed by thousands, and every account following
/// the same number of others, the rest chosen at random.
struct FollowGraph {
    /// How many accounts are popular: the first ones, by index.
    let popularCount: Int
    /// How many others each account follows.
    let followsEach: Int

    /// The share of all accounts that follow popular account `rank` (0 is the most followed): a half, a quarter, …
    /// so that at 10,000 accounts the first has about 5,000 followers, as the popular author does.
    static func popularShare(rank: Int) -> Double {
        0.5 / Double(rank + 1)
    }

    /// A graph for `accounts` accounts: at most one popular account per ten, and follows capped by who exists.
    init(accounts: Int, follows: Int) {
        popularCount = min(5, max(1, accounts / 10))
        followsEach = min(follows, max(0, accounts - 1))
    }

    /// The indexes account `index` follows, among `accounts` accounts, drawn from `random`.
    func followees(of index: Int, accounts: Int, random: inout SplitMix64) -> [Int] {
        var chosen: Set<Int> = []
        for rank in 0..<popularCount where rank != index && chosen.count < followsEach {
            if Double.random(in: 0..<1, using: &random) < Self.popularShare(rank: rank) { chosen.insert(rank) }
        }
        // Rejection is quick while the follows are a small part of everyone; otherwise pick from what is left.
        if followsEach * 2 < accounts {
            while chosen.count < followsEach {
                let other = Int.random(in: 0..<accounts, using: &random)
                if other != index { chosen.insert(other) }
            }
        } else {
            let rest = (0..<accounts).filter { $0 != index && !chosen.contains($0) }.shuffled(using: &random)
            chosen.formUnion(rest.prefix(followsEach - chosen.count))
        }
        return chosen.sorted()
    }
}
