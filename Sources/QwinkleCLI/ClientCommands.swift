import ArgumentParser

/// Every command that talks to a server as one of its people (and `qwinkle app`), for the `qwinkle` command to
/// list beside the commands that run a server: this module is the client, and links nothing of the server.
public enum ClientCommands {
    /// The commands, in the order `qwinkle --help` lists them.
    public static let all: [any ParsableCommand.Type] = [
        SignUpCommand.self, LogInCommand.self, LogOutCommand.self, WhoAmICommand.self,
        PasswordCommand.self, SessionsCommand.self, EndSessionCommand.self, DeleteAccountCommand.self,
        PostCommand.self, JournalCommand.self, DreamCommand.self, ReplyCommand.self, DraftsCommand.self, DraftCommand.self, ScheduledCommand.self,
        TimelineCommand.self, ThreadCommand.self, TagCommand.self, SearchCommand.self, NotificationsCommand.self, ShowCommand.self, MarkedCommand.self, MarkCommand.self, UnmarkCommand.self, ShareCommand.self, UnshareCommand.self, BookmarksCommand.self, BookmarkCommand.self, UnbookmarkCommand.self, PinsCommand.self, PinCommand.self, UnpinCommand.self,
        EditCommand.self, RevisionsCommand.self, RestoreCommand.self, RestoreDeletedCommand.self, DeleteCommand.self,
        FollowCommand.self, UnfollowCommand.self, FollowingCommand.self, FollowersCommand.self, FollowRequestsCommand.self, ApproveCommand.self,
        RefuseCommand.self,
        BlockCommand.self, UnblockCommand.self, BlocksCommand.self, MuteCommand.self, UnmuteCommand.self, MutesCommand.self, NoteCommand.self,
        BlockDomainCommand.self, UnblockDomainCommand.self, DomainBlocksCommand.self, ReportCommand.self, ModerationCommand.self,
        ShareJournalCommand.self, UnshareJournalCommand.self, JournalReadersCommand.self,
        MessageCommand.self, ConversationsCommand.self, MessagesCommand.self,
        AvatarCommand.self, ProfileCommand.self, DownloadCommand.self, ExportCommand.self, ImportCommand.self, SyncCommand.self, AppCommand.self,
    ]
}
