import Foundation
import QwinkleKit
import QwinkleStorage

/// Entries written now and posted later: scheduling, listing, changing and cancelling them (their author only),
/// and posting those that are due, which the server's `ScheduledPublisher` asks for every second.
public struct ScheduledEntryService: Sendable {
    /// The most entries one account may have waiting; the list is then one short page.
    public static let maxWaiting = 100
    /// The most entries one transaction posts; a larger backlog is posted in several.
    public static let batchSize = 100
    /// How late an entry may be posted and still keep its scheduled time as its date; one posted later (it fell due
    /// while no server ran) is dated when it appeared, so it does not show up at the top of a list dated long ago.
    public static let onTimeWindow: TimeInterval = 60
    /// How much sooner than `ScheduledEntry.minimumLead` a time may be and still be taken: a client measures the wait
    /// from when it sends the request ("+5m"), which reaches the server a moment later.
    public static let leadAllowance: TimeInterval = 30

    let context: ServiceContext
    let entries: EntryService
    var storage: any Storage { context.storage }

    /// Creates the service over the shared context, checking content as `entries` checks a new entry.
    public init(context: ServiceContext, entries: EntryService) {
        self.context = context
        self.entries = entries
    }

    /// Checks content by every rule a new entry follows, and its time (from `ScheduledEntry.minimumLead` to
    /// `maximumLead` ahead), reporting every broken rule at once; then keeps it until that time.
    ///
    /// With `savedDraft`, that kept draft of the author's is deleted in the same transaction, as posting it would: a
    /// draft that is scheduled is no longer a draft, and one that is gone or not the author's schedules nothing.
    public func schedule(_ content: EntryContent, at time: Date, by author: Account, savedDraft: String? = nil) async throws -> ScheduledEntry {
        let time = Self.toMillisecond(time)
        let content = try await validated(content, at: time, author: author)
        let draftID = try EntryService.savedDraftID(savedDraft)
        let waiting: ScheduledEntry?
        do {
            waiting = try await storage.scheduleEntry(
                NewScheduledEntry(author: author.id, content: content, scheduledAt: time, draft: draftID), limit: Self.maxWaiting
            )
        } catch StorageError.notFound where draftID != nil {
            throw EntryService.noSuchDraft
        }
        guard let scheduled = waiting else {
            throw ServiceError.unprocessable(
                code: "too_many_scheduled", message: "You have \(Self.maxWaiting) entries waiting already; cancel one or wait for one to post."
            )
        }
        return scheduled
    }

    /// The account's waiting entries, soonest first.
    public func scheduled(of account: Account) async throws -> [ScheduledEntry] {
        try await storage.scheduledEntries(of: account.id)
    }

    /// One of the account's waiting entries; anyone else's, or one already posted or cancelled, is `notFound`.
    public func scheduled(id: String, by account: Account) async throws -> ScheduledEntry {
        guard let scheduledID = ScheduledEntry.ID(rawValue: id), scheduledID.integerValue != nil,
            let scheduled = try await storage.scheduledEntry(id: scheduledID),
            Policy.canManage(scheduled, by: account.id)
        else { throw ServiceError.notFound("The scheduled entry \(id)") }
        return scheduled
    }

    /// Replaces one of the account's waiting entries with new content and time, checked as when it was scheduled.
    public func change(id: String, to content: EntryContent, at time: Date, by account: Account) async throws -> ScheduledEntry {
        let existing = try await scheduled(id: id, by: account)
        let time = Self.toMillisecond(time)
        let content = try await validated(content, at: time, author: account)
        guard let changed = try await storage.changeScheduledEntry(id: existing.id, content: content, scheduledAt: time) else {
            // Posted or cancelled since it was read.
            throw ServiceError.notFound("The scheduled entry \(id)")
        }
        return changed
    }

    /// Moves one of the account's waiting entries to a new time, its content checked again as when it was scheduled.
    public func reschedule(id: String, to time: Date, by account: Account) async throws -> ScheduledEntry {
        let existing = try await scheduled(id: id, by: account)
        return try await change(id: id, to: existing.content, at: time, by: account)
    }

    /// Cancels one of the account's waiting entries: it is never posted.
    public func cancel(id: String, by account: Account) async throws {
        let existing = try await scheduled(id: id, by: account)
        guard try await storage.cancelScheduledEntry(id: existing.id) else { throw ServiceError.notFound("The scheduled entry \(id)") }
    }

    /// Posts every entry due now, a batch per transaction, and tells the event bus of each after its commit, so live
    /// timelines show them as any new entry; returns them, soonest first.
    @discardableResult
    public func publishDue() async throws -> [Entry] {
        let now = context.clock.now()
        var published: [Entry] = []
        while true {
            let batch = try await storage.publishScheduledEntries(
                dueAt: now, datedNowBefore: now.addingTimeInterval(-Self.onTimeWindow), limit: Self.batchSize,
                // Only this server's people schedule entries.
                announce: context.remote != nil
            )
            if !batch.isEmpty {
                let authors = try await storage.accounts(ids: Set(batch.map(\.author)))
                for entry in batch {
                    context.metrics.entryCreated(entry.kind)
                    if let author = authors[entry.author] { context.events.publish(.created(entry, author: author)) }
                }
                published += batch
            }
            if batch.count < Self.batchSize { return published }
        }
    }

    /// The content if it and the time keep every rule; otherwise `invalid` with every problem by field.
    private func validated(_ written: EntryContent, at time: Date, author: Account) async throws -> EntryContent {
        let timeProblem = Self.problem(scheduling: time, now: context.clock.now())
        let content: EntryContent
        do {
            content = try await entries.validatedContent(written, author: author)
        } catch ServiceError.invalid(var fields, let message) {
            guard let timeProblem else { throw ServiceError.invalid(fields: fields, message: message) }
            fields["scheduled_at", default: []].append(timeProblem)
            throw ServiceError.invalid(fields)
        }
        if let timeProblem { throw ServiceError.invalid(field: "scheduled_at", timeProblem) }
        return content
    }

    /// The time rounded down to the millisecond, as it is stored, so what is answered equals what is read later.
    private static func toMillisecond(_ time: Date) -> Date {
        Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1_000).rounded(.down) / 1_000)
    }

    /// What is wrong with posting at `time`, seen at `now`; `nil` if nothing.
    static func problem(scheduling time: Date, now: Date) -> String? {
        let lead = time.timeIntervalSince(now)
        if lead < ScheduledEntry.minimumLead - leadAllowance {
            return "A scheduled entry must be at least \(Int(ScheduledEntry.minimumLead / 60)) minutes ahead; to post now, leave the time out."
        }
        if lead > ScheduledEntry.maximumLead { return "A scheduled entry can be at most a year ahead." }
        return nil
    }
}
