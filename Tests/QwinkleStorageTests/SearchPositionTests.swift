import QwinkleStorage
import Testing

@Suite("Search positions")
struct SearchPositionTests {
    @Test("A position and its cursor number name each other, within the contract's 18 digits")
    func cursorRoundTrip() throws {
        let positions = [
            SearchPosition.start, SearchPosition(below: nil, offset: 7), SearchPosition(below: 1, offset: 0),
            SearchPosition(below: 269_091, offset: 999), SearchPosition(below: 999_999_999_999_999, offset: 999),
        ]
        for position in positions {
            let cursor = try #require(position.cursor, "\(position)")
            #expect(String(cursor).count <= 18)
            #expect(SearchPosition(cursor: cursor) == position)
        }
        #expect(SearchPosition.start.cursor == 0, "the first page's cursor is 0, as before")
        #expect(SearchPosition(below: 1_000_000_000_000_000, offset: 0).cursor == nil, "too many digits")
        #expect(SearchPosition(below: 5, offset: SearchPosition.maximumWindow).cursor == nil)
        #expect(SearchPosition(cursor: -1) == nil)
    }
}
