import QwinkleKit

/// A navigation controller's view: the titles of the stack on the top row, the top controller's view below.
@MainActor
final class NavigationView: View {
    /// The controller whose stack is shown.
    private unowned let controller: NavigationController
    /// Holds the top controller's view.
    let container = ContainerView()

    /// A view for a navigation controller.
    init(controller: NavigationController) {
        self.controller = controller
        super.init()
        addSubview(container)
    }

    /// The title bar takes the top row.
    override func layoutSubviews() {
        container.frame = CellRect(column: 0, row: 1, width: frame.width, height: frame.height - 1)
    }

    /// The titles, from the root to the top, separated by arrows.
    override func draw(in canvas: inout Canvas) {
        canvas.fill(CellRect(column: 0, row: 0, width: frame.width, height: 1), style: TextStyle(reverse: true))
        let titles = controller.viewControllers.map(\.title).filter { !$0.isEmpty }
        canvas.write(" " + titles.joined(separator: " › "), column: 0, row: 0, style: TextStyle(bold: true, reverse: true))
    }

    /// A click on the title bar goes back.
    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(0) = event.kind, event.position.row == 0 else { return false }
        return controller.perform(NavigationController.back, sender: self)
    }
}
