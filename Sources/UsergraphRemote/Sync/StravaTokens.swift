import Foundation
import UsergraphCore
import UsergraphStore

/// Strava's OAuth tokens: the short-lived access token and the refresh token that makes the
/// next one (Strava may rotate it with every refresh: the newest must be kept).
package struct StravaTokens: Codable, Sendable, Equatable {
    package var accessToken: String?
    package var refreshToken: String
    /// Epoch seconds when the access token expires.
    package var expiresAt: Int?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresAt = "expires_at"
    }

    package init(accessToken: String?, refreshToken: String, expiresAt: Int?) {
        self.accessToken = accessToken; self.refreshToken = refreshToken; self.expiresAt = expiresAt
    }

    /// Whether the access token still works a minute from `now`.
    package func isFresh(at now: Date) -> Bool {
        guard let accessToken, !accessToken.isEmpty, let expiresAt else { return false }
        return Double(expiresAt) > now.timeIntervalSince1970 + 60
    }

    /// A token as Strava spells them: printable ASCII, no spaces, of a sane length.
    static func isToken(_ text: String) -> Bool {
        (8...512).contains(text.utf8.count) && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}

/// The file `usergraph auth strava` writes and each run rewrites with rotated tokens:
/// `$XDG_CONFIG_HOME/usergraph/strava-<clientId>.json` (else `~/.config/usergraph/…`), mode
/// 0600 in a 0700 folder: beside the person's other credentials, never in the site folder,
/// so neither the store nor the published site can ever carry it.
package struct StravaTokenFile: Sendable {
    package let path: String

    /// Nil when the environment names no home.
    package init?(clientId: String, environment: [String: String]) {
        let folder: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            folder = config + "/usergraph"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.config/usergraph"
        } else {
            return nil
        }
        path = folder + "/strava-\(clientId).json"
    }

    /// The tokens, or nil when there is no file yet.
    package func read() throws -> StravaTokens? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), data.count < 64 << 10 else {
            throw SyncFailure(Message("errors.sync.stravaTokenFile", ["path": path, "reason": "unreadable"]))
        }
        guard let tokens = try? JSONDecoder().decode(StravaTokens.self, from: data), StravaTokens.isToken(tokens.refreshToken) else {
            throw SyncFailure(Message("errors.sync.stravaTokenFile", ["path": path, "reason": "not the tokens usergraph writes"]))
        }
        return tokens
    }

    /// Writes the tokens atomically with mode 0600 (the temporary file too), the folder 0700.
    package func write(_ tokens: StravaTokens) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw UsergraphError("errors.store.write", ["path": path, "reason": error.localizedDescription])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(tokens) } catch {
            throw UsergraphError("errors.store.write", ["path": path, "reason": error.localizedDescription])
        }
        try AtomicFile.write(data, to: path, mode: 0o600)
    }
}
