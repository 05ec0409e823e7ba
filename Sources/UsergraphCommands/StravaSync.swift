import Foundation
import UsergraphCore
import UsergraphImport
import UsergraphRemote

/// Strava's API v3: the activities after the newest one the store has from it, each with its
/// streams as its track. The access token is refreshed when it has expired and the rotated
/// refresh token saved at once (0600, outside the site). The run stops before Strava's rate
/// limits and after `strava.maxPerRun` new activities, saving what it completed: the next
/// run goes on from there. Any failure saves nothing of the run's activities.
struct StravaSync {
    let config: SiteConfig
    let settings: SiteConfig.StravaSource
    let environment: [String: String]
    let options: TransportOptions
    let now: Date

    /// `secrets`: the tokens this run handled, for the caller to keep out of what it prints.
    func run(secrets: inout [String]) async throws -> SyncOutcome {
        guard let secret = environment["STRAVA_CLIENT_SECRET"], !secret.isEmpty else { throw SyncFailure(Message("errors.sync.stravaNoSecret")) }
        secrets.append(secret)
        let file = StravaTokenFile(clientId: settings.clientId, environment: environment)
        if let file { try Self.checkOutside(file, config) }
        // The file holds the newest (rotated) refresh token; the environment's is the first one.
        var tokens = try file?.read()
        if tokens == nil, let refresh = environment["STRAVA_REFRESH_TOKEN"], !refresh.isEmpty {
            tokens = StravaTokens(accessToken: nil, refreshToken: refresh, expiresAt: nil)
        }
        guard var tokens else { throw SyncFailure(Message("errors.sync.stravaNoToken")) }
        secrets += [tokens.refreshToken] + [tokens.accessToken].compactMap { $0 }
        if !tokens.isFresh(at: now) {
            let oauth = StravaOAuth(api: settings.apiURL, clientId: settings.clientId, secret: secret, options: options)
            tokens = try await oauth.refresh(tokens.refreshToken)
            secrets += [tokens.refreshToken] + [tokens.accessToken].compactMap { $0 }
            // Saved before anything else: Strava may already have retired the old refresh token.
            if let file { try file.write(tokens) }
        }
        guard let access = tokens.accessToken else { throw SyncFailure(Message("errors.sync.stravaNoToken")) }
        return try await fetch(StravaClient(api: settings.apiURL, accessToken: access, options: options))
    }

    private func fetch(_ client: StravaClient) async throws -> SyncOutcome {
        let mine = try SyncImport.stored(kind: ImportSource.stravaAPI.rawValue, config: config)
        // The archive's activities have the same ids: those are joined without their streams
        // (the archive's file is the richer track), which saves a request each.
        let archive = try SyncImport.stored(kind: ImportSource.strava.rawValue, config: config).ids
        let after = Int((mine.newest ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970)
        var outcome = SyncOutcome()
        var activities: [ImportedActivity] = []
        var pages: [Data] = []
        var fresh = 0
        walk: for page in 1...StravaClient.maxPages {
            let answer: (data: Data, activities: [StravaSummary])
            do { answer = try await client.activities(after: after, page: page) } catch let paused as StravaPaused {
                outcome.postponed = Self.paused(paused)
                break walk
            }
            pages.append(answer.data)
            for summary in answer.activities where !mine.ids.contains(summary.id) {
                // The archive's twins cost no request and bring no new workout: not counted.
                let twin = archive.contains(summary.id)
                guard twin || fresh < settings.maxPerRun else {
                    outcome.postponed = Message("notes.sync.maxPerRun", ["max": String(settings.maxPerRun)])
                    break walk
                }
                guard let start = Timestamp.parse(summary.startDate) else { continue }
                let activity = StravaAPIActivity(
                    id: summary.id, sportType: summary.sportType ?? summary.type ?? "", start: start,
                    utcOffset: summary.utcOffset.map { Int($0.rounded()) }, elapsed: summary.elapsedTime, moving: summary.movingTime,
                    distance: summary.distance, name: summary.name)
                var streams: Data?
                if summary.manual != true, !twin {
                    do { streams = try await client.streams(summary.id) } catch let paused as StravaPaused {
                        outcome.postponed = Self.paused(paused)
                        break walk
                    }
                }
                do {
                    activities.append(try activity.imported(streams: streams))
                } catch let problem as ImportProblem {
                    throw SyncFailure(
                        Message("errors.sync.stravaBadStreams", ["id": summary.id], nested: ["reason": Message(problem.key, problem.args)]))
                }
                if !twin { fresh += 1 }
            }
            if answer.activities.count < StravaClient.perPage { break }
        }
        let applied = try SyncImport.apply(activities, config: config)
        outcome.added = applied.added
        outcome.merged = applied.merged
        for page in pages { try SyncImport.cache(page, source: client.listSource, at: config.store + "/strava/activities.json", now: now) }
        return outcome
    }

    /// The token file never lives in the store or the output, where a build or a copy of the
    /// store could publish it (a config home set to the site folder would put it there).
    static func checkOutside(_ file: StravaTokenFile, _ config: SiteConfig) throws {
        for folder in [config.store, config.output] where file.path.hasPrefix(folder + "/") {
            throw UsergraphError("errors.sync.stravaTokenInSite", ["path": file.path, "folder": folder])
        }
    }

    /// `Strava's request limit is near (…); the rest waits`.
    static func paused(_ paused: StravaPaused) -> Message {
        guard let limit = paused.limit else { return Message("notes.sync.rateLimited") }
        return Message(
            "notes.sync.nearLimit",
            [
                "usage": String(limit.usage15), "limit": String(limit.limit15), "daily": String(limit.usageDay),
                "dailyLimit": String(limit.limitDay),
            ])
    }
}
