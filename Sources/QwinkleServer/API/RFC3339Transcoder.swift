import Foundation
import OpenAPIRuntime
import QwinkleKit

/// The generated code's dates in QwinkleKit's RFC 3339 form, so the API and every client print a time alike.
struct RFC3339Transcoder: DateTranscoder {
    struct Invalid: Error, CustomStringConvertible {
        let text: String
        var description: String { "Expected an RFC 3339 time such as 2026-11-21T09:30:00Z, not \"\(text)\"." }
    }

    func encode(_ date: Date) throws -> String {
        RFC3339.string(from: date)
    }

    func decode(_ text: String) throws -> Date {
        guard let date = RFC3339.date(from: text) else { throw Invalid(text: text) }
        return date
    }
}
