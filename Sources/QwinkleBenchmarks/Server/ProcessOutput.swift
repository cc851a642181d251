import Foundation
import Synchronization

/// What a server process printed: the address from its "… is listening on http://ADDRESS" line, and the last few
/// kilobytes, to show when it fails. Filled from the pipes' reading threads, read from the benchmark's task.
final class ProcessOutput: Sendable {
    /// How much of the end of the output is kept.
    private static let tailLimit = 4_096

    /// The text after the prefix on the listening line, once it has been printed.
    private let state = Mutex<(address: String?, pending: String, tail: String)>((nil, "", ""))
    /// What the listening line starts with.
    private let listeningPrefix: String

    /// Output in which `listeningPrefix` starts the line that names the address.
    init(listeningPrefix: String) {
        self.listeningPrefix = listeningPrefix
    }

    /// The listened address (host:port), once printed.
    var address: String? {
        state.withLock { $0.address }
    }

    /// The last lines printed.
    var tail: String {
        state.withLock { $0.tail }
    }

    /// Reads everything the pipe's writer writes, until it closes.
    func drain(_ pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            append(String(decoding: data, as: UTF8.self))
        }
    }

    /// Keeps the end of the text and looks for the listening line in whole lines.
    private func append(_ text: String) {
        let prefix = listeningPrefix
        state.withLock { state in
            state.tail = String((state.tail + text).suffix(Self.tailLimit))
            guard state.address == nil else { return }
            state.pending += text
            let lines = state.pending.split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines.dropLast() where line.hasPrefix(prefix) {
                state.address = String(line.dropFirst(prefix.count))
            }
            state.pending = String(lines.last ?? "")
        }
    }
}
