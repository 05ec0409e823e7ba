import Foundation

/// What every page builder reads: immutable, shared by all rendering threads.
public struct SiteData: Sendable {
    public let config: SiteConfig
    public let snapshot: Snapshot
    public let asOf: Day
    public let statistics: StatisticsResult
    public let avatars: Avatars
    public let strings: ThemeStrings

    public init(config: SiteConfig, snapshot: Snapshot, asOf: Day, statistics: StatisticsResult, avatars: Avatars, strings: ThemeStrings) {
        self.config = config; self.snapshot = snapshot; self.asOf = asOf; self.statistics = statistics
        self.avatars = avatars; self.strings = strings
    }
}

/// The navigation section a page belongs to, so the layout can mark it as current.
public enum Section: String, Sendable, CaseIterable {
    case profile, users, repositories, statistics, none
}

/// One page to render: where it goes, which template, and how to make its data.
/// The context is built on the rendering thread, so only Sendable inputs cross threads.
public struct PageSource: Sendable {
    public let path: SitePath
    public let template: String
    public let section: Section
    public let context: @Sendable () -> [String: Any]

    public init(path: SitePath, template: String, section: Section, context: @escaping @Sendable () -> [String: Any]) {
        self.path = path; self.template = template; self.section = section; self.context = context
    }
}

/// Shared formatting of values for templates. Words stay in the templates; this only
/// turns numbers and dates into text.
enum Format {
    /// Whole minutes, rounded to the nearest.
    static func minutes(_ seconds: Int) -> Int { (seconds + 30) / 60 }

    static func duration(_ seconds: Int) -> [String: Any] {
        let minutes = minutes(seconds)
        return ["hours": minutes / 60, "minutes": minutes % 60, "hasHours": minutes >= 60, "seconds": seconds]
    }

    /// The day part of an ISO-8601 timestamp, in the site's zone.
    static func day(ofTimestamp text: String?, in zone: TimeZone) -> String? {
        guard let text, let date = Timestamp.parse(text) else { return nil }
        return Day(date, in: zone).iso
    }

    static func decimal(_ value: Double, places: Int = 1) -> String {
        let scale = pow(10.0, Double(places))
        let rounded = (value * scale).rounded() / scale
        var text = String(format: "%.\(places)f", rounded)
        if text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }
        return text
    }

    static func signed(_ value: Double) -> String {
        let text = decimal(value)
        return value > 0.04 ? "+" + text : text
    }
}

extension PageSource {
    /// The order in which to render pages on many threads: pages of a template used once (the
    /// long repository and starred lists, the statistics) first, then the rest in site order,
    /// so that no thread is left rendering one big page alone at the end.
    public static func renderOrder(_ sources: [PageSource]) -> [Int] {
        var uses: [String: Int] = [:]
        for source in sources { uses[source.template, default: 0] += 1 }
        let single = sources.indices.filter { uses[sources[$0].template] == 1 }
        let repeated = sources.indices.filter { uses[sources[$0].template] != 1 }
        return single + repeated
    }
}
