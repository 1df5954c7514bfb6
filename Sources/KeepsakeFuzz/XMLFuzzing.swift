import Foundation
import KeepsakeSupport

/// `xml`: KeepsakeSupport's `XMLTree.parse` (Foundation's `XMLParser`, libxml2; S3's answers and camt
/// statements) on any bytes. A typed `XMLSyntaxError` with a line, or a tree whose names carry no
/// prefix; the same bytes give the same tree; a tree written out
/// again as XML (names plain, text and attributes escaped) reads back as the same tree.
enum XMLFuzzing {
    static let target = FuzzTarget(name: "xml", summary: "XMLTree.parse: typed errors, plain names, stable, write-then-read the same",
                                   check: check, seeds: seeds)

    static func check(_ data: Data) {
        let tree: XMLTree
        do {
            tree = try XMLTree.parse(data)
        } catch {
            require(error.line >= 0 && !error.reason.isEmpty, "an XMLSyntaxError without a reason")
            return
        }
        var plain = true
        walk(tree) { element in
            // A name of colons only (`:` is a name) has no local part to keep.
            require(!element.name.isEmpty && (!element.name.contains(":") || element.name.allSatisfy { $0 == ":" }),
                    "an element name with a prefix or none: \(element.name.debugDescription)")
            plain = plain && isPlainName(element.name) && element.attributes.keys.allSatisfy { isPlainName($0) && !$0.hasPrefix("xmlns") }
        }
        require((try? XMLTree.parse(data)) == tree, "the same bytes parsed twice gave two trees")
        // Only trees of plain names are written out: a local name cut from `a:1b` is no name on its own.
        guard plain else { return }
        let written = Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + xml(tree)).utf8)
        do {
            let again = try XMLTree.parse(written)
            require(shape(again) == shape(tree), "written out and read again, the tree changed: \(String(decoding: written.prefix(300), as: UTF8.self))")
        } catch {
            fatalError("keepsake-fuzz: property violated: a tree written out does not read again (\(error)): \(String(decoding: written.prefix(300), as: UTF8.self))")
        }
    }

    /// Calls `visit` on `tree` and every element below it, in document order.
    static func walk(_ tree: XMLTree, _ visit: (XMLTree) -> Void) {
        visit(tree)
        for child in tree.children { walk(child, visit) }
    }

    /// An ASCII XML name: a letter or `_`, then letters, digits, `_`, `-` and `.`.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")) else { return false }
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
    }

    /// `tree` as XML: its own text first, then its children (the tree keeps no finer order).
    static func xml(_ tree: XMLTree) -> String {
        let attributes = tree.attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(escape($0.value, attribute: true))\"" }.joined()
        return "<\(tree.name)\(attributes)>\(escape(tree.text, attribute: false))\(tree.children.map(xml).joined())</\(tree.name)>"
    }

    static let textReferences: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"]
    static let attributeReferences = textReferences.merging(["\"": "&quot;", "\n": "&#10;", "\t": "&#9;"]) { first, _ in first }

    /// Text escaped for XML; line breaks and tabs as character references, so no parser normalizes them.
    static func escape(_ text: String, attribute: Bool) -> String {
        let references = attribute ? attributeReferences : textReferences
        var out = ""
        for scalar in text.unicodeScalars {
            if let reference = references[scalar] { out += reference } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// What a tree says, lines left out (they change when it is written out on one line).
    struct Shape: Equatable {
        var name: String
        var attributes: [String: String]
        var text: String
        var children: [Shape]
    }

    static func shape(_ tree: XMLTree) -> Shape {
        Shape(name: tree.name, attributes: tree.attributes, text: tree.text, children: tree.children.map(shape))
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["imports/camt"], extensions: [".xml"], maxBytes: 256 << 10, into: folder)
        let list = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><KeyCount>1</KeyCount><IsTruncated>true</IsTruncated>
            <EncodingType>url</EncodingType><Contents><Key>a%20b/c+d</Key><Size>12</Size><ETag>&quot;abc&quot;</ETag>
            <LastModified>2024-01-02T03:04:05.000Z</LastModified></Contents><NextContinuationToken>t</NextContinuationToken></ListBucketResult>
            """
        try Data(list.utf8).write(to: folder.appendingPathComponent("s3-list.xml"))
        let error = "<?xml version=\"1.0\"?><Error><Code>NoSuchKey</Code><Message>gone</Message><RequestId>r1</RequestId></Error>"
        try Data(error.utf8).write(to: folder.appendingPathComponent("s3-error.xml"))
        try Data("<!DOCTYPE a [<!ENTITY e \"x&#38;y\">]><c:a xmlns:c=\"urn:c\" k=\"v\"><![CDATA[<raw>]]>&e;<b/></c:a>".utf8)
            .write(to: folder.appendingPathComponent("entities.xml"))
    }
}
