import Foundation
import KeepsakeStore
import KeepsakeSupport

extension APIRequest {
    /// Refuses (400) a request whose query parameters or headers the operation's schemas do not
    /// allow, or that lacks a required one: the document's rules, enforced before the handler runs.
    /// Path parameters are the router's (a value its constraint refuses matches no route: 404).
    func checkParameters(_ parameters: [APIParameter]) throws {
        let check = JSONSchemaCheck(schemas: APIDocument.schemas)
        for parameter in parameters {
            let values: [String]
            switch parameter.location {
            case .path: continue
            case .query: values = http.query.values(for: parameter.name)
            case .header: values = http.headers.values(for: parameter.name)
            }
            let what = parameter.location == .query ? "the query parameter \(parameter.name)" : "the header \(parameter.name)"
            if values.isEmpty && parameter.required {
                throw refusal(parameter, "The request needs \(what).")
            }
            for text in values {
                if let problem = check.problem(Self.typed(text, as: parameter.schema), parameter.schema, name: what) {
                    throw refusal(parameter, problem.prefix(1).uppercased() + problem.dropFirst() + ".")
                }
            }
        }
    }

    /// The value of a parameter as the JSON its schema's type describes: a whole number or a
    /// boolean when the text is one, the text otherwise (which a non-string schema then refuses).
    private static func typed(_ text: String, as schema: JSONValue) -> JSONValue {
        switch schema["type"]?.stringValue {
        case "integer"?:
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(text) else {
                return .string(text)
            }
            return .integer(value)
        case "boolean"?:
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        default:
            return .string(text)
        }
    }

    private func refusal(_ parameter: APIParameter, _ detail: String) -> APIProblem {
        APIProblem(status: .badRequest, code: parameter.problemCode ?? KeepsakeError.Code.invalidArgument.rawValue, detail: detail)
    }
}
