import QwinkleKit

/// Draws an application's frames into a terminal: after each event, and once after changes made outside events.
@MainActor
final class FrameLoop {
    /// The application drawn.
    private unowned let application: Application
    /// Where frames go.
    private let terminal: Terminal
    /// What the terminal shows, to write only what changed.
    private var renderer: ScreenRenderer
    /// Whether a draw is already on its way.
    private var isScheduled = false

    /// A frame loop for an application in a terminal.
    init(application: Application, terminal: Terminal) {
        self.application = application
        self.terminal = terminal
        renderer = ScreenRenderer(capabilities: terminal.capabilities)
    }

    /// Draws a frame if one was asked for.
    func draw() {
        guard application.needsFrame, application.isRunning else { return }
        let size = terminal.size
        terminal.write(renderer.frame(for: application.render(width: size.width, height: size.height)))
    }

    /// Draws once the current work is done (a reply from the server, a live entry).
    func schedule() {
        guard !isScheduled else { return }
        isScheduled = true
        Task { @MainActor in
            self.isScheduled = false
            self.draw()
        }
    }

    /// After a resize, lays out again and writes the whole screen.
    func resize() {
        renderer.invalidate()
        application.window.setNeedsLayout()
        application.setNeedsFrame()
    }
}
