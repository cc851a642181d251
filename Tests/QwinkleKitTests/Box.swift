import QwinkleKit

/// Talk 001's test leaf: a plain struct that remembers the frame a layout gives it, so layouts are tested
/// without drawing anything.
struct Box: Layout, Equatable {
    var name: String
    var frame: Rect = .zero

    init(_ name: String) {
        self.name = name
    }

    mutating func layout(in rect: Rect) {
        frame = rect
    }

    var contents: [Box] { [self] }
}

extension Rect {
    /// Whether every edge is within `tolerance` of `other`'s: layouts divide by three, so exact equality is luck.
    func isClose(to other: Rect, tolerance: Double = 1e-9) -> Bool {
        [minX - other.minX, minY - other.minY, width - other.width, height - other.height].allSatisfy { abs($0) <= tolerance }
    }
}

extension Layout where Content == Box {
    /// The frame of each leaf, by name.
    var frames: [String: Rect] {
        Dictionary(contents.map { ($0.name, $0.frame) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the leaves in drawing order.
    var drawingOrder: [String] { contents.map(\.name) }

    /// Whether the leaf called `name` was given (close to) `rect`.
    func frame(of name: String, is rect: Rect) -> Bool {
        frames[name]?.isClose(to: rect) ?? false
    }
}
