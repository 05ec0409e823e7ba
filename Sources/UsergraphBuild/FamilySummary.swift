import Foundation
import UsergraphCore
import UsergraphPages
import UsergraphPublish
import UsergraphStats
import UsergraphStore

extension KeptFamily {
    /// Its `FamilySummary` beside the output folder.
    func summaryPath(output: String) -> String {
        StagedSite.beside(output, rawValue)
    }
}

/// What a kept family's pages were made from and what the rest of the site shows of it
/// (`Facts`), kept in the build state folder (`.usergraph/_site/directory`, `.usergraph/_site/starred`).
package struct FamilySummary<Facts: Codable & Sendable>: Codable, Sendable {
    private static var currentVersion: String { "usergraph-family-1" }

    package var version: String
    /// What `Facts` were counted from: the identities of the store files they come from, the
    /// as-of day, the time zone and the executable (`FamilyInputs.counted`).
    package var inputs: String
    /// Besides `inputs`, what the family's pages were made from (their templates' seeds and the
    /// shell).
    package var pages: String
    /// The output folder's `FolderStamp` it was saved with: trusted for that folder only.
    package var output: String
    package var facts: Facts

    package init(inputs: String, pages: String, output: String, facts: Facts) {
        version = Self.currentVersion
        self.inputs = inputs; self.pages = pages; self.output = output; self.facts = facts
    }

    /// The summary saved for the site in `output` when its facts were counted from `inputs`.
    package static func load(_ family: KeptFamily, output: String, inputs: String) -> FamilySummary? {
        guard let identity = FolderStamp.of(output), let data = FileManager.default.contents(atPath: family.summaryPath(output: output)),
            let summary = try? JSONDecoder().decode(FamilySummary.self, from: data),
            summary.version == currentVersion, summary.inputs == inputs, summary.output == identity
        else { return nil }
        return summary
    }

    /// Records the summary; failing to is harmless (the next build reads the family's file again).
    package func save(_ family: KeptFamily, output: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? AtomicFile.write(data, to: family.summaryPath(output: output))
    }
}

/// A hash of what a family's facts or pages are made from.
package struct FamilyInputs {
    private var hasher = FingerprintHasher()

    /// What facts read from `paths` are counted from: those files (the first of which must be
    /// there), the executable, the as-of day and the time zone. Nil without the first file.
    package static func counted(from paths: [String], asOf: Day, timeZone: TimeZone) -> String? {
        var inputs = FamilyInputs()
        guard inputs.add(files: paths + ["/proc/self/exe"]).first == true else { return nil }
        inputs.hasher.add(asOf.number)
        inputs.hasher.add(timeZone.identifier)
        return inputs.hex
    }

    /// Files by their identity as `BuildStamp` sees them (a missing file counts as missing);
    /// returns which were there.
    @discardableResult
    package mutating func add(files paths: [String]) -> [Bool] {
        paths.map { path in
            guard let words = FileIdentity.words(of: path) else { hasher.add(false); return false }
            for word in words { hasher.add(word) }
            return true
        }
    }

    /// What every page of a family is made from besides its data: its templates' seeds (the
    /// config, the strings, the partials, the executable) and the shell all pages share.
    package mutating func add(templates: [String], seeds: PageSeeds, shell: PageFingerprint) {
        for template in templates { hasher.add(seeds.seed(for: template)) }
        hasher.add(shell)
    }

    package mutating func add(_ text: String) { hasher.add(text) }

    package var hex: String { hasher.finish().hex }
}

/// A build's choice of families to keep whole (see `KeptFamily`): the summaries the last
/// build left that still hold for the store as it is, then the families whose pages would be
/// made from what they were, and at the end the summaries for the next build.
package struct FamilySummaries: Sendable {
    let directoryInputs: String?
    let starredInputs: String?
    /// The last build's, when its facts were counted from the store files as they are.
    package let directory: FamilySummary<DirectoryFacts>?
    package let starred: FamilySummary<StarredFacts>?

    /// `trusted` false (`--force`, or a kept page gone): none is taken.
    package init(_ layout: StoreLayout, asOf: Day, timeZone: TimeZone, output: String, trusted: Bool) {
        directoryInputs = FamilyInputs.counted(from: [layout.users, layout.statistics], asOf: asOf, timeZone: timeZone)
        starredInputs = FamilyInputs.counted(from: [layout.starred], asOf: asOf, timeZone: timeZone)
        directory = trusted ? directoryInputs.flatMap { FamilySummary.load(.directory, output: output, inputs: $0) } : nil
        starred = trusted ? starredInputs.flatMap { FamilySummary.load(.starred, output: output, inputs: $0) } : nil
    }

    /// The users and stars as the pages outside the families see them, from the summaries.
    package func apply(to snapshot: inout Snapshot) {
        directory?.facts.apply(to: &snapshot)
        starred?.facts.apply(to: &snapshot)
    }

    package func apply(to statistics: inout StatisticsResult) {
        directory?.facts.apply(to: &statistics)
    }

    /// What each family's pages are made from now, by family (see `DirectoryFacts.pagesKey`,
    /// `StarredFacts.pagesKey`); none without a shell seed, when pages have no fingerprints.
    func pagesKeys(
        _ layout: StoreLayout, seeds: PageSeeds, shell: PageFingerprint?, storedFiles: String?,
        snapshot: Snapshot
    ) -> [KeptFamily: String] {
        guard let shell else { return [:] }
        var keys: [KeptFamily: String] = [:]
        keys[.directory] = directoryInputs.flatMap {
            DirectoryFacts.pagesKey(inputs: $0, seeds: seeds, shell: shell, storedFiles: storedFiles, snapshot: snapshot)
        }
        keys[.starred] = starredInputs.map { StarredFacts.pagesKey(inputs: $0, layout: layout, seeds: seeds, shell: shell) }
        return keys
    }

    /// The families to keep: those whose summary was made with the same pages key and whose
    /// pages the manifest lists.
    package func kept(keys: [KeptFamily: String], manifest: PageManifest) -> Set<KeptFamily> {
        let made = [KeptFamily.directory: directory?.pages, .starred: starred?.pages].compactMapValues { $0 }
        return Set(
            KeptFamily.allCases.filter { family in
                made[family] != nil && made[family] == keys[family] && !(manifest.families[family] ?? []).isEmpty
            })
    }

    /// Saves each family's summary for the site just published in `output` (`identity`): a
    /// kept family's facts are the ones it was kept with, the others' are taken from what the
    /// build read.
    package func save(
        keys: [KeptFamily: String], kept: Set<KeptFamily>, snapshot: Snapshot, statistics: StatisticsResult,
        asOf: Day, timeZone: TimeZone, output: String, identity: String
    ) {
        if let inputs = directoryInputs, let key = keys[.directory],
            let facts = kept.contains(.directory) ? directory?.facts : DirectoryFacts(snapshot: snapshot, statistics: statistics)
        {
            FamilySummary(inputs: inputs, pages: key, output: identity, facts: facts).save(.directory, output: output)
        }
        if let inputs = starredInputs, let key = keys[.starred],
            let facts = kept.contains(.starred) ? starred?.facts : StarredFacts(snapshot: snapshot, asOf: asOf, timeZone: timeZone)
        {
            FamilySummary(inputs: inputs, pages: key, output: identity, facts: facts).save(.starred, output: output)
        }
    }

    /// Removes every summary beside `output`, before a publish changes the folder they name.
    package static func remove(output: String) {
        for family in KeptFamily.allCases { try? FileManager.default.removeItem(atPath: family.summaryPath(output: output)) }
    }
}
