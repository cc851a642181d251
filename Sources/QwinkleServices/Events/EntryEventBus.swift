/// Where entry writes are told to the open live timelines: one interface, chosen once when the server is built
/// (in-process for one server; a database's notifications when several servers share one database).
public protocol EntryEventBus: Sendable {
    /// Tells every subscriber of an event. Services call it only after the write it describes has committed.
    func publish(_ event: EntryEvent)

    /// Subscribes to every event published from now on, and to a heartbeat every `heartbeat`; a subscriber that
    /// falls `bufferSize` messages behind is finished, so its client reconnects and catches up from the storage.
    func subscribe(heartbeat: Duration, bufferSize: Int) -> EntrySubscription

    /// How many subscriptions are open: the server's open live timelines.
    var subscriberCount: Int { get }
}

extension EntryEventBus {
    /// Subscribes with the default buffer of 64 messages.
    public func subscribe(heartbeat: Duration) -> EntrySubscription {
        subscribe(heartbeat: heartbeat, bufferSize: 64)
    }
}
