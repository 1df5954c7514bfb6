import Foundation
import KeepsakeHTTP
import KeepsakeSupport
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// The OpenAPI document the server makes from its route table (``APIDocument``) is true to the
/// router and to the answers: every API route is documented and every documented operation is a
/// route, every `$ref` names a schema, and real answers of every JSON operation conform to the
/// schema the document gives them.
@Suite struct APIDocumentTests {
    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationExists() async throws {
        let fixture = try APIFixture()
        let document = try Self.document(fixture)
        #expect(document["openapi"]?.stringValue == "3.1.0")
        let paths = try #require(document["paths"]?.objectValue)
        let documented = Set(paths.flatMap { path, item in (item.objectValue ?? [:]).keys.map { "\($0.uppercased()) \(path)" } })
        let routed = Set(fixture.web.app.routes.filter { $0.pattern.template.hasPrefix("/api/") }.map { "\($0.method.rawValue) \($0.pattern.template)" })
        #expect(routed.count > 50)
        #expect(routed.subtracting(documented).sorted() == [], "routes missing from the document")
        #expect(documented.subtracting(routed).sorted() == [], "documented operations without a route")
    }

    @Test func everyOperationHasAnIdAndItsProblemsAndEveryReferenceResolves() async throws {
        let fixture = try APIFixture()
        let document = try Self.document(fixture)
        #expect(document["security"] == [["bearer": []]])
        var ids: [String] = []
        for (path, item) in try #require(document["paths"]?.objectValue) {
            for (method, operation) in item.objectValue ?? [:] {
                #expect(operation["responses"]?["default"] == ["$ref": "#/components/responses/Problem"], "\(method) \(path)")
                ids.append(try #require(operation["operationId"]?.stringValue))
            }
        }
        #expect(Set(ids).count == ids.count, "operation ids are unique")
        var references: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let fields):
                if let reference = fields["$ref"]?.stringValue { references.append(reference) }
                fields.values.forEach(collect)
            case .array(let values): values.forEach(collect)
            default: break
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        for reference in Set(references) {
            let parts = reference.split(separator: "/").map(String.init)
            #expect(parts.count == 4 && parts[0] == "#" && document[parts[1]]?[parts[2]]?[parts[3]] != nil, "\(reference) resolves")
        }
    }

    /// Each JSON operation's real answers (seeded records with photos, reports, the change feed,
    /// the store) against the schema the document gives them, and a body that drifts from its
    /// schema is caught.
    @Test func realAnswersConformToTheirSchemas() async throws {
        let fixture = try APIFixture()
        let document = try Self.document(fixture)
        let schemas = try #require(document["components"]?["schemas"]?.objectValue)
        let check = JSONSchemaCheck(schemas: schemas)
        func post(_ path: String, field: String, _ json: String) async throws -> JSONValue {
            let response = try await fixture.call(path, ["-H", "Idempotency-Key: \(UUID())", "-F", "\(field)=\(json)",
                                                         "-F", "image=@\(Photos.wide.path);type=image/jpeg"])
            #expect(response.status == 201, "\(path): \(response.text)")
            return try JSONValue(parsing: response.body)
        }
        let entry = try await post("/diary/entries", field: "entry", #"{"emotion":"joy","title":"Seoul","tags":["trip"],"moment":"2025-03-04T09:00:00+09:00","timeZone":"Asia/Seoul"}"#)
        let postBody = try await post("/feed/posts", field: "post", #"{"title":"Ramen","contents":"Good."}"#)
        let transaction = try await post("/ledger/transactions", field: "transaction",
                                         #"{"date":"2025-03-04","kind":"expense","amount":"12.50","currency":"USD","category":"Food"}"#)
        let entryID = try #require(entry["id"]?.stringValue), postID = try #require(postBody["id"]?.stringValue)
        let transactionID = try #require(transaction["id"]?.stringValue)
        let image = try #require(entry["images"]?.arrayValue?.first?["id"]?.intValue)
        let trashed = try await fixture.call("/feed/posts/\(postID)", ["-X", "DELETE"])
        #expect(trashed.status == 200)
        let calls: [(method: String, template: String, path: String)] = [
            ("post", "/api/v1/diary/entries", ""), ("post", "/api/v1/feed/posts", ""), ("post", "/api/v1/ledger/transactions", ""),
            ("delete", "/api/v1/feed/posts/{id}", ""),
            ("get", "/api/v1/diary/entries", "/diary/entries"), ("get", "/api/v1/diary/entries/{id}", "/diary/entries/\(entryID)"),
            ("get", "/api/v1/diary/entries/{id}/images", "/diary/entries/\(entryID)/images"),
            ("get", "/api/v1/diary/entries/{id}/images/{attachment}", "/diary/entries/\(entryID)/images/\(image)"),
            ("get", "/api/v1/diary/search", "/diary/search?q=seoul"), ("get", "/api/v1/diary/calendar", "/diary/calendar?month=2025-03"),
            ("get", "/api/v1/diary/statistics", "/diary/statistics?from=2025-01-01&until=2025-12-31&period=month&timeZone=Asia/Seoul"),
            ("get", "/api/v1/diary/insights", "/diary/insights?from=2025-01-01&until=2026-01-01&timeZone=Asia/Seoul&today=2025-03-05"),
            ("get", "/api/v1/feed/trash", "/feed/trash"), ("get", "/api/v1/feed/posts/{id}", "/feed/posts/\(postID)"),
            ("get", "/api/v1/ledger/transactions", "/ledger/transactions?currency=USD"),
            ("get", "/api/v1/ledger/transactions/{id}/receipt", "/ledger/transactions/\(transactionID)/receipt"),
            ("get", "/api/v1/ledger/search", "/ledger/search?q=food"), ("get", "/api/v1/ledger/reports/monthly", "/ledger/reports/monthly?year=2025"),
            ("get", "/api/v1/ledger/reports/categories", "/ledger/reports/categories?year=2025&month=3"),
            ("get", "/api/v1/changes", "/changes"), ("get", "/api/v1/store/status", "/store/status"), ("post", "/api/v1/store/fsck", "/store/fsck"),
        ]
        var bodies: [(JSONValue, JSONValue, String)] = [(entry, try Self.schema(document, "post", "/api/v1/diary/entries"), "created entry")]
        bodies.append((postBody, try Self.schema(document, "post", "/api/v1/feed/posts"), "created post"))
        bodies.append((transaction, try Self.schema(document, "post", "/api/v1/ledger/transactions"), "created transaction"))
        bodies.append((try JSONValue(parsing: trashed.body), try Self.schema(document, "delete", "/api/v1/feed/posts/{id}"), "trashed post"))
        for call in calls where !call.path.isEmpty {
            let response = try await fixture.call(call.path, call.method == "get" ? [] : ["-X", call.method.uppercased()])
            #expect((200..<300).contains(response.status), "\(call.path): \(response.text)")
            bodies.append((try JSONValue(parsing: response.body), try Self.schema(document, call.method, call.template), call.path))
        }
        for (body, schema, name) in bodies {
            #expect(check.problem(body, schema, name: name) == nil, "\(name): \(check.problem(body, schema, name: "the answer") ?? "")")
        }
        let changes = try #require(bodies.last { $0.2 == "/changes" }?.0["changes"]?.arrayValue)
        #expect(changes.count == 3, "the change feed's records (one per record) were checked against their schemas too")

        // A body that drifts from its schema does not pass: a missing field, a field of the wrong
        // type, a field the schema does not list.
        let entrySchema = try #require(schemas["DiaryEntry"])
        guard case .object(var fields) = entry else { Issue.record("the entry is an object"); return }
        fields["intensity"] = "3"
        #expect(check.problem(.object(fields), entrySchema, name: "entry") != nil)
        fields["intensity"] = 3
        fields["mood"] = "joy"
        #expect(check.problem(.object(fields), entrySchema, name: "entry") != nil)
        fields["mood"] = nil
        fields["title"] = nil
        #expect(check.problem(.object(fields), entrySchema, name: "entry") != nil)
    }

    /// The document states the apps' limits from the apps themselves.
    @Test func theInputSchemasCarryTheAppsOwnLimits() throws {
        let properties = try #require(APIDiaryEntryInput.schema["properties"])
        // A one-line text's length is in its pattern (of the trimmed text): a first and a last
        // character around at most limit - 2 others.
        #expect(properties["title"]?["pattern"]?.stringValue?.contains("{0,98}") == true)
        #expect(properties["intensity"] == ["type": "integer", "minimum": 1, "maximum": 5])
        #expect(properties["tags"]?["maxItems"]?.intValue == 20)
        #expect(properties["tags"]?["items"]?["pattern"]?.stringValue?.hasSuffix("{0,30}$") == true)
        #expect(APIPostInput.schema["properties"]?["title"]?["pattern"]?.stringValue?.contains("{0,198}") == true)
        #expect(APITransactionInput.schema["properties"]?["category"]?["pattern"]?.stringValue?.contains("{0,48}") == true)
        let check = JSONSchemaCheck(schemas: [:])
        let title = try #require(APIPostInput.schema["properties"]?["title"])
        #expect(check.problem(.string("  " + String(repeating: "a", count: 200) + "\n"), title, name: "title") == nil, "trimmed, as the feed counts")
        #expect(check.problem(.string(String(repeating: "a", count: 201)), title, name: "title") != nil)
        #expect(check.problem(.string("a\u{1}b"), title, name: "title") != nil, "one line, no control characters")
        #expect(check.problem(.string("   "), title, name: "title") != nil, "a post needs a title")
        #expect(APITransactionInput.fields == ["account", "amount", "book", "category", "currency", "date", "kind", "memo", "splits"])
    }

    private static func document(_ fixture: APIFixture) throws -> JSONValue {
        let response = try curlSync(fixture, "/openapi.json")
        #expect(response.status == 200)
        return try JSONValue(parsing: response.body)
    }

    private static func curlSync(_ fixture: APIFixture, _ path: String) throws -> CurlResponse {
        try KeepsakeTestSupport.curl(["-H", "Authorization: Bearer \(fixture.token)", fixture.web.url("/api/v1" + path)])
    }

    /// The schema of an operation's success.
    private static func schema(_ document: JSONValue, _ method: String, _ template: String) throws -> JSONValue {
        let responses = try #require(document["paths"]?[template]?[method]?["responses"]?.objectValue, "\(method) \(template)")
        let success = try #require(responses.first { $0.key.hasPrefix("2") }?.value)
        return try #require(success["content"]?["application/json"]?["schema"], "\(method) \(template) answers JSON")
    }
}
