import Foundation
import QwinkleKit

/// What `Tests/JavaScript/vectors.json` holds: inputs, and QwinkleKit's answers for them. The node tests beside
/// it hold the web app's JavaScript copies of the same rules to these answers, so the copies cannot drift.
struct JavaScriptVectors: Encodable {
    /// A word to whoever opens the file.
    var about = """
        Written by Tests/QwinkleKitTests/JavaScriptVectorTests.swift from QwinkleKit's answers and read by \
        Tests/JavaScript/*.test.js. Do not edit: regenerate with QWINKLE_WRITE_VECTORS=1 swift test --filter JavaScriptVector
        """
    /// `LengthRule.standard`, whose numbers length.js falls back on when a page does not give its own.
    var lengthRule = LengthRule.standard
    /// Texts counted by `LinkScanner` and `LengthRule.standard`, as length.js counts them for compose.js.
    var length = LengthVector.all
    /// Steps taken on an `UndoHistory`, as undo.js takes them for dreams.js.
    var undo = UndoVector.all
    /// Lists of ids compared by `ListDiff`, as listdiff.js compares them for dreams.js.
    var listDiff = ListDiffVector.all
    /// Entries' content as Swift writes it, which content.js reads from the compose form and copies from the API.
    var content = ContentVector.all
    /// The names of the content's lines, as every page lists them on its body for content.js.
    var contentLines = ContentLine.allCases.map(\.rawValue)

    /// The file's bytes: keys sorted and one case after another in a fixed order, so writing twice gives the same
    /// bytes, and a diff of the file shows which answers changed.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
