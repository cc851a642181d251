import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// The signed-in app: a row of tabs over a navigation stack, and the keys that work everywhere (`c` compose,
/// `/` search, `n` notifications, `S` scheduled entries, `?` help, `q` quit, `1`–`7` the tabs). It is in every screen's responder chain, so
/// those keys need no screen to know of them. The tab row shows the unread notification count, live.
final class MainController: ViewController {
    /// The server.
    private let session: AppSession
    /// The stack of the tab shown.
    let navigation: NavigationController
    /// The tab shown.
    private(set) var tab: AppTab
    /// Each tab's root controller, made when first shown.
    private var roots: [AppTab: ViewController] = [:]
    /// The one compose screen: its model is the draft, kept while you look elsewhere.
    let compose: ComposeController
    /// The one search screen: the last query and its results stay while you look elsewhere.
    private lazy var searchScreen = SearchController(session: session)
    /// The entry highlighted in the timeline shown, for the saved state.
    private(set) var selectedEntry: Entry.ID?
    /// Where shared dream cards go.
    private let shareFolder: URL
    /// The tab row, which also shows the last notice.
    private let tabs = TabStrip()
    /// The one notifications screen, made when first shown.
    private lazy var notificationsScreen = NotificationsController(session: session)
    /// The one scheduled entries screen, made when first shown.
    private lazy var scheduledScreen = ScheduledController(session: session)
    /// Follows the unread count for as long as the app runs.
    private var unreadTask: Task<Void, Never>?
    /// Takes the notice away once it has been shown long enough.
    private var noticeTask: Task<Void, Never>?
    /// How long a notice stays in the tab row.
    static let noticeDuration: Duration = .seconds(6)

    /// The app, restored to a saved state.
    init(session: AppSession, state: AppState, notice: String?, shareFolder: URL) {
        self.session = session
        self.shareFolder = shareFolder
        tab = state.tab
        selectedEntry = state.selectedEntry
        compose = ComposeController(session: session, draft: state.draft)
        navigation = NavigationController(root: ViewController())
        super.init()
        addChild(navigation)
        navigation.setViewControllers([root(for: state.tab, selecting: state.selectedEntry)])
        tabs.selected = state.tab
        compose.onPosted = { [weak self] posted in self?.posted(posted) }
        compose.onScheduled = { [weak self] scheduled in
            // Short, as "Posted #5." is: a longer notice leaves the tabs their keys alone. `S` lists when.
            self?.notify("Scheduled #\(scheduled.id).")
        }
        followUnreadCount()
        if let notice { notify(notice) }
    }

    /// Keeps the tab row's unread count as the server's notification stream tells it, reconnecting after a pause
    /// when it drops (offline, the count stays as it was).
    private func followUnreadCount() {
        let api = session.api
        unreadTask = Task { [weak self] in
            while !Task.isCancelled, self != nil {
                do {
                    for try await count in api.liveUnreadNotificationCounts() {
                        self?.tabs.unread = count
                        self?.tabs.setNeedsDisplay()
                    }
                } catch {}
                try? await Task.sleep(for: .seconds(3))
            }
        }
    }

    /// The state to save: the tab, the highlighted entry, the draft.
    var state: AppState {
        AppState(tab: tab, selectedEntry: selectedEntry, draft: compose.savedDraft)
    }

    /// The tab row above the navigation stack's view.
    override func loadView() -> View {
        tabs.onChoose = { [weak self] tab in self?.show(tab) }
        return StackView(margin: 0, rows: [(tabs, 1), (navigation.view, nil)])
    }

    /// The focus goes to the screen shown.
    override var focusController: ViewController { navigation.focusController }

    /// The keys that work everywhere.
    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.character("c"), "Compose", action: .compose, isMain: true),
            KeyCommand(.character("/"), "Search", action: .search, isMain: true),
            KeyCommand(.character("n"), "Notifications", action: .notifications, isMain: true),
            KeyCommand(.character("S"), "Scheduled", action: .scheduled),
            KeyCommand(.character("?"), "Help", action: .help, isMain: true),
            KeyCommand(.character("q"), "Quit", action: .quit, isMain: true),
            KeyCommand(.control("c"), "Quit", action: .quit),
        ] + AppTab.allCases.map { KeyCommand(.character($0.key), $0.title, action: .showTab($0)) }
    }

    /// Compose, search, notifications, help, quit and the tabs.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .compose:
            guard navigation.topViewController !== compose else { return true }
            navigation.push(compose)
        case .search:
            guard navigation.topViewController !== searchScreen else { return true }
            navigation.push(searchScreen)
        case .help:
            let commands = window?.availableKeyCommands ?? []
            window?.present(HelpController(commands: commands))
        case .quit: quit()
        case .notifications:
            guard navigation.topViewController !== notificationsScreen else { return true }
            navigation.push(notificationsScreen)
        case .scheduled:
            guard navigation.topViewController !== scheduledScreen else { return true }
            navigation.push(scheduledScreen)
        default:
            guard let tab = AppTab.allCases.first(where: { action == .showTab($0) }) else { return false }
            show(tab)
        }
        return true
    }

    /// After a post: says so, and a new dream joins the dreams screen's model.
    private func posted(_ entry: TimelineEntry?) {
        guard let entry else { return notify("Queued until the server is back.") }
        notify("Posted #\(entry.id).")
        if entry.entry.dream != nil, let dreams = roots[.dreams] as? DreamsController { dreams.add(entry.entry) }
    }

    /// Shows a notice in the tab row for a few seconds: it is news, and stale news would read as the present.
    func notify(_ text: String) {
        tabs.notice = text
        tabs.setNeedsDisplay()
        noticeTask?.cancel()
        noticeTask = Task { [weak self] in
            try? await Task.sleep(for: Self.noticeDuration)
            guard !Task.isCancelled, let self else { return }
            self.tabs.notice = ""
            self.tabs.setNeedsDisplay()
        }
    }

    /// `q` at the top of a stack quits, asking first if a draft is unposted; deeper in, it goes back.
    private func quit() {
        if navigation.viewControllers.count > 1, navigation.topViewController !== compose {
            navigation.pop()
            return
        }
        guard compose.isEmpty else {
            window?.present(ConfirmController(question: "Quit with an unposted draft? It is kept for next time.") { [weak self] in
                self?.window?.application?.quit()
            })
            return
        }
        window?.application?.quit()
    }

    /// Shows a tab's root screen.
    private func show(_ tab: AppTab) {
        self.tab = tab
        tabs.selected = tab
        tabs.setNeedsDisplay()
        navigation.setViewControllers([root(for: tab, selecting: nil)])
    }

    /// A tab's root controller, made once.
    private func root(for tab: AppTab, selecting entry: Entry.ID?) -> ViewController {
        if let existing = roots[tab] { return existing }
        let controller: ViewController
        switch tab {
        case .dreams: controller = DreamsController(session: session, shareFolder: shareFolder)
        case .messages: controller = MessagesController(session: session)
        case .account: controller = AccountController(session: session)
        case .home, .public, .journal, .marked:
            let timeline = TimelineController(timeline: tab.timeline ?? .home, title: tab.title, session: session)
            timeline.entryToSelect = entry
            timeline.onHighlight = { [weak self] id in self?.selectedEntry = id }
            controller = timeline
        }
        roots[tab] = controller
        return controller
    }
}
