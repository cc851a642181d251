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
    public static func decimalInteger(_ text: some StringProtocol) -> Int64? {
        let digits = text.utf8
        guard (1...18).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            digits.first != UInt8(ascii: "0") || digits.count == 1
        else { return nil }
        return Int64(text)
    }
}
