#if canImport(Glibc)
import Glibc
#endif

/// Cookie dates, parsed leniently as RFC 6265 §5.1.1 says (browsers accept
/// `Wed, 09 Jun 2021 10:18:14 GMT`, `Thursday, 01-Jan-1970 00:00:00 GMT`,
/// `Mon Dec 10 16:32:30 2007` and worse).
package enum CookieDate {
    /// Seconds since 1970 for `text`, or nil when it is not a cookie date.
    package static func parse(_ text: String) -> Double? {
        var time: (Int, Int, Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens(text) {
            // Step 2: the first token of each kind wins.
            if time == nil, let parsed = parseTime(token) { time = parsed; continue }
            if day == nil, let parsed = parseDigits(token, min: 1, max: 2) { day = parsed; continue }
            if month == nil, let parsed = parseMonth(token) { month = parsed; continue }
            if year == nil, let parsed = parseDigits(token, min: 2, max: 4) { year = parsed; continue }
        }
        guard var year, let day, let month, let (hour, minute, second) = time else { return nil }
        // Steps 3–4: two-digit years.
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        // Step 5: the ranges.
        guard (1...31).contains(day), year >= 1601, hour <= 23, minute <= 59, second <= 59 else { return nil }
        guard day <= daysIn(month: month, year: year) else { return nil }
        return Double(daysFromEpoch(year: year, month: month, day: day)) * 86400 + Double(hour * 3600 + minute * 60 + second)
    }

    /// `Wed, 09 Jun 2021 10:18:14 GMT`.
    package static func format(_ seconds: Double) -> String {
        var value = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&value, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Step 1: split on the delimiters %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E.
    private static func tokens(_ text: String) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            let delimiter = byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
                || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
            if delimiter {
                if !current.isEmpty { result.append(current); current = [] }
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// 1*2DIGIT ":" 1*2DIGIT ":" 1*2DIGIT, then anything but a digit.
    private static func parseTime(_ token: [UInt8]) -> (Int, Int, Int)? {
        var fields: [Int] = []
        var index = 0
        for part in 0..<3 {
            var digits = 0
            var value = 0
            while index < token.count, isDigit(token[index]), digits < 2 {
                value = value * 10 + Int(token[index] - 0x30)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            fields.append(value)
            if part < 2 {
                guard index < token.count, token[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
        }
        if index < token.count, isDigit(token[index]) { return nil }
        return (fields[0], fields[1], fields[2])
    }

    /// min*max DIGIT, then anything but a digit.
    private static func parseDigits(_ token: [UInt8], min: Int, max: Int) -> Int? {
        var count = 0
        var value = 0
        while count < token.count, isDigit(token[count]) {
            guard count < max else { return nil }
            value = value * 10 + Int(token[count] - 0x30)
            count += 1
        }
        return count >= min ? value : nil
    }

    private static func parseMonth(_ token: [UInt8]) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    private static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    private static func daysIn(month: Int, year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days from 1970-01-01 to the date (proleptic Gregorian; negative before 1970).
    private static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = month > 2 ? month - 3 : month + 9
        let doy = (153 * m + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }
}
