import Foundation
import QwinkleKit
import QwinkleTerminalUI

/// The app's actions: keys, buttons and clicks all send these up the responder chain.
extension Action {
    /// Open the compose screen.
    static let compose = Action("compose")
    /// Show every key of the screen in front.
    static let help = Action("help")
    /// Leave the app (asking first if a draft would be left unposted).
    static let quit = Action("quit")
    /// Post the draft.
    static let post = Action("post")
    /// The draft's text changed.
    static let draftChanged = Action("draftChanged")
    /// The draft's kind, dream or visibility changed.
    static let draftSettingsChanged = Action("draftSettingsChanged")
    /// Open or shut the photo drawer.
    static let toggleDrawer = Action("toggleDrawer")
    /// Attach the photo named in the drawer.
    static let attachPhoto = Action("attachPhoto")
    /// Continue the draft saved most recently, wherever it was started.
    static let openLatestDraft = Action("openLatestDraft")
    /// Mark or unmark the entry.
    static let mark = Action("mark")
    /// Answer the entry.
    static let reply = Action("reply")
    /// Block the entry's author, after asking.
    static let blockAuthor = Action("blockAuthor")
    /// Mute the entry's author, after asking.
    static let muteAuthor = Action("muteAuthor")
    /// Open the entry's thread.
    static let thread = Action("thread")
    /// Edit the entry on a copy.
    static let edit = Action("edit")
    /// Throw the copy away.
    static let cancel = Action("cancel")
    /// Suggest the copy.
    static let done = Action("done")
    /// Accept the merged text after a conflict.
    static let acceptMerge = Action("acceptMerge")
    /// Load the timeline again.
    static let refresh = Action("refresh")
    /// Submit the log-in or sign-up form.
    static let submit = Action("submit")
    /// A log-in or sign-up field changed.
    static let formChanged = Action("formChanged")
    /// A log-in or sign-up field was left.
    static let fieldLeft = Action("fieldLeft")
    /// Switch between logging in and signing up.
    static let formModeChanged = Action("formModeChanged")
    /// Undo the last change of the dreams.
    static let undo = Action("undo")
    /// Redo the last undone change.
    static let redo = Action("redo")
    /// Delete the highlighted dream.
    static let deleteDream = Action("deleteDream")
    /// Duplicate the highlighted dream.
    static let duplicateDream = Action("duplicateDream")
    /// Make the highlighted dream's creature the favourite.
    static let favorite = Action("favorite")
    /// Start choosing dreams to share, or share the chosen ones.
    static let share = Action("share")
    /// Shares the entry with the signed-in person's followers, or takes the share back.
    static let shareEntry = Action("shareEntry")
    /// Bookmarks the entry, or takes the bookmark away.
    static let bookmarkEntry = Action("bookmarkEntry")
    /// Pins one's own entry to one's profile, or unpins it.
    static let pinEntry = Action("pinEntry")
    /// Send the reply.
    static let send = Action("send")
    /// Open the search screen, or run the query typed there.
    static let search = Action("search")
    /// Open the notifications screen.
    static let notifications = Action("notifications")
    /// Open the scheduled entries screen.
    static let scheduled = Action("scheduled")
    /// Cancel the highlighted scheduled entry.
    static let cancelScheduled = Action("cancelScheduled")
    /// End the highlighted session.
    static let endSession = Action("endSession")
    /// Open the password change form.
    static let changePassword = Action("changePassword")
    /// Open the account deletion form.
    static let deleteAccount = Action("deleteAccount")
    /// Answer yes to a question.
    static let confirm = Action("confirm")
    /// Show a tab, by the tab's raw value after the prefix `tab.`.
    static func showTab(_ tab: AppTab) -> Action { Action("tab.\(tab.rawValue)") }
}
