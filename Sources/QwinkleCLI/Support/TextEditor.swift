import Foundation

/// The person's editor, `$VISUAL` or else `$EDITOR`, run on a temporary copy of a text.
struct TextEditor {
    let command: String

    init(environment: [String: String]) throws {
        guard let command = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            throw CommandFailure.usage("Set VISUAL or EDITOR to the editor to use, such as EDITOR=nano.")
        }
        self.command = command
    }

    /// Opens the editor on `text` and returns what was saved, without the trailing newline editors add.
    ///
    /// The wait for the editor suspends rather than blocks: a thread of the concurrency pool held for as long as a
    /// person edits is one the rest of the process (a test's in-process server, say) cannot use.
    func edit(_ text: String) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-edit-\(UUID().uuidString).txt")
        try Data((text + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Through the shell, as other tools do, so EDITOR may hold arguments ("code --wait").
        process.arguments = ["-c", "\(command) \"$1\"", "qwinkle-editor", file.path]
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        for await _ in exited.stream {}
        guard process.terminationStatus == 0 else {
            throw CommandFailure.refused("The editor (\(command)) failed; nothing was sent.")
        }
        let edited = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        return edited.hasSuffix("\n") ? String(edited.dropLast()) : edited
    }
}
