import QwinkleKit

/// Text in runs of styles, such as a row of a table: `@abe` bold, then the time dim.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A stretch of text in one style.
    public struct Run: Hashable, Sendable {
        /// The text.
        public var text: String
        /// Its style.
        public var style: TextStyle

        /// A run of text.
        public init(_ text: String, style: TextStyle = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, left to right.
    public var runs: [Run]

    /// Text made of runs.
    public init(runs: [Run]) {
        self.runs = runs
    }

    /// Text in one style.
    public init(_ text: String, style: TextStyle = .plain) {
        runs = [Run(text, style: style)]
    }

    /// Plain text from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text without its styles.
    public var plainText: String {
        runs.map(\.text).joined()
    }

    /// This text followed by another.
    public static func + (left: StyledText, right: StyledText) -> StyledText {
        StyledText(runs: left.runs + right.runs)
    }
}
