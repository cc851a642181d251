import CoreMetrics
import QwinkleKit

/// What the services count for the operators' metrics: the events a dashboard or an alert watches.
///
/// Made through swift-metrics, so the services name no backend: the server bootstraps Prometheus before it builds
/// them, and without a backend (tools, tests of the services alone) every count is a no-op.
public struct ServiceMetrics: Sendable {
    /// Accounts created by sign-up.
    private let signUps: Counter
    /// Log-ins that succeeded.
    private let logIns: Counter
    /// Log-ins refused for a wrong username or password.
    private let refusedLogIns: Counter
    /// Messages sent.
    private let messagesSent: Counter
    /// Photos uploaded.
    private let photosUploaded: Counter
    /// Entries created, one counter per kind.
    private let entriesCreated: [Entry.Kind.Name: Counter]

    /// Counters made by `factory`: by default the process's swift-metrics backend, as bootstrapped when this is made.
    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        signUps = Counter(label: "qwinkle_sign_ups_total", factory: factory)
        logIns = Counter(label: "qwinkle_log_ins_total", dimensions: [("result", "accepted")], factory: factory)
        refusedLogIns = Counter(label: "qwinkle_log_ins_total", dimensions: [("result", "refused")], factory: factory)
        messagesSent = Counter(label: "qwinkle_messages_sent_total", factory: factory)
        photosUploaded = Counter(label: "qwinkle_photos_uploaded_total", factory: factory)
        entriesCreated = Dictionary(uniqueKeysWithValues: Entry.Kind.Name.allCases.map { kind in
            (kind, Counter(label: "qwinkle_entries_created_total", dimensions: [("kind", kind.rawValue)], factory: factory))
        })
    }

    /// Counts a new account.
    func signedUp() { signUps.increment() }
    /// Counts a log-in by `accepted` or refused.
    func loggedIn(accepted: Bool) { (accepted ? logIns : refusedLogIns).increment() }
    /// Counts a message sent.
    func messageSent() { messagesSent.increment() }
    /// Counts a photo uploaded.
    func photoUploaded() { photosUploaded.increment() }

    /// Counts a new entry of this kind.
    func entryCreated(_ kind: Entry.Kind) {
        entriesCreated[kind.name]?.increment()
    }
}
