import Foundation
import Testing
import KeepsakeSupport

@Suite struct XMLTreeTests {
    @Test func elementsKeepTheirLocalNamesTextAttributesAndLines() throws {
        let xml = "<?xml version=\"1.0\"?>\n<c:Doc xmlns:c=\"urn:x\">\n <c:Ntry><Amt Ccy=\"EUR\"> 12.50 </Amt></c:Ntry>\n<Ntry><![CDATA[a<b]]></Ntry></c:Doc>"
        let root = try XMLTree.parse(Data(xml.utf8))
        #expect(root.name == "Doc" && root.all("Ntry").count == 2)
        #expect(root.at("Ntry", "Amt")?.attributes["Ccy"] == "EUR" && root.at("Ntry", "Amt")?.line == 3)
        #expect(root.value("Ntry", "Amt") == "12.50" && root.child("Ntry")?.text("Amt") == " 12.50 ")
        #expect(root.all("Ntry")[1].text == "a<b" && root.descendants("Amt").count == 1)
    }

    @Test func malformedAndTruncatedXMLAreTypedErrorsWithALine() {
        #expect(throws: XMLSyntaxError.self) { try XMLTree.parse(Data("<a><b></a>".utf8)) }
        #expect(throws: XMLSyntaxError.self) { try XMLTree.parse(Data()) }
        do {
            _ = try XMLTree.parse(Data("<a>\n<b>text".utf8))
            Issue.record("a truncated document was read")
        } catch {
            #expect(error.line >= 1 && !error.reason.isEmpty)
        }
    }
}
