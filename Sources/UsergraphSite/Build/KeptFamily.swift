import Foundation
import UsergraphCore
import UsergraphStore

/// A part of the site that a rebuild keeps whole when nothing it is made from changed: its
/// store file is then not even decoded, and its pages are kept from the last build's manifest
/// without being made, fingerprinted or looked up one by one. What the rest of the site needs
/// of it comes from its `FamilySummary`.
enum KeptFamily: String, CaseIterable, Sendable {
    /// The users directory (`UsersPages`) and the stored files (its avatars, and the owner's).
    case directory
    /// The starred repositories' pages (`RepositoryPages.starred`).
    case starred

    /// Where every page of the family is, and nothing else.
    var folder: String {
        switch self {
        case .directory: UsersPages.folder
        case .starred: RepositoryPages.starredFolder
        }
    }
}

/// What a kept family's pages were made from and what the rest of the site shows of it
/// (`Facts`), kept beside the output folder (`._site.directory`, `._site.starred`).
struct FamilySummary<Facts: Codable>: Codable {
    private static var currentVersion: String { "usergraph-family-1" }

    var version: String
    /// What `Facts` were counted from: the identities of the store files they come from, the
    /// as-of day, the time zone and the executable (see `Inputs`).
    var inputs: String
    /// Besides `inputs`, what the family's pages were made from (their templates' seeds and the
    /// shell).
    var pages: String
    /// The output folder's `FolderStamp` it was saved with: trusted for that folder only.
    var output: String
    var facts: Facts

    init(inputs: String, pages: String, output: String, facts: Facts) {
        version = Self.currentVersion
        self.inputs = inputs; self.pages = pages; self.output = output; self.facts = facts
    }

    static func path(_ family: KeptFamily, output: String) -> String {
        StagedSite.beside(output, family.rawValue)
    }

    /// The summary saved for the site in `output` when its facts were counted from `inputs`.
    static func load(_ family: KeptFamily, output: String, inputs: String) -> FamilySummary? {
        guard let identity = FolderStamp.of(output), let data = FileManager.default.contents(atPath: path(family, output: output)),
              let summary = try? JSONDecoder().decode(FamilySummary.self, from: data),
              summary.version == currentVersion, summary.inputs == inputs, summary.output == identity else { return nil }
        return summary
    }

    /// Records the summary; failing to is harmless (the next build reads the family's file again).
    func save(_ family: KeptFamily, output: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? AtomicFile.write(data, to: Self.path(family, output: output))
    }
}

extension KeptFamily {
    func removeSummary(output: String) {
        try? FileManager.default.removeItem(atPath: StagedSite.beside(output, rawValue))
    }
}

/// A hash of what a family's facts or pages are made from.
struct FamilyInputs {
    private var hasher = FingerprintHasher()

    /// Files by their size, modification time, inode and device, as `BuildStamp` sees them;
    /// a missing file counts as missing.
    mutating func add(files paths: [String]) {
        for path in paths {
            guard let info = BuildStamp.identity(of: path) else { hasher.add(false); continue }
            for value in [info.st_size, info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino), Int(info.st_dev)] { hasher.add(value) }
        }
    }

    /// The executable, the as-of day and the time zone: what every count depends on.
    mutating func add(asOf: Day, timeZone: TimeZone) {
        add(files: ["/proc/self/exe"])
        hasher.add(asOf.number)
        hasher.add(timeZone.identifier)
    }

    /// What every page of a family is made from besides its data: its templates' seeds (the
    /// config, the strings, the partials, the executable) and the shell all pages share.
    mutating func add(templates: [String], seeds: PageSeeds, shell: PageFingerprint) {
        for template in templates { hasher.add(seeds.seed(for: template)) }
        hasher.add(shell)
    }

    mutating func add(_ text: String) { hasher.add(text) }

    var hex: String { hasher.finish().hex }
}

extension KeptFamily {
    /// The navigation section of every page of the family (what `SiteBuild.indexed` reads).
    var section: Section {
        switch self {
        case .directory: .users
        case .starred: .repositories
        }
    }
}
