import QwinkleKit
import Testing

/// An ID or a cursor names a row only as a backend writes it: the contract's `^[1-9][0-9]{0,17}$` (a cursor may also
/// be `0`). Anything else names nothing, so `007` can never reach the entry 7.
struct IdentifierIntegerTests {
    @Test("a backend's decimal text is its integer, round trip included")
    func backendText() {
        for value: Int64 in [1, 7, 10, 20, 99, 1_000_000, 123_456_789_012, 999_999_999_999_999_999] {
            #expect(Entry.ID(integer: value).integerValue == value)
            #expect(Entry.ID.decimalInteger(String(value)) == value)
        }
        #expect(Entry.ID.decimalInteger("0") == 0, "a cursor may be 0")
    }

    @Test("leading zeros, signs, spaces, other digits and too many digits name nothing")
    func otherText() {
        let refused = [
            "", "0", "007", "00", "+7", "-7", " 7", "7 ", "7a", "a7", "1_000", "1.0", "1e3", "٣", "７",
            "1000000000000000000", "9999999999999999999", "99999999999999999999",
        ]
        for text in refused {
            #expect(Entry.ID(rawValue: text)?.integerValue == nil, "\(text) names no entry")
        }
        #expect(Entry.ID.decimalInteger("00") == nil)
        #expect(Entry.ID.decimalInteger("") == nil)
        #expect(Entry.ID.decimalInteger("1000000000000000000") == nil, "19 digits")
    }
}
