import Foundation
import KeepsakeStore

/// `fields-json`: the store's fast reader of a record's fields JSON (KeepsakeStore's
/// FieldsJSON.swift), against `JSONDecoder` as the reference: whatever the fast reader accepts,
/// `JSONDecoder` must read as the same fields, and writing them again must read back the same.
enum FieldsJSONFuzzTarget {
    static let target = FuzzTarget(name: "fields-json", summary: "FieldsJSON.decode against JSONDecoder, and write-then-read",
                                   check: check, seeds: seeds)

    static func check(_ data: Data) {
        guard let text = String(validating: data, as: UTF8.self) else { return }
        guard let fast = KeepsakeStore.FieldsJSONFuzzing.decode(text) else { return }
        let reference: [String: FieldValue]
        do {
            reference = try JSONDecoder().decode([String: FieldValue].self, from: Data(text.utf8))
        } catch {
            fatalError("keepsake-fuzz: the fast reader accepted \(text.prefix(200).debugDescription) as \(fast), JSONDecoder refused it: \(error)")
        }
        require(fast == reference, "the fast reader read \(fast), JSONDecoder \(reference), from \(text.prefix(200).debugDescription)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let written = try? encoder.encode(fast) else { return }
        let again = KeepsakeStore.FieldsJSONFuzzing.decode(String(decoding: written, as: UTF8.self))
        require(again == fast, "written again as \(String(decoding: written, as: UTF8.self).prefix(200)), read back as \(String(describing: again))")
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["imports/dayone", "imports/daylio"], extensions: [".json"], maxBytes: 64 << 10, into: folder)
        let samples = [#"{"title":"Hello","n":3,"ok":true,"tags":["a","b"]}"#, #"{"emotion":"joy","text":"caf\u00e9 \ud83d\ude00 \"q\" \\ /"}"#,
                       #"{}"#, #"{ "a" : -9223372036854775808 , "b" : [ ] }"#, #"{"title":"한국어","amount":-1250}"#]
        for (index, sample) in samples.enumerated() {
            try Data(sample.utf8).write(to: folder.appendingPathComponent("fields-\(index).json"))
        }
    }
}
