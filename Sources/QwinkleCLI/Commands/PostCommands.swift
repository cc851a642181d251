import ArgumentParser
import Foundation
import QwinkleClient
import QwinkleKit

/// What every way of posting takes: the text (or standard input), photos with alt text, and the content's other
/// fields (who may read it).
struct ComposeOptions: ParsableArguments {
    @Argument(help: "The text; without it (or with -), the text is read from standard input.")
    var text: [String] = []

    @Option(name: .customLong("photo"), help: ArgumentHelp("A photo to attach (repeat for up to 4).", valueName: "file"))
    var photos: [String] = []

    @Option(name: .customLong("alt"), help: ArgumentHelp(
        "What each photo shows, for people who cannot see it: one --alt per --photo, in the same order. Left out at a "
            + "terminal, it is asked for; in scripts, give it here (--alt \"\" for a photo that needs none).",
        valueName: "text"
    ))
    var alts: [String] = []

    @OptionGroup var fields: ContentOptions

    @Option(help: ArgumentHelp(
        "Post it later instead of now: 2026-12-24T18:00:00+01:00, or +30m, +2h, +1d (5 minutes to a year ahead).", valueName: "time"
    ))
    var at: String?

    /// The text: the arguments joined, or standard input when there are none (or `-`).
    func body() -> String {
        if text.isEmpty || text == ["-"] {
            return CommandContext.current.input.readAll().trimmingCharacters(in: .newlines)
        }
        return text.joined(separator: " ")
    }

    /// Posts an entry of `kind` (a reply when `reply` names a parent): checks the length rule before anything is
    /// sent, uploads the photos, then posts.
    func post(
        kind: Entry.Kind, defaultVisibility: Visibility, reply: ReplyTarget? = nil, client options: ClientOptions, output: OutputOptions
    ) async throws {
        let time = try at.map { text throws(CommandFailure) in try ScheduleTime.parse(text) }
        var content = EntryContent(kind: kind, body: body(), visibility: defaultVisibility)
        fields.apply(to: &content)
        let assessment = LengthRule.standard.assess(body: content.body, photoCount: photos.count, visibility: content.visibility, warning: content.warning)
        guard assessment.canPost else { throw CommandFailure.refused(Printing.refusal(assessment, visibility: content.visibility)) }
        let files = try photoFiles()
        let api = try await options.client()
        content.photos = try await upload(files, api: api)
        let what = Printing.what(kind.name, for: content.visibility, article: true)
        if let time {
            guard reply == nil else { throw CommandFailure.usage("A reply cannot be scheduled: leave out --at.") }
            // Not queued when the server is away: the outbox posts now, and a scheduled entry must be judged now.
            let scheduled = try await attempt { () async throws(QwinkleError) in try await api.scheduleEntry(content, at: time) }
            return CommandContext.current.print(output.json ? try Printing.json(scheduled) : """
                Scheduled #\(scheduled.id) (\(what)) for \(Printing.scheduleTime(scheduled.scheduledAt)); \
                only you can see it until then. Change it with `qwinkle scheduled change \(scheduled.id)`.
                """)
        }
        let posted: TimelineEntry
        do {
            posted = try await api.createEntry(
                content, idempotencyKey: UUID().uuidString, replyingTo: reply?.parent, wider: reply?.wider ?? false
            )
        } catch where error.isUnreachable {
            // Text keeps until the server is back; photos must be uploaded first, so they cannot wait.
            try await OutboxDelivery.queue(content, replyingTo: reply, after: error, options: options)
        } catch {
            throw CommandFailure(error)
        }
        let replied = reply.map { " in reply to #\($0.parent)" } ?? ""
        CommandContext.current.print(output.json ? try Printing.json(EntryJSON(item: posted)) : "Posted #\(posted.id) (\(what))\(replied).")
    }

    /// The photos' files read, each with its alt text: the --alt given in the same place, else asked for when a
    /// person is at a terminal (a script that gives none is told how to). Nothing is sent yet.
    func photoFiles() throws -> [PhotoFile] {
        guard alts.count <= photos.count else { throw CommandFailure.usage("There are more --alt texts than --photo files.") }
        let files = try photos.map { path in
            do { return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw CommandFailure.refused("Cannot read the photo \(path).")
            }
        }
        let context = CommandContext.current
        return zip(photos, files).enumerated().map { index, photo -> PhotoFile in
            let (path, bytes) = photo
            if index < alts.count { return PhotoFile(bytes: bytes, alt: alts[index]) }
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard context.input.isTerminal else {
                context.errors.write("\(name) has no alt text; describe a photo for people who cannot see it with --alt TEXT.\n")
                return PhotoFile(bytes: bytes, alt: "")
            }
            let answer = context.input.readLine(prompt: "Alt text for \(name) (what it shows, for people who cannot see it): ", secret: false)
            return PhotoFile(bytes: bytes, alt: (answer ?? "").trimmingCharacters(in: .whitespaces))
        }
    }

    /// Uploads the photos, in order, and attaches each with its alt text.
    func upload(_ files: [PhotoFile], api: APIClient) async throws -> [AttachedPhoto] {
        var attached: [AttachedPhoto] = []
        for file in files {
            let photo = try await attempt { () async throws(QwinkleError) in try await api.uploadPhoto(file.bytes) }
            attached.append(AttachedPhoto(id: photo.id, alt: file.alt))
        }
        return attached
    }
}

/// The entry a post replies to, and whether the reply may be read more widely than it.
struct ReplyTarget {
    let parent: Entry.ID
    let wider: Bool
}

/// A photo file given with --photo, read, with the alt text it will be attached with.
struct PhotoFile {
    let bytes: [UInt8]
    let alt: String
}

/// `qwinkle post`: a short update.
struct PostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Post a short update (140 characters; each link and photo counts 23).",
        discussion: """
            Examples:
              qwinkle post "Gave a short speech today."
              qwinkle post "The crowd" --photo crowd.jpg --alt "People on a hillside" --visibility followers
              fortune | qwinkle post --visibility private
              qwinkle post "Happy new year!" --at 2027-01-01T00:00:00+01:00
            """
    )

    @OptionGroup var compose: ComposeOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await compose.post(kind: .update, defaultVisibility: .public, client: client, output: output)
    }
}

/// `qwinkle journal`: a journal entry, seen by you and your journal's readers unless you say otherwise.
struct JournalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Write a journal entry (up to 10,000 characters; visible to your journal's readers).",
        discussion: """
            Examples:
              qwinkle journal "Dear diary: a long day."
              qwinkle journal --visibility private < today.txt
            """
    )

    @OptionGroup var compose: ComposeOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await compose.post(kind: .journal, defaultVisibility: .journal, client: client, output: output)
    }
}

/// `qwinkle dream`: a dream with a creature and effects.
struct DreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dream",
        abstract: "Record a dream: a creature, how many, and effects.",
        discussion: """
            Creatures: yellow-unicorn, pink-unicorn, white-unicorn, crusty, shark, dragon.
            Effects: fire-breathing, laser-focus, magic, fireflies, rain, snow.

            Example:
              qwinkle dream "Unicorns in the rain" --creature pink-unicorn --effect rain --effect magic --count 2
            """
    )

    @OptionGroup var compose: ComposeOptions
    @Option(help: "The creature.") var creature: Creature
    @Option(name: .customLong("effect"), help: "An effect (repeatable).") var effects: [DreamEffect] = []
    @Option(help: "How many creatures, 1 to 10.") var count: Int = 1
    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let number = CreatureCount(count) else {
            throw CommandFailure.usage("--count must be between \(CreatureCount.range.lowerBound) and \(CreatureCount.range.upperBound).")
        }
        let dream = DreamDetails(creature: creature, effects: Set(effects), numberOfCreatures: number)
        try await compose.post(kind: .dream(dream), defaultVisibility: .public, client: client, output: output)
    }
}

extension Visibility: ExpressibleByArgument {}

extension Creature: ExpressibleByArgument {
    /// Reads `pink-unicorn` (or the API's `unicorn_pink`).
    public init?(argument: String) {
        let spelled = argument.lowercased().replacingOccurrences(of: "-", with: "_")
        let parts = spelled.split(separator: "_")
        if parts.count == 2, parts[1] == "unicorn", let creature = Creature(rawValue: "unicorn_\(parts[0])") {
            self = creature
        } else if let creature = Creature(rawValue: spelled) {
            self = creature
        } else {
            return nil
        }
    }

    /// The spellings the command takes.
    public static var allValueStrings: [String] {
        allCases.map { creature in
            if case .unicorn(let color) = creature { "\(color.rawValue)-unicorn" } else { creature.rawValue }
        }
    }
}

extension DreamEffect: ExpressibleByArgument {
    /// Reads `fire-breathing` (or the API's `fire_breathing`).
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased().replacingOccurrences(of: "-", with: "_"))
    }

    /// The spellings the command takes.
    public static var allValueStrings: [String] {
        allCases.map { $0.rawValue.replacingOccurrences(of: "_", with: "-") }
    }
}
