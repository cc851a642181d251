import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// The most names an entry's mentions are looked up for; the rest stay plain text.
    public static let maxMentions = 20

    /// What a reply answers, if the author may reply to it with this visibility; a parent they cannot read, or that
    /// is gone, is one answer, so a refusal tells nothing of what they may not see.
    func validatedReply(_ request: ReplyRequest, visibility: Visibility, author: Account) async throws -> EntryReply {
        let viewer = try await context.viewer(for: author)
        let parent: Entry
        do {
            parent = try await readable(id: request.parent, viewer: viewer)
        } catch ServiceError.notFound {
            throw ServiceError.invalid(
                field: "in_reply_to", "There is no entry \(request.parent) you can reply to: it was deleted, or you cannot read it."
            )
        }
        if let problem = Policy.replyProblem(visibility: visibility, parent: parent, wider: request.wider) {
            throw ServiceError.invalid(field: "visibility", problem)
        }
        return EntryReply(answering: parent)
    }

    /// The accounts a text names, each once, in the order named: `@username` here, and on a federating server
    /// `@user@host` elsewhere; a name nobody has stays plain text. Someone elsewhere not kept here yet is looked up
    /// on their server only for an entry of a `visibility` that leaves this server: a journal or author-only entry
    /// never makes another server learn that someone here named one of its people, nor when.
    func mentions(in body: String, visibility: Visibility) async throws -> [Mention] {
        var mentions: [Mention] = []
        for name in EntryText(body).mentionNames.prefix(Self.maxMentions) {
            guard let host = name.host else {
                if let account = try await storage.account(username: name.username) {
                    mentions.append(Mention(account: account.id, username: account.username))
                }
                continue
            }
            guard context.remote != nil else { continue }
            do {
                let account = visibility.leavesServer
                    ? try await context.findAccount(username: name.text)
                    : try await context.existingAccount(username: name.text)
                if !account.isLocal, !mentions.contains(where: { $0.account == account.id }) {
                    mentions.append(Mention(account: account.id, username: name.username, host: host))
                }
            } catch ServiceError.notFound {}
        }
        return mentions
    }

    /// Who is told of an entry with this audience: the parent's author that it replied, those it mentions that they
    /// were; only those the policy lets read it, and never its author.
    func notified(_ audience: EntryAudience, mentions: [Mention], reply: EntryReply?) async throws -> [Account.ID: AccountNotification.Kind] {
        var notify: [Account.ID: AccountNotification.Kind] = [:]
        var candidates = mentions.map { ($0.account, AccountNotification.Kind.mentioned) }
        if let reply { candidates.insert((reply.parentAuthor, .replied), at: 0) }
        for (account, kind) in candidates where account != audience.author && notify[account] == nil {
            // People of other servers are told by their own servers, which the entry is delivered to.
            guard let recipient = try await storage.account(id: account), recipient.isLocal else { continue }
            if Policy.canRead(audience, viewer: try await context.viewer(for: recipient)) { notify[account] = kind }
        }
        return notify
    }
}
