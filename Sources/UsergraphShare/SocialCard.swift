import Foundation
import UsergraphCharts
import UsergraphCore
import UsergraphPages
import UsergraphStats

/// The picture a link to the site shows on social sites (`og:image`): 1200 × 630, drawn as SVG
/// with the chart code (name, avatar, streak, level, the last 26 weeks of the training calendar)
/// in the theme's light colours, then rasterized, since social sites refuse SVG.
package enum SocialCard {
    package static let width = 1200
    package static let height = 630
    package static let file = "social.png"
    /// The calendar's weeks: half a year reads at this size, a whole one would not.
    package static let weeks = 26
    /// A bigger stored avatar is left out rather than inlined.
    static let maxAvatarBytes = 4 << 20

    package static let requirements: [Strings.Requirement] =
        [
            "share.imageAlt", "share.imageAltLifetime", "share.streak", "share.level", "stats.calendar", "chart.heatmap.less", "chart.heatmap.more",
            "chart.heatmap.title", "chart.heatmap.desc", "chart.noData", "share.since", "share.distance", "share.eddington",
        ].map { Strings.Requirement($0) } + [Strings.Requirement("count.workouts", .plural), Strings.Requirement("count.days", .plural)]

    /// The card to draw.
    package static func job(_ site: SiteData, palette: [String: String]) -> PNGRaster.Job {
        PNGRaster.Job(file: file, svg: svg(site, palette: palette), width: width, height: height)
    }

    package static func svg(_ site: SiteData, palette: [String: String]) -> String {
        let s = site.strings
        let format = s.format
        func color(_ name: String, _ fallback: String) -> String { palette[name] ?? fallback }
        let text = color("text", "#1b1f2a")
        let muted = color("muted", "#5b6378")
        let accent = color("accent", "#4f46e5")
        var parts: [String] = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
                + " font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\">",
            "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(color("bg", "#f6f7fb"))\"/>",
            "<rect x=\"40\" y=\"40\" width=\"\(width - 80)\" height=\"\(height - 80)\" rx=\"28\" fill=\"\(color("surface", "#ffffff"))\""
                + " stroke=\"\(color("border", "#e2e5ef"))\" stroke-width=\"2\"/>",
        ]
        // The avatar: the stored picture clipped to a circle, else the initials.
        let (cx, cy, r) = (180, 200, 90)
        if let avatar = avatarURI(site) {
            parts.append("<clipPath id=\"avatar\"><circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\"/></clipPath>")
            parts.append(
                "<image href=\"\(avatar)\" x=\"\(cx - r)\" y=\"\(cy - r)\" width=\"\(2 * r)\" height=\"\(2 * r)\""
                    + " preserveAspectRatio=\"xMidYMid slice\" clip-path=\"url(#avatar)\"/>")
        } else {
            parts.append("<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\" fill=\"\(accent)\"/>")
            parts.append(
                "<text x=\"\(cx)\" y=\"\(cy + 24)\" font-size=\"68\" font-weight=\"700\" fill=\"#ffffff\" text-anchor=\"middle\">"
                    + "\(HTML.escape(Avatars.initials(site.personName)))</text>")
        }
        let left = 310
        parts.append(line(site.config.title, x: left, y: 150, size: 30, weight: 400, fill: muted, room: width - left - 80))
        parts.append(line(site.personName, x: left, y: 226, size: 64, weight: 700, fill: text, room: width - left - 80))
        // The workouts' numbers and calendar only where the site shows its workouts.
        guard site.shows(.workouts) else {
            parts.append("</svg>")
            return parts.joined(separator: "\n")
        }
        // A life's three figures are longer than today's: a size smaller, so that all fit.
        let long = site.hasLongHistory
        let facts = (long ? lifetime(site) : now(site)).joined(separator: long ? " · " : "  ·  ")
        parts.append(line(facts, x: left, y: 284, size: long ? 26 : 30, weight: 400, fill: text, room: width - left - 80))
        parts.append(line(s.text("stats.calendar"), x: 80, y: 350, size: 24, weight: 700, fill: muted, room: width - 160))

        // The calendar, scaled up: its own SVG nested under its title, its colours resolved, since
        // a rasterizer has no stylesheet to take the CSS variables from.
        let days = site.statistics.details.dailyWorkouts
        let drop = max(0, (days.count + 6) / 7 - weeks) * 7
        let shown = Array(days.dropFirst(drop))
        let calendar = SVGCharts.calendarHeatmap(
            shown.map { HeatmapDay(value: Double($0.count)) },
            rowLabels: format.weekdaysShort, less: s.text("chart.heatmap.less"), more: s.text("chart.heatmap.more"),
            weekLabels: StatisticsCharts.monthLabels(shown.map(\.day), format: format),
            options: SVGChartOptions(
                idPrefix: "card-calendar", title: s.text("chart.heatmap.title"),
                description: s.text("chart.heatmap.desc"), noData: s.text("chart.noData")))
        parts.append("<g transform=\"translate(80 360) scale(1.45)\" fill=\"\(muted)\">\(ThemePalette.resolve(calendar, colours: palette))</g>")
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// One line of text, cut with an ellipsis to about `room` pixels.
    private static func line(_ value: String, x: Int, y: Int, size: Int, weight: Int, fill: String, room: Int) -> String {
        let chars = max(1, Int(Double(room) / (Double(size) * 0.56)))
        let shown = value.count > chars ? String(value.prefix(chars - 1)) + "…" : value
        return "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(fill)\">\(HTML.escape(shown))</text>"
    }

    /// The owner's stored avatar as a data URI, if there is one of a kind librsvg draws.
    static func avatarURI(_ site: SiteData) -> String? {
        guard let owner = site.snapshot.owner else { return nil }
        let path = site.avatars.sitePath(forStorePath: owner.avatar) ?? URLCheck.safeLink(owner.avatar).flatMap { site.avatars.sitePath(forURL: $0) }
        guard let path, path.hasPrefix("files/") else { return nil }
        let types = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml"]
        guard let type = types[(path as NSString).pathExtension.lowercased()] else { return nil }
        let file = site.avatars.files.folder + "/" + path.dropFirst("files/".count)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil, size <= maxAvatarBytes,
            let data = FileManager.default.contents(atPath: file)
        else { return nil }
        return "data:\(type);base64," + data.base64EncodedString()
    }

    /// Today's figures: the streak, the level and the workouts.
    static func now(_ site: SiteData) -> [String] {
        let s = site.strings, w = site.statistics.report.workouts
        return [
            s.text("share.streak", ["days": s.plural("count.days", w.currentStreak)]),
            s.text("share.level", ["level": s.format.number(w.level)]),
            s.plural("count.workouts", w.count),
        ]
    }

    /// A life's figures, for a history of more than a year: the workouts since the first year,
    /// the whole distance and the greater Eddington number.
    static func lifetime(_ site: SiteData) -> [String] {
        let s = site.strings, w = site.statistics.report.workouts, units = site.config.units
        let history = site.statistics.history
        var facts = [
            s.text("share.since", ["workouts": s.plural("count.workouts", w.count), "year": String(history.years.first?.year ?? site.asOf.year)]),
            s.text(
                "share.distance",
                ["distance": s.format.number(Double(w.totalDistance) / units.metresPerDistance, places: 0), "unit": s.text(units.distanceWord)]),
        ]
        if let best = HistorySport.allCases.compactMap({ history.eddingtonInUnits[$0]?.number }).max(), best > 0 {
            facts.append(s.text("share.eddington", ["number": s.format.number(best)]))
        }
        return facts
    }
}
