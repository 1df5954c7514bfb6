import KeepsakeDiary
import KeepsakeSupport

/// The ten emotions, as the schema `Emotion`.
extension Emotion: APIDescribed {
    static var schema: JSONValue { JSONSchema.string(values: allCases.map(\.rawValue)) }
}
