/// Why a query cannot be read, with a stable code for programs and a sentence naming the problem for people.
public enum SearchQueryError: Error, Hashable, Sendable {
    /// Nothing to search for: no word, phrase or filter.
    case empty
    /// The query is longer than `SearchQuery.maximumLength` characters.
    case tooLong(maximum: Int)
    /// More words and phrases than `SearchQuery.maximumTerms`.
    case tooManyTerms(maximum: Int)
    /// A `"` opens a phrase that never closes.
    case unbalancedQuote
    /// `key:` is not one of the operators.
    case unknownOperator(String)
    /// An operator without a value, such as `from:`.
    case missingValue(operator: String)
    /// `from:` names no possible username.
    case invalidUsername(String)
    /// `kind:` names no kind.
    case unknownKind(String)
    /// `creature:` names no creature.
    case unknownCreature(String)
    /// `has:` names nothing it knows (only `photo`).
    case unknownHas(String)
    /// `before:` or `after:` is not a date written `YYYY-MM-DD`.
    case invalidDate(operator: String, value: String)
    /// An operator given twice with different values, such as `kind:dream kind:update`.
    case repeatedOperator(String)

    /// A stable name for the problem, such as `unbalanced_quote`.
    public var code: String {
        switch self {
        case .empty: "empty_query"
        case .tooLong: "query_too_long"
        case .tooManyTerms: "too_many_terms"
        case .unbalancedQuote: "unbalanced_quote"
        case .unknownOperator: "unknown_operator"
        case .missingValue: "missing_value"
        case .invalidUsername: "invalid_username"
        case .unknownKind: "unknown_kind"
        case .unknownCreature: "unknown_creature"
        case .unknownHas: "unknown_has"
        case .invalidDate: "invalid_date"
        case .repeatedOperator: "repeated_operator"
        }
    }

    /// A sentence saying what is wrong and how to fix it.
    public var message: String {
        switch self {
        case .empty:
            "Type a word, a \"quoted phrase\" or a filter such as from:@username to search for."
        case .tooLong(let maximum):
            "A search is at most \(maximum) characters long."
        case .tooManyTerms(let maximum):
            "A search holds at most \(maximum) words and phrases."
        case .unbalancedQuote:
            "A quote opens a phrase that is never closed: add the closing \" or remove the opening one."
        case .unknownOperator(let key):
            "\(key): is not a search filter; the filters are from:, kind:, creature:, has:, before: and after:. "
                + "Put the text in quotes to search for it as words."
        case .missingValue(let key):
            "\(key): needs a value right after the colon, such as \(Self.example(of: key))."
        case .invalidUsername(let value):
            "from: needs a username such as from:@abe, not \(value)."
        case .unknownKind(let value):
            "kind:\(value) is not a kind; the kinds are \(Entry.Kind.Name.allCases.map(\.rawValue).joined(separator: ", "))."
        case .unknownCreature(let value):
            "creature:\(value) is not a creature; the creatures are unicorn, "
                + "\(Creature.allCases.map(\.rawValue).joined(separator: ", "))."
        case .unknownHas(let value):
            "has:\(value) is not something an entry can have; use has:photo."
        case .invalidDate(let key, let value):
            "\(key):\(value) is not a date; write it as YYYY-MM-DD, such as \(key):2026-11-26."
        case .repeatedOperator(let key):
            "\(key): is given twice with different values; an entry can match only one."
        }
    }

    private static func example(of key: String) -> String {
        switch key {
        case "from": "from:@abe"
        case "kind": "kind:dream"
        case "creature": "creature:shark"
        case "has": "has:photo"
        default: "\(key):2026-11-26"
        }
    }
}
