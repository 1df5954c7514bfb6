import Foundation
public import KeepsakeDiary
import KeepsakeStore

/// How a mood of another app becomes one of the diary's emotions and an intensity.
///
/// Daylio moods are looked up by name (case, surrounding and repeated spaces ignored, so `sad ` is
/// `sad`); a backup's custom mood that is not in the table falls back on its mood group (1 = best,
/// 5 = worst); anything else takes ``fallback`` and the import says so. The default table is in
/// docs/IMPORT.md; a small file changes it (``init(parsing:over:)``).
public struct MoodTable: Sendable, Hashable {
    /// An emotion with its intensity.
    public struct Mapping: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The emotion.
        public var emotion: Emotion
        /// 1...5.
        public var intensity: Int

        /// Creates a mapping.
        public init(_ emotion: Emotion, _ intensity: Int) {
            self.emotion = emotion
            self.intensity = intensity
        }

        /// `joy 5`.
        public var description: String { "\(emotion.rawValue) \(intensity)" }
    }

    /// Mood names (normalised by ``key(_:)``) and what they become.
    public var names: [String: Mapping]
    /// Daylio's mood groups: 1 (rad) to 5 (awful).
    public var groups: [Int: Mapping]
    /// For a mood found neither by name nor by group.
    public var fallback: Mapping

    /// Creates a table.
    public init(names: [String: Mapping], groups: [Int: Mapping], fallback: Mapping) {
        self.names = Dictionary(names.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
        self.groups = groups
        self.fallback = fallback
    }

    /// The default table (docs/IMPORT.md): Daylio's five moods (rad, good, meh, bad, awful, and the
    /// older fugly), the names people commonly give custom moods, the five groups, and `calm 3`.
    public static let `default`: MoodTable = {
        var names: [String: Mapping] = [:]
        func add(_ emotion: Emotion, _ intensity: Int, _ words: String...) {
            for word in words { names[word] = Mapping(emotion, intensity) }
        }
        add(.joy, 5, "rad")
        add(.joy, 4, "awesome", "amazing", "great", "happy", "fantastic")
        add(.joy, 3, "good")
        add(.calm, 4, "refreshed", "relaxed", "peaceful", "content")
        add(.calm, 2, "meh", "average", "ok", "okay", "fine", "neutral", "so-so")
        add(.sadness, 3, "bad", "sad", "down", "fugly")
        add(.sadness, 5, "awful", "horrible", "terrible", "miserable", "depressed")
        add(.anxiety, 3, "anxious", "worried", "nervous", "stressed")
        add(.anger, 3, "angry", "mad", "annoyed", "frustrated", "irritated")
        add(.tiredness, 3, "tired", "sleepy", "exhausted")
        add(.gratitude, 4, "grateful", "thankful")
        add(.love, 4, "loved", "in love")
        add(.excitement, 4, "excited")
        add(.fear, 3, "scared", "afraid", "fearful")
        return MoodTable(names: names,
                         groups: [1: Mapping(.joy, 5), 2: Mapping(.joy, 3), 3: Mapping(.calm, 2), 4: Mapping(.sadness, 3), 5: Mapping(.sadness, 5)],
                         fallback: Mapping(.calm, 3))
    }()

    /// `base` changed by the lines of a mood file:
    ///
    /// ```
    /// # Daylio mood = emotion intensity
    /// ok but sleepy = tiredness 2
    /// rad = excitement 5
    /// group 3 = calm 3
    /// default = calm 3
    /// ```
    ///
    /// The emotion is its raw value or either display name (`joy`, `Joy`, `기쁨`); blank lines and
    /// lines starting with `#` are ignored.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` naming the line of the first bad entry.
    public init(parsing text: String, over base: MoodTable = .default) throws {
        self = base
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            func bad(_ reason: String) -> KeepsakeError {
                KeepsakeError(.invalidArgument, "Line \(offset + 1) of the mood file: \(reason). Write each line as `mood = emotion intensity`, such as `ok but sleepy = tiredness 2`.")
            }
            guard let equals = line.lastIndex(of: "=") else { throw bad("there is no `=`") }
            let name = Self.key(String(line[..<equals]))
            let words = line[line.index(after: equals)...].split(separator: " ").map(String.init)
            guard !name.isEmpty else { throw bad("the mood's name is empty") }
            guard words.count == 2, let emotion = Emotion(name: words[0]) else {
                throw bad("\"\(words.joined(separator: " "))\" is not an emotion and an intensity (emotions: \(Emotion.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let intensity = Int(words[1]), DiaryLimits.intensity.contains(intensity) else {
                throw bad("the intensity \"\(words[1])\" is not a whole number from 1 to 5")
            }
            let mapping = Mapping(emotion, intensity)
            if name == "default" {
                fallback = mapping
            } else if name.hasPrefix("group "), let group = Int(name.dropFirst(6)) {
                guard (1...5).contains(group) else { throw bad("mood groups are 1 (best) to 5 (worst)") }
                groups[group] = mapping
            } else {
                names[name] = mapping
            }
        }
    }

    /// What the mood `name` (of mood group `group`, if known) becomes, and whether the table had it
    /// (by name or group) or the fallback was used.
    public func mapping(name: String, group: Int? = nil) -> (mapping: Mapping, known: Bool) {
        if let found = names[Self.key(name)] { return (found, true) }
        if let group, let found = groups[group] { return (found, true) }
        return (fallback, false)
    }

    /// A mood's name as the table keys it: lowercased, spaces at the ends removed, runs of spaces one.
    public static func key(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
