extension DreamEffect {
    /// The character the effect is sprinkled with on the terminal.
    public var textGlyph: Character {
        switch self {
        case .fireBreathing: "^"
        case .laserFocus: "="
        case .magic: "+"
        case .fireflies: "."
        case .rain: "/"
        case .snow: "*"
        }
    }

    /// The effect as a sparse field of its glyph, `width` columns by `height` rows, for a terminal layer that
    /// shows through the gaps between creatures: one position in `every` holds the glyph.
    public func textArt(width: Int, height: Int, every: Int = 24) -> [String] {
        guard width > 0, height > 0 else { return [] }
        var rows = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        for point in scatter(count: width * height / max(1, every)) {
            rows[min(height - 1, Int(point.y * Double(height)))][min(width - 1, Int(point.x * Double(width)))] = textGlyph
        }
        return rows.map { String($0) }
    }
}
