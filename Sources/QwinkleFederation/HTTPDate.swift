import Foundation

/// HTTP's date format (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), which a signed request's `Date`
/// header carries.
public enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The date as the header writes it.
    public static func string(from date: Date) -> String {
        let parts = utc.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
        let weekday = days[((parts.weekday ?? 1) - 1 + 7) % 7]
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        return "\(weekday), \(two(parts.day)) \(month) \(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }

    /// The date a header gives; `nil` unless it is an IMF-fixdate.
    public static func date(from text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", fields[0].hasSuffix(","), days.contains(String(fields[0].dropLast())),
            let day = Int(fields[1]), let monthIndex = months.firstIndex(of: String(fields[2])), let year = Int(fields[3])
        else { return nil }
        let time = fields[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, (1...31).contains(day), (0...23).contains(time[0]), (0...59).contains(time[1]), (0...60).contains(time[2]) else {
            return nil
        }
        return utc.date(from: DateComponents(year: year, month: monthIndex + 1, day: day, hour: time[0], minute: time[1], second: time[2]))
    }
}
