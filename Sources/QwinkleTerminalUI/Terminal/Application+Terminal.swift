import QwinkleKit

/// Running an application in a terminal.
extension Application {
    /// Runs the app full screen until it quits or a stop signal comes, drawing a frame after each event that asked
    /// for one, written in one write with only the cells that changed. `willStop` runs before the terminal is
    /// restored (to save state).
    public func run(on terminal: Terminal, willStop: @MainActor () -> Void = {}) async {
        let frames = FrameLoop(application: self, terminal: terminal)
        frameRequested = { [unowned frames] in frames.schedule() }
        frames.draw()
        for await event in terminal.events {
            switch event {
            case .input(let input): handle(input)
            case .resized: frames.resize()
            case .terminate: quit()
            }
            guard isRunning else { break }
            frames.draw()
        }
        frameRequested = nil
        willStop()
        terminal.close()
    }
}
