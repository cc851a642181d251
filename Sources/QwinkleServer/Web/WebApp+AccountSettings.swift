import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// The signed-in person's account and security: their password, where they are signed in, and deletion.
    struct AccountSettingsContent: Sendable {
        struct SessionItem: Sendable {
            let id: String
            let client: String
            let createdText: String
            let lastUsedText: String
            let lastUsedAt: String
            let current: Bool
            /// For an app signed in through OAuth, what it may do, in words.
            let scopes: String?
        }

        var currentPassword = FieldView()
        var newPassword = FieldView()
        var newPasswordConfirmation = FieldView()
        var deletionPassword = FieldView()
        var sessions: [SessionItem] = []
        /// The sessions of apps signed in through OAuth (Mastodon apps), listed apart as "Apps with access".
        var apps: [SessionItem] = []
        /// A banner: what just happened, or what went wrong.
        var notice: String?
        var message: String?
    }

    /// What a form that succeeded says, by the name its redirect gives (`?done=password`): only these texts, so a
    /// link cannot put words in the page.
    private static let notices = [
        "password": "Your password is changed. You were signed out everywhere else.",
        "session": "That session is ended: its device is signed out.",
        "app": "That app's access is taken away: it can no longer use your account.",
    ]

    func accountSettingsPage(_ request: Request, visit: WebVisit) async throws -> Response {
        var content = AccountSettingsContent()
        content.notice = request.uri.queryParameters.get("done").flatMap { Self.notices[$0] }
        return try await renderAccountSettings(content, visit: visit)
    }

    func changePassword(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.PasswordChange.self, request, visit: visit)
        let me = try visit.signedInAccount()
        do {
            try await services.accounts.changePassword(
                of: me, current: form.currentPassword,
                new: SetPasswordValidator.Input(password: form.newPassword ?? "", confirmation: form.newPasswordConfirmation ?? ""),
                keepingToken: visit.token
            )
            return .redirect(to: "/settings/account?done=password")
        } catch ServiceError.invalid(let fields, _) {
            var content = AccountSettingsContent()
            content.currentPassword = FieldView(errors: fields["current_password"])
            content.newPassword = FieldView(errors: fields["new_password"])
            content.newPasswordConfirmation = FieldView(errors: fields["new_password_confirmation"])
            content.message = "Your password is not changed: please fix the fields marked below."
            return try await renderAccountSettings(content, visit: visit, status: .unprocessableContent)
        }
    }

    func endSession(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        try await services.accounts.endSession(id, of: try visit.signedInAccount(), token: visit.token)
        return .redirect(to: request.uri.queryParameters.get("app") == nil ? "/settings/account?done=session" : "/settings/account?done=app")
    }

    func deleteAccount(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.AccountDeletion.self, request, visit: visit)
        do {
            try await services.accounts.deleteAccount(try visit.signedInAccount(), password: form.password)
            return signedOut(redirectTo: "/", visit: visit)
        } catch ServiceError.invalid(let fields, _) {
            var content = AccountSettingsContent()
            content.deletionPassword = FieldView(errors: fields["password"])
            content.message = "Your account is not deleted: the password is needed."
            return try await renderAccountSettings(content, visit: visit, status: .unprocessableContent)
        }
    }

    private func renderAccountSettings(
        _ content: AccountSettingsContent, visit: WebVisit, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var content = content
        let items = try await services.accounts.sessions(of: try visit.signedInAccount(), token: visit.token).map { session in
            AccountSettingsContent.SessionItem(
                id: session.id.rawValue, client: session.clientName, createdText: EntryView.timeText(session.createdAt),
                lastUsedText: EntryView.timeText(session.lastUsedAt), lastUsedAt: RFC3339.string(from: session.lastUsedAt),
                current: session.isCurrent, scopes: session.appScopes.map { Self.scopeWords($0).joined(separator: "; ") }
            )
        }
        content.sessions = items.filter { $0.scopes == nil }
        content.apps = items.filter { $0.scopes != nil }
        let site = SiteView(title: "Account and security", visit: visit, section: "/settings")
        return render("account-settings", content, site: site, status: status)
    }
}
