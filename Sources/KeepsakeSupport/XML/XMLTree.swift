public import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element read into a value: its name (without a namespace prefix), attributes, own text,
/// children and the line it starts on; enough for S3's answers and camt statements.
///
/// Read with Foundation's `XMLParser` (libxml2), external entities never resolved.
public struct XMLTree: Sendable, Hashable {
    /// The element's name without its namespace prefix (`Ntry` for `camt:Ntry`).
    public let name: String
    /// The element's attributes, as written.
    public let attributes: [String: String]
    /// The 1-based line the element starts on.
    public let line: Int
    /// The element's own text (character data and CDATA directly inside it), untrimmed.
    public var text = ""
    /// The child elements, in document order.
    public var children: [XMLTree] = []

    /// An element called `name` with no text and no children yet.
    public init(name: String, attributes: [String: String] = [:], line: Int = 1) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The first child called `name`.
    public func child(_ name: String) -> XMLTree? { children.first { $0.name == name } }

    /// Every child called `name`.
    public func all(_ name: String) -> [XMLTree] { children.filter { $0.name == name } }

    /// The untrimmed text of the first child called `name`.
    public func text(_ name: String) -> String? { child(name)?.text }

    /// The element at `path` (child names) below this one.
    public func at(_ path: String...) -> XMLTree? { at(path) }

    /// The element at `path` (child names) below this one.
    public func at(_ path: [String]) -> XMLTree? {
        var node: XMLTree? = self
        for name in path { node = node?.child(name) }
        return node
    }

    /// The trimmed text at `path`, or `nil` when it is missing or empty.
    public func value(_ path: String...) -> String? {
        guard let node = at(path) else { return nil }
        let text = node.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Every element called `name` anywhere below this one, in document order.
    public func descendants(_ name: String) -> [XMLTree] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
    }

    /// All the text of this element and its descendants, in order, parts joined by U+001F.
    public var allText: String { ([text] + children.map(\.allText)).joined(separator: "\u{1F}") }

    /// Reads the root element of `data`.
    ///
    /// - Throws: ``XMLSyntaxError`` with the line and libxml2's reason when the XML is not well
    ///   formed or ends before its elements are closed, and for input ``inputProblem(_:)`` refuses
    ///   (not UTF-8, a document type declaration, a processing instruction without data).
    public static func parse(_ data: Data) throws(XMLSyntaxError) -> XMLTree {
        if let problem = inputProblem(data) { throw problem }
        let parser = XMLParser(data: data)
        let builder = XMLTreeBuilder()
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        guard parsed, builder.stack.isEmpty, let root = builder.root else {
            // libxml2 can stop at the end of a truncated document without calling it an error.
            if parsed, let open = builder.stack.last {
                throw XMLSyntaxError(line: parser.lineNumber,
                                     reason: "it ends before the <\(open.name)> of line \(open.line) is closed (is the file cut short?)")
            }
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "it is not well-formed XML"
            throw XMLSyntaxError(line: parser.lineNumber, reason: reason)
        }
        return root
    }
}

/// Builds an ``XMLTree`` from `XMLParser`'s events: open elements on a stack, each added to its
/// parent when it closes.
private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLTree?
    var stack: [XMLTree] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
        stack.append(XMLTree(name: local, attributes: attributes, line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty { root = root ?? element } else { stack[stack.count - 1].children.append(element) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self) }
    }
}
