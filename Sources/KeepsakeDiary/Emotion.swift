import Foundation

/// One of the fixed emotions a diary entry records, with English and Korean display names.
///
/// The raw value (`"joy"`, `"sadness"`, …) is what the store keeps and what `Codable` writes; it never
/// changes, so entries written today read back the same way later (as a dictionary key too: counts
/// per emotion encode as `{"joy": 2}`). `allCases` is the order used to
/// break ties (see ``Diary/calendar(year:month:)``) and to list emotions in a picker: pleasant ones
/// first, then unpleasant ones.
public enum Emotion: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable, Comparable, CustomStringConvertible {
    /// Joy, happiness.
    case joy
    /// Calm, peace of mind.
    case calm
    /// Gratitude, thankfulness.
    case gratitude
    /// Love, affection.
    case love
    /// Excitement, the flutter of anticipation.
    case excitement
    /// Sadness.
    case sadness
    /// Anger.
    case anger
    /// Anxiety, worry.
    case anxiety
    /// Fear.
    case fear
    /// Tiredness, exhaustion.
    case tiredness

    /// The English display name ("Joy").
    public var englishName: String {
        switch self {
        case .joy: "Joy"
        case .calm: "Calm"
        case .gratitude: "Gratitude"
        case .love: "Love"
        case .excitement: "Excitement"
        case .sadness: "Sadness"
        case .anger: "Anger"
        case .anxiety: "Anxiety"
        case .fear: "Fear"
        case .tiredness: "Tiredness"
        }
    }

    /// The Korean display name ("기쁨").
    public var koreanName: String {
        switch self {
        case .joy: "기쁨"
        case .calm: "평온"
        case .gratitude: "감사"
        case .love: "사랑"
        case .excitement: "설렘"
        case .sadness: "슬픔"
        case .anger: "분노"
        case .anxiety: "불안"
        case .fear: "두려움"
        case .tiredness: "피곤함"
        }
    }

    /// Whether the emotion is a pleasant one (joy, calm, gratitude, love, excitement).
    public var isPleasant: Bool {
        switch self {
        case .joy, .calm, .gratitude, .love, .excitement: true
        case .sadness, .anger, .anxiety, .fear, .tiredness: false
        }
    }

    /// The display name for a language code: Korean for `"ko"` (and `"ko-KR"` and the like), English otherwise.
    public func displayName(language: String) -> String {
        language.lowercased().hasPrefix("ko") ? koreanName : englishName
    }

    /// The emotion whose raw value, English name or Korean name is `name` (case and surrounding
    /// spaces ignored), or `nil`: lets a command line or a form accept "joy", "Joy" or "기쁨".
    public init?(name: String) {
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let match = Self.allCases.first(where: {
            $0.rawValue == wanted || $0.englishName.lowercased() == wanted || $0.koreanName == wanted
        }) else { return nil }
        self = match
    }

    /// Position in ``allCases``.
    public var order: Int { Self.allCases.firstIndex(of: self)! }

    /// Orders emotions as ``allCases`` lists them.
    public static func < (lhs: Emotion, rhs: Emotion) -> Bool { lhs.order < rhs.order }

    /// The raw value.
    public var description: String { rawValue }
}
