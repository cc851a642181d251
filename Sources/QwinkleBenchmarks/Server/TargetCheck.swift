/// One of the targets, measured: a figure and the bound it must meet.
struct TargetCheck: Codable, Sendable {
    /// What is compared, such as "/health vs ceiling".
    var name: String
    /// The measured figure.
    var value: Double
    /// The bound.
    var target: Double
    /// Whether the figure must be at least (true) or at most (false) the bound.
    var atLeast: Bool
    /// The figure's unit: "×" for ratios, "ms", "req/s" or "MB".
    var unit: String

    /// Whether the figure meets the bound.
    var isMet: Bool {
        atLeast ? value >= target : value <= target
    }
}
