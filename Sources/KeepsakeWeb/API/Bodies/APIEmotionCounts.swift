import KeepsakeDiary
import KeepsakeSupport

/// `{"joy": 2, …}` with every emotion.
enum APIEmotionCounts {
    /// The schema: a count per emotion name.
    static var schema: JSONValue { JSONSchema.map(JSONSchema.integer()) }

    /// Every emotion's count in `counts` (0 where absent).
    static func of(_ counts: [Emotion: Int]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: Emotion.allCases.map { ($0.rawValue, counts[$0] ?? 0) })
    }
}
