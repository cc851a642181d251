import Foundation
import Testing

/// The web app's JavaScript keeps copies of QwinkleKit's rules (length.js, undo.js, listdiff.js, content.js in the server's
/// `Web/Static`). This suite keeps `Tests/JavaScript/vectors.json`, Swift's answers that the node tests
/// (`.ci/javascript-tests`) hold those copies to, equal to what Swift answers now.
@Suite("JavaScript vectors")
struct JavaScriptVectorTests {
    /// The committed vectors, found from this file so the test runs from any directory.
    static let file = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appending(components: "JavaScript", "vectors.json")

    /// How to bring the file up to date, said by every failure.
    static let howToRegenerate = """
        If Swift's answers changed on purpose, rewrite the file with \
        `QWINKLE_WRITE_VECTORS=1 swift test --filter JavaScriptVector`, then run `.ci/javascript-tests` and fix the \
        JavaScript copies until they agree again.
        """

    /// Compares Swift's answers with the committed file, or writes them there when asked to.
    @Test("vectors.json holds Swift's answers now; QWINKLE_WRITE_VECTORS=1 rewrites it instead")
    func committedAnswersAreSwifts() throws {
        let answers = try JavaScriptVectors().encoded()
        if ProcessInfo.processInfo.environment["QWINKLE_WRITE_VECTORS"] == "1" {
            try answers.write(to: Self.file, options: .atomic)
            return
        }
        let committed = try? Data(contentsOf: Self.file)
        #expect(
            committed == answers, "\(Self.difference(committed: committed, answers: answers)) \(Self.howToRegenerate)"
        )
    }

    /// Checks that no two cases of a kind share an id.
    @Test("Every case has an id of its own, so a failure can say which")
    func idsAreUnique() {
        let vectors = JavaScriptVectors()
        for ids in [vectors.length.map(\.id), vectors.undo.map(\.id), vectors.listDiff.map(\.id), vectors.content.map(\.id)] {
            #expect(Set(ids).count == ids.count)
        }
    }

    /// Where the committed file first differs from Swift's answers, and in which case.
    private static func difference(committed: Data?, answers: Data) -> String {
        guard let committed else { return "\(file.path) is missing or unreadable." }
        let lines = { (data: Data) in
            String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        let (old, new) = (lines(committed), lines(answers))
        let shared = min(old.count, new.count)
        let line = (0..<shared).first { old[$0] != new[$0] } ?? shared
        let shown = { (lines: [Substring]) in
            line < lines.count ? "`\(lines[line].trimmingCharacters(in: .whitespaces).prefix(160))`" : "the end of the file"
        }
        // Keys are sorted and "id" comes first in a case, so the nearest "id" at or above the line is the case's:
        // `"id" : "plain ASCII",` splits at its quotes into "id", " : " and the id itself.
        let idLine = new.prefix(line + 1).last { $0.contains(#""id" : ""#) }
        let id = idLine?.split(separator: "\"", omittingEmptySubsequences: false).dropFirst(3).first
        let place = id.map { ", in the case \"\($0)\"" } ?? ""
        return "\(file.lastPathComponent) differs from Swift's answers at line \(line + 1)\(place): "
            + "the file has \(shown(old)) where Swift answers \(shown(new))."
    }
}
