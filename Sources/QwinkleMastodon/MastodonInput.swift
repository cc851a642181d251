import Foundation
import Hummingbird
import NIOCore

/// What an app sends, read the ways Mastodon apps send it: a query on reads; a form, a JSON object or a query on
/// writes. One `Decodable` per endpoint names the parameters, so each is read once, by name.
enum MastodonInput {
    /// The most a JSON or form body may be (a status and its options is far less).
    static let maxBody = 1 << 20

    /// The request's parameters: the query, and the body when it is a form or JSON.
    static func read<Parameters: Decodable>(_ type: Parameters.Type, from request: Request) async throws -> Parameters {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        var request = request
        let body = try await request.collectBody(upTo: maxBody)
        do {
            if contentType.hasPrefix("application/json") {
                return try JSONDecoder().decode(Parameters.self, from: Data(body.readableBytesView))
            }
            var text = request.uri.query ?? ""
            if contentType.hasPrefix("application/x-www-form-urlencoded"), body.readableBytes > 0 {
                text = text.isEmpty ? String(buffer: body) : text + "&" + String(buffer: body)
            }
            return try URLEncodedFormDecoder().decode(Parameters.self, from: lastOfEach(text))
        } catch {
            throw MastodonError(status: .unprocessableContent, message: "The parameters could not be read: \(Self.reason(error))")
        }
    }

    /// The form with a name sent several times kept once, its last value, as Mastodon (Rails) reads it: apps send
    /// such forms (Mastodon.py 2.3 repeats an `oauth_info` key in its token request). Names of lists (`media_ids[]`)
    /// keep every value.
    static func lastOfEach(_ form: String) -> String {
        var pairs: [(name: Substring, pair: Substring)] = []
        var position: [Substring: Int] = [:]
        for pair in form.split(separator: "&", omittingEmptySubsequences: true) {
            // Apps escape the brackets (`media_ids%5B%5D`) as often as not.
            let sent = pair.prefix { $0 != "=" }
            let name: Substring = sent.removingPercentEncoding.map { Substring($0) } ?? sent
            if name.contains("["), !name.hasSuffix("]") || name.hasSuffix("[]") {
                pairs.append((name, pair))
            } else if let index = position[name] {
                pairs[index].pair = pair
            } else {
                position[name] = pairs.count
                pairs.append((name, pair))
            }
        }
        return pairs.map(\.pair).joined(separator: "&")
    }

    /// A short reason for a parameter that could not be read.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return field.isEmpty ? "the body is not valid." : "\(field) is not valid."
        default: return "the body is not valid."
        }
    }
}

/// A yes or no as apps send it: a JSON boolean, or `true`/`false`/`1`/`0` in a form.
struct MastodonFlag: Decodable, Sendable {
    /// The value.
    let value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            value = bool
            return
        }
        guard let flag = Self(text: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a yes or no.")
        }
        self = flag
    }

    /// A yes or no as a form or a multipart field writes it; `nil` for neither.
    init?(text: String) {
        switch text.lowercased() {
        case "true", "1", "on", "yes": value = true
        case "false", "0", "off", "no", "": value = false
        default: return nil
        }
    }
}

/// One string or several, as `redirect_uris` and `scopes` come (a string, or an array in newer apps).
struct MastodonStrings: Decodable, Sendable {
    /// The strings.
    let values: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let one = try? container.decode(String.self) {
            values = [one]
        } else {
            values = try container.decode([String].self)
        }
    }
}
