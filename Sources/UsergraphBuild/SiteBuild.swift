import CSystem
import Foundation
import UsergraphCore
import UsergraphFeeds
import UsergraphPages
import UsergraphPublish
import UsergraphRender
import UsergraphShare
import UsergraphStats
import UsergraphStore

/// What `usergraph build` may change from the config for one run.
package struct BuildOptions: Sendable {
    /// An absolute path (commands resolve theirs); nil means the config's `output`.
    package var output: String?
    package var baseURL: String?
    package var asOf: Day?
    /// Render even when the inputs are those of the published site.
    package var force: Bool
    /// A warning fails the build before anything is published (Hugo's `--panicOnWarning`).
    package var strict: Bool
    /// Store files (absolute paths) the build takes as absent: cached answers fetched for
    /// another source than the config names (`Loader.foreignCollections`).
    package var ignoredCollections: Set<String>

    package init(
        output: String? = nil, baseURL: String? = nil, asOf: Day? = nil, force: Bool = false, strict: Bool = false,
        ignoredCollections: Set<String> = []
    ) {
        self.output = output; self.baseURL = baseURL; self.asOf = asOf; self.force = force; self.strict = strict
        self.ignoredCollections = ignoredCollections
    }
}

/// What a build did, for the closing line and for tests.
package struct BuildReport: Sendable {
    package var output: String
    package var pages: Int
    package var files: Int
    package var asOf: Day
    /// Collections the store does not hold (`profile`, `repositories`, `starred`, `users`,
    /// `statistics`: their names are `notes.collections.*` in the strings); their pages show an
    /// empty state.
    package var missing: [String]
    /// Problems in the data, and names a template uses that its page lacks, that did not stop the build.
    package var warnings: [Message]
    /// Files written, kept byte-for-byte, and removed from the published site.
    package var changes: PublishCounts
    /// Nothing the build reads changed since the published site was built, so nothing was rendered.
    package var upToDate: Bool
    /// The site's files that hide a built-in theme file which changed since they were copied,
    /// those no earlier build has said.
    package var staleTheme: [ThemeFiles.StaleCopy] = []
}

/// The whole pipeline of `usergraph build`: the stamp, then `BuildRun`'s phases load → count →
/// pages → render → stage → publish. The helpers below are the phases' parts.
package enum SiteBuild {
    package static func run(config: SiteConfig, options: BuildOptions = BuildOptions(), now: Date = Date()) throws -> BuildReport {
        do {
            return try run(config: config, options: options, now: now, keeping: true)
        } catch is FamilyNotKept {
            // A page of a published family went since the last build: all made again.
            return try run(config: config, options: options, now: now, keeping: false)
        }
    }

    /// `keeping` false: no family is kept whole (`KeptFamily`), whatever the summaries say.
    static func run(config original: SiteConfig, options: BuildOptions, now: Date, keeping: Bool) throws -> BuildReport {
        csystem_map_large_blocks()
        csystem_keep_freed_memory()
        var config = original
        if let output = options.output { config.output = output }
        if let base = options.baseURL { config.baseURL = base.hasSuffix("/") ? base : base + "/" }
        let asOf = config.asOfDay(override: options.asOf, now: now)
        // Even a run with nothing to render clears what a killed run left beside the output.
        try StagedSite.clearLeftovers(output: config.output)
        // The stamp: when nothing the build reads changed since the published site was built
        // (the nightly run of a quiet day), the site is already the result, and nothing else
        // is read or written.
        let inputs = BuildStamp.inputs(config: config, asOf: asOf)
        let last = BuildStamp.load(output: config.output)
        if !options.force, let stamp = last, stamp.isCurrent(output: config.output, inputs: inputs.all) {
            if options.strict { try failOnWarnings(stamp.warnings) }
            return BuildReport(
                output: config.output, pages: stamp.pages, files: stamp.files, asOf: asOf, missing: stamp.missing,
                warnings: stamp.warnings, changes: PublishCounts(written: 0, kept: stamp.pages + stamp.files, removed: 0),
                upToDate: true)
        }
        return try BuildRun(config: config, options: options, asOf: asOf, inputs: inputs, last: last, keepFamilies: keeping).build()
    }

    /// Every key the build reads from the strings file besides the templates' `t.` keys: the
    /// pages', the pictures' and the feeds'.
    static let requirements = SitePages.requirements + SocialCard.requirements + EmbedCards.requirements + SiteFeed.requirements

    /// The fingerprint of what a build reads (config, store, templates, `Public/`, the as-of
    /// day): `serve --watch` rebuilds when it changes.
    package static func fingerprint(config: SiteConfig, now: Date = Date()) -> String {
        BuildStamp.inputs(config: config, asOf: config.asOfDay(override: nil, now: now)).all
    }

    /// The last look before the swap: every page is there, so a bug can never publish half a site.
    static func check(_ staged: StagedSite, pages: [PageSource]) throws {
        let paths = staged.paths
        if let missing = pages.first(where: { !paths.contains($0.path.file) }) {
            throw UsergraphError("errors.build.missingPage", ["path": missing.path.file])
        }
    }

    /// Renders and writes every page whose fingerprint changed, spread over all cores; the
    /// others keep their published file. Returns what happened to each page and its fingerprint
    /// (nil for a page whose context holds something a fingerprint cannot read: always rendered).
    static func render(
        _ sources: [PageSource], site: SiteData, theme: Theme, assets: PublicAssets, seeds: PageSeeds,
        shellSeed: PageFingerprint?, manifest: PageManifest, into staged: StagedSite
    ) throws -> ([StagedSite.Outcome], [PageFingerprint?]) {
        let failures = FirstError()
        let outcomes = Outcomes(count: sources.count)
        let fingerprints = Fingerprints(count: sources.count)
        let order = PageSource.renderOrder(sources)
        DispatchQueue.concurrentPerform(iterations: order.count) { position in
            guard !failures.isSet else { return }
            let index = order[position]
            let source = sources[index]
            do {
                var hasher = FingerprintHasher()
                hasher.add(seeds.seed(for: source.template))
                // A file made by code has no layout around it.
                var readable = source.file != nil || shellSeed != nil
                if source.file == nil, let shellSeed { hasher.add(shellSeed) }
                hasher.add(source.path.file)
                hasher.add(source.section.rawValue)
                var context: [String: Any]?
                if !source.addInputs(to: &hasher) {
                    let made = source.context()
                    readable = readable && hasher.add(context: made)
                    context = made
                }
                let fingerprint = readable ? hasher.finish() : nil
                fingerprints.set(index, fingerprint)
                if let fingerprint, let last = manifest.fingerprints.entry(source.path.file), last.fingerprint == fingerprint,
                    try staged.keep(source.path.file, keptLastTime: last.kept)
                {
                    TestStop.pagesStaged(outcomes.set(index, .kept))
                    return
                }
                if let file = source.file {
                    TestStop.pagesStaged(outcomes.set(index, try staged.put(file(), at: source.path.file, page: true)))
                    return
                }
                let shell = SiteBuild.shell(site, for: source, assets: assets, asOf: theme.layoutUsesAsOf)
                let html = try theme.render(page: source.template, context: context ?? source.context(), shell: shell)
                TestStop.pagesStaged(outcomes.set(index, try staged.put(Data(html.utf8), at: source.path.file, page: true)))
            } catch {
                failures.set(error)
            }
        }
        if let error = failures.value { throw error }
        return (outcomes.values, fingerprints.values)
    }

    /// The pages (their files' paths) and other files (such as the search's index scripts) of
    /// a kept family.
    package struct KeptPages {
        var pages: [String] = []
        var files = 0
    }

    /// Keeps a family's pages and files as the published site has them, on all cores
    /// (`entries`: the manifest's). Throws `FamilyNotKept` when one is not there to keep.
    static func keep(_ entries: [PageManifest.Entry], into staged: StagedSite) throws -> KeptPages {
        let failures = FirstError()
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            guard !failures.isSet else { return }
            do {
                if try !staged.keep(entries[index].path, keptLastTime: entries[index].kept) { failures.set(FamilyNotKept()) }
            } catch {
                failures.set(error)
            }
        }
        if let error = failures.value { throw error }
        var kept = KeptPages()
        for entry in entries {
            if entry.path.hasSuffix("/" + SitePath.pageFile) { kept.pages.append(entry.path) } else { kept.files += 1 }
        }
        return kept
    }

    /// Stages the stored files the pages refer to, on all cores: at 10,000 users there are as
    /// many avatars as pages. What the store (`files`, as it listed them), the staging folder
    /// and the published site hold is read from their folders' entries first, so a file
    /// already in place costs no lookup. `spareIsLinked`: the reused spare's stored files are
    /// known to be the store's (see `PageManifest.storedFiles`); `publishedLinks`: the
    /// published site's files, when its stored files are known to be. A folder known so is not
    /// read: reading the folders of 10,000 files was a tenth of a rebuild's time.
    static func stage(
        _ stored: [FileHash], of files: StoredFiles, into staged: StagedSite, spareIsLinked: Bool,
        publishedLinks: Set<String>?
    ) throws {
        guard !stored.isEmpty else { return }
        guard files.device != nil, let folder = StagedSite.SourceFolder(files.folder) else {
            throw UsergraphError("errors.build.storedFile", ["path": files.folder])
        }
        defer { folder.close() }
        // An inode only names the same file on the same file system.
        func listed(_ path: String) -> FolderInodes? {
            files.inodes(inFolder: path).flatMap { $0.device == files.device ? $0 : nil }
        }
        let spare = spareIsLinked ? nil : listed(staged.folder + "/files")
        let published = publishedLinks != nil ? nil : listed(staged.output + "/files")
        let failures = FirstError()
        DispatchQueue.concurrentPerform(iterations: stored.count) { index in
            let key = stored[index]
            guard !failures.isSet, let name = files.name(of: key) else { return }
            let relative = "files/" + name
            let source = files.inode(of: key)
            let inPublished = publishedLinks.map { $0.contains(relative) ? source : nil } ?? published?.inode(of: key)
            do {
                try staged.put(
                    fileNamed: name, in: folder, at: relative,
                    inodes: (source, spareIsLinked ? source : spare?.inode(of: key), inPublished))
            } catch {
                failures.set(error)
            }
        }
        if let error = failures.value { throw error }
    }

    /// The social card, the PNG icons and the embeddable cards, published like pages. Each PNG
    /// is redrawn only when the SVG it comes from changed (see `PNGRaster`), else the published
    /// one is kept; those to draw are drawn on all cores.
    static func sharingPictures(_ site: SiteData, assets: PublicAssets, force: Bool = false) throws -> [(file: String, data: Data)] {
        let css = assets.names["assets/style.css"].flatMap { name in assets.files.first { $0.published == name } }
        let palette = ThemePalette(css: css.map { String(decoding: $0.data, as: UTF8.self) } ?? "")
        let cards = EmbedCards.files(site, palette: palette)
        let jobs = [SocialCard.job(site, palette: palette.light)] + ShareIcons.jobs(assets, palette: palette.light) + cards.pngs
        return cards.svgs + (try PNGRaster.render(jobs, published: force ? nil : site.config.output))
    }

    /// Whether search engines may index the page: the users directory is other people's
    /// data, so its pages are `noindex` and out of the sitemap unless `privacy.indexUsers`.
    static func indexed(_ section: Section, config: SiteConfig) -> Bool {
        section != .users || config.privacy.indexUsers
    }

    /// What every page's shell reads besides the config (in `PageSeeds`), its path and its
    /// section, hashed once: the assets' names, the social card's alt text and, when the layout
    /// shows it, the as-of day. Nil when a value cannot be hashed (then every page is rendered).
    /// Hashing this instead of each page's shell saved a tenth of a rebuild at 10,000 users.
    static func shellSeed(_ site: SiteData, assets: PublicAssets, asOf: Bool) -> PageFingerprint? {
        var hasher = FingerprintHasher()
        guard hasher.add(context: assets.context) else { return nil }
        hasher.add(site.shareImageAlt)
        hasher.add(site.on.keys.sorted().joined(separator: " "))
        hasher.add(asOf)
        if asOf { hasher.add(site.asOf.number) }
        return hasher.finish()
    }

    /// What the layout sees of one page (`PageShell`). `asOf`: whether the layout shows the
    /// as-of day.
    static func shell(_ site: SiteData, for source: PageSource, assets: PublicAssets, asOf: Bool) -> [String: Any] {
        PageShell.fields.context(
            PageShell(
                site: site, path: source.path, section: source.section, assets: assets.context, showsAsOf: asOf,
                noindex: !indexed(source.section, config: site.config), shareImage: SocialCard.file))
    }

    static func missingCollections(_ snapshot: Snapshot) -> [String] {
        var missing: [String] = []
        if snapshot.profile == nil { missing.append("profile") }
        if snapshot.repositories == nil { missing.append("repositories") }
        if snapshot.starred == nil { missing.append("starred") }
        if snapshot.users == nil { missing.append("users") }
        if snapshot.statistics == nil { missing.append("statistics") }
        return missing
    }

    /// `github.pinned` names a repository the store does not have (a typo, or one renamed).
    static func pinnedWarnings(_ site: SiteData) -> [Message] {
        let unknown = PinnedRepositories.unknownNames(site)
        guard !unknown.isEmpty, let login = site.config.github?.login else { return [] }
        return [Message("notes.pinnedUnknown", ["names": unknown.joined(separator: ", "), "login": login])]
    }

    /// `--strict`: the warnings, each on its line, then why nothing was published.
    static func failOnWarnings(_ warnings: [Message]) throws {
        guard !warnings.isEmpty else { return }
        throw UsergraphError(
            messages: warnings.map { Message("notes.warning", nested: ["text": $0]) }
                + [Message("errors.build.strict", nested: ["warnings": .count("count.warnings", warnings.count)])])
    }

    static func warnings(_ statistics: StatisticsResult) -> [Message] {
        var warnings: [Message] = []
        let details = statistics.details
        if details.skippedEventDates > 0 {
            let example = details.exampleBadEventDate.map { Message("notes.skippedEventsExample", ["value": String($0)]) }
            warnings.append(
                Message(
                    "notes.skippedEvents",
                    nested: [
                        "count": .count("count.events", details.skippedEventDates),
                        "example": example ?? .verbatim(""),
                    ]))
        }
        if details.skippedWorkouts > 0 {
            warnings.append(
                Message(
                    "notes.skippedWorkouts",
                    nested: [
                        "count": .count("count.workouts", details.skippedWorkouts)
                    ]))
        }
        return warnings
    }
}

/// A page of a family a build meant to keep was not in the published site.
package struct FamilyNotKept: Error {}

/// Each page's fingerprint, filled in by the rendering threads.
package final class Fingerprints: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [PageFingerprint?]

    package init(count: Int) { storage = Array(repeating: nil, count: count) }

    package var values: [PageFingerprint?] { lock.withLock { storage } }

    package func set(_ index: Int, _ fingerprint: PageFingerprint?) { lock.withLock { storage[index] = fingerprint } }
}

/// What happened to each page, filled in by the rendering threads.
package final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [StagedSite.Outcome]
    private var filled = 0

    package init(count: Int) { storage = Array(repeating: .written, count: count) }

    package var values: [StagedSite.Outcome] { lock.withLock { storage } }

    /// Returns how many pages have been staged, this one included (a test hook counts them).
    @discardableResult
    package func set(_ index: Int, _ outcome: StagedSite.Outcome) -> Int {
        lock.withLock {
            storage[index] = outcome; filled += 1; return filled
        }
    }
}

/// Stored files the pages refer to, so the site carries exactly those.
package enum ReferencedFiles {
    /// The keys of the stored files the pages show, each once, in order: sorted rather than
    /// gathered in a set, which was 4 MB more at 100,000 users, held while the pages render.
    package static func keys(_ site: SiteData) -> [FileHash] {
        var keys: [FileHash] = []
        let files = site.avatars.files
        if let avatar = site.snapshot.owner?.avatar, let key = files.key(forStorePath: avatar) { keys.append(key) }
        if let url = site.snapshot.profile?.value.avatarURL, let key = files.key(forURL: url) { keys.append(key) }
        for user in site.snapshot.users?.value ?? [] {
            for file in user.files ?? [] {
                if let key = files.key(forURL: file.url) { keys.append(key) }
            }
        }
        keys.sort()
        var kept = 0
        for key in keys where kept == 0 || keys[kept - 1] != key {
            keys[kept] = key
            kept += 1
        }
        keys.removeLast(keys.count - kept)
        return keys
    }
}

extension Snapshot {
    /// The cached collections whose files are in `paths`, taken as absent.
    package mutating func drop(_ paths: Set<String>, layout: StoreLayout) {
        guard !paths.isEmpty else { return }
        if paths.contains(layout.profile) { profile = nil }
        if paths.contains(layout.repositories) { repositories = nil }
        if paths.contains(layout.starred) { starred = nil }
        if paths.contains(layout.pinned) { pinned = nil }
        if paths.contains(layout.contributions) { contributions = nil }
        if paths.contains(layout.languages) { languageSizes = nil }
        if paths.contains(layout.users) { users = nil }
        if paths.contains(layout.statistics) { statistics = nil }
    }
}
