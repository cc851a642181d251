import Foundation
import HTTPTypes
import Testing

/// A browser's side of the web app for router tests: its cookies, and the CSRF token of the last page it read.
struct WebSession: Sendable {
    let api: APIClient
    var cookies: [String: String] = [:]
    var csrfToken: String?

    init(_ api: APIClient) {
        self.api = api
    }

    /// Reads a page, keeping its cookies and its CSRF token.
    mutating func get(_ path: String, headers: HTTPFields = [:]) async throws -> APIResponse {
        let response = try await api.request(.get, path, headers: cookieHeaders(headers))
        keep(response)
        return response
    }

    /// Sends a form as a browser would, with the page's CSRF token unless told otherwise.
    mutating func post(_ path: String, _ fields: [(String, String)], csrf: Bool = true, headers: HTTPFields = [:]) async throws -> APIResponse {
        var pairs = fields
        if csrf, let csrfToken { pairs.append(("csrf_token", csrfToken)) }
        let body = pairs.map { "\(Self.encoded($0.0))=\(Self.encoded($0.1))" }.joined(separator: "&")
        let response = try await api.request(
            .post, path, body: Array(body.utf8), contentType: "application/x-www-form-urlencoded", headers: cookieHeaders(headers)
        )
        keep(response)
        return response
    }

    /// Calls the JSON API with the session cookie, and the CSRF header if asked.
    func apiRequest(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, csrfHeader: String? = nil) async throws -> APIResponse {
        var headers = cookieHeaders()
        if let csrfHeader { headers[HTTPField.Name("X-CSRF-Token")!] = csrfHeader }
        return try await api.request(method, path, json: json, headers: headers)
    }

    private func cookieHeaders(_ extra: HTTPFields = [:]) -> HTTPFields {
        var headers = extra
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        return headers
    }

    private mutating func keep(_ response: APIResponse) {
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            cookies[String(pair[0])] = pair[1].isEmpty ? nil : String(pair[1])
        }
        let html = String(decoding: response.bytes, as: UTF8.self)
        if let range = html.range(of: #"<meta name="csrf-token" content=""#) {
            csrfToken = String(html[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// The attributes a response set on a cookie, such as `HttpOnly` and `SameSite=Lax`.
    static func cookieAttributes(_ name: String, in response: APIResponse) -> [String]? {
        response.headers[values: .setCookie].first { $0.hasPrefix("\(name)=") }.map {
            $0.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

extension APIResponse {
    /// The body as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
