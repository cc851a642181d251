import QwinkleKit

/// What every page's layout shows: the title, who is signed in, the navigation, and the CSRF token.
struct SiteView: Sendable {
    /// One link of the main navigation.
    struct NavItem: Sendable {
        let href: String
        let label: String
        let current: Bool
    }

    /// The page's title, before " · Qwinkle".
    let title: String
    /// Whether someone is signed in (`data-signed-in` on the body).
    let signedIn: Bool
    /// The signed-in account.
    let me: AccountView?
    /// The CSRF token for forms and scripts.
    let csrf: String
    /// The main navigation.
    let nav: [NavItem]
    /// The page's scripts, in `/static`, after `qwinkle.js`, which they share, each after the files it needs.
    let scripts: [String]
    /// Whether this is the compose page, so its header button is marked current.
    let composing: Bool
    /// The signed-in account's unread notifications, which `notifications.js` keeps current.
    let unread: Int
    /// Whether this is the notifications page, so its header link is marked current.
    let notifying: Bool
    /// The names of the content's lines, space-separated (`data-content-lines` on the body), so `content.js` knows
    /// them without naming them itself.
    let contentLines = ContentLine.allCases.map(\.rawValue).joined(separator: " ")

    /// The layout for a visit, with the navigation item at `section` marked current.
    init(title: String, visit: WebVisit, section: String?, scripts: [String] = []) {
        self.title = title
        signedIn = visit.account != nil
        me = visit.account.map(AccountView.init)
        csrf = visit.csrfToken
        self.scripts = scripts.isEmpty ? [] : ["qwinkle.js"] + scripts.flatMap { (Self.needs[$0] ?? []) + [$0] }
        composing = section == "/compose"
        unread = visit.unreadNotifications
        notifying = section == "/notifications"
        let links: [(String, String)] =
            visit.account == nil
            ? [("/public", "Public"), ("/login", "Log in"), ("/signup", "Sign up")]
            : [
                ("/home", "Home"), ("/public", "Public"), ("/journal", "Journal"), ("/dreams", "Dreams"),
                ("/marked", "Marked"), ("/bookmarks", "Bookmarks"), ("/messages", "Messages"), ("/settings", "Settings"),
            ]
        nav = links.map { NavItem(href: $0.0, label: $0.1, current: $0.0 == section) }
    }

    /// What a page script needs loaded before it: the rules it shares with QwinkleKit and the content's fields, in
    /// files node can test.
    private static let needs = ["compose.js": ["length.js", "content.js"], "dreams.js": ["undo.js", "listdiff.js", "content.js"]]
}

/// A rendered page: the layout's part and the page's own.
struct PageView<Content: Sendable>: Sendable {
    let site: SiteView
    let page: Content
}
