import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
@testable import UsergraphStore
import UsergraphTestSupport
#endif

@Suite(.scratch) struct CardTests {
    /// The element names and `href`s of an XML document, or nil when it does not parse.
    final class Probe: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var hrefs: [String] = []
        var root: [String: String] = [:]
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if elements.isEmpty { root = attributes }
            elements.append(name)
            for (key, value) in attributes where key == "href" || key == "xlink:href" { hrefs.append(value) }
        }
    }

    @Test func everyCardIsSelfContainedWithItsSizeTitleAndBothSchemes() throws {
        let (_, output) = try DemoSite.build(baseURL: "https://anna.example.org/")
        let folder = output + "/cards"
        let svgs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") }.sorted()
        // stats, streak, calendar, weekly, the year so far, languages and the demo's pinned
        // repositories (pinned.json).
        #expect(svgs.count == 7 * 3, "\(svgs)")
        // The year's card: the as-of year's workouts, distance and Eddington number.
        let year = try TestPaths.read(folder + "/year-light.svg")
        #expect(year.contains(">Anna Petrova: 2026 so far<") && year.contains(">196<") && year.contains(">1,659\u{00A0}km<"))
        #expect(year.contains(">Eddington, Cycling<") && year.contains(">26<"))
        let pinned = try TestPaths.read(folder + "/pinned-light.svg")
        for name in ["github-api", "jenkins-pipeline-shared"] where !pinned.contains(name) {
            Issue.record("the pinned card lacks \(name)")
        }
        for name in svgs {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            let text = String(decoding: data, as: UTF8.self)
            let probe = Probe()
            let parser = XMLParser(data: data)
            parser.delegate = probe
            #expect(parser.parse(), "\(name) is not well-formed XML")
            #expect(probe.elements.prefix(3) == ["svg", "title", "desc"], "\(name)")
            let width = try #require(probe.root["width"].flatMap(Int.init)), height = try #require(probe.root["height"].flatMap(Int.init))
            #expect(probe.root["viewBox"] == "0 0 \(width) \(height)")
            #expect(!probe.elements.contains("script") && !probe.elements.contains("foreignObject"), "\(name)")
            // Nothing outside itself: the only references are data URIs and its own ids.
            #expect(probe.hrefs.allSatisfy { $0.hasPrefix("data:image/") }, "\(name): \(probe.hrefs)")
            #expect(!text.contains("url(http") && !text.contains("@import") && !text.contains("@font-face"), "\(name)")
            if name.hasSuffix("-light.svg") || name.hasSuffix("-dark.svg") {
                #expect(!text.contains("var(--"), "\(name) leaves a colour to a stylesheet")
                let png = String(name.dropLast(4)) + ".png"
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + png)))
                #expect(ImageSize.parse(bytes) == ImageSize(width: width, height: height), "\(png)")
            } else {
                #expect(text.contains("@media (prefers-color-scheme:dark){:root{"), "\(name) does not follow the scheme")
            }
        }
        let light = try TestPaths.read(folder + "/stats-light.svg"), dark = try TestPaths.read(folder + "/stats-dark.svg")
        #expect(light.contains("fill:#ffffff") && dark.contains("fill:#171a23"))
    }

    @Test func theCardsPageGivesTheCodeToCopyWithAbsoluteURLs() throws {
        let (_, output) = try DemoSite.build(baseURL: "https://anna.example.org/")
        let page = try TestPaths.read(output + "/cards/index.html")
        // The code is text on the page: escaped in the HTML, as written once the browser reads it.
        #expect(PageText.decodeEntities(page).contains("<code>![Anna Petrova: training](https://anna.example.org/cards/stats.svg)</code>"))
        #expect(
            page.contains(
                "&lt;picture&gt;&lt;source media=&quot;(prefers-color-scheme: dark)&quot; srcset=&quot;https://anna.example.org/cards/stats-dark.svg&quot;&gt;")
        )
        #expect(
            page.contains(
                "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"https://anna.example.org/cards/stats-dark.svg\"><img src=\"https://anna.example.org/cards/stats-light.svg\" width=\"495\" height=\"195\""
            ))
        #expect(!page.contains("no base URL"))
        let (_, relative) = try DemoSite.build()
        let plain = try TestPaths.read(relative + "/cards/index.html")
        #expect(PageText.decodeEntities(plain).contains("![Anna Petrova: training](../cards/stats.svg)") && plain.contains("no base URL"))
        #expect(try TestPaths.read(relative + "/index.html").contains("<a href=\"cards/index.html\">Cards to embed</a>"))
    }
}
