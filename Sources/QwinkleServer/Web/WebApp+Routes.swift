import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// Adds every page and form of the web app, and its static files under `/static`, to the router.
    func register(on router: Router<QwinkleRequestContext>, staticFolder: String) {
        router.add(middleware: WebNotFoundMiddleware(web: self))
        router.add(middleware: FileMiddleware(
            staticFolder, urlBasePath: "/static", cacheControl: .init([(MediaType(type: .any), [.noCache])]), logger: logger
        ))

        SiteIcons(staticFolder: staticFolder).register(on: router)

        router.get("/") { request, _ in await visit(request, home) }
        router.get("/signup") { request, _ in await visit(request, signUpPage) }
        router.post("/signup") { request, _ in await visit(request) { try await signUp(request, visit: $0) } }
        router.get("/login") { request, _ in await visit(request) { try await logInPage(request, visit: $0) } }
        router.post("/login") { request, _ in await visit(request) { try await logIn(request, visit: $0) } }
        router.get("/oauth/authorize") { request, _ in await visit(request) { try await authorizePage(request, visit: $0) } }
        router.post("/oauth/authorize") { request, _ in await visit(request) { try await authorize(request, visit: $0) } }
        router.post("/logout") { request, _ in await visit(request) { try await logOut(request, visit: $0) } }

        router.get("/home") { request, _ in await visit(request) { try await timeline(.home, request: request, visit: $0) } }
        router.get("/public") { request, _ in await visit(request) { try await timeline(.public, request: request, visit: $0) } }
        router.get("/journal") { request, _ in await visit(request) { try await timeline(.journal, request: request, visit: $0) } }
        router.get("/marked") { request, _ in await visit(request) { try await timeline(.marked, request: request, visit: $0) } }
        router.get("/bookmarks") { request, _ in await visit(request) { try await timeline(.bookmarks, request: request, visit: $0) } }
        router.get("/live/public") { request, _ in await visit(request) { try await liveTimeline(.public, request: request, visit: $0) } }
        router.get("/live/home") { request, _ in await visit(request) { try await liveTimeline(.home, request: request, visit: $0) } }
        router.get("/live/journal") { request, _ in await visit(request) { try await liveTimeline(.journal, request: request, visit: $0) } }

        router.get("/live/thread/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await liveThread(id, request: request, visit: $0) }
        }
        router.get("/tags/:tag") { request, context in
            // The router hands over the path's text as sent; a tag may have letters beyond ASCII.
            let tag = context.parameters.get("tag").map { $0.removingPercentEncoding ?? $0 } ?? ""
            return await visit(request) { try await tagPage(tag, request: request, visit: $0) }
        }

        router.get("/search") { request, _ in await visit(request) { try await searchPage(request, visit: $0) } }

        router.get("/people/:username") { request, context in
            let username = context.parameters.get("username") ?? ""
            return await visit(request) { try await profile(username, request: request, visit: $0) }
        }
        router.post("/people/:username/follow") { request, context in
            let username = context.parameters.get("username") ?? ""
            return await visit(request) { try await follow(username, following: true, request: request, visit: $0) }
        }
        router.post("/people/:username/unfollow") { request, context in
            let username = context.parameters.get("username") ?? ""
            return await visit(request) { try await follow(username, following: false, request: request, visit: $0) }
        }
        for (action, keeping) in [
            ("block", Keeping.block), ("unblock", .unblock), ("mute", .mute), ("unmute", .unmute), ("block-server", .blockServer),
            ("unblock-server", .unblockServer), ("note", .note),
        ] {
            router.post(RouterPath("/people/:username/\(action)")) { request, context in
                let username = context.parameters.get("username") ?? ""
                return await visit(request) { try await keep(username, keeping, request: request, visit: $0) }
            }
        }

        router.get("/settings") { request, _ in await visit(request) { try await settingsPage(visit: $0) } }
        router.post("/settings") { request, _ in await visit(request) { try await updateSettings(request, visit: $0) } }
        router.get("/settings/account") { request, _ in await visit(request) { try await accountSettingsPage(request, visit: $0) } }
        router.post("/settings/password") { request, _ in await visit(request) { try await changePassword(request, visit: $0) } }
        router.post("/settings/sessions/:id/end") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await endSession(id, request: request, visit: $0) }
        }
        router.post("/settings/delete") { request, _ in await visit(request) { try await deleteAccount(request, visit: $0) } }

        router.get("/compose") { request, _ in await visit(request) { try await composePage(request: request, visit: $0) } }
        router.post("/compose") { request, _ in await visit(request) { try await compose(request, visit: $0) } }
        router.get("/drafts") { request, _ in await visit(request) { try await draftsPage(visit: $0) } }
        router.post("/drafts/:id/delete") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await deleteDraft(id, request: request, visit: $0) }
        }

        router.get("/entries/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await entryPage(id, request: request, visit: $0) }
        }
        router.get("/entries/:id/card-narrow.svg") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await cardImage(id, shape: .narrow, request: request, visit: $0) }
        }
        router.get("/entries/:id/article") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await entryArticle(id, visit: $0) }
        }
        router.get("/entries/:id/edit") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await editPage(id, visit: $0) }
        }
        router.post("/entries/:id/edit") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await edit(id, request: request, visit: $0) }
        }
        router.get("/entries/:id/revisions") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await revisionsPage(id, visit: $0) }
        }
        router.post("/entries/:id/revisions/:revision/restore") { request, context in
            let id = context.parameters.get("id") ?? ""
            let revision = context.parameters.get("revision", as: Int.self) ?? 0
            return await visit(request) { try await restore(id, revision: revision, request: request, visit: $0) }
        }
        for reaction in EntryService.Reaction.allCases {
            router.post(RouterPath("/entries/:id/\(reaction.rawValue)")) { request, context in
                let id = context.parameters.get("id") ?? ""
                return await visit(request) { try await react(reaction, to: id, request: request, visit: $0) }
            }
        }
        router.post("/entries/:id/delete") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await delete(id, request: request, visit: $0) }
        }

        router.get("/scheduled") { request, _ in await visit(request) { try await scheduledPage(visit: $0) } }
        router.post("/scheduled/:id/time") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await changeScheduledTime(id, request: request, visit: $0) }
        }
        router.post("/scheduled/:id/cancel") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await cancelScheduled(id, request: request, visit: $0) }
        }

        router.get("/dreams") { request, _ in await visit(request) { try await dreamsPage(visit: $0) } }

        router.get("/follow-requests") { request, _ in await visit(request) { try await followRequestsPage(request, visit: $0) } }
        router.get("/people/:username/report") { request, context in
            let username = context.parameters.get("username") ?? ""
            return await visit(request) { try await reportForm(username, request: request, visit: $0) }
        }
        router.get("/people/:username/report/sent") { request, context in
            let username = context.parameters.get("username") ?? ""
            return await visit(request) { try await reportSent(username, visit: $0) }
        }
        router.post("/people/:username/report") { request, context in
            let username = context.parameters.get("username") ?? ""
            return await visit(request) { try await sendReport(username, request: request, visit: $0) }
        }
        router.get("/moderation") { request, _ in await visit(request) { try await moderationPage(request, visit: $0) } }
        router.get("/moderation/log") { request, _ in await visit(request) { try await moderationLogPage(request, visit: $0) } }
        router.get("/moderation/reports/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await moderationReportPage(id, visit: $0) }
        }
        router.post("/moderation/reports/:id/act") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await moderate(id, request: request, visit: $0) }
        }
        for (answer, approve) in [("approve", true), ("refuse", false)] {
            router.post(RouterPath("/follow-requests/:username/\(answer)")) { request, context in
                let username = context.parameters.get("username") ?? ""
                return await visit(request) { try await answerFollowRequest(username, approve: approve, request: request, visit: $0) }
            }
        }
        router.get("/journal/readers") { request, _ in await visit(request) { try await journalReadersPage(visit: $0) } }
        router.post("/journal/readers") { request, _ in await visit(request) { try await addJournalReader(request, visit: $0) } }
        router.post("/journal/readers/:username/remove") { request, context in
            let username = context.parameters.get("username") ?? ""
            return await visit(request) { try await removeJournalReader(username, request: request, visit: $0) }
        }

        router.get("/notifications") { request, _ in await visit(request) { try await notificationsPage(request, visit: $0) } }
        router.post("/notifications/read") { request, _ in await visit(request) { try await markNotificationsRead(request, visit: $0) } }

        router.get("/messages") { request, _ in await visit(request) { try await conversationsPage(visit: $0) } }
        router.post("/messages") { request, _ in await visit(request) { try await sendMessage(request, visit: $0) } }
        router.get("/messages/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await visit(request) { try await conversationPage(id, visit: $0) }
        }
    }
}
