import Foundation
import Testing
@testable import KeepsakeStore

/// The fast paths lists use (fields JSON, path checks, id parsing) give exactly what the general
/// ones give, and hand everything else to them.
@Suite struct FastDecodingTests {
    static let fieldTexts = [
        #"{}"#, #"{"title":"Picnic"}"#, #"{"a":1,"b":-42,"c":0,"d":true,"e":false,"f":["x","y"],"g":[]}"#,
        #"{"max":9223372036854775807,"min":-9223372036854775808}"#,
        #" { "spaced" : "yes" , "n" : 7 } "#,
        #"{"esc":"quote \" slash \/ back \\ nl \n tab \t \b \f \r","u":"\u00e9\u4e2d\ud83d\ude00"}"#,
        #"{"utf8":"café 中文 😀","":"empty key"}"#,
        // Outside the fast subset: must fall back (and then decode, or fail, as JSONDecoder does).
        #"{"big":9223372036854775808}"#, #"{"frac":1.5}"#, #"{"exp":1e3}"#, #"{"one":1.0}"#, #"{"neg0":-0}"#,
        #"{"lead":01}"#, #"{"null":null}"#, #"{"nested":{"a":1}}"#, #"{"mixed":["a",1]}"#,
        #"{"dup":"a","dup":"b"}"#, #"{"lone":"\ud800"}"#, #"{"lowlone":"\udc00"}"#, #"["not an object"]"#,
        #"{"a":"b"} trailing"#, #"{"a":"unterminated}"#, #"{"bad":"\x"}"#, #"{"a":tru}"#, #"{"a":"b",}"#, "",
    ]

    @Test func fieldsDecodeExactlyAsJSONDecoder() throws {
        for text in Self.fieldTexts {
            let reference = try? JSONDecoder().decode([String: FieldValue].self, from: Data(text.utf8))
            if let fast = FieldsJSON.decode(text) {
                #expect(fast == reference, "\(text)")
            }
        }
        #expect(FieldsJSON.decode(#"{"a":1,"b":true,"c":"x","d":["y"]}"#) == ["a": .integer(1), "b": .bool(true), "c": .string("x"), "d": .strings(["y"])])
        #expect(FieldsJSON.decode(#"{"dup":"a","dup":"b"}"#) == nil)
        #expect(FieldsJSON.decode(#"{"frac":1.5}"#) == nil)
    }

    @Test func pathChecksAgreeWithComponentChecks() {
        let paths = ["attachments/diary/3f2504e0-4f89-41d3-9a0c-0305e82c3301/image_0-ab12cd34ef56.jpg", "a", "a/b", "...", "a/.../b",
                     ".", "..", "a/./b", "a/../b", "a//b", "a/", "/a", "a b", "a/\u{0}", "é", String(repeating: "x", count: 255),
                     String(repeating: "x", count: 256), ".hidden", "a-b_c.d"]
        for path in paths {
            let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let expected = !path.isEmpty && !path.hasPrefix("/") && components.allSatisfy { (try? RelativePath.checkComponent($0)) != nil }
            #expect(((try? RelativePath(path)) != nil) == expected, "\(path)")
        }
    }

    @Test func idsParseAsUUIDDoes() throws {
        for text in ["3F2504E0-4F89-41D3-9A0C-0305E82C3301", "3f2504e0-4f89-41d3-9a0c-0305e82c3301", "00000000-0000-4000-8000-000000000001"] {
            #expect(try RecordID(parsing: text).uuid == UUID(uuidString: text))
        }
        for text in ["3f2504e0-4f89-41d3-9a0c-0305e82c330", "3f2504e0x4f89-41d3-9a0c-0305e82c3301", "g f2504e0-4f89-41d3-9a0c-0305e82c3301", "../../../../etc/passwd/abcdefghijklmnop"] {
            #expect(throws: KeepsakeError.self) { try RecordID(parsing: text) }
        }
    }

    @Test func idsAreWrittenAndOrderedAsTheirLowercaseUUIDText() {
        var ids = (0..<500).map { _ in RecordID() }
        ids += [RecordID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
                RecordID(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))]
        for id in ids {
            #expect(id.string == id.uuid.uuidString.lowercased())
        }
        #expect(ids.sorted().map(\.string) == ids.map(\.string).sorted())
    }
}
