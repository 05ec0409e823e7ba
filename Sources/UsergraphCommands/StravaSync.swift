import Foundation
import UsergraphCore
import UsergraphRemote

/// Strava's API v3 (placeholder until the client lands).
struct StravaSync {
    let config: SiteConfig
    let settings: SiteConfig.StravaSource
    let environment: [String: String]
    let options: TransportOptions
    let now: Date

    func run(secrets: inout [String]) async throws -> SyncOutcome {
        throw SyncFailure(Message("errors.sync.failed", nested: ["source": SyncedSource.strava.name]))
    }
}
