import Foundation

/// The language of the pages: English or Korean (the source apps are Korean).
///
/// Chosen per request: the `lang` cookie if the user picked one with the language link, otherwise
/// the best match in `Accept-Language`, otherwise English.
public enum Language: String, Sendable, Hashable, CaseIterable {
    /// English.
    case english = "en"
    /// Korean.
    case korean = "ko"

    /// The name of the cookie that remembers a choice made with the language link.
    public static let cookieName = "lang"

    /// The language's own name, for the switch link.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .korean: "한국어"
        }
    }

    /// The other language (what the switch link offers).
    public var other: Language { self == .english ? .korean : .english }

    /// A locale identifier for dates and numbers.
    var localeIdentifier: String { self == .english ? "en_US" : "ko_KR" }

    /// Parses `en`, `ko` (and regional forms such as `ko-KR`); `nil` for anything else.
    public init?(code: String) {
        let primary = code.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch primary {
        case "en": self = .english
        case "ko": self = .korean
        default: return nil
        }
    }

    /// The language for a request: the cookie's choice, else the `Accept-Language` header's
    /// highest-weighted supported language (RFC 9110 §12.5.4; `q=0` means "not this one"), else
    /// English.
    public static func negotiate(cookie: String?, acceptLanguage: String?) -> Language {
        if let cookie, let chosen = Language(code: cookie) { return chosen }
        guard let acceptLanguage else { return .english }
        var best: (language: Language, weight: Double, position: Int)?
        for (position, item) in acceptLanguage.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, let language = Language(code: tag) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            guard weight > 0 else { continue }
            if best == nil || weight > best!.weight { best = (language, weight, position) }
        }
        return best?.language ?? .english
    }
}
