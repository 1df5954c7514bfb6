import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import KeepsakeStore

/// A small XML tree (element names without namespace prefixes, their attributes, their text and
/// the line each starts on), read with Foundation's `XMLParser` (libxml2) for the camt importer.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    let line: Int
    var text = ""
    var children: [XMLNode] = []

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The first child called `name`.
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }

    /// Every child called `name`.
    func all(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// The node at `path` (child names) below this one.
    func at(_ path: String...) -> XMLNode? { at(path) }

    func at(_ path: [String]) -> XMLNode? {
        var node: XMLNode? = self
        for name in path { node = node?.child(name) }
        return node
    }

    /// The trimmed text at `path`, or `nil` when it is missing or empty.
    func value(_ path: String...) -> String? {
        guard let node = at(path) else { return nil }
        let text = node.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Every node called `name` anywhere below this one, in document order.
    func descendants(_ name: String) -> [XMLNode] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
    }

    /// All the text of this node and its descendants, in order.
    var allText: String { ([text] + children.map(\.allText)).joined(separator: "\u{1F}") }

    /// Parses `data`.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` with the line and libxml2's reason when the
    ///   XML is not well formed.
    static func parse(_ data: Data, file: String) throws -> XMLNode {
        let parser = XMLParser(data: data)
        let builder = Builder(parser: parser)
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        guard parsed, let root = builder.root else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "it is not well-formed XML"
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(file)) cannot be read as XML near line \(parser.lineNumber): \(reason).")
        }
        // libxml2 can stop at the end of a truncated document without calling it an error.
        if let open = builder.stack.last {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(file)) cannot be read as XML near line \(parser.lineNumber): it ends before the <\(open.name)> of line \(open.line) is closed (is the file cut short?).")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        weak var parser: XMLParser?
        var root: XMLNode?
        var stack: [XMLNode] = []

        init(parser: XMLParser) { self.parser = parser }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
            let node = XMLNode(name: local, attributes: attributes, line: parser.lineNumber)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }
}
