import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a reader of one XML format (GPX, TCX, Apple Health) implements to be fed by
/// `SecureXMLParser`: elements by their local name (namespace prefixes dropped, since GPX
/// 1.0/1.1 and TCX put everything in a default namespace whose URI varies by version), and
/// text. A handler that finds content it cannot accept throws an `ImportProblem`; the parse
/// stops there and the problem is what the caller gets.
protocol XMLEventHandler: AnyObject {
    func didStart(_ element: String, attributes: [String: String], at location: XMLLocation) throws
    func didEnd(_ element: String, at location: XMLLocation) throws
    /// Character data (CDATA included), possibly in several pieces for one text node.
    func found(_ text: String)
}

/// Where the parser is, read only when a handler needs it for a problem (asking on every
/// element would cost a call into libxml2 each time).
struct XMLLocation {
    fileprivate let parser: XMLParser

    init(_ parser: XMLParser) { self.parser = parser }

    var line: Int { parser.lineNumber }

    /// The `line` argument most problem sentences carry.
    var lineArgument: [String: String] { ["line": String(line)] }
}
