import Foundation
import KeepsakeStore
import KeepsakeSupport

/// A JSON body the API takes (``APIRequest/decode(_:)``): its fields are exactly the `properties`
/// of its schema (any other field is refused), each decoded with the type its property has.
protocol APIRequestBody: APIDescribed, Decodable, Sendable {
    /// What the body is, for messages: "diary entry".
    static var noun: String { get }
    /// The `multipart/form-data` field that carries the JSON when photos come with it.
    static var multipartField: String { get }
    /// The most photos a multipart body of this kind may carry (`nil`: the app's limit, which the
    /// server's configuration sets).
    static var maxPhotos: Int? { get }
    /// The app's own checks of the body, run before its schema is checked so that a body the app
    /// refuses gets the app's sentence (the schema check then catches what the app would let by).
    func precheck() throws
}

extension APIRequestBody {
    /// The app's limit.
    static var maxPhotos: Int? { nil }

    /// No checks of the app's own.
    func precheck() throws {}

    /// The fields a client may send: the schema's properties.
    static var fields: [String] {
        (schema["properties"]?.objectValue?.keys).map { $0.sorted() } ?? []
    }

    /// The body in `data`; `invalidArgument` naming the field when it is not a JSON object of the
    /// schema's fields with the right types.
    static func decode(_ data: Data) throws -> Self {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw KeepsakeError(.invalidArgument, "The \(noun) is not valid JSON; send one JSON object.")
        }
        guard case .object(let object) = value else {
            throw KeepsakeError(.invalidArgument, "The \(noun) must be a JSON object.")
        }
        let allowed = fields
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw KeepsakeError(.invalidArgument, "The \(noun) has a field \(KeepsakeError.printable(unknown)) that is not one of \(allowed.joined(separator: ", ")).")
        }
        do {
            return try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw refusal(error)
        }
    }

    /// The sentence for a field of the wrong type, or a required one missing.
    private static func refusal(_ error: DecodingError) -> KeepsakeError {
        func field(_ path: [any CodingKey]) -> String { path.first?.stringValue ?? "?" }
        switch error {
        case .keyNotFound(let key, _):
            return KeepsakeError(.invalidArgument, "The \(noun) needs the field \(key.stringValue).")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return KeepsakeError(.invalidArgument, "The field \(field(context.codingPath)) of the \(noun) must be \(described(type, nested: context.codingPath.count > 1)).")
        case .dataCorrupted(let context):
            return KeepsakeError(.invalidArgument, "The field \(field(context.codingPath)) of the \(noun) has a value of the wrong kind.")
        @unknown default:
            return KeepsakeError(.invalidArgument, "The \(noun) does not have the fields it needs.")
        }
    }

    private static func described(_ type: Any.Type, nested: Bool) -> String {
        let name = String(describing: type)
        let single = name.contains("String") ? "a string" : name.contains("Int") ? "a whole number" : name.contains("Bool") ? "true or false" : "another kind of value"
        return nested || name.hasPrefix("Array") ? "a list of \(single.replacingOccurrences(of: "a ", with: ""))s" : single
    }
}
