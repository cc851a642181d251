extension Identifier {
    /// The identifier for a database's integer key (a server's row, or an offline store's).
    public init(integer: Int64) {
        // The decimal text of an integer is never empty, as the literal initialiser requires.
        self.init(stringLiteral: String(integer))
    }

    /// The backend's integer key, or `nil` if this identifier was not issued by a Qwinkle backend.
    ///
    /// Only the text a backend writes counts: 1 to 18 decimal digits without a leading zero or sign, the contract's
    /// `^[1-9][0-9]{0,17}$`. `007` or `+7` name nothing, rather than the entry 7.
    public var integerValue: Int64? {
        guard let value = Self.decimalInteger(rawValue), value > 0 else { return nil }
        return value
    }

    /// The value of `text` when it is a decimal number as a backend writes one (`0` or 1 to 18 digits without a
    /// leading zero), such as a paging cursor; `nil` otherwise.
    ///
    /// One pass over the bytes, for `String` only: every page maps its entries' and authors' IDs to keys, and the
    /// generic version (checking the digits, then `Int64(_:)` parsing them again, unspecialised across modules) was
    /// 8 % of an account's page.
    public static func decimalInteger(_ text: String) -> Int64? {
        var value: Int64 = 0
        var count = 0
        var leadingZero = false
        for byte in text.utf8 {
            let digit = byte &- UInt8(ascii: "0")
            // 18 digits are below `Int64.max`, so the value cannot overflow.
            guard digit < 10, count < 18, !leadingZero else { return nil }
            leadingZero = count == 0 && digit == 0
            value = value &* 10 &+ Int64(digit)
            count += 1
        }
        return count == 0 ? nil : value
    }
}
