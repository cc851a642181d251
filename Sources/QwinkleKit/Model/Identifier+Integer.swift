extension Identifier {
    /// The identifier for a database's integer key (a server's row, or an offline store's).
    public init(integer: Int64) {
        // The decimal text of an integer is never empty, as the literal initialiser requires.
        self.init(stringLiteral: String(integer))
    }

    /// The backend's integer key, or `nil` if this identifier was not issued by a Qwinkle backend.
    public var integerValue: Int64? {
        guard let value = Int64(rawValue), value > 0 else { return nil }
        return value
    }
}
