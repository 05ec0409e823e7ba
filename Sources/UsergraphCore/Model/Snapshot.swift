/// Everything a build knows, read once from the store: immutable values only.
/// A collection that the store does not hold is nil, and its page says so.
public struct Snapshot: Sendable {
    public var owner: Owner?
    public var workouts: [Workout]
    public var weights: [WeightRecord]
    public var steps: [StepsRecord]
    public var meals: [Meal]
    /// Apple Health's basal energy per day, where imported.
    public var basalEnergy: [BasalEnergyRecord] = []
    public var profile: Cached<GitHubProfile>?
    public var repositories: Cached<[Repository]>?
    public var starred: Cached<[StarredItem]>?
    public var users: Cached<[DirectoryUser]>?
    public var statistics: Cached<[StatisticsEntry]>?
    /// GraphQL answers, fetched only with a token: the pinned repositories, the contribution
    /// calendar, and the own non-fork repositories' languages by size.
    public var pinned: Cached<[PinnedRepository]>?
    public var contributions: Cached<ContributionCalendar>?
    public var languageSizes: Cached<[RepositoryLanguages]>?

    public init(
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
