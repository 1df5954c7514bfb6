/// A narrow entry point for the fuzz targets (`keepsake-fuzz`, fuzz/run.sh) into the fields JSON
/// reader; `package`, so nothing outside this package sees it.
package enum FieldsJSONFuzzing {
    /// ``FieldsJSON/decode(_:)``: the fast reader (`nil` when it leaves the text to `JSONDecoder`).
    package static func decode(_ text: String) -> [String: FieldValue]? { FieldsJSON.decode(text) }
}
