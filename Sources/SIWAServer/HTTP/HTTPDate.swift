/// HTTP dates (RFC 9110 §5.6.7) for `Last-Modified` and `If-Modified-Since`, in whole
/// seconds since 1970 (Hummingbird's own formatter is internal to it). Calendar
/// arithmetic from Howard Hinnant's `days_from_civil`, so no locale or C library is involved.
enum HTTPDate {
    private static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ seconds: Int) -> String {
        let (day, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (dayNumber, secondOfDay) = time < 0 ? (day - 1, time + 86_400) : (day, time)
        let (year, month, dayOfMonth) = civil(dayNumber)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let weekday = days[((dayNumber % 7) + 7) % 7]
        return "\(weekday), \(two(dayOfMonth)) \(months[month - 1]) \(year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    /// The three formats a recipient must accept: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`),
    /// RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
    static func parse(_ text: String) -> Int? {
        let words = text.split(separator: " ")
        let date: [Substring], clock: Substring
        switch words.count {
        case 6 where words[0].hasSuffix(",") && words[5] == "GMT":
            (date, clock) = ([words[1], words[2], words[3]], words[4])
        case 4 where words[0].hasSuffix(",") && words[3] == "GMT":
            let parts = words[1].split(separator: "-")
            guard parts.count == 3, parts[2].utf8.count == 2, let short = Int(parts[2]) else { return nil }
            // RFC 9110: a two-digit year more than 50 years ahead is in the past century.
            (date, clock) = ([parts[0], parts[1], Substring(String(short < 70 ? 2000 + short : 1900 + short))], words[2])
        case 5:
            (date, clock) = ([words[2], words[1], words[4]], words[3])
        default:
            return nil
        }
        let hms = clock.split(separator: ":").compactMap { Int($0) }
        guard let day = Int(date[0]), let month = months.firstIndex(of: String(date[1])), let year = Int(date[2]),
            hms.count == 3, (1...31).contains(day), (0...23).contains(hms[0]), (0...59).contains(hms[1]),
            (0...60).contains(hms[2]),
            (1...9999).contains(year)
        else { return nil }  // any year: the arithmetic below would overflow
        return daysFromCivil(year, month + 1, day) * 86_400 + hms[0] * 3600 + hms[1] * 60 + hms[2]
    }

    private static func daysFromCivil(_ y: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y - 1 : y
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
