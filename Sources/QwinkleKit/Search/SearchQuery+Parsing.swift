import Foundation

extension SearchQuery {
    /// Reads a query as a person types it:
    ///
    /// - `word`: entries holding the word (case does not matter; punctuation separates words, so `*`, `:` and
    ///   `AND` are no operators, only text or nothing);
    /// - `"a phrase"`: the words next to each other, in order;
    /// - `-word`, `-"a phrase"`: entries without them;
    /// - `#tag`: entries with that tag (`EntryText`'s tags: any case, NFKC), not merely the word;
    /// - `from:@username` (the `@` may be left out), `kind:update|journal|dream`, `creature:shark` (or
    ///   `unicorn` for every colour, or a colour's spelling such as `unicorn_pink`), `has:photo`,
    ///   `before:YYYY-MM-DD` (written before that day, UTC) and `after:YYYY-MM-DD` (written after it).
    ///
    /// Anything else written `key:value` is an unknown operator; quote it to search for its words. Throws a
    /// `SearchQueryError` naming the first problem found.
    public init(parsing text: String) throws(SearchQueryError) {
        guard text.unicodeScalars.count <= Self.maximumLength else { throw .tooLong(maximum: Self.maximumLength) }
        self.init()
        var reader = Reader(text: text)
        while let piece = try reader.next() {
            try add(piece)
        }
        guard terms.count + excluded.count <= Self.maximumTerms else { throw .tooManyTerms(maximum: Self.maximumTerms) }
        guard narrows else { throw .empty }
    }

    /// Adds one piece of the query.
    private mutating func add(_ piece: Piece) throws(SearchQueryError) {
        switch piece {
        case .text(let text, let isExcluded):
            if !isExcluded, text.hasPrefix("#"), let tag = Tag.parse(text) {
                if !tags.contains(tag) { tags.append(tag) }
                return
            }
            // Text without any word (`*`, `-`, `""`) asks for nothing, so it is left out rather than refused.
            guard let term = SearchTerm(text: text) else { return }
            if isExcluded { excluded.append(term) } else { terms.append(term) }
        case .filter(let key, let value):
            try addFilter(key, value)
        }
    }

    /// Sets a filter from `key:value`, refusing an unknown key, a bad value or a contradicting repeat.
    private mutating func addFilter(_ key: String, _ value: String) throws(SearchQueryError) {
        guard !value.isEmpty else {
            guard Self.operators.contains(key) else { throw .unknownOperator(key) }
            throw .missingValue(operator: key)
        }
        switch key {
        case "from":
            let username = (value.hasPrefix("@") ? String(value.dropFirst()) : value).lowercased()
            guard UsernameValidator().problems(in: username).isEmpty else { throw .invalidUsername(value) }
            author = try Self.once(author, username, key)
        case "kind":
            guard let name = Entry.Kind.Name(rawValue: value.lowercased()) else { throw .unknownKind(value) }
            kind = try Self.once(kind, name, key)
        case "creature":
            let spelling = value.lowercased()
            let named: Set<Creature> = if spelling == "unicorn" {
                Set(Creature.Unicorn.Color.allCases.map(Creature.unicorn))
            } else if let creature = Creature(rawValue: spelling) {
                [creature]
            } else {
                throw .unknownCreature(value)
            }
            guard creatures.isEmpty || creatures == named else { throw .repeatedOperator(key) }
            creatures = named
        case "has":
            guard value.lowercased() == "photo" else { throw .unknownHas(value) }
            hasPhoto = true
        case "before":
            guard let day = Self.startOfDay(value) else { throw .invalidDate(operator: key, value: value) }
            before = try Self.once(before, day, key)
        case "after":
            guard let day = Self.startOfDay(value), let next = Self.utcCalendar.date(byAdding: .day, value: 1, to: day) else {
                throw .invalidDate(operator: key, value: value)
            }
            after = try Self.once(after, next, key)
        default:
            throw .unknownOperator(key)
        }
    }

    /// The operators a query knows.
    private static let operators: Set<String> = ["from", "kind", "creature", "has", "before", "after"]

    /// A filter's value, refusing a second, different one.
    private static func once<Value: Equatable>(_ current: Value?, _ new: Value, _ key: String) throws(SearchQueryError) -> Value {
        if let current, current != new { throw .repeatedOperator(key) }
        return new
    }

    /// The Gregorian calendar in UTC, the one the dates of a query are read in.
    private static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    /// The start (UTC) of a day written `YYYY-MM-DD`, `nil` for anything else, such as `2026-02-30`.
    private static func startOfDay(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let calendar = utcCalendar
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        // The calendar rolls 30 February over into March; a day that does not read back the same does not exist.
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return date
    }

    /// One piece of a query as typed.
    private enum Piece {
        /// A word or a quoted phrase, wanted or excluded.
        case text(String, excluded: Bool)
        /// `key:value`, the key lowercased.
        case filter(key: String, value: String)
    }

    /// Splits a query into pieces: quoted phrases, filters and words, separated by white space.
    private struct Reader {
        let text: String
        var index: String.Index

        init(text: String) {
            self.text = text
            index = text.startIndex
        }

        /// The next piece, `nil` at the end.
        mutating func next() throws(SearchQueryError) -> Piece? {
            while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
            guard index < text.endIndex else { return nil }
            var isExcluded = false
            if text[index] == "-" {
                let after = text.index(after: index)
                if after < text.endIndex, !text[after].isWhitespace {
                    isExcluded = true
                    index = after
                }
            }
            if text[index] == "\"" {
                return .text(try phrase(), excluded: isExcluded)
            }
            let chunk = word()
            if let colon = chunk.firstIndex(of: ":"), colon > chunk.startIndex,
                chunk[..<colon].allSatisfy({ $0.isASCII && $0.isLetter })
            {
                let key = chunk[..<colon].lowercased()
                // A filter cannot be excluded; `-key:` is refused rather than read as words.
                guard !isExcluded else { throw .unknownOperator("-" + key) }
                return .filter(key: key, value: String(chunk[chunk.index(after: colon)...]))
            }
            return .text(chunk, excluded: isExcluded)
        }

        /// A quoted phrase, the reader at its opening quote.
        private mutating func phrase() throws(SearchQueryError) -> String {
            let start = text.index(after: index)
            guard let end = text[start...].firstIndex(of: "\"") else { throw .unbalancedQuote }
            index = text.index(after: end)
            return String(text[start..<end])
        }

        /// A word: everything up to white space or a quote.
        private mutating func word() -> String {
            let start = index
            while index < text.endIndex, !text[index].isWhitespace, text[index] != "\"" { index = text.index(after: index) }
            return String(text[start..<index])
        }
    }
}
