import QwinkleKit

/// Lays its views out left to right on its rows, each at its width, with a gap between them: a row of buttons or
/// toggles.
@MainActor
public final class RowView: View {
    /// The views and their widths.
    private let items: [(view: View, width: Int)]
    /// Columns between two views.
    public let gap: Int

    /// A row of views at these widths.
    public init(gap: Int = 2, items: [(View, Int)]) {
        self.items = items.map { (view: $0.0, width: $0.1) }
        self.gap = gap
        super.init()
        for item in self.items { addSubview(item.view) }
    }

    /// Places the views in order; a hidden one takes no room.
    override public func layoutSubviews() {
        var column = 0
        for item in items where !item.view.isHidden {
            item.view.frame = CellRect(column: column, row: 0, width: item.width, height: frame.height)
            column += item.width + gap
        }
    }
}
