import Foundation
import QwinkleKit
import Testing

@testable import QwinkleCLI

/// `qwinkle app`'s saved state: read back as written, and a file it cannot read ignored with a notice.
@Suite struct AppStateTests {
    /// A temporary file path.
    private func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("app-state-\(UUID().uuidString).json")
    }

    /// The tab, the selection and the draft come back as they were saved.
    @Test func roundTrip() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let state = AppState(
            tab: .dreams, selectedEntry: Entry.ID(rawValue: "12"),
            draft: AppState.Draft(
                body: "half a dream", visibility: .journal, kind: .dream,
                dream: DreamDetails(creature: .shark, effects: [.snow], numberOfCreatures: CreatureCount(rawValue: 3) ?? .one)
            )
        )
        try state.write(to: url)
        let loaded = AppState.load(from: url)
        #expect(loaded.state == state)
        #expect(loaded.notice == nil)
    }

    /// A missing file is a fresh start without a notice; another version or a damaged file is a fresh start with one.
    @Test func unreadableStateIsIgnoredWithANotice() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(AppState.load(from: url).notice == nil)
        try Data(#"{"format": "qwinkle.app-state", "format_version": 99, "content": {}}"#.utf8).write(to: url)
        #expect(AppState.load(from: url).state == .initial)
        #expect(AppState.load(from: url).notice != nil)
        try Data("not json".utf8).write(to: url)
        #expect(AppState.load(from: url).notice != nil)
    }
}
