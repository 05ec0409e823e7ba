import Foundation
import UsergraphCore

/// `sitemap.xml` and `robots.txt`, made only with a base URL since a sitemap needs absolute URLs.
package enum Sitemap {
    package struct Entry: Sendable, Equatable {
        package let url: String
        /// `YYYY-MM-DD`: when the page's bytes last changed.
        package let lastModified: String

        package init(url: String, lastModified: String) {
            self.url = url
            self.lastModified = lastModified
        }
    }

    package static func xml(_ entries: [Entry]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for entry in entries {
            xml += "  <url><loc>\(HTML.escape(entry.url))</loc><lastmod>\(entry.lastModified)</lastmod></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    package static func robots(base: String) -> String {
        "User-agent: *\nAllow: /\nSitemap: \(base)sitemap.xml\n"
    }

    /// Escaped URL (as written in `<loc>`) → lastmod of a sitemap we wrote before, so pages that
    /// did not change keep their date.
    /// Anything unreadable counts as no previous dates.
    package static func dates(inFileAt path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return [:] }
        var dates: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let loc = line.range(of: "<loc>"), let locEnd = line.range(of: "</loc>", range: loc.upperBound..<line.endIndex),
                let mod = line.range(of: "<lastmod>", range: locEnd.upperBound..<line.endIndex),
                let modEnd = line.range(of: "</lastmod>", range: mod.upperBound..<line.endIndex)
            else { continue }
            let url = String(line[loc.upperBound..<locEnd.lowerBound])
            let day = String(line[mod.upperBound..<modEnd.lowerBound])
            if Day(iso: day) != nil { dates[url] = day }
        }
        return dates
    }
}
