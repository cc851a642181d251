import QwinkleKit

extension Components.Schemas.ScheduledEntry {
    /// A scheduled entry as the API shows it: its content as a new entry's request would carry it.
    package init(_ scheduled: ScheduledEntry) throws(WireMismatch) {
        self.init(
            id: scheduled.id.rawValue, authorId: scheduled.author.rawValue, scheduledAt: scheduled.scheduledAt,
            entry: try .init(scheduled.content)
        )
    }

    /// The scheduled entry this describes.
    package func model() throws(WireMismatch) -> ScheduledEntry {
        ScheduledEntry(
            id: try identifier(id, field: "id"), author: try identifier(authorId, field: "author_id"), content: try entry.content(),
            scheduledAt: scheduledAt
        )
    }
}
