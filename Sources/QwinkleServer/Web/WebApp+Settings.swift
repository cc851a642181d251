import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit

extension WebApp {
    /// The signed-in person's profile settings: display name, bio, avatar and favourite creature.
    struct SettingsContent: Sendable {
        let me: AccountView
        let displayName: FieldView
        let bio: FieldView
        let avatar: FieldView
        let creatures: [EntryFormView.Option]
        let message: String?
    }

    func settingsPage(visit: WebVisit) async throws -> Response {
        let me = try await api.getOwnAccount(.init()).ok.body.json
        return renderSettings(
            me, displayName: FieldView(value: me.displayName), bio: FieldView(value: me.bio),
            avatar: FieldView(value: me.avatar ?? ""), creature: me.favoriteCreature?.rawValue, visit: visit
        )
    }

    func updateSettings(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(request, visit: visit)
        let displayName = form["display_name"] ?? ""
        let bio = (form["bio"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        let avatar = form["remove_avatar"] == "on" ? "" : form["avatar"] ?? ""
        let creature = form["favorite_creature"] ?? "none"
        let update = Components.Schemas.ProfileUpdate(
            displayName: displayName, bio: bio, avatar: avatar,
            favoriteCreature: .init(rawValue: creature) ?? Components.Schemas.ProfileUpdate.FavoriteCreaturePayload.none
        )
        do {
            _ = try await api.updateOwnAccount(.init(body: .json(update))).ok
            return .redirect(to: "/people/\(Self.pathEscaped(visit.account?.username ?? ""))")
        } catch let error as APIError where error.status == .unprocessableContent {
            let me = try await api.getOwnAccount(.init()).ok.body.json
            let fields = error.fields ?? [:]
            return renderSettings(
                me, displayName: FieldView(value: displayName, errors: fields["display_name"]),
                bio: FieldView(value: bio, errors: fields["bio"]), avatar: FieldView(value: me.avatar ?? "", errors: fields["avatar"]),
                creature: creature, message: error.message, visit: visit, status: error.status
            )
        }
    }

    private func renderSettings(
        _ me: Components.Schemas.Account, displayName: FieldView, bio: FieldView, avatar: FieldView, creature: String?,
        message: String? = nil, visit: WebVisit, status: HTTPResponse.Status = .ok
    ) -> Response {
        let creatures = [EntryFormView.Option(value: "none", label: "None", selected: creature == nil || creature == "none")]
            + Creature.allCases.map { EntryFormView.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == creature) }
        let content = SettingsContent(
            me: AccountView(me), displayName: displayName, bio: bio, avatar: avatar, creatures: creatures, message: message
        )
        return render("settings", content, site: SiteView(title: "Profile settings", visit: visit, section: "/settings", scripts: ["settings.js"]), status: status)
    }
}
