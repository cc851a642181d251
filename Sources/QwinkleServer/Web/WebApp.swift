import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Mustache
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// The web app: pages rendered on the server from Mustache templates, over the same services as the JSON API.
///
/// Every page calls the services with the visitor's signed-in account, so the policy, validators, length rule
/// and merge that decide the API's answers decide the pages too.
struct WebApp: Sendable {
    /// Every rule of Qwinkle.
    let services: Services
    /// The server's limits.
    let configuration: ServerConfiguration
    /// The page templates.
    let templates: MustacheLibrary
    /// Where faults are reported.
    let logger: Logger
    /// The articles sent live, shared by every page's stream so an event is rendered once for viewers who see it alike.
    let liveArticles = EncodingCache<LiveArticleKey, String>()

    /// A failure shown to the visitor as a page.
    struct Failure: Error {
        let status: HTTPResponse.Status
        let title: String
        let message: String

        /// What a service refused, as a page, with the status every front door answers it with.
        init(_ error: ServiceError) {
            let status = error.httpStatus
            let message = error.message
            let title = switch status {
            case .notFound: "Not found"
            case .forbidden: "Not allowed"
            case .conflict: "That changed meanwhile"
            default: "That did not work"
            }
            self.init(status: status, title: title, message: message)
        }

        /// A failure with its status, title and message.
        init(status: HTTPResponse.Status, title: String, message: String) {
            self.status = status
            self.title = title
            self.message = message
        }

        /// Whatever went wrong on the server's side (a page that could not be rendered, a fault), told as such.
        static let internalFailure = Failure(
            status: .internalServerError, title: "Something went wrong",
            message: "Something went wrong on our side. Try again in a moment."
        )

        /// A form body that is not a form this page sends.
        static let unreadableForm = Failure(
            status: .badRequest, title: "This form could not be read",
            message: "Go back, reload the page and try again."
        )

        /// A form posted without this visit's CSRF token.
        static let expiredForm = Failure(
            status: .forbidden, title: "This form has expired",
            message: "Go back, reload the page and try again."
        )
    }

    /// Runs a page handler for a request: resolves the visitor, turns every failure into a page, and sets the
    /// cookies the visit needs.
    func visit(
        _ request: Request, _ handler: @Sendable (WebVisit) async throws -> Response
    ) async -> Response {
        let visit = await makeVisit(request)
        var response: Response
        do {
            response = try await handler(visit)
        } catch ServiceError.notSignedIn {
            response = .redirect(to: "/login?next=\(Self.queryEscaped(visit.target))")
        } catch let error as ServiceError {
            response = failurePage(Failure(error), visit: visit)
        } catch let failure as Failure {
            response = failurePage(failure, visit: visit)
        } catch StorageError.full {
            logger.error("The page \(visit.target) found the disk full")
            response = failurePage(
                Failure(
                    status: .insufficientStorage, title: "Out of space",
                    message: "The server's disk is full, so nothing was saved. Reading still works; try again later."
                ),
                visit: visit
            )
        } catch StorageError.unavailable(let why) {
            logger.warning("The page \(visit.target) found the database unavailable: \(why)")
            response = failurePage(
                Failure(status: .serviceUnavailable, title: "Busy for a moment", message: "The server cannot reach its database just now. Try again in a moment."),
                visit: visit
            )
            response.headers[.retryAfter] = "1"
        } catch {
            logger.error("The page \(visit.target) failed: \(error)")
            response = failurePage(.internalFailure, visit: visit)
        }
        let setCookies = response.headers[values: .setCookie]
        if visit.isNewNonce, !setCookies.contains(where: { $0.hasPrefix("\(SessionCookies.csrfNonce)=") }) {
            response.setCookie(visit.cookie(SessionCookies.csrfNonce, value: visit.nonce, maxAge: WebVisit.sessionLifetime))
        }
        if visit.clearsSession, !setCookies.contains(where: { $0.hasPrefix("\(SessionCookies.session)=") }) {
            response.setCookie(visit.cookie(SessionCookies.session, value: "", maxAge: 0))
        }
        response.headers[.cacheControl] = response.headers[.cacheControl] ?? "no-store"
        Self.addSecurityHeaders(to: &response.headers)
        return response
    }

    /// The page for a request over a rate limit.
    func tooManyRequestsPage(_ request: Request, message: String) async -> Response {
        await visit(request) { _ in throw Failure(status: .tooManyRequests, title: "Slow down", message: message) }
    }

    /// What every page allows: its own scripts, styles, images and requests only, and no framing by other sites.
    /// Inline styles stay allowed because a dream card's layers move by their `style` attributes.
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' blob: data:",
        "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'",
    ].joined(separator: "; ")

    private static func addSecurityHeaders(to headers: inout HTTPFields) {
        let fields: [(String, String)] = [
            ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"), ("X-Frame-Options", "DENY"),
        ]
        for (name, value) in fields {
            // A page may widen its own policy (the OAuth consent page's form-action, for the app it redirects to).
            if let name = HTTPField.Name(name), headers[name] == nil { headers[name] = value }
        }
    }

    /// Who is asking: the session cookie's account if it is still valid.
    private func makeVisit(_ request: Request) async -> WebVisit {
        let headers = request.headers
        let target = request.uri.query.map { "\(request.uri.path)?\($0)" } ?? request.uri.path
        let cookieNonce = SessionCookies.value(of: SessionCookies.csrfNonce, in: headers)
        var token = SessionCookies.value(of: SessionCookies.session, in: headers)
        var account: Account?
        var clearsSession = false
        if let sent = token {
            account = try? await services.accounts.account(token: sent)
            if account == nil {
                token = nil
                clearsSession = true
            }
        }
        // The header shows the count; a failure to read it leaves 0 there, and the live stream corrects it.
        let unread = if let account { (try? await services.notifications.unreadCount(for: account)) ?? 0 } else { 0 }
        return WebVisit(
            target: target, token: token, account: account, nonce: cookieNonce ?? TokenIssuer.makeToken(),
            isNewNonce: cookieNonce == nil, clearsSession: clearsSession, isSecure: WebVisit.isSecure(request), unreadNotifications: unread
        )
    }

    /// Reads a posted form and checks its CSRF token; a form without the right token changes nothing, and one
    /// that is not a form of this kind (bad percent-encoding, a field sent twice) is refused.
    func form<Form: Decodable>(_ type: Form.Type, _ request: Request, visit: WebVisit) async throws -> Form {
        let body = String(buffer: try await request.body.collect(upTo: configuration.maxJSONBytes))
        let decoder = URLEncodedFormDecoder()
        let token: PostedForm.Token
        do { token = try decoder.decode(PostedForm.Token.self, from: body) } catch { throw Failure.unreadableForm }
        guard visit.acceptsCSRFToken(token.csrfToken) else { throw Failure.expiredForm }
        do { return try decoder.decode(Form.self, from: body) } catch { throw Failure.unreadableForm }
    }

    /// A page rendered from a template with the layout's part and the page's own.
    func render<Content: Sendable>(
        _ template: String, _ page: Content, site: SiteView, status: HTTPResponse.Status = .ok
    ) -> Response {
        if let html = templates.render(PageView(site: site, page: page), withTemplate: template) { return Self.html(html, status: status) }
        // A page that cannot be rendered is the server's fault: say so with the error page, never an empty 200.
        logger.error("The page template \(template) could not be rendered")
        let failure = Failure.internalFailure
        if template != "error",
            let html = templates.render(PageView(site: site, page: FailureContent(title: failure.title, message: failure.message)), withTemplate: "error")
        {
            return Self.html(html, status: failure.status)
        }
        return Response(
            status: failure.status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: failure.message))
        )
    }

    /// A template the server was built without, reported as the server's fault (500) where a page needs it.
    struct TemplateMissing: Error, CustomStringConvertible {
        /// The template's name.
        let name: String
        var description: String { "The template \(name) could not be rendered." }
    }

    /// What the error page shows.
    struct FailureContent: Sendable {
        let title: String
        let message: String
    }

    /// An HTML response.
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// The page for a failure.
    func failurePage(_ failure: Failure, visit: WebVisit) -> Response {
        render(
            "error", FailureContent(title: failure.title, message: failure.message),
            site: SiteView(title: failure.title, visit: visit, section: nil), status: failure.status
        )
    }

    /// Text made safe for a URL's query.
    static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
