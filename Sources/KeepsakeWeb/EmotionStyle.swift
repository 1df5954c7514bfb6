import KeepsakeDiary

/// How an emotion looks on the pages: its CSS class (calendar cells, badges) and chart colour.
enum EmotionStyle {
    /// The class, e.g. `emo-joy`.
    static func cssClass(_ emotion: Emotion) -> String { "emo-" + emotion.rawValue }

    /// The colour, the same as in the style sheet.
    static func color(_ emotion: Emotion) -> String {
        switch emotion {
        case .joy: "#f9c74f"
        case .calm: "#90be6d"
        case .gratitude: "#43aa8b"
        case .love: "#f28482"
        case .excitement: "#f8961e"
        case .sadness: "#577590"
        case .anger: "#d62828"
        case .anxiety: "#9d4edd"
        case .fear: "#6c757d"
        case .tiredness: "#a98467"
        }
    }

    /// The style sheet rules for every emotion.
    static var styleRules: String {
        Emotion.allCases.map { emotion in
            ".\(cssClass(emotion)) { --emo: \(color(emotion)); }"
        }.joined(separator: "\n")
    }
}
