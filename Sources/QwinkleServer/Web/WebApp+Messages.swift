import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit

extension WebApp {
    /// The signed-in person's conversations, and a form to start one.
    struct ConversationsContent: Sendable {
        struct Item: Sendable {
            let url: String
            let with: String
            let lastText: String
            let lastAt: String
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
        let conversations = try await api.listConversations(.init(query: .init(limit: 100))).ok.body.json
        let messages = try await api.listMessages(.init(path: .init(id: id), query: .init(limit: 100))).ok.body.json
        let conversation = conversations.first { $0.id == id }
        let accounts = Dictionary((conversation?.accounts ?? []).map { ($0.id, AccountView($0)) }, uniquingKeysWith: { first, _ in first })
        let others = (conversation?.accounts ?? []).filter { $0.id != me.id.rawValue }
        let content = ConversationContent(
            id: id, with: others.map { AccountView($0).name }.joined(separator: ", "),
            to: others.map(\.username).joined(separator: " "),
            messages: messages.reversed().map { message in
                .init(
                    sender: accounts[message.senderId], mine: message.senderId == me.id.rawValue, body: message.body,
                    createdText: EntryView.timeText(message.createdAt), createdAt: RFC3339.string(from: message.createdAt)
                )
            },
            body: body
        )
        return render("conversation", content, site: SiteView(title: "Messages", visit: visit, section: "/messages"), status: status)
    }

    func sendMessage(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(request, visit: visit)
        let recipients = (form["to"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," })
            .map { $0.replacingOccurrences(of: "@", with: "") }.filter { !$0.isEmpty }
        let body = form["body"] ?? ""
        do {
            let sent = try await api.sendMessage(.init(body: .json(.init(to: recipients, body: body)))).created.body.json
            return .redirect(to: "/messages/\(sent.conversation.id)")
        } catch let error as APIError where [.unprocessableContent, .notFound].contains(error.status) {
            let toErrors = error.fields?.filter { $0.key.hasPrefix("to") }.values.flatMap { $0 }
            let bodyErrors = error.fields?["body"] ?? (error.fields == nil ? [error.message] : nil)
            if let conversation = form["conversation"], !conversation.isEmpty {
                return try await conversationPage(conversation, visit: visit, body: FieldView(value: body, errors: (toErrors ?? []) + (bodyErrors ?? [])), status: error.status)
            }
            return try await renderConversations(
                to: FieldView(value: form["to"] ?? "", errors: toErrors), body: FieldView(value: body, errors: bodyErrors),
                visit: visit, status: error.status
            )
        }
    }

    private func renderConversations(to: FieldView, body: FieldView, visit: WebVisit, status: HTTPResponse.Status = .ok) async throws -> Response {
        let me = try visit.signedInAccount()
        let conversations = try await api.listConversations(.init(query: .init(limit: 100))).ok.body.json
        let content = ConversationsContent(
            conversations: conversations.map { conversation in
                .init(
                    url: "/messages/\(conversation.id)",
                    with: conversation.accounts.filter { $0.id != me.id.rawValue }.map { AccountView($0).name }.joined(separator: ", "),
                    lastText: EntryView.timeText(conversation.lastMessageAt), lastAt: RFC3339.string(from: conversation.lastMessageAt)
                )
            },
            to: to, body: body
        )
        return render("conversations", content, site: SiteView(title: "Messages", visit: visit, section: "/messages"), status: status)
    }
}
