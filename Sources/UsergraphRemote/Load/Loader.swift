import Foundation
import UsergraphCore
import UsergraphStore

/// Fills the store from the remote APIs, cache-first: the store answers first, and only a
/// missing, stale or explicitly refreshed collection is fetched. Every save is decoded into
/// the model before an atomic write, so a failed or odd fetch never replaces good data.
package struct Loader: Sendable {
    package let config: SiteConfig
    private let token: String?
    private let transport: HTTPTransport
    private let now: @Sendable () -> Date
    private let progress: @Sendable (LoadEvent) -> Void

    /// `token` is the value of GITHUB_TOKEN, if any; it is sent to the GitHub API only and
    /// never written anywhere.
    package init(
        config: SiteConfig, token: String?, options: TransportOptions = TransportOptions(),
        now: @escaping @Sendable () -> Date = { Date() },
        progress: @escaping @Sendable (LoadEvent) -> Void = { _ in }
    ) {
        self.config = config
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.transport = HTTPTransport(options: options)
        self.now = now
        self.progress = progress
    }

    private var layout: StoreLayout { StoreLayout(root: config.store) }

    /// The sources usergraph.yml (and GITHUB_TOKEN) give enough to fetch. The GraphQL ones
    /// need a token, so without one no GraphQL request is ever made; pinned repositories named
    /// in `github.pinned` are not asked of GitHub at all.
    package var configured: [RemoteSource] {
        RemoteSource.allCases.filter { source in
            switch source {
            case .profile, .repos, .starred: config.github != nil
            case .pinned: config.github != nil && token != nil && config.github?.pinned == nil
            case .contributions, .languages: config.github != nil && token != nil
            case .users: config.usersURL != nil
            case .statistics: config.statisticsURL != nil
            }
        }
    }

    /// The cached collections fetched for another source than the config names now (another
    /// `github.login`, another `users.url`): a build treats them as missing, so a site never
    /// shows one account's profile under another's name. Only each file's header is read, of
    /// `sources` (a build that fetched asks only of those it could not fetch: `load` has
    /// checked the others' headers, or replaced them).
    package func foreignCollections(among sources: [RemoteSource] = RemoteSource.allCases) -> [(source: RemoteSource, path: String)] {
        sources.compactMap { source in
            let url = sourceURL(source)
            let path = source.path(in: layout)
            guard !url.isEmpty, let header = EnvelopeFile.readHeader(path), header.source != url else { return nil }
            return (source, path)
        }
    }

    /// Why `--only` cannot have a source that is not configured.
    private func notConfigured(_ source: RemoteSource) -> UsergraphError {
        if config.github != nil, source.needsToken, token == nil {
            return UsergraphError("errors.fetch.needsToken", ["source": source.rawValue], kind: .usage)
        }
        if source == .pinned, config.github?.pinned != nil {
            return UsergraphError("errors.fetch.pinnedInConfig", ["source": source.rawValue], kind: .usage)
        }
        return UsergraphError("errors.fetch.notConfigured", ["source": source.rawValue, "key": source.configKey], kind: .usage)
    }

    /// Runs the mode. Throws only before any request: for a source named with `--only` that
    /// the config does not set up, or (for `build`) a store file that does not parse.
    package func load(_ mode: LoadMode) async throws -> LoadReport {
        var report = LoadReport()
        let wanted: [RemoteSource]
        switch mode {
        case .build:
            wanted = configured
        case .update(let only):
            if let only {
                if let missing = only.sorted().first(where: { !configured.contains($0) }) {
                    throw notConfigured(missing)
                }
                wanted = only.sorted()
            } else {
                wanted = configured
            }
        }
        for source in RemoteSource.allCases where !wanted.contains(source) { report.outcomes[source] = .notConfigured }

        // A build first reads only each file's header: a fresh cache is all most builds find,
        // and the data is read (once) when the site is rendered.
        var fresh = Set<RemoteSource>()
        if case .build(refresh: false) = mode {
            for source in wanted {
                guard let header = EnvelopeFile.readHeader(source.path(in: layout)), header.source == sourceURL(source),
                    !isStale(fetchedAt: header.fetchedAt)
                else { continue }
                fresh.insert(source)
                report.outcomes[source] = .cached
            }
        }
        // Read every other cached file first: in a build, a file that does not parse stops the
        // run before any request; in an update, it fails that source only.
        var stored: [RemoteSource: StoredEnvelope] = [:]
        var unreadable: [RemoteSource: Message] = [:]
        for source in wanted where !fresh.contains(source) {
            do {
                stored[source] = try EnvelopeFile.read(source.path(in: layout))
            } catch let error as UsergraphError {
                if case .build = mode { throw error }
                unreadable[source] = Message("errors.fetch.leftAsItIs", nested: ["reason": error.sentence])
            }
        }

        var stoppedServices: [String: RemoteFailure] = [:]
        for source in wanted where !fresh.contains(source) {
            let url = sourceURL(source)
            let cached = stored[source].flatMap { $0.source == url ? $0 : nil }
            if let message = unreadable[source] {
                record(.failed(message), message: message, for: source, in: &report)
                continue
            }
            if case .build(let refresh) = mode, !refresh, let cached, !isStale(fetchedAt: cached.fetchedAt) {
                report.outcomes[source] = .cached
                continue
            }
            let service = serviceKey(source)
            if let failure = stoppedServices[service] {
                let message = redact(failure.sentence)
                record(.failed(message), message: message, for: source, in: &report)
                continue
            }
            progress(.started(source))
            do {
                let fetched = try await fetch(source, url: url, previous: cached?.validators)
                let (outcome, images) = try save(fetched, source: source, url: url, cached: cached, report: &report)
                report.outcomes[source] = outcome
                progress(.finished(source, outcome))
                await download(images, for: source, report: &report)
            } catch let failure as RemoteFailure {
                if failure.stopsService { stoppedServices[service] = failure }
                let message = redact(failure.sentence)
                record(.failed(message), message: message, for: source, in: &report)
            } catch let error as UsergraphError {
                let message = redact(error.sentence)
                record(.failed(message), message: message, for: source, in: &report)
            }
        }
        return report
    }

    private func record(_ outcome: SourceOutcome, message: Message, for source: RemoteSource, in report: inout LoadReport) {
        report.outcomes[source] = outcome
        if !report.failures.contains(message) { report.failures.append(message) }
        progress(.finished(source, outcome))
    }

    // MARK: Sources

    private var gitHub: GitHubClient? {
        config.github.map { GitHubClient(api: $0.apiURL, login: $0.login, token: token, transport: transport) }
    }

    /// Only with a token: GitHub's GraphQL API answers nothing without one.
    private var graphQL: GitHubGraphQL? {
        guard let github = config.github, let token else { return nil }
        return GitHubGraphQL(api: github.apiURL, login: github.login, token: token, transport: transport)
    }

    /// The URL a source's envelope records; a cached file from another URL (the login or
    /// the API changed) is treated as missing.
    func sourceURL(_ source: RemoteSource) -> String {
        switch source {
        case .profile: gitHub?.profileURL ?? ""
        case .repos: gitHub?.repositoriesURL ?? ""
        case .starred: gitHub?.starredURL ?? ""
        case .pinned: graphQLSource(.pinned)
        case .contributions: graphQLSource(.contributions)
        case .languages: graphQLSource(.languages)
        case .users: config.usersURL ?? ""
        case .statistics: config.statisticsURL ?? ""
        }
    }

    private func graphQLSource(_ query: GitHubGraphQL.Query) -> String {
        config.github.map { GitHubGraphQL.sourceURL(api: $0.apiURL, login: $0.login, query: query) } ?? ""
    }

    /// Sources that share a service stop together when it fails for all of them: a rate limit
    /// or a refused token stops REST and GraphQL alike.
    private func serviceKey(_ source: RemoteSource) -> String {
        switch source {
        case .profile, .repos, .starred, .pinned, .contributions, .languages: "github"
        case .users: "users"
        case .statistics: "statistics"
        }
    }

    private func isStale(fetchedAt: String) -> Bool {
        guard config.cacheMaxAge > 0 else { return false }
        guard let fetched = Timestamp.parse(fetchedAt) else { return true }
        return now().timeIntervalSince(fetched) > Double(config.cacheMaxAge)
    }

    private func fetch(_ source: RemoteSource, url: String, previous: PageValidators?) async throws -> Fetched {
        let pages: @Sendable (Int) -> Void = { [progress] in progress(.page(source, $0)) }
        let directory = DirectoryClient(transport: transport)
        switch source {
        case .profile: return try await requireGitHub().profile(previous: previous, progress: pages)
        case .repos: return try await requireGitHub().repositories(previous: previous, progress: pages)
        case .starred: return try await requireGitHub().starred(previous: previous, progress: pages)
        case .pinned: return try await requireGraphQL(source).pinned(progress: pages)
        case .contributions: return try await requireGraphQL(source).contributions(progress: pages)
        case .languages: return try await requireGraphQL(source).languages(progress: pages)
        case .users: return try await directory.users(url: url, previous: previous, progress: pages)
        case .statistics: return try await directory.statistics(url: url, previous: previous, progress: pages)
        }
    }

    private func requireGitHub() throws -> GitHubClient {
        guard let gitHub else { throw UsergraphError("errors.fetch.noGitHub", kind: .usage) }
        return gitHub
    }

    private func requireGraphQL(_ source: RemoteSource) throws -> GitHubGraphQL {
        guard let graphQL else { throw notConfigured(source) }
        return graphQL
    }

    // MARK: Saving

    /// What a saved collection holds: how many items, and the images it points at.
    private struct Contents {
        var items: Int
        var images: [String] = []
    }

    /// Validates the new envelope by decoding it into the model, then writes it atomically.
    private func save(
        _ fetched: Fetched, source: RemoteSource, url: String, cached: StoredEnvelope?,
        report: inout LoadReport
    ) throws -> (SourceOutcome, images: [String]) {
        let path = source.path(in: layout)
        let data: Data, validators: PageValidators, changed: Bool
        switch fetched {
        case .changed(let body, let pages): data = body; validators = pages; changed = true
        case .unchanged(let pages):
            guard let cached else {
                throw UsergraphError("errors.fetch.unexpected304", nested: ["source": source.name])
            }
            data = cached.data; validators = pages; changed = false
        }
        let fetchedAt = Timestamp.format(now(), in: TimeZone(identifier: "UTC") ?? .current)
        let bytes = EnvelopeFile.bytes(source: url, fetchedAt: fetchedAt, validators: validators, data: data)
        let contents: Contents
        do {
            contents = try validate(bytes, source: source, path: path, report: &report)
        } catch let error as UsergraphError {
            throw UsergraphError("errors.fetch.model", ["url": url, "path": path], nested: ["source": source.name, "reason": error.sentence])
        }
        try AtomicFile.write(bytes, to: path)
        return (changed ? .saved(items: contents.items) : .unchanged(items: contents.items), contents.images)
    }

    /// Decodes the envelope as the store reader will.
    private func validate(_ bytes: Data, source: RemoteSource, path: String, report: inout LoadReport) throws -> Contents {
        switch source {
        case .profile:
            let profile = try JSONFile.decode(Envelope<GitHubProfile>.self, from: bytes, path: path).data
            return Contents(items: 1, images: [profile.avatarURL].compactMap { $0 })
        case .repos:
            return Contents(items: try JSONFile.decode(Envelope<[Repository]>.self, from: bytes, path: path).data.count)
        case .starred:
            return Contents(items: try JSONFile.decode(Envelope<[StarredItem]>.self, from: bytes, path: path).data.count)
        case .pinned:
            return Contents(items: try JSONFile.decode(Envelope<PinnedItemsAnswer>.self, from: bytes, path: path).data.user.pinnedItems.nodes.count)
        case .contributions:
            let answer = try JSONFile.decode(Envelope<ContributionsAnswer>.self, from: bytes, path: path).data
            return Contents(items: answer.user.contributionsCollection.contributionCalendar.days.count)
        case .languages:
            return Contents(items: try JSONFile.decode(Envelope<LanguagesAnswer>.self, from: bytes, path: path).data.user.repositories.nodes.count)
        case .users:
            let users = try JSONFile.decode(Envelope<UsersResponse>.self, from: bytes, path: path).data.users
            return Contents(items: users.count, images: users.flatMap { ($0.files ?? []).map(\.url) })
        case .statistics:
            let entries = try JSONFile.decode(Envelope<StatisticsResponse>.self, from: bytes, path: path).data.statistics
            var events = 0
            for entry in entries {
                events += entry.dates.count
                for date in entry.dates where EventDate.parse(date) == nil {
                    report.skippedEventDates += 1
                    if report.exampleBadEventDate == nil { report.exampleBadEventDate = date }
                }
            }
            return Contents(items: events)
        }
    }

    // MARK: Files

    /// Downloads the images a freshly fetched profile or users list points at and the store
    /// lacks. A failure is only a warning: the page shows a placeholder instead.
    private func download(_ images: [String], for source: RemoteSource, report: inout LoadReport) async {
        let downloader = FileDownloader(folder: layout.files, transport: transport)
        let missing = downloader.missing(images)
        guard !missing.isEmpty else { return }
        let outcome = await downloader.download(missing) { [progress] done, total in progress(.files(source, done: done, total: total)) }
        report.filesSaved += outcome.saved
        if let first = outcome.failures.first {
            let values = ["url": first.url, "failed": String(outcome.failures.count), "total": String(outcome.total)]
            let reason = ["reason": first.reason]
            let warning =
                source == .profile
                ? Message("notes.fetch.avatarFailed", values, nested: reason)
                : outcome.failures.count == 1
                    ? Message("notes.fetch.imageFailed", values, nested: reason)
                    : Message("notes.fetch.imagesFailed", values, nested: reason)
            report.warnings.append(redact(warning))
        }
    }

    /// The token never leaves in a message, whatever a server echoes back.
    private func redact(_ message: Message) -> Message {
        guard let token, !token.isEmpty else { return message }
        return message.redacting(token, as: "[GITHUB_TOKEN]")
    }
}
