import Foundation
import KeepsakeDiary
import KeepsakeStore
import Synchronization

/// The timeline's cards as already rendered, by entry version and page language: a list shows the
/// same entries on every request, and writing twenty cards was a fifth of a timeline request. A
/// card holds nothing of the session (the trash's cards, which carry the CSRF token, are not kept),
/// and any change of an entry gives it a new version, so a kept card is never stale.
final class DiaryCardCache: Sendable {
    /// What a card is made from: the entry at one version, in one language.
    private struct Key: Hashable {
        let id: RecordID
        let version: Int64
        /// With the version, so an entry purged and made again with the same id is a new key.
        let createdAt: Date
        let updatedAt: Date
        let language: Language
    }

    private let cards = Mutex<[Key: HTML]>([:])
    /// The most cards kept; the cache is emptied when it is full.
    let limit: Int

    /// An empty cache of at most `limit` cards.
    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The card of `entry` in `language`: the kept one, or `make()`'s, kept for next time.
    func card(_ entry: DiaryEntry, language: Language, make: () -> HTML) -> HTML {
        let key = Key(id: entry.id, version: entry.version, createdAt: entry.createdAt, updatedAt: entry.updatedAt, language: language)
        if let kept = cards.withLock({ $0[key] }) { return kept }
        let card = make()
        cards.withLock { cards in
            if cards.count >= limit { cards.removeAll(keepingCapacity: true) }
            cards[key] = card
        }
        return card
    }
}
