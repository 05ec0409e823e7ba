import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Runs Foundation's `XMLParser` (libxml2 underneath) over an untrusted file, streaming: the
/// handler sees elements as they come and keeps what it needs, so a 100 MB file never becomes
/// a document tree. Written once for every XML reader of the import (GPX, TCX, Apple Health).
///
/// Safety, each point checked on Linux by the tests:
/// - entity declarations are refused and the document type declaration is blanked out before
///   parsing (`XMLPrologCheck` says why: `XMLParser` would crash on some DTDs);
/// - external entities and DTDs are never loaded: `shouldResolveExternalEntities` is off (no
///   DTD loading) and the resolving policy is `.never`, so libxml2's loader is never called;
/// - a reference to an entity the parser cannot resolve, and libxml2's own entity-loop and
///   amplification guard, end the parse with `errors.import.xml.entities`.
///
/// `XMLParser` on Linux parses in libxml2's recover mode and can return `true` after a fatal
/// error (a truncated file does), so success is judged here from the errors it reports, not
/// from `parse()`'s result alone.
enum SecureXMLParser {
    /// Parses `data`, lent to libxml2 in chunks (`XMLInputStream`), so the parser holds no
    /// second copy of it. `checkingProlog` is for the tests only, which turn the prolog check
    /// off to see that libxml2's own guards hold beneath it.
    static func parse(_ data: Data, with handler: some XMLEventHandler, checkingProlog: Bool = true) throws {
        var patch: XMLPatch?
        if checkingProlog {
            patch = try verify(XMLPrologCheck.check(data), complete: data.count <= XMLPrologCheck.limit)
        }
        try run(XMLInputStream(data, patch: patch), with: handler)
    }

    /// Parses the file at `path` as it is read, never holding more than a chunk of it (and its
    /// first megabyte, for the prolog check).
    static func parse(fileAt path: String, with handler: some XMLEventHandler) throws {
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw ImportProblem("errors.import.xml.unreadable")
        }
        let head: Data
        do {
            head = try file.read(upToCount: XMLPrologCheck.limit + 1) ?? Data()
            try file.seek(toOffset: 0)
        } catch {
            try? file.close()
            throw ImportProblem("errors.import.xml.unreadable")
        }
        let patch: XMLPatch?
        do {
            patch = try verify(XMLPrologCheck.check(head), complete: head.count <= XMLPrologCheck.limit)
        } catch {
            try? file.close()
            throw error
        }
        // The stream closes the file when the parser is done with it.
        try run(XMLInputStream(file, head: head, patch: patch), with: handler)
    }

    /// The patch that blanks the DOCTYPE, or the problem that stops the file.
    private static func verify(_ verdict: XMLPrologCheck.Verdict, complete: Bool) throws -> XMLPatch? {
        switch verdict {
        case .safe(let patch): return patch
        case .declaresEntities: throw ImportProblem("errors.import.xml.entities")
        case .malformed(let line, let column):
            throw ImportProblem("errors.import.xml.malformed", ["line": String(line), "column": String(column)])
        case .empty:
            if complete { throw ImportProblem("errors.import.xml.empty") }
            throw ImportProblem("errors.import.xml.prolog", ["limit": String(XMLPrologCheck.limit >> 20)])
        case .unfinished(let line, let column):
            if complete { throw ImportProblem("errors.import.xml.malformed", ["line": String(line), "column": String(column)]) }
            throw ImportProblem("errors.import.xml.prolog", ["limit": String(XMLPrologCheck.limit >> 20)])
        }
    }

    private static func run(_ stream: XMLInputStream, with handler: some XMLEventHandler) throws {
        let parser = XMLParser(stream: stream)
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        let relay = XMLRelay(handler)
        parser.delegate = relay
        let finished = parser.parse()
        if stream.failed { throw ImportProblem("errors.import.xml.unreadable") }
        // The relay's problem, if any, is earlier in the file: the parser saw nothing past the bad UTF-8.
        if let problem = relay.problem { throw problem }
        if let invalid = stream.invalidUTF8 {
            throw ImportProblem("errors.import.xml.badText", ["line": String(invalid.line), "column": String(invalid.column)])
        }
        if !finished {
            // Stopped without telling the relay why (a read error of the stream, say).
            throw ImportProblem(
                "errors.import.xml.malformed",
                ["line": String(parser.lineNumber), "column": String(parser.columnNumber)])
        }
        if !relay.sawElement { throw ImportProblem("errors.import.xml.empty") }
    }
}

/// `XMLParser`'s delegate: passes events to the handler until the first problem, which it
/// keeps (with the position the parser was at) and which stops the parse.
private final class XMLRelay<Handler: XMLEventHandler>: NSObject, XMLParserDelegate {
    let handler: Handler
    private(set) var problem: ImportProblem?
    private(set) var sawElement = false
    /// Open elements. No export nests deeper than a few levels; a file nesting millions
    /// stops here, at the Health scanner's limit, before it costs memory.
    private var depth = 0
    static var deepestNesting: Int { XMLByteScanner.deepestNesting }

    init(_ handler: Handler) { self.handler = handler }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String]
    ) {
        guard problem == nil else { return }
        sawElement = true
        depth += 1
        guard depth <= Self.deepestNesting else {
            stop(
                parser,
                ImportProblem(
                    "errors.import.xml.tooDeep",
                    ["limit": String(Self.deepestNesting), "line": String(parser.lineNumber)]))
            return
        }
        do { try handler.didStart(elementName, attributes: attributeDict, at: XMLLocation(parser)) } catch {
            stop(parser, error)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard problem == nil else { return }
        depth -= 1
        do { try handler.didEnd(elementName, at: XMLLocation(parser)) } catch {
            stop(parser, error)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard problem == nil else { return }
        handler.found(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard problem == nil else { return }
        handler.found(String(decoding: CDATABlock, as: UTF8.self))
    }

    /// Never supplies an entity's text: an entity the document did not get from the parser
    /// stays unresolved, and libxml2 reports it.
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard problem == nil else { return }
        let code = (parseError as NSError).code
        guard LibXML2Error.isFatal(code) else { return }
        let position = ["line": String(parser.lineNumber), "column": String(parser.columnNumber)]
        if LibXML2Error.isConversion(code) {
            // Reported from inside libxml2's encoding conversion, where `abortParsing()` would free
            // the input libxml2 is about to use (2.9.14: xmlParseChunk after
            // xmlParserInputBufferPush; it crashes). libxml2 stops there by itself.
            problem = ImportProblem("errors.import.xml.badText", position)
            return
        }
        // Stopped at once: in recover mode libxml2 would read on from wherever it resyncs, and
        // could hand the SAX bridge a DTD declaration it crashes on.
        stop(
            parser,
            LibXML2Error.isAboutEntities(code)
                ? ImportProblem("errors.import.xml.entities", position)
                : ImportProblem("errors.import.xml.malformed", position))
    }

    private func stop(_ parser: XMLParser, _ error: Error) {
        problem =
            (error as? ImportProblem)
            ?? ImportProblem(
                "errors.import.xml.malformed",
                ["line": String(parser.lineNumber), "column": String(parser.columnNumber)])
        parser.abortParsing()
    }
}

/// The libxml2 error codes (`xmlParserErrors`, libxml/xmlerror.h) that `XMLParser` reports as
/// its error codes, sorted into what ends a parse and what does not.
enum LibXML2Error {
    /// Warnings (`XML_WAR_*`), namespace errors (`XML_NS_ERR_*`, 200–299: an undeclared prefix
    /// such as a bare `gpxtpx:hr`, common in exports) and DTD validity errors (500–599, only
    /// reported, never checked) leave the document readable; every other code is a
    /// well-formedness error.
    static func isFatal(_ code: Int) -> Bool {
        !(warnings.contains(code) || (200..<300).contains(code) || (500..<600).contains(code))
    }

    /// XML_WAR_CATALOG_PI, _UNKNOWN_VERSION, _LANG_VALUE, _NS_URI, _NS_URI_RELATIVE,
    /// _SPACE_VALUE, _NS_COLUMN, _ENTITY_REDEFINED. Not XML_WAR_UNDECLARED_ENTITY (27): an
    /// entity left unresolved is text missing from the file, so it is treated as fatal.
    private static let warnings: Set<Int> = [93, 97, 98, 99, 100, 102, 106, 107]

    /// Errors of libxml2's encoding conversion: XML_FROM_IO (1500–1599, XML_IO_ENCODER) and
    /// XML_FROM_I18N (6000–6099, XML_I18N_CONV_FAILED), as for a UTF-16 file with a lone surrogate.
    static func isConversion(_ code: Int) -> Bool { (1500..<1600).contains(code) || (6000..<6100).contains(code) }

    /// XML_ERR_UNDECLARED_ENTITY (26), XML_WAR_UNDECLARED_ENTITY (27), XML_ERR_ENTITY_LOOP (89:
    /// libxml2 2.9 also reports "billion laughs" amplification with it) and
    /// XML_ERR_ENTITY_PROCESSING (104).
    static func isAboutEntities(_ code: Int) -> Bool { [26, 27, 89, 104].contains(code) }
}
