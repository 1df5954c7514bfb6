import KeepsakeDiary
import KeepsakeSupport

/// The ten emotions, as the schema `Emotion`.
extension Emotion: APIDescribed {
    static var schemaName: String { "Emotion" }
    static var schema: JSONValue { JSONSchema.string(values: allCases.map(\.rawValue)) }
}
