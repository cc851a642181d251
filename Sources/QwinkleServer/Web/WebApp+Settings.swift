import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// The signed-in person's profile settings: display name, bio, avatar, favourite creature, and whether they
    /// approve their followers.
    struct SettingsContent: Sendable {
        let me: AccountView
        let locked: Bool
        let displayName: FieldView
        let bio: FieldView
        let avatar: FieldView
        let creatures: [EntryFormView.Option]
        let message: String?
    }

    func settingsPage(visit: WebVisit) async throws -> Response {
        let me = try visit.signedInAccount()
        return renderSettings(
            me, displayName: FieldView(value: me.displayName), bio: FieldView(value: me.bio),
            avatar: FieldView(value: me.avatar?.rawValue ?? ""), creature: me.favoriteCreature?.rawValue, visit: visit
        )
    }

    func updateSettings(_ request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.Settings.self, request, visit: visit)
        let displayName = form.displayName ?? ""
        let bio = (form.bio ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        let avatar = form.removeAvatar == "on" ? "" : form.avatar ?? ""
        let creature = form.favoriteCreature ?? "none"
        let me = try visit.signedInAccount()
        // "none" (or anything that is not a creature) takes the favourite away.
        let edit = ProfileEdit(
            displayName: displayName, bio: bio, avatar: avatar, favoriteCreature: Creature(rawValue: creature).map(FieldChange.set) ?? .remove,
            locked: form.locked != nil
        )
        do {
            let updated = try await services.accounts.updateProfile(of: me, edit)
            return .redirect(to: "/people/\(updated.username.urlComponentEscaped)")
        } catch ServiceError.invalid(let fields, let message) {
            return renderSettings(
                me, displayName: FieldView(value: displayName, errors: fields["display_name"]),
                bio: FieldView(value: bio, errors: fields["bio"]), avatar: FieldView(value: me.avatar?.rawValue ?? "", errors: fields["avatar"]),
                creature: creature, message: message, visit: visit, status: .unprocessableContent
            )
        }
    }

    private func renderSettings(
        _ me: Account, displayName: FieldView, bio: FieldView, avatar: FieldView, creature: String?,
        message: String? = nil, visit: WebVisit, status: HTTPResponse.Status = .ok
    ) -> Response {
        let creatures = [EntryFormView.Option(value: "none", label: "None", selected: creature == nil || creature == "none")]
            + Creature.allCases.map { EntryFormView.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == creature) }
        let content = SettingsContent(
            me: AccountView(me), locked: me.locked, displayName: displayName, bio: bio, avatar: avatar, creatures: creatures, message: message
        )
        return render("settings", content, site: SiteView(title: "Profile settings", visit: visit, section: "/settings", scripts: ["settings.js"]), status: status)
    }
}
