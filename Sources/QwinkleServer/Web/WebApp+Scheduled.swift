import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

extension PostedForm {
    /// A new time for a scheduled entry: the `datetime-local` field and the offset the page's script wrote.
    struct Schedule: Decodable, Sendable {
        var scheduledLocal: String?
        var scheduledOffset: String?

        enum CodingKeys: String, CodingKey {
            case scheduledLocal = "scheduled_local"
            case scheduledOffset = "scheduled_offset"
        }

        /// The time the fields name.
        var localTime: LocalTime { LocalTime(text: scheduledLocal ?? "", offset: scheduledOffset ?? "") }
    }
}

extension WebApp {
    /// The signed-in person's scheduled entries, soonest first, each with a form to change its time and one to
    /// cancel it.
    struct ScheduledContent: Sendable {
        /// One scheduled entry.
        struct Item: Sendable {
            let id: String
            /// When it is posted, in RFC 3339 (the page's script shows it in local time).
            let scheduledAt: String
            /// When it is posted, as the page reads without its script.
            let scheduledAtText: String
            /// The time field's value in UTC, which the script turns into local time.
            let fieldValue: String
            let body: String
            let visibility: String
            let kind: String?
            /// How many photos it carries, when it carries any.
            let photos: String?
            let timeError: String?
        }

        let items: [Item]
    }

    func scheduledPage(visit: WebVisit) async throws -> Response {
        try await renderScheduled(visit: visit)
    }

    func changeScheduledTime(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        let form = try await form(PostedForm.Schedule.self, request, visit: visit)
        let account = try visit.signedInAccount()
        let message: String
        do {
            guard let time = try form.localTime.date() else { throw LocalTimeInvalid() }
            _ = try await services.scheduled.reschedule(id: id, to: time, by: account)
            return .redirect(to: "/scheduled")
        } catch is LocalTimeInvalid {
            message = LocalTimeInvalid.message
        } catch ServiceError.invalid(let fields, let summary) {
            message = fields["scheduled_at"]?.joined(separator: " ") ?? fields.values.flatMap { $0 }.first ?? summary
        }
        return try await renderScheduled(visit: visit, error: (id, message), status: .unprocessableContent)
    }

    func cancelScheduled(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        _ = try await form(PostedForm.Token.self, request, visit: visit)
        try await services.scheduled.cancel(id: id, by: visit.signedInAccount())
        return .redirect(to: "/scheduled")
    }

    /// "1 photo", "3 photos", or nothing for none.
    private static func photosText(_ count: Int) -> String? {
        switch count {
        case 0: nil
        case 1: "1 photo"
        default: "\(count) photos"
        }
    }

    private func renderScheduled(
        visit: WebVisit, error: (id: String, message: String)? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let scheduled = try await services.scheduled.scheduled(of: visit.signedInAccount())
        let items = scheduled.map { entry in
            let content = entry.content
            return ScheduledContent.Item(
                id: entry.id.rawValue, scheduledAt: RFC3339.string(from: entry.scheduledAt),
                scheduledAtText: LocalTime.utcFieldValue(entry.scheduledAt).replacingOccurrences(of: "T", with: " ") + " UTC",
                fieldValue: LocalTime.utcFieldValue(entry.scheduledAt), body: content.body, visibility: content.visibility.label,
                kind: content.kind.name == .update ? nil : content.kind.name.rawValue, photos: Self.photosText(content.photos.count),
                timeError: error?.id == entry.id.rawValue ? error?.message : nil
            )
        }
        return render(
            "scheduled", ScheduledContent(items: items),
            site: SiteView(title: "Scheduled", visit: visit, section: "/scheduled", scripts: ["schedule.js"]), status: status
        )
    }
}
