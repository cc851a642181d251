import Foundation
import QwinkleKit
import QwinkleClient

/// The app's top-level screens, one of them shown at a time: one enum, as talk 001 keeps exclusive states.
enum AppTab: String, CaseIterable, Codable, Sendable {
    /// The home timeline: you and the people you follow.
    case home
    /// Everyone's public entries.
    case `public`
    /// The journals shared with you, and yours.
    case journal
    /// The entries you marked.
    case marked
    /// Your dreams, as cards, with undo.
    case dreams
    /// Your conversations.
    case messages
    /// Your sessions, password and account.
    case account

    /// The tab's name.
    var title: String {
        switch self {
        case .home: "Home"
        case .public: "Public"
        case .journal: "Journal"
        case .marked: "Marked"
        case .dreams: "Dreams"
        case .messages: "Messages"
        case .account: "Account"
        }
    }

    /// The digit that shows it.
    var key: Character {
        Character(String((AppTab.allCases.firstIndex(of: self) ?? 0) + 1))
    }

    /// The timeline it shows, for the timeline tabs.
    var timeline: Timeline? {
        switch self {
        case .home: .home
        case .public: .everyone
        case .journal: .journal
        case .marked: .marked
        case .dreams, .messages, .account: nil
        }
    }
}
