import Foundation
import UsergraphCore
import UsergraphStats
import UsergraphStore

/// What the last build kept of the tracks: the lists' thumbnails and the history's facts.
package struct KeptTrackWork: Sendable {
    package let thumbnails: RouteThumbnails
    package let facts: TrackFactsCache

    package init(thumbnails: RouteThumbnails = RouteThumbnails(), facts: TrackFactsCache = TrackFactsCache()) {
        self.thumbnails = thumbnails
        self.facts = facts
    }
}

/// What every page builder reads: immutable, shared by all rendering threads.
///
/// A class, so that the closures of thousands of pages each hold a reference to it rather than
/// a copy: as a struct it was copied into every page's closures, 49 MB at 10,000 users. Its
/// three `var`s are set in `init` and never again, which is what makes it safe to share.
package final class SiteData: @unchecked Sendable {
    package let config: SiteConfig
    package let snapshot: Snapshot
    package let asOf: Day
    package let statistics: StatisticsResult
    package let avatars: Avatars
    /// The workouts' tracks, each read when its page is made.
    package let tracks: StoredTracks
    /// The site's language: words the code draws (charts, achievement names) and the rules
    /// numbers and dates are written by.
    package let strings: Strings
    /// Numbers, dates and durations as templates see them, in the site's language.
    package let values: TemplateValues
    /// The social card's alt text, which every page's head repeats: written once. Without the
    /// streak's and level's numbers: a number that changes with each workout would make every
    /// page change with it.
    package private(set) var shareImageAlt = ""
    /// The embeddable cards, drawn once for both their files and the `/cards/` page.
    package private(set) var cards: [EmbedCard] = []
    /// `on` in every template: each section shown, `statistics` and `cards` when those pages
    /// are there, `activity` with the meals or the steps, and `hints` in a preview, where an
    /// empty section says how to fill it. Made once: every page's shell holds it.
    package private(set) var on: [String: Bool] = [:]
    /// `units` in every template: the words of the site's units (`PageKeys.units`).
    package private(set) var unitWords: [String: String] = [:]
    private let languageColors: LanguageColors
    /// The sections the site shows (`SiteConfig.shownSections`).
    package let shown: Set<SiteSection>
    /// The workouts' pages, when the site has them: made once, read by every page that links one.
    package private(set) var workoutDirectory: WorkoutDirectory?

    /// `drawCards` draws the embeddable cards of a site (`EmbedCards.cards`, in the target that
    /// draws pictures); asked only when the cards are shown.
    package init(
        config: SiteConfig, snapshot: Snapshot, asOf: Day, statistics: StatisticsResult, avatars: Avatars, tracks: StoredTracks = .none,
        kept: KeptTrackWork = KeptTrackWork(), strings: Strings, drawCards: (SiteData) -> [EmbedCard]
    ) {
        self.config = config; self.snapshot = snapshot; self.asOf = asOf; self.statistics = statistics
        self.avatars = avatars; self.tracks = tracks; self.strings = strings; self.values = TemplateValues(strings: strings, units: config.units)
        shown = config.shownSections(snapshot)
        languageColors = LanguageColors(snapshot)
        shareImageAlt = strings.text(hasLongHistory ? "share.imageAltLifetime" : "share.imageAlt", ["name": personName])
        cards = shown.contains(.cards) ? drawCards(self) : []
        on = makeOn()
        unitWords = Self.unitWords(config.units, strings)
        workoutDirectory = shows(.workouts) ? WorkoutDirectory(site: self, kept: kept) : nil
    }

    package func shows(_ section: SiteSection) -> Bool { shown.contains(section) }

    /// Workouts over more than a year: the social card then shows a life's figures rather than
    /// today's.
    package var hasLongHistory: Bool {
        guard shows(.workouts), let first = statistics.history.firstDay else { return false }
        return asOf.number - first.number > 366
    }

    /// The words of `units`: of distance (`km`, `mi`), pace (`/km`), speed and height.
    static func unitWords(_ units: SiteConfig.Units, _ strings: Strings) -> [String: String] {
        let keys = [units.distanceWord, units.paceWord, units.speedWord, units.heightWord]
        return Dictionary(uniqueKeysWithValues: zip(PageKeys.unitNames, keys.map { strings.text($0) }))
    }

    /// The person the site is about, as the cards and the social card name them: the owner's
    /// name, else the GitHub profile's, else the site's title.
    package var personName: String {
        if let name = snapshot.owner?.name, !name.isEmpty { return name }
        if let profile = snapshot.profile?.value { return profile.name ?? profile.login }
        return config.title
    }

    /// The statistics page shows the workouts, the meals, the steps, the weight, the visitors
    /// and the GitHub languages: it is there when one of them is.
    var showsStatistics: Bool { !shown.isDisjoint(with: [.workouts, .nutrition, .steps, .weight, .visitors, .github]) }

    private func makeOn() -> [String: Bool] {
        var on: [String: Bool] = [:]
        for section in shown { on[section.rawValue] = true }
        // The cards page is there only with a card to show (none when the section is off).
        on["cards"] = cards.isEmpty ? nil : true
        if showsStatistics { on["statistics"] = true }
        if shows(.nutrition) || shows(.steps) { on["activity"] = true }
        if config.preview { on["hints"] = true }
        return on
    }

    /// The names `on` may hold.
    static let onKeys = SiteSection.allCases.map(\.rawValue) + ["statistics", "activity", "hints"]

    /// A language's dot colour, as CSS.
    func languageColor(_ language: String) -> String { languageColors.color(language) }

    /// A workout type's name in the site's language, or a readable form of the store's.
    package func workoutType(_ type: String) -> String { strings.workoutTypeName(type) }

    /// A workout's day and time of day (`07:30`) in the site's zone; nil without a start.
    package func local(_ workout: Workout) -> (day: Day, time: String)? {
        guard let date = workout.startDate else { return nil }
        let zone = config.timeZone
        return (Day(date, in: zone), String(Timestamp.format(date, in: zone).dropFirst(11).prefix(5)))
    }

    /// The day of an ISO-8601 timestamp in the site's zone, as a template value.
    package func day(ofTimestamp text: String?) -> Any? {
        guard let text, let date = Timestamp.parse(text) else { return nil }
        return values.date(Day(date, in: config.timeZone))
    }
}

/// The navigation section a page belongs to, so the layout can mark it as current.
package enum Section: String, Sendable, CaseIterable {
    case profile, users, repositories, workouts, statistics, meals, none
}

/// One page to render: where it goes, which template, and how to make its data.
/// The context is built on the rendering thread, so only Sendable inputs cross threads.
package struct PageSource: Sendable {
    package let path: SitePath
    package let template: String
    package let section: Section
    /// Rendered after the others: a page of the whole history, which needs every track's
    /// facts, waits until the workouts' pages have read the tracks (`WorkoutDirectory.trackHistory`).
    package var late = false
    private let maker: Maker

    /// How the page's context, inputs and bytes are made.
    private enum Maker: Sendable {
        case closures(context: @Sendable () -> [String: Any], inputs: (@Sendable (inout FingerprintHasher) -> Void)?)
        /// One of many pages one object makes from a position: no closures of the page's own
        /// (two per user page were 10 MB at 100,000 users).
        case member(any PageFamily, Int)
        case file(inputs: @Sendable (inout FingerprintHasher) -> Void, bytes: @Sendable () -> Data)
    }

    package init(
        path: SitePath, template: String, section: Section, inputs: (@Sendable (inout FingerprintHasher) -> Void)? = nil,
        context: @escaping @Sendable () -> [String: Any]
    ) {
        self.path = path; self.template = template; self.section = section
        maker = .closures(context: context, inputs: inputs)
    }

    /// Page `position` of `family`.
    package init(path: SitePath, template: String, section: Section, family: any PageFamily, position: Int) {
        self.path = path; self.template = template; self.section = section
        maker = .member(family, position)
    }

    /// A file made by `bytes`, whose fingerprint is the strings, config and executable (every
    /// page's seed) and `inputs`.
    package init(
        file path: SitePath, section: Section, inputs: @escaping @Sendable (inout FingerprintHasher) -> Void,
        bytes: @escaping @Sendable () -> Data
    ) {
        self.path = path; template = ""; self.section = section
        maker = .file(inputs: inputs, bytes: bytes)
    }

    /// The template's data, made on the rendering thread.
    package func context() -> [String: Any] {
        switch maker {
        case .closures(let context, _): context()
        case .member(let family, let position): family.context(at: position)
        case .file: [:]
        }
    }

    /// For pages there are thousands of (users, their lists): adds to a fingerprint exactly the
    /// data `context` reads, far cheaper than making the context, so an unchanged page costs
    /// neither. False for a page without them: its fingerprint is taken over the context itself.
    package func addInputs(to hasher: inout FingerprintHasher) -> Bool {
        switch maker {
        case .closures(_, let inputs?):
            inputs(&hasher)
        case .file(let inputs, _):
            inputs(&hasher)
        case .member(let family, let position):
            family.addInputs(at: position, to: &hasher)
        case .closures(_, nil):
            return false
        }
        return true
    }

    /// The bytes of a file made by code rather than a template (the users search's index
    /// scripts), kept or rewritten by its fingerprint as a page is: it has no layout, is not
    /// in the sitemap and is not counted as a page.
    package var file: (@Sendable () -> Data)? {
        if case .file(_, let bytes) = maker { bytes } else { nil }
    }
}

/// Many pages made by one object, each from its position (the user pages).
package protocol PageFamily: AnyObject, Sendable {
    func context(at position: Int) -> [String: Any]
    func addInputs(at position: Int, to hasher: inout FingerprintHasher)
}

extension PageSource {
    /// The order in which to render pages on many threads: pages of a template used once (the
    /// long repository and starred lists) first, then the rest in site order, so that no thread
    /// is left rendering one big page alone at the end; the `late` pages last.
    package static func renderOrder(_ sources: [PageSource]) -> [Int] {
        var uses: [String: Int] = [:]
        for source in sources { uses[source.template, default: 0] += 1 }
        let single = sources.indices.filter { uses[sources[$0].template] == 1 && !sources[$0].late }
        let repeated = sources.indices.filter { uses[sources[$0].template] != 1 && !sources[$0].late }
        return single + repeated + sources.indices.filter { sources[$0].late }
    }
}
