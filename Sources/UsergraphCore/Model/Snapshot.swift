/// Everything a build knows, read once from the store: immutable values only.
/// A collection that the store does not hold is nil, and its page says so.
package struct Snapshot: Sendable {
    package var owner: Owner?
    package var workouts: [Workout]
    package var weights: [WeightRecord]
    package var steps: [StepsRecord]
    package var meals: [Meal]
    /// Apple Health's basal energy per day, where imported.
    package var basalEnergy: [BasalEnergyRecord] = []
    package var profile: Cached<GitHubProfile>?
    package var repositories: Cached<[Repository]>?
    package var starred: Cached<[StarredItem]>?
    package var users: Cached<[DirectoryUser]>?
    package var statistics: Cached<[StatisticsEntry]>?
    /// GraphQL answers, fetched only with a token: the pinned repositories, the contribution
    /// calendar, and the own non-fork repositories' languages by size.
    package var pinned: Cached<[PinnedRepository]>?
    package var contributions: Cached<ContributionCalendar>?
    package var languageSizes: Cached<[RepositoryLanguages]>?

    package init(
        owner: Owner? = nil, workouts: [Workout] = [], weights: [WeightRecord] = [], steps: [StepsRecord] = [], meals: [Meal] = [],
        profile: Cached<GitHubProfile>? = nil, repositories: Cached<[Repository]>? = nil,
        starred: Cached<[StarredItem]>? = nil, users: Cached<[DirectoryUser]>? = nil,
        statistics: Cached<[StatisticsEntry]>? = nil, pinned: Cached<[PinnedRepository]>? = nil,
        contributions: Cached<ContributionCalendar>? = nil, languageSizes: Cached<[RepositoryLanguages]>? = nil
    ) {
        self.owner = owner; self.workouts = workouts; self.weights = weights; self.steps = steps; self.meals = meals; self.profile = profile
        self.repositories = repositories; self.starred = starred; self.users = users; self.statistics = statistics
        self.pinned = pinned; self.contributions = contributions; self.languageSizes = languageSizes
    }
}
