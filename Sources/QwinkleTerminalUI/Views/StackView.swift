import QwinkleKit

/// Lays its arranged views out top to bottom, each at its height, across the full width less a margin; a view
/// arranged with no height takes the rows left over.
@MainActor
public final class StackView: View {
    /// The arranged views and their heights (`nil`: the rest).
    private var arranged: [(view: View, height: Int?)] = []
    /// Columns left free on each side.
    public var margin: Int

    /// An empty stack.
    public init(margin: Int = 1) {
        self.margin = margin
        super.init()
    }

    /// A stack of views, top to bottom, each with its height (`nil`: the rows left over).
    public convenience init(margin: Int = 1, rows: [(View, Int?)]) {
        self.init(margin: margin)
        for (view, height) in rows { addArranged(view, height: height) }
    }

    /// Adds a view below the others, `height` rows tall, or taking what is left when `height` is `nil`.
    public func addArranged(_ view: View, height: Int?) {
        arranged.append((view, height))
        addSubview(view)
    }

    /// Places the shown views in order; hidden ones take no room.
    override public func layoutSubviews() {
        let shown = arranged.filter { !$0.view.isHidden }
        let fixed = shown.compactMap(\.height).reduce(0, +)
        let flexible = shown.filter { $0.height == nil }.count
        let spare = max(0, frame.height - fixed)
        var row = 0
        for (view, height) in shown {
            let rows = height ?? (flexible > 0 ? spare / flexible : 0)
            view.frame = CellRect(column: margin, row: row, width: frame.width - 2 * margin, height: rows)
            row += rows
        }
    }
}
