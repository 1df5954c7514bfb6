import Foundation

/// Reads the capture date of a photo from the EXIF text libvips reports.
///
/// libvips gives EXIF values as text such as
/// `2019:04:10 12:00:00 (2019:04:10 12:00:00, ASCII, 20 components, 20 bytes)`. `DateTimeOriginal`
/// has no time zone; `OffsetTimeOriginal` (EXIF 2.31, such as `-05:00`) supplies one when present.
/// Without it the time is read as UTC, so the same file always gives the same instant.
enum CaptureDate {
    /// The libvips field holding EXIF `DateTimeOriginal`.
    static let dateTimeField = "exif-ifd2-DateTimeOriginal"
    /// The libvips field holding EXIF `OffsetTimeOriginal`.
    static let offsetField = "exif-ifd2-OffsetTimeOriginal"

    /// The capture instant, or `nil` when `dateTime` is missing, blank or not a real date.
    static func parse(dateTime: String?, offset: String?) -> Date? {
        guard let dateTime,
              let fields = numbers(in: value(of: dateTime), separatedBy: [":", "-", " ", "T"]),
              fields.count == 6 else { return nil }
        let seconds = offset.flatMap { offsetSeconds(value(of: $0)) } ?? 0
        guard let zone = TimeZone(secondsFromGMT: seconds) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(calendar: calendar, timeZone: zone,
                                        year: fields[0], month: fields[1], day: fields[2],
                                        hour: fields[3], minute: fields[4], second: fields[5])
        guard (1...9999).contains(fields[0]), fields[3] < 24, fields[4] < 60, fields[5] < 61,
              components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// The value part of libvips' EXIF text: everything before " (".
    private static func value(of text: String) -> Substring {
        let trimmed = text.drop(while: { $0 == " " })
        guard let open = trimmed.range(of: " (") else { return trimmed }
        return trimmed[..<open.lowerBound]
    }

    /// `+03:00` / `-05:30` as seconds east of UTC; `nil` if malformed.
    private static func offsetSeconds(_ text: Substring) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-",
              let parts = numbers(in: text.dropFirst(), separatedBy: [":"]), parts.count == 2,
              parts[0] <= 14, parts[1] < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (parts[0] * 3600 + parts[1] * 60)
    }

    /// The decimal numbers between separators, or `nil` if any part is not all digits.
    private static func numbers(in text: Substring, separatedBy separators: Set<Character>) -> [Int]? {
        let parts = text.split(whereSeparator: { separators.contains($0) })
        var result: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else { return nil }
            result.append(number)
        }
        return result
    }
}
