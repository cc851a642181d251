import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// The signed-in person's conversations, and a form to start one.
    struct ConversationsContent: Sendable {
        struct Item: Sendable {
            let url: String
            let with: String
            let lastText: String
            let lastAt: String
            /// The latest message's first words, for a glance at what was said.
            let preview: String
            /// Whether a message came since the person last opened it.
            let unread: Bool
        }

        let conversations: [Item]
        let to: FieldView
        let body: FieldView
    }

    /// One conversation, oldest message first, and a form to reply.
    struct ConversationContent: Sendable {
        struct Item: Sendable {
            let sender: AccountView?
            let mine: Bool
            let body: String
            let createdText: String
            let createdAt: String
        }

        let id: String
        let with: String
        let to: String
        let messages: [Item]
        let body: FieldView
    }

    func conversationsPage(visit: WebVisit) async throws -> Response {
        try await renderConversations(to: FieldView(), body: FieldView(), visit: visit)
    }

    func conversationPage(_ id: String, visit: WebVisit, body: FieldView = FieldView(), status: HTTPResponse.Status = .ok) async throws -> Response {
        let me = try visit.signedInAccount()
        let (shown, messages) = try await services.messages.messages(in: id, page: PageRequest(limit: 100), by: me)
        // Opening a conversation reads it, in every app: Mastodon apps list it as read too.
        if shown.unread { try await services.messages.markRead(id, by: me) }
        let accounts = shown.accounts.mapValues(AccountView.init)
        let others = shown.accounts.values.filter { $0.id != me.id }.sorted { ($0.id.integerValue ?? 0) < ($1.id.integerValue ?? 0) }
        let content = ConversationContent(
            id: id, with: others.map { AccountView($0).name }.joined(separator: ", "),
            to: others.map(\.username).joined(separator: " "),
            messages: messages.items.reversed().map { message in
                .init(
                    sender: message.sender.flatMap { accounts[$0] }, mine: message.sender == me.id, body: message.body,
                    createdText: EntryView.timeText(message.createdAt), createdAt: RFC3339.string(from: message.createdAt)
                )
            },
            body: body
        )
        return render("conversation", content, site: SiteView(title: "Messages", visit: visit, section: "/messages"), status: status)
    }

    /// A message's first words, on one line.
    static func preview(of message: Message?) -> String {
        guard let message else { return "" }
        let line = message.body.split(whereSeparator: \.isNewline).joined(separator: " ")
        if line.isEmpty { return message.photos.isEmpty ? "" : "(a photo)" }
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    /// What the messages page says of a message with no text.
    static let emptyMessage = "Write a message first."

    func sendMessage(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.Message.self, request, visit: visit)
        let recipients = (form.to ?? "").split(whereSeparator: { $0 == " " || $0 == "," })
            .map { $0.replacingOccurrences(of: "@", with: "") }.filter { !$0.isEmpty }
        let body = form.body ?? ""
        let fields: [String: [String]]?
        let summary: String
        let status: HTTPResponse.Status
        do {
            let sent = try await services.messages.send(to: recipients, body: body, photoIDs: [], by: visit.signedInAccount())
            return .redirect(to: "/messages/\(sent.conversation.conversation.id)")
        } catch ServiceError.invalid(var invalid, let message) {
            // The page's form has no way to attach a photo, so it does not offer one.
            invalid["body"] = invalid["body"]?.map { $0 == MessageService.empty ? Self.emptyMessage : $0 }
            (fields, summary, status) = (invalid, message, .unprocessableContent)
        } catch ServiceError.notFound(let what) {
            (fields, summary, status) = (nil, "\(what) was not found.", .notFound)
        }
        let toErrors = fields?.filter { $0.key.hasPrefix("to") }.values.flatMap { $0 }
        let bodyErrors = fields?["body"] ?? (fields == nil ? [summary] : nil)
        if let conversation = form.conversation, !conversation.isEmpty {
            return try await conversationPage(conversation, visit: visit, body: FieldView(value: body, errors: (toErrors ?? []) + (bodyErrors ?? [])), status: status)
        }
        return try await renderConversations(
            to: FieldView(value: form.to ?? "", errors: toErrors), body: FieldView(value: body, errors: bodyErrors), visit: visit, status: status
        )
    }

    private func renderConversations(to: FieldView, body: FieldView, visit: WebVisit, status: HTTPResponse.Status = .ok) async throws -> Response {
        let me = try visit.signedInAccount()
        let conversations = try await services.messages.conversations(of: me, page: PageRequest(limit: 100))
        let content = ConversationsContent(
            conversations: conversations.items.map { shown in
                .init(
                    url: "/messages/\(shown.conversation.id)",
                    with: shown.accounts.values.filter { $0.id != me.id }.sorted { ($0.id.integerValue ?? 0) < ($1.id.integerValue ?? 0) }
                        .map { AccountView($0).name }.joined(separator: ", "),
                    lastText: EntryView.timeText(shown.conversation.lastMessageAt), lastAt: RFC3339.string(from: shown.conversation.lastMessageAt),
                    preview: Self.preview(of: shown.lastMessage), unread: shown.unread
                )
            },
            to: to, body: body
        )
        return render("conversations", content, site: SiteView(title: "Messages", visit: visit, section: "/messages"), status: status)
    }
}
