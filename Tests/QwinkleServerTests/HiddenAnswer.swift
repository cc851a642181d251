import Foundation
import HTTPTypes

/// How a hidden thing's answer differs from a missing thing's, if at all: the README promises none.
enum HiddenAnswer {
    /// Headers that differ between any two answers (the clock, and a length that follows the ID's digits).
    static let incidental: Set<HTTPField.Name> = [.date, .contentLength]

    /// Each way `hidden` (for the ID `hiddenID`) and `missing` (for `missingID`) differ: the status, the body with
    /// each ID replaced by a placeholder, and every header other than the incidental ones.
    static func differences(_ hidden: APIResponse, id hiddenID: String, _ missing: APIResponse, id missingID: String) -> [String] {
        var differences: [String] = []
        if hidden.status != missing.status { differences.append("status \(hidden.status.code) vs \(missing.status.code)") }
        let hiddenBody = String(decoding: hidden.bytes, as: UTF8.self).replacingOccurrences(of: hiddenID, with: "ID")
        let missingBody = String(decoding: missing.bytes, as: UTF8.self).replacingOccurrences(of: missingID, with: "ID")
        if hiddenBody != missingBody { differences.append("body \(hiddenBody) vs \(missingBody)") }
        let names = Set(hidden.headers.map(\.name)).union(missing.headers.map(\.name)).subtracting(incidental)
        for name in names.sorted(by: { $0.canonicalName < $1.canonicalName }) where hidden.headers[values: name] != missing.headers[values: name] {
            differences.append("\(name): \(hidden.headers[values: name]) vs \(missing.headers[values: name])")
        }
        return differences
    }
}
