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

    /// Found by fuzzing (`fuzz/regressions/xml/`): libxml2 handed a name that is not UTF-8 to
    /// Foundation's `XMLParser`, which stopped the process; such text is refused before parsing.
    @Test func textThatIsNotUTF8AndDeclaresNoOtherEncodingIsRefusedBeforeParsing() throws {
        var bytes = Array("<?xml version=\"1.0\"?>\n<Error><Code>x</Code></Error>".utf8)
        bytes.replaceSubrange(25...26, with: [0xFF, 0xFF])
        do {
            _ = try XMLTree.parse(Data(bytes))
            Issue.record("text that is not UTF-8 was parsed")
        } catch {
            #expect(error.line == 2 && error.reason.contains("not UTF-8"))
        }
        // A declared encoding is libxml2's to convert: ISO-8859-1's é (0xE9) is not UTF-8 on its own.
        let latin1 = Data(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>caf".utf8) + [0xE9] + Array("</a>".utf8))
        #expect(try XMLTree.parse(latin1).text == "caf\u{E9}")
    }
}

@Suite struct XMLTreeInputTests {
    /// Found by fuzzing: Foundation's `XMLParser` reads a null pointer on `<?name?>` (a processing
    /// instruction without data); a document type declaration could bring one from an entity.
    @Test(arguments: ["<a><?pi?></a>", "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY e \"&#60;?x?&#62;\">]><a>&e;</a>", "<\0a\0/\0>\0"])
    func inputThatWouldStopXMLParserIsRefusedFirst(_ text: String) {
        #expect(throws: XMLSyntaxError.self) { try XMLTree.parse(Data(text.utf8)) }
    }

    @Test func processingInstructionsWithDataAndTheDeclarationStillRead() throws {
        #expect(try XMLTree.parse(Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><?pi data?><a><?x ?>t</a>".utf8)).text == "t")
    }
}
