import Foundation

/// What every page builder reads: immutable, shared by all rendering threads.
public struct SiteData: Sendable {
    public let config: SiteConfig
    public let snapshot: Snapshot
    public let asOf: Day
    public let statistics: StatisticsResult
    public let avatars: Avatars
    /// The site's language: words the code draws (charts, achievement names) and the rules
    /// numbers and dates are written by.
    public let strings: Strings
    /// Numbers, dates and durations as templates see them, in the site's language.
    public let values: TemplateValues

    public init(config: SiteConfig, snapshot: Snapshot, asOf: Day, statistics: StatisticsResult, avatars: Avatars, strings: Strings) {
        self.config = config; self.snapshot = snapshot; self.asOf = asOf; self.statistics = statistics
        self.avatars = avatars; self.strings = strings; self.values = TemplateValues(strings: strings)
    }

    /// A workout type's name in the site's language, or the type as the store writes it.
    public func workoutType(_ type: String) -> String {
        strings.optionalText("workoutTypes." + type) ?? type
    }

    /// The day of an ISO-8601 timestamp in the site's zone, as a template value.
    func day(ofTimestamp text: String?) -> Any? {
        guard let text, let date = Timestamp.parse(text) else { return nil }
        return values.date(Day(date, in: config.timeZone))
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

/// Shared arithmetic of values for pages and reports; how they are written is the language's
/// (`LanguageFormat`).
enum Format {
    /// Whole minutes, rounded to the nearest.
    static func minutes(_ seconds: Int) -> Int { (seconds + 30) / 60 }

    /// `72.4`: a plain decimal with a point, whatever the language (for the edit commands'
    /// messages until they speak the site's language through `LanguageFormat`).
    static func decimal(_ value: Double, places: Int = 1) -> String {
        let scale = pow(10.0, Double(places))
        let rounded = (value * scale).rounded() / scale
        var text = String(format: "%.\(places)f", rounded)
        if text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }
        return text
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
