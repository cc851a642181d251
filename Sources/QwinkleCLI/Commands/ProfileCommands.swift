import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// `qwinkle avatar`.
struct AvatarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "avatar", abstract: "Upload a photo and make it your avatar.", discussion: "Example:\n  qwinkle avatar me.jpg"
    )

    @Argument(help: "The image file (JPEG, PNG, WebP or GIF).") var file: String
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let bytes: [UInt8]
        do { bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) } catch {
            throw CommandFailure.refused("Cannot read \(file).")
        }
        let api = try await client.client()
        let photo = try await attempt { () async throws(QwinkleError) in try await api.uploadPhoto(bytes) }
        _ = try await attempt { () async throws(QwinkleError) in try await api.updateProfile(avatar: .set(photo.id)) }
        CommandContext.current.print("\(URL(fileURLWithPath: file).lastPathComponent) is your avatar now.")
    }
}

/// `qwinkle profile`.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show or change your profile.",
        discussion: """
            Examples:
              qwinkle profile
              qwinkle profile --display-name "Abraham" --bio "Sixteenth." --favorite-creature pink-unicorn
              qwinkle profile --favorite-creature none
              qwinkle profile --approve-followers      (a follow waits until you approve it: qwinkle follow-requests)
            """
    )

    @Option(help: "The name shown beside your username.") var displayName: String?
    @Option(help: "A few words about you.") var bio: String?
    @Option(help: "A creature, or none.") var favoriteCreature: String?
    @Flag(inversion: .prefixedNo, help: "Approve each follower (--no-approve-followers approves everyone waiting).") var approveFollowers: Bool?
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        var creature: FieldChange<Creature>?
        if let favoriteCreature {
            if favoriteCreature.lowercased() == "none" {
                creature = FieldChange.remove
            } else if let chosen = Creature(argument: favoriteCreature) {
                creature = FieldChange.set(chosen)
            } else {
                throw CommandFailure.usage("\(favoriteCreature) is not a creature: \(Creature.allValueStrings.joined(separator: ", ")) or none.")
            }
        }
        let api = try await client.client()
        let changing = displayName != nil || bio != nil || creature != nil || approveFollowers != nil
        let account = try await attempt { () async throws(QwinkleError) in
            changing
                ? try await api.updateProfile(displayName: displayName, bio: bio, favoriteCreature: creature, locked: approveFollowers)
                : try await api.me()
        }
        let context = CommandContext.current
        if output.json { return context.print(try Printing.json(account)) }
        context.print(Printing.account(account))
        if let creature = account.favoriteCreature { context.print("Favourite creature: \(creature.displayName)") }
        if account.locked { context.print("You approve each follower: qwinkle follow-requests lists who asks.") }
        if let avatar = account.avatar { context.print("Avatar: \(api.server.url(path: "/api/qwinkle/v1/photos/\(avatar)").absoluteString)") }
    }
}
