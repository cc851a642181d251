import Foundation
import QwinkleKit

/// The archive's JSON is Qwinkle's (snake_case keys, RFC 3339 times), its files readable by a person too.
enum QwinkleArchiveJSON {
    /// An encoder for one value inside a file that is written a piece at a time.
    static func encoder() -> JSONEncoder {
        QwinkleJSON.makeEncoder()
    }

    /// A decoder for the archive's files.
    static func decoder() -> JSONDecoder {
        QwinkleJSON.makeDecoder()
    }
}
