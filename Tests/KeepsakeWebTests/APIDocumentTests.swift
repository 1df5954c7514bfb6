import Foundation
import KeepsakeHTTP
import KeepsakeWeb
import Testing

/// The OpenAPI document served at `/api/v1/openapi.json` is true to the router: every API route is
/// documented and every documented operation is a route.
@Suite struct APIDocumentTests {
    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationExists() async throws {
        let fixture = try APIFixture()
        let response = try await fixture.call("/openapi.json")
        #expect(response.status == 200)
        let document = try APIFixture.object(response)
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
        let documented = Set(paths.flatMap { path, item in
            item.keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" }
        })
        let routed = Set(fixture.web.app.routes.filter { $0.pattern.template.hasPrefix("/api/") }
            .map { "\($0.method.rawValue) \($0.pattern.template)" })
        #expect(routed.count > 50)
        #expect(routed.subtracting(documented).sorted() == [], "routes missing from the document")
        #expect(documented.subtracting(routed).sorted() == [], "documented operations without a route")
    }

    @Test func everyOperationNeedsTheBearerTokenAndAnswersProblemsOtherwise() async throws {
        let fixture = try APIFixture()
        let document = try APIFixture.object(try await fixture.call("/openapi.json"))
        let security = try #require(document["security"] as? [[String: [String]]])
        #expect(security == [["bearer": []]])
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        for (path, item) in paths {
            for (method, operation) in item {
                let responses = try #require(operation["responses"] as? [String: Any], "\(method) \(path)")
                #expect(responses["default"] != nil, "\(method) \(path) documents its problems")
                #expect(operation["operationId"] is String)
            }
        }
    }
}
