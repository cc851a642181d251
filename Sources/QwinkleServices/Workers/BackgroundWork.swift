/// How far a server's background workers have got: the deliveries to other servers (the entry writes taken on, and
/// the rounds of the queue that found nothing due) and the scheduled entries' publisher (its rounds). Each worker
/// counts here as it goes; whoever must know that a worker has seen everything that happened before a moment waits
/// for it here instead of sleeping (the tests of "nothing more was sent", above all).
public final class BackgroundWork: Sendable {
    /// Entry writes made on this server, each of which woke the deliveries.
    public let writesPublished = ProgressCounter()
    /// How many of `writesPublished` the deliveries have seen through: every write kept for other servers by then
    /// is turned into queued deliveries (or found to need none).
    public let writesQueued = ProgressCounter()
    /// Rounds of the delivery queue that found nothing due.
    public let idleDeliveryRounds = ProgressCounter()
    /// Rounds of the scheduled entries' publisher.
    public let scheduledRounds = ProgressCounter()

    /// Counts nothing yet.
    public init() {}

    /// Returns once every entry write published before the call is queued for delivery and the queue has been
    /// looked at since with nothing due: all that was to be sent by then has been sent (or waits to be tried again).
    /// Two rounds, since the first may have begun before the call; the second began after it.
    public func deliveriesSettled() async {
        await writesQueued.reached(writesPublished.count)
        await idleDeliveryRounds.reached(idleDeliveryRounds.count + 2)
    }

    /// Returns once the scheduled entries' publisher has looked at the schedule after the call (two rounds, since
    /// the first may have begun before it).
    public func scheduledSeen() async {
        await scheduledRounds.reached(scheduledRounds.count + 2)
    }
}
