/// What a listener of a `ServerChannel` hears.
public enum ChannelSignal: Hashable, Sendable {
    /// A message some server sent (this one included).
    case message(String)
    /// Listening started again after it stopped: messages sent meanwhile may be lost, so whatever they would have
    /// told must be caught up from the database.
    case resumed
}

/// A channel between the servers sharing one database, for news that must reach every server (an entry written
/// through one shown live by the streams of all). A backend with only one server has no need of one.
///
/// Messages are short (a few hundred bytes: IDs, never bodies) and may be lost while a listener is away, which it
/// learns from `ChannelSignal.resumed`.
public protocol ServerChannel: Sendable {
    /// Sends a message to every server listening.
    func send(_ message: String) async throws
    /// Listens until the task is cancelled, calling `receive` with each message in the order sent, and with
    /// `.resumed` each time listening starts again after a failure.
    func listen(_ receive: @Sendable (ChannelSignal) async -> Void) async
}
