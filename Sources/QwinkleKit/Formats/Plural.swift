/// A count with its noun, singular or plural as people say it: "1 entry", "2 entries", "0 photos", "-1 character".
public enum Plural {
    /// `count` and the noun that agrees with it; `plural` defaults to `singular` with an "s".
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(noun(for: count, singular, plural))"
    }

    /// The noun alone, singular for 1 and -1, plural otherwise, for sentences that put the number elsewhere.
    public static func noun(for count: Int, _ singular: String, _ plural: String? = nil) -> String {
        abs(count) == 1 ? singular : plural ?? singular + "s"
    }
}
