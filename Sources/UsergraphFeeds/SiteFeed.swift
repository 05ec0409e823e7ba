import Foundation
import UsergraphCharts
import UsergraphCore
import UsergraphPages
import UsergraphStats

/// What happened, as Atom (RFC 4287, `feed.xml`) and JSON Feed 1.1 (`feed.json`): workouts
/// recorded, achievements and levels reached, repositories starred, up to the as-of day.
/// Every date comes from the data and every id from the record, so a rebuild with nothing new
/// gives the same bytes, and a reader never sees an item twice.
package struct SiteFeed {
    package struct Entry: Equatable {
        /// A `urn:usergraph:` id that never changes for the same record.
        package let id: String
        package let title: String
        package let text: String
        /// Absolute, or nil (a site page without a base URL).
        package let url: String?
        /// RFC 3339, as the record writes it.
        package let updated: String
        package let instant: Date
    }

    static let atomFile = "feed.xml"
    static let jsonFile = "feed.json"
    /// The newest items only, as feeds usually carry.
    package static let limit = 50

    package static let requirements: [Strings.Requirement] = [
        "feed.title", "feed.description", "feed.workout", "feed.workoutText", "feed.achievement", "feed.level", "feed.star",
    ].map { Strings.Requirement($0) }

    package let title: String
    package let description: String
    package let id: String
    package let home: String?
    package let base: String?
    let author: String
    package let language: String
    package let entries: [Entry]
    /// The newest entry's date, else the start of the as-of day: never the clock.
    package let updated: String

    package init(_ site: SiteData) {
        let s = site.strings
        let f = s.format
        base = site.config.baseURL
        home = base
        id = base ?? "urn:usergraph:feed"
        title = s.text("feed.title", ["site": site.config.title])
        description = s.text("feed.description", ["site": site.config.title])
        author = site.snapshot.owner?.name.flatMap { $0.isEmpty ? nil : $0 } ?? site.config.title
        language = site.config.language
        let timeZone = site.config.timeZone
        let asOf = site.asOf
        let profile = base

        // Every record is a candidate, found by its time and id; only the newest `limit` are
        // made into entries, since formatting the texts of 2,000 starred repositories to keep
        // 50 was most of the feed's cost.
        enum Record { case workout(Workout), milestone(Milestone), star(StarredItem, name: String, at: String) }
        var candidates: [(instant: Date, id: String, record: Record)] = []
        // Only what the site shows: workouts and their milestones, and stars of the GitHub part.
        let workouts = site.shows(.workouts) ? site.snapshot.workouts : []
        for workout in workouts {
            guard let instant = workout.startDate, Day(instant, in: timeZone) <= asOf else { continue }
            candidates.append((instant, "urn:usergraph:workout:" + workout.id, .workout(workout)))
        }
        for milestone in Milestones.compute(workouts, asOf: asOf, timeZone: timeZone) {
            let key: String
            switch milestone.kind {
            case .achievement(let achievement): key = "achievement:" + achievement
            case .level(let level): key = "level:\(level)"
            }
            candidates.append((milestone.instant, "urn:usergraph:" + key, .milestone(milestone)))
        }
        // Only the newest stars can be among the newest entries.
        for star in Self.stars(site.shows(.github) ? site.snapshot.starred?.value ?? [] : [], asOf: asOf, timeZone: timeZone) {
            candidates.append((star.instant, star.id, .star(star.item, name: star.name, at: star.at)))
        }
        candidates.sort { Self.isNewer(($0.instant, $0.id), than: ($1.instant, $1.id)) }
        self.entries = candidates.prefix(Self.limit).map { instant, id, record in
            switch record {
            case .workout(let workout):
                var parts = [f.duration(seconds: workout.duration)]
                // A number and its unit never part at a line end, like the durations' own.
                if let metres = workout.distance, metres > 0 {
                    let units = site.config.units
                    parts.append(f.number(metres / units.metresPerDistance, places: 1) + "\u{00A0}" + s.text(units.distanceWord))
                }
                // Its own name where it has one ("Riverside run"), else its type's.
                let type = workout.name.flatMap { $0.isEmpty ? nil : ControlCharacters.strip($0) } ?? site.workoutType(workout.type)
                let kcal = workout.calories.map { ", " + f.number($0) + "\u{00A0}" + s.text("units.kcal") } ?? ""
                return Entry(
                    id: id,
                    title: s.text("feed.workout", ["type": type, "summary": parts.joined(separator: ", ")]),
                    text: s.text(
                        "feed.workoutText",
                        [
                            "type": type, "date": f.date(Day(instant, in: timeZone)), "summary": parts.joined(separator: ", ") + kcal,
                        ]),
                    // Its page, where the site has one (a feed's links are absolute: with a base URL).
                    url: profile.flatMap { base in site.workoutDirectory?.path(ofID: workout.id).map { $0.url(base: base) } } ?? profile,
                    updated: workout.start, instant: instant)
            case .milestone(let milestone):
                let title: String
                switch milestone.kind {
                case .achievement(let achievement): title = s.text("feed.achievement", ["name": s.text("achievements." + achievement)])
                case .level(let level): title = s.text("feed.level", ["level": f.number(level)])
                }
                return Entry(id: id, title: title, text: title, url: profile, updated: milestone.start, instant: instant)
            case .star(let item, let name, let at):
                let link = URLCheck.safeLink(item.repo.htmlURL).flatMap { URLCheck.isAbsoluteHTTP($0) ? $0 : nil }
                let title = s.text("feed.star", ["repo": name])
                return Entry(
                    id: id, title: title, text: item.repo.description.map { title + ": " + $0 } ?? title,
                    url: link, updated: at, instant: instant)
            }
        }
        updated = self.entries.first?.updated ?? asOf.iso + "T00:00:00Z"
    }

    /// A starred repository as a candidate entry.
    package struct Star {
        package let instant: Date
        package let id: String
        package let item: StarredItem
        package let name: String
        package let at: String
    }

    /// Newest first; the id breaks ties so equal times keep one order.
    static func isNewer(_ a: (instant: Date, id: String), than b: (instant: Date, id: String)) -> Bool {
        a.instant != b.instant ? a.instant > b.instant : a.id < b.id
    }

    /// The starred repositories the feed can show, starred by the as-of day: the newest
    /// `limit`, since no more entries of any kind are shown, in the feed's order.
    package static func stars(_ items: [StarredItem], asOf: Day, timeZone: TimeZone) -> [Star] {
        var stars: [Star] = []
        for item in items {
            guard let at = item.starredAt, let instant = Timestamp.parse(at), Day(instant, in: timeZone) <= asOf else { continue }
            let name = item.repo.fullName ?? item.repo.name
            stars.append(Star(instant: instant, id: "urn:usergraph:star:" + name, item: item, name: name, at: at))
        }
        stars.sort { isNewer(($0.instant, $0.id), than: ($1.instant, $1.id)) }
        return Array(stars.prefix(limit))
    }

    /// The starred repositories `stars` keeps, as records.
    package static func newestStars(_ items: [StarredItem], asOf: Day, timeZone: TimeZone) -> [StarredItem] {
        stars(items, asOf: asOf, timeZone: timeZone).map(\.item)
    }

    /// Atom 1.0.
    /// Both feeds as the site publishes them.
    package var files: [(path: String, data: Data)] {
        [(Self.atomFile, Data(atom.utf8)), (Self.jsonFile, json)]
    }

    var atom: String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
            "  <id>\(XMLText.escape(id))</id>",
            "  <title>\(XMLText.escape(title))</title>",
            "  <subtitle>\(XMLText.escape(description))</subtitle>",
            "  <updated>\(XMLText.escape(updated))</updated>",
            "  <author><name>\(XMLText.escape(author))</name></author>",
            "  <generator>usergraph</generator>",
        ]
        if let base {
            lines.append("  <link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escape(base))\"/>")
            lines.append("  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(XMLText.escape(base + Self.atomFile))\"/>")
        }
        for entry in entries {
            lines.append("  <entry>")
            lines.append("    <id>\(XMLText.escape(entry.id))</id>")
            lines.append("    <title>\(XMLText.escape(entry.title))</title>")
            lines.append("    <updated>\(XMLText.escape(entry.updated))</updated>")
            if let url = entry.url { lines.append("    <link rel=\"alternate\" href=\"\(XMLText.escape(url))\"/>") }
            lines.append("    <content type=\"text\">\(XMLText.escape(entry.text))</content>")
            lines.append("  </entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON Feed 1.1, keys sorted so the bytes are stable.
    package var json: Data {
        var feed: [String: Any] = [
            "version": "https://jsonfeed.org/version/1.1", "title": title, "description": description,
            "authors": [["name": author]], "language": language,
            "items": entries.map { entry -> [String: Any] in
                var item: [String: Any] = [
                    "id": entry.id, "title": ControlCharacters.strip(entry.title),
                    "content_text": ControlCharacters.strip(entry.text), "date_published": entry.updated,
                ]
                if let url = entry.url { item["url"] = url }
                return item
            },
        ]
        if let base {
            feed["home_page_url"] = base
            feed["feed_url"] = base + Self.jsonFile
        }
        // Only strings, numbers, arrays and dictionaries: serialization cannot fail.
        return (try? JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
    }
}
