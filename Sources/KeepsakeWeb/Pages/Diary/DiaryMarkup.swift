import Foundation
import KeepsakeDiary
import KeepsakeStore

/// The pieces of markup the diary's pages share: the filter bar, an entry's card, intensity dots.
enum DiaryMarkup {
    /// The search box and the emotion and tag filters, showing `selected`.
    static func filterBar(_ request: WebRequest, selected: DiaryFilter) -> HTML {
        let t = request.strings
        var query = "", selectedEmotion: Emotion?, tag = ""
        switch selected {
        case .search(let text): query = text
        case .emotion(let emotion): selectedEmotion = emotion
        case .tag(let text): tag = text
        default: break
        }
        let options: [HTML] = Emotion.allCases.map { emotion in
            let mark: HTML = emotion == selectedEmotion ? " selected" : ""
            return "<option value=\"\(emotion.rawValue)\"\(mark)>\(emotion.displayName(language: request.language.rawValue))</option>"
        }
        return """
            <div class="filters">
            <form method="get" action="/diary/search" class="inline search" role="search">
            <label><span class="visually-hidden">\(t[.search])</span><input type="search" name="q" value="\(query)" placeholder="\(t[.searchPlaceholder])"></label>
            <button type="submit">\(t[.search])</button>
            </form>
            <form method="get" action="/diary" class="inline">
            <label>\(t[.emotion]) <select name="emotion"><option value="">\(t[.allEmotions])</option>\(options)</select></label>
            <label>\(t[.tag]) <input type="text" name="tag" value="\(tag)" size="10"></label>
            <button type="submit">\(t[.filter])</button>
            </form>
            </div>
            """
    }

    /// Entries as a list of cards (with restore buttons in the trash); the cards without them come
    /// from `cache` when it has them.
    static func cards(_ entries: [DiaryEntry], _ request: WebRequest, restorable: Bool = false, cache: DiaryCardCache? = nil) -> HTML {
        let context = CardContext(request)
        let cards: [HTML] = entries.map { entry in
            guard let cache, !restorable else { return card(entry, context, restorable: restorable) }
            return cache.card(entry, language: request.language) { card(entry, context, restorable: false) }
        }
        return "<ol class=\"cards entries\">\(cards)</ol>"
    }

    /// What every card of one page shares, made once per page rather than once per card.
    private struct CardContext {
        let request: WebRequest
        let strings: Strings
        let formats: Formats
        let csrf: HTML

        init(_ request: WebRequest) {
            self.request = request
            strings = request.strings
            formats = Formats(language: request.language)
            csrf = PageLayout.csrfField(request)
        }
    }

    /// One entry in a list: emotion, time, title, the start of the text, tags and small thumbnails.
    private static func card(_ entry: DiaryEntry, _ context: CardContext, restorable: Bool) -> HTML {
        let t = context.strings
        let id = entry.id.string  // formatted once: a UUID's text is made anew on every use
        let emotionName = entry.emotion.displayName(language: context.request.language.rawValue)
        let title = entry.title ?? Excerpt.of(entry.text, length: 60)
        let text = entry.title == nil ? "" : Excerpt.of(entry.text, length: 200)
        let thumbs: [HTML] = entry.images.enumerated().map { index, image in
            WebApp.thumbnail(image, alt: t.photoNumber(index + 1))
        }
        let restore: HTML = restorable ? """
            <form method="post" action="/diary/\(id)/restore" class="inline">\(context.csrf)<button type="submit">\(t[.restore])</button></form>
            """ : .empty
        let emotionClass = EmotionStyle.cssClass(entry.emotion)
        return """
            <li class="card entry \(emotionClass)" data-id="\(id)">
            <div class="card-head">
            <span class="emotion-badge \(emotionClass)">\(emotionName) \(intensityDots(entry.intensity))</span>
            <time datetime="\(Formats.timestamp(entry.moment))">\(context.formats.dateTime(entry.moment, in: entry.timeZone))</time>
            </div>
            <h2><a href="/diary/\(id)">\(title.isEmpty ? t[.untitled] : title)</a></h2>
            \(text.isEmpty ? HTML.empty : "<p class=\"excerpt\">\(text)</p>")
            \(entry.tags.isEmpty ? HTML.empty : "<ul class=\"tags\">\(tagLinks(entry.tags))</ul>")
            \(thumbs.isEmpty ? HTML.empty : "<div class=\"thumbs\">\(thumbs)</div>")
            \(restore)
            </li>
            """
    }

    /// The tags of an entry, each a link to the entries with it.
    static func tagLinks(_ tags: [String]) -> [HTML] {
        tags.map { "<li><a href=\"/diary?tag=\(WebRequest.encode($0))\">#\($0)</a></li>" }
    }

    /// `●●●○○` for an intensity, with its number for screen readers.
    static func intensityDots(_ intensity: Int) -> HTML {
        let clamped = max(0, min(5, intensity))
        return "<span class=\"intensity\" title=\"\(clamped)/5\" aria-label=\"\(clamped)/5\">\(String(repeating: "●", count: clamped) + String(repeating: "○", count: 5 - clamped))</span>"
    }
}
