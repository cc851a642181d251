import ArgumentParser
import Dispatch
import Foundation
import QwinkleClient
import QwinkleKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `qwinkle download`: an entry's photos (and a dream's card) to files, pausing on Ctrl-C and resuming when run again.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download an entry's photos (and a dream's card) into a folder.",
        discussion: """
            Shows a progress bar on a terminal and plain lines otherwise. Ctrl-C pauses; running the same command \
            again resumes where it stopped (with a byte range, when the server allows it). Every file is checked \
            against the server's hash.

            Example:
              qwinkle download 42 --to ~/Pictures/qwinkle
            """
    )

    @Argument(help: "The entry's ID.") var id: String
    @Option(help: ArgumentHelp("The folder to download into (default: the current one).", valueName: "folder")) var to: String = "."
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let entryID = try EntryID.parse(id)
        let api = try await client.client(requireSignIn: false)
        let item = try await attempt { () async throws(QwinkleError) in try await api.entry(entryID) }
        let folder = URL(fileURLWithPath: to, isDirectory: true)
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CommandFailure.refused("Cannot create the folder \(folder.path).")
        }
        var requests = item.entry.photos.enumerated().map { index, photo in
            DownloadRequest(
                source: api.server.url(path: "/api/qwinkle/v1/photos/\(photo.id)"),
                destination: folder.appendingPathComponent("qwinkle-\(entryID)-photo-\(index + 1)"),
                group: "entry-\(entryID)"
            )
        }
        if item.entry.dream != nil {
            requests.append(DownloadRequest(
                source: api.server.url(path: "/api/qwinkle/v1/entries/\(entryID)/card.svg"),
                destination: folder.appendingPathComponent("qwinkle-\(entryID)-card.svg"), group: "entry-\(entryID)"
            ))
        }
        guard !requests.isEmpty else { return CommandContext.current.print("#\(entryID) has no photos to download.") }
        let service = DownloadService(authorization: api.token.map { DownloadAuthorization(bearerToken: $0, server: api.server.url) })
        let interruption = Interruption()
        for (index, request) in requests.enumerated() {
            let download = await service.makeDownload(request)
            interruption.current = download
            // The photos come first, then a dream's card.
            let isPhoto = index < item.entry.photos.count
            try await transfer(download, name: request.destination.lastPathComponent, isPhoto: isPhoto, interruption: interruption)
        }
    }

    /// Runs one download to its end, printing its progress; a Ctrl-C pauses it and ends the command.
    /// A photo is saved under the extension its bytes call for.
    private func transfer(_ download: Download, name: String, isPhoto: Bool, interruption: Interruption) async throws {
        let context = CommandContext.current
        let bar = ProgressLine(name: name, terminal: context.outputIsTerminal)
        let events = download.events()
        download.begin()
        for await event in events {
            switch event {
            case .receiving(let offset, _) where offset > 0:
                context.print("\(name): resuming at \(ProgressLine.size(offset))")
            case .receiving:
                continue
            case .progress(let progress):
                if let line = bar.update(progress) { context.output.write(line) }
            case .paused(let progress):
                context.output.write(bar.finish())
                throw CommandFailure.refused("Paused \(name) at \(ProgressLine.size(progress.bytesWritten)); run the same command again to resume.")
            case .finished(let file):
                context.output.write(bar.finish())
                let saved = isPhoto ? try Self.namedByType(file) : file
                context.print("Saved \(saved.path)")
            case .failed(let error):
                context.output.write(bar.finish())
                throw error.isUnreachable ? CommandFailure.unreachable(error.description) : CommandFailure.refused(error.description)
            }
        }
    }
}

extension DownloadError {
    /// Whether the server could not be reached (exit code 3).
    var isUnreachable: Bool {
        if case .unreachable = self { true } else { false }
    }
}

/// Ctrl-C while downloading: pause the download in progress instead of dying with a half file and no resume data.
final class Interruption: @unchecked Sendable {
    // Only touched from the command's task and the signal source's queue, under the lock.
    private let lock = NSLock()
    private var download: Download?
    private let source: any DispatchSourceSignal

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.current?.pause() }
        source.resume()
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }

    var current: Download? {
        get { lock.withLock { download } }
        set { lock.withLock { download = newValue } }
    }
}

/// A progress bar that redraws in place on a terminal, and prints a line every quarter elsewhere.
final class ProgressLine: @unchecked Sendable {
    private let name: String
    private let terminal: Bool
    private var lastQuarter = -1
    private var drawn = false

    init(name: String, terminal: Bool) {
        self.name = name
        self.terminal = terminal
    }

    /// Text to write for new progress, or `nil` when nothing needs to change.
    func update(_ progress: DownloadProgress) -> String? {
        let fraction = progress.fractionCompleted
        if terminal {
            drawn = true
            let filled = Int((fraction ?? 0) * 30)
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
            let percent = fraction.map { " \(Int($0 * 100))%" } ?? ""
            return "\r\(name.prefix(30)) \(bar) \(Self.size(progress.bytesWritten))\(percent)\u{1B}[K"
        }
        let quarter = Int((fraction ?? 0) * 4)
        guard quarter != lastQuarter else { return nil }
        lastQuarter = quarter
        return "\(name): \(Self.size(progress.bytesWritten))\(fraction.map { " (\(Int($0 * 100))%)" } ?? "")\n"
    }

    /// Ends the bar's line, if one was drawn.
    func finish() -> String {
        terminal && drawn ? "\n" : ""
    }

    /// A byte count for people: `512 B`, `3.4 KB`, `1.2 MB`.
    static func size(_ bytes: Int64) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1_000) }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
