import Foundation

/// The store's layout on disk, in one place.
public struct StoreLayout: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    public var owner: String { root + "/owner.json" }
    public var workouts: String { root + "/workouts.json" }
    public var weights: String { root + "/weights.json" }
    public var timer: String { root + "/timer.json" }
    public var profile: String { root + "/github/profile.json" }
    public var repositories: String { root + "/github/repos.json" }
    public var starred: String { root + "/github/starred.json" }
    public var users: String { root + "/users.json" }
    public var statistics: String { root + "/statistics.json" }
    public var files: String { root + "/files" }
}

/// Reads the whole store once into a `Snapshot`. A missing file is a missing collection;
/// a file that does not parse stops the run with its path, line and column.
public enum StoreReader {
    public static func read(_ layout: StoreLayout) throws -> Snapshot {
        var snapshot = Snapshot()
        snapshot.owner = try JSONFile.read(Owner.self, at: layout.owner)
        snapshot.workouts = try JSONFile.read([Workout].self, at: layout.workouts) ?? []
        snapshot.weights = try JSONFile.read([WeightRecord].self, at: layout.weights) ?? []
        snapshot.profile = try cached(GitHubProfile.self, at: layout.profile)
        snapshot.repositories = try cached([Repository].self, at: layout.repositories)
        snapshot.starred = try cached([StarredItem].self, at: layout.starred)
        snapshot.users = try cached(UsersResponse.self, at: layout.users).map { Cached($0.value.users, fetchedAt: $0.fetchedAt) }
        snapshot.statistics = try cached(StatisticsResponse.self, at: layout.statistics)
            .map { Cached($0.value.statistics, fetchedAt: $0.fetchedAt) }
        return snapshot
    }

    static func cached<T: Codable & Sendable>(_ type: T.Type, at path: String) throws -> Cached<T>? {
        guard let envelope = try JSONFile.read(Envelope<T>.self, at: path) else { return nil }
        return Cached(envelope.data, fetchedAt: envelope.fetchedAt)
    }
}

/// Files downloaded into `Store/files/`, found by the hash of the URL they came from.
public struct StoredFiles: Sendable {
    /// SHA-256 hex of the source URL (or of an owner-supplied file's bytes) → file name.
    private let byHash: [String: String]
    public let folder: String

    public init(folder: String) {
        self.folder = folder
        var map: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            let stem = (name as NSString).deletingPathExtension
            if stem.count == 64 { map[stem] = name }
        }
        byHash = map
    }

    /// The stored file for a remote URL, if it was downloaded.
    public func file(forURL url: String) -> String? { byHash[SHA256.hex(url)] }

    /// A store-relative path such as `files/<hash>.svg`, if it names an existing stored file.
    public func file(forStorePath path: String) -> String? {
        guard path.hasPrefix("files/") else { return nil }
        let name = String(path.dropFirst("files/".count))
        guard !name.contains("/"), !name.hasPrefix(".") else { return nil }
        let stem = (name as NSString).deletingPathExtension
        return byHash[stem] == name ? name : nil
    }

    public var allNames: [String] { byHash.values.sorted() }
}
