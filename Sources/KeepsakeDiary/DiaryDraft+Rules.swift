import Foundation
import KeepsakeStore

extension DiaryDraft {
    /// The tags of a tag field as a person types it: separated by commas or spaces, each with an
    /// optional leading `#` (the compose screens and the web form read it so).
    public static func tags(typed text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { String($0.drop(while: { $0 == "#" })) }.filter { !$0.isEmpty }
    }

    /// Normalises tags: surrounding spaces trimmed, runs of inner spaces made one space, lowercased
    /// ("Travel " and "travel" are the same tag), empty tags dropped, duplicates removed keeping the
    /// first. Throws ``KeepsakeError/Code/invalidArgument`` for a tag longer than
    /// ``DiaryLimits/maxTagLength`` characters, one with control characters (such as a line break),
    /// or more than ``DiaryLimits/maxTags`` tags.
    public static func normalizedTags(_ tags: [String]) throws -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for raw in tags {
            let tag = try normalizedTag(raw)
            guard !tag.isEmpty, seen.insert(tag).inserted else { continue }
            result.append(tag)
        }
        guard result.count <= DiaryLimits.maxTags else {
            throw KeepsakeError(.invalidArgument, "An entry can have at most \(DiaryLimits.maxTags) tags; \(result.count) were given.")
        }
        return result
    }

    /// One tag normalised as ``normalizedTags(_:)`` says (empty when it holds only spaces).
    public static func normalizedTag(_ raw: String) throws -> String {
        guard !raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw KeepsakeError(.invalidArgument, "The tag \(KeepsakeError.quoted(raw.replacingOccurrences(of: "\n", with: " "))) contains a line break or another control character; a tag is one short line.")
        }
        let tag = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        guard tag.count <= DiaryLimits.maxTagLength else {
            throw KeepsakeError(.invalidArgument, "The tag \(KeepsakeError.quoted(tag)) has \(tag.count) characters; a tag has at most \(DiaryLimits.maxTagLength).")
        }
        return tag
    }

    /// The trimmed title, `nil` when empty; throws for a title that is too long or has control characters.
    static func normalizedTitle(_ title: String?) throws -> String? {
        guard let title else { return nil }
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw KeepsakeError(.invalidArgument, "The title contains a line break or another control character; a title is one line.")
        }
        guard trimmed.count <= DiaryLimits.maxTitleLength else {
            throw KeepsakeError(.invalidArgument, "The title has \(trimmed.count) characters; a title has at most \(DiaryLimits.maxTitleLength).")
        }
        return trimmed
    }

    static func checkText(_ text: String) throws {
        guard text.count <= DiaryLimits.maxTextLength else {
            throw KeepsakeError(.invalidArgument, "The text has \(text.count) characters; an entry's text has at most \(DiaryLimits.maxTextLength). Split it into two entries.")
        }
    }

    static func checkIntensity(_ intensity: Int) throws {
        guard DiaryLimits.intensity.contains(intensity) else {
            throw KeepsakeError(.invalidArgument, "The intensity \(intensity) is out of range: use \(DiaryLimits.intensity.lowerBound) (faint) to \(DiaryLimits.intensity.upperBound) (overwhelming).")
        }
    }

    static func checkMoment(_ moment: Date, timeZone: TimeZone) throws {
        guard moment.timeIntervalSince1970.isFinite, abs(moment.timeIntervalSince1970) < 1e12 else {
            throw KeepsakeError(.invalidArgument, "The entry's moment is not a real date.")
        }
        // The zone is stored by name, so it must read back as the same zone.
        guard let named = TimeZone(identifier: timeZone.identifier),
              named.secondsFromGMT(for: moment) == timeZone.secondsFromGMT(for: moment) else {
            throw KeepsakeError(.invalidArgument, "The time zone \(KeepsakeError.quoted(timeZone.identifier)) cannot be stored by name; use a named zone such as Asia/Seoul.")
        }
        let year = DiaryDay(containing: moment, in: timeZone).year
        guard DiaryLimits.years.contains(year) else {
            throw KeepsakeError(.invalidArgument, "The entry's moment falls in the year \(year); use a date in the years \(DiaryLimits.years.lowerBound) to \(DiaryLimits.years.upperBound).")
        }
    }
}
