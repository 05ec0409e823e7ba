/// The parts of a site that `sections:` in usergraph.yml can turn off. An off part is absent
/// everywhere: the navigation, its pages, the profile, the feeds, the cards, the sitemap and
/// `usergraph stats`.
package enum SiteSection: String, CaseIterable, Sendable, Comparable {
    /// The GitHub profile, repositories, starred, pins, contributions and languages.
    case github
    /// The users directory.
    case users
    /// The directory's visit statistics.
    case visitors
    case workouts
    /// Meals and the energy balance.
    case nutrition
    case steps
    case weight
    /// The embeddable cards (`/cards/`).
    case cards
    /// `feed.xml` and `feed.json`.
    case feeds

    package static func < (a: SiteSection, b: SiteSection) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }

    /// The sections that have something to show in `snapshot`; the cards and the feeds always do.
    package static func withData(_ snapshot: Snapshot) -> Set<SiteSection> {
        var found: Set<SiteSection> = [.cards, .feeds]
        if snapshot.profile != nil || snapshot.repositories != nil || snapshot.starred != nil { found.insert(.github) }
        if snapshot.users != nil { found.insert(.users) }
        if snapshot.statistics != nil { found.insert(.visitors) }
        if !snapshot.workouts.isEmpty { found.insert(.workouts) }
        if !snapshot.meals.isEmpty { found.insert(.nutrition) }
        if !snapshot.steps.isEmpty { found.insert(.steps) }
        if !snapshot.weights.isEmpty { found.insert(.weight) }
        return found
    }
}

extension SiteConfig {
    /// The sections a site shows: those its config leaves on that have data, or, in a preview
    /// (`serve --watch`), all those on, so that an empty one shows how to fill it. A published
    /// site never shows a visitor how to set it up.
    package func shownSections(_ snapshot: Snapshot) -> Set<SiteSection> {
        let on = Set(SiteSection.allCases).subtracting(sectionsOff)
        return preview ? on : on.intersection(SiteSection.withData(snapshot))
    }
}
