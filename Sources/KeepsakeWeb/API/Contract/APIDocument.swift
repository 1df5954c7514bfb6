import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeSupport

/// The OpenAPI 3.1 document of the API, served at `/api/v1/openapi.json`: made once, when the
/// server starts, from the route table (``WebApp/apiRoutes(thumbnailSizes:)``) and the body types'
/// own schemas (``APIDescribed``), so it lists exactly the routes there are with exactly the
/// bodies they take and answer. `APIDocumentTests` checks it against the router and real
/// answers against it; `Tests/api/run.sh` validates it (openapi-spec-validator) and fuzzes a live
/// server against it (schemathesis).
enum APIDocument {
    /// The schemas the body types refer to besides their own.
    static var referencedSchemas: [any APIDescribed.Type] {
        [APIImage.self, Emotion.self, APIProblem.self, APIChangePage.Change.self, APICalendar.Day.self, APIOnThisDay.Year.self, APIStatistics.Period.self,
         APITotals.self, APIMonthlyReport.Month.self, APICategoryReport.Category.self, APIDiaryEntry.self, APITransaction.self, APIPost.self]
            + [APIRecurringRule.self, APIRecurringOccurrence.self]
            + [APIBudget.self, APIBudgetReport.Line.self]
            + [APILedgerAccount.self, APITransfer.self]
    }

    /// The schemas a body's schema may refer to, by name.
    static let schemas: [String: JSONValue] = Dictionary(referencedSchemas.map { ($0.schemaName, $0.schema) }) { first, _ in first }

    /// The document of `routes` (each path with constraints under the site's root).
    static func make(routes: [APIRoute], thumbnailSizes: [Int]) -> JSONValue {
        var paths: [String: [String: JSONValue]] = [:]
        var schemas: [String: JSONValue] = [:]
        var parameters: [String: JSONValue] = [:]
        for type in referencedSchemas { schemas[type.schemaName] = type.schema }
        for route in routes {
            let template = RouterPattern(route.path).template
            paths[template, default: [:]][route.method.rawValue.lowercased()] = operation(route.description, parameters: &parameters)
            schemas.merge(route.description.schemas) { first, _ in first }
        }
        return [
            "openapi": "3.1.0",
            "info": ["title": "Keepsake API", "version": "1.0.0",
                     "description": "The JSON API of keepsake serve: the diary, the ledger and the feed with their photos, sync, reports and the store. Every request needs Authorization: Bearer <token> (keepsake token create). See docs/API.md."],
            "servers": [["url": "/"]],
            "security": [["bearer": []]],
            "tags": .array(["meta", "account", "sync", "store", "diary", "ledger", "feed"].map { ["name": .string($0)] }),
            "paths": .object(paths.mapValues(JSONValue.object)),
            "components": [
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer", "description": "ks_… tokens from keepsake token create."]],
                "headers": ["ETag": ["schema": ["type": "string"], "description": "The record's version as an entity tag, \"v3\"."],
                            "Location": ["schema": ["type": "string"]]],
                "responses": ["Problem": ["description": "A failure (400, 401, 403, 404, 405, 409, 412, 413, 415, 416, 422, 429, 503, 507, 500).",
                                          "headers": ["Content-Language": ["schema": ["type": "string", "enum": ["en", "ko"]],
                                                                           "description": "On a refused write: the language of detail, from Accept-Language (en by default)."]],
                                          "content": ["application/problem+json": ["schema": APIProblem.reference]]]],
                "parameters": .object(parameters),
                "schemas": .object(schemas),
            ],
        ]
    }

    private static func operation(_ description: APIOperationDescription, parameters components: inout [String: JSONValue]) -> JSONValue {
        let doc = description.doc
        var operation: [String: JSONValue] = ["operationId": .string(doc.id), "summary": .string(doc.summary), "tags": [.string(description.tag)]]
        if let text = doc.description { operation["description"] = .string(text) }
        if !doc.parameters.isEmpty {
            operation["parameters"] = .array(doc.parameters.map { parameter in
                guard let name = parameter.component else { return parameter.document }
                components[name] = parameter.document
                return ["$ref": .string("#/components/parameters/" + name)]
            })
        }
        if let body = description.body { operation["requestBody"] = requestBody(body) }
        var responses = description.responses
        responses["default"] = ["$ref": "#/components/responses/Problem"]
        operation["responses"] = .object(responses)
        return .object(operation)
    }

    private static let bytes: JSONValue = ["type": "string", "contentMediaType": "application/octet-stream"]
    /// A photo sent: at least one byte.
    private static let photo: JSONValue = ["type": "string", "minLength": 1, "contentMediaType": "application/octet-stream"]

    private static func requestBody(_ body: APIBodyDoc) -> JSONValue {
        var content: [String: JSONValue] = [:]
        switch body {
        case .json(let schema, let field, let maxPhotos):
            content["application/json"] = ["schema": schema]
            if let field {
                content["multipart/form-data"] = [
                    "schema": ["type": "object", "required": [.string(field)], "additionalProperties": false, "properties": [
                        field: JSONSchema.described(schema, "The JSON object, as the text of the field."),
                        "image": JSONSchema.array(photo, maxItems: maxPhotos ?? DiaryLimits.defaultMaxImages),
                    ]],
                    "encoding": [field: ["contentType": "application/json"], "image": ["contentType": "image/*"]],
                ]
            }
        case .images(let single):
            content["multipart/form-data"] = [
                "schema": ["type": "object", "required": ["image"], "additionalProperties": false,
                           "properties": ["image": JSONSchema.array(photo, minItems: 1, maxItems: single ? 1 : DiaryLimits.defaultMaxImages)]],
                "encoding": ["image": ["contentType": "image/*"]],
            ]
            for type in ["image/jpeg", "image/png", "image/webp", "image/heic", "image/avif", "image/gif"] {
                content[type] = ["schema": ["type": "string", "minLength": 1, "contentMediaType": .string(type)]]
            }
            content["application/octet-stream"] = ["schema": photo]
        }
        return ["required": true, "content": .object(content)]
    }

    /// The responses of an operation that answers an image's bytes.
    static let imageBytesResponses: [String: JSONValue] = [
        "200": ["description": "The bytes.", "headers": ["ETag": ["$ref": "#/components/headers/ETag"], "Accept-Ranges": ["schema": ["type": "string"]]],
                "content": ["image/*": ["schema": bytes]]],
        "206": ["description": "The byte range asked for (`Range`).", "headers": ["Content-Range": ["schema": ["type": "string"]]],
                "content": ["image/*": ["schema": bytes]]],
        "304": ["description": "Not modified (`If-None-Match` names this image's ETag)."],
        "307": ["description": "The image is at another address (`Location`), for blob stores that hand out URLs."],
    ]
}
