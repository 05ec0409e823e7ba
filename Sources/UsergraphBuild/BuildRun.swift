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

/// One build whose inputs changed since the last one (`SiteBuild.run` has checked the stamp):
/// the phases load → count → pages → render → stage → publish, each a method that hands the
/// next one a value. Work that does not wait for a phase runs beside it on another thread,
/// started where its inputs are ready and awaited where its result is needed.
struct BuildRun: Sendable {
    let config: SiteConfig
    let options: BuildOptions
    let asOf: Day
    let inputs: BuildStamp.Inputs
    let last: BuildStamp?
    /// False after a kept family's page went missing: every family is made again.
    let keepFamilies: Bool
    let layout: StoreLayout
    /// The workouts' tracks, listed once; each is read when its page is made.
    let tracks: StoredTracks

    init(config: SiteConfig, options: BuildOptions, asOf: Day, inputs: BuildStamp.Inputs, last: BuildStamp?, keepFamilies: Bool) {
        self.config = config; self.options = options; self.asOf = asOf; self.inputs = inputs; self.last = last
        self.keepFamilies = keepFamilies
        layout = StoreLayout(root: config.store)
        tracks = StoredTracks(layout: layout)
    }

    func build() throws -> BuildReport {
        let (loaded, store) = try load()
        let counted = try count(loaded, store: consume store)
        let pages = try pages(counted)
        let staged = try StagedSite(output: config.output, rebuild: !options.force, spareList: pages.spare)
        // The stored files the pages show, linked in while the pages render.
        let storedFiles = BackgroundJob { try stageStoredFiles(pages, into: staged) }
        do {
            let rendered = try render(pages, into: staged)
            let fileCount = try stage(pages, rendered, storedFiles: storedFiles, into: staged)
            return try publish(pages, rendered, files: fileCount, staged: staged)
        } catch {
            // Not while the stored files are still being linked into it.
            _ = try? storedFiles.value()
            staged.discard()
            throw error
        }
    }

    // MARK: - 1. Load

    /// What `load` hands on besides the store's read: the theme's words, and the jobs still
    /// reading the rest.
    struct Loaded {
        let strings: Strings
        let theme: BackgroundJob<Theme>
        let seeds: BackgroundJob<PageSeeds>
        let state: BuildState
    }

    /// The theme's words and templates, what the last build kept (`BuildState`) and the pages'
    /// seeds are read on other threads while this one reads the store. The theme's words come
    /// first: the statistics' wording and the pictures need them, its templates only the pages.
    /// A broken theme is still said before a broken store.
    func load() throws -> (Loaded, StoreRead) {
        // Ready before the pictures are (see `PNGRaster.prepare`), while the store is read; not
        // when nothing they show changed (a user, a visit), which then draws none of them: the
        // libraries took 12 MB of a one-user rebuild's peak at 100,000 users.
        if last?.pictures != inputs.pictures { _ = BackgroundJob { PNGRaster.prepare() } }
        let settings = config
        let themeStart = BackgroundJob { () throws -> (Strings, BackgroundJob<Theme>) in
            let strings = try Theme.strings(files: settings.theme, language: settings.language, require: SiteBuild.requirements)
            return (strings, BackgroundJob { try Theme(files: settings.theme, strings: strings) })
        }
        // A collection taken as absent changes what the kept families were made from.
        let state = BuildState.read(
            config: config, stamp: last, inputs: inputs, asOf: asOf, force: options.force,
            trustFamilies: keepFamilies && !options.force && options.ignoredCollections.isEmpty)
        let seeds = BackgroundJob { PageSeeds(config: settings) }
        // The users and their visits, and the starred repositories, are not read when what the
        // last build took of them still holds (see `KeptFamily`). A starred list taken as absent
        // is not decoded at all (12 MB at 10,000 users).
        let store = StoreReader.begin(
            layout, directory: state.families.directory == nil,
            starred: state.families.starred == nil && !options.ignoredCollections.contains(layout.starred))
        let (strings, theme) = try themeStart.value()
        return (Loaded(strings: strings, theme: theme, seeds: seeds, state: state), store)
    }

    // MARK: - 2. Count

    /// What `count` hands `pages`: the whole snapshot and its statistics.
    struct Counted {
        let loaded: Loaded
        let snapshot: Snapshot
        let statistics: StatisticsResult
        let files: StoredFiles
    }

    /// The statistics, counted while the starred repositories, which no statistic reads, are
    /// still decoding; the kept families' facts stand in for the files not read.
    func count(_ loaded: Loaded, store: consuming StoreRead) throws -> Counted {
        let families = loaded.state.families
        let partial = Result { try store.withoutStarred() }
        if case .failure = partial { _ = try loaded.theme.value() }
        var snapshot = try partial.get()
        snapshot.drop(options.ignoredCollections, layout: layout)
        var statistics = Statistics.compute(snapshot, asOf: asOf, timeZone: config.timeZone, stepsGoal: config.stepsGoal, units: config.units)
        families.apply(to: &statistics)
        // Consumed, so that emptying the visit events below frees them: a second reference
        // kept the raw events (24 MB at 100,000 users) alive through the whole render.
        snapshot.starred = try (consume store).finish().starred
        families.apply(to: &snapshot)
        // The visit events live on in the statistics; no page reads them one by one, and at
        // 100,000 users they were 20 MB held through the whole build.
        snapshot.statistics?.value = []
        let files = try loaded.state.storedFiles.value()
        // Reading the store and counting took twice what they leave (at 100,000 users, 65 MB of
        // file bytes and 36 MB of counting): freed, but kept by malloc until handed back.
        csystem_release_free_memory()
        return Counted(loaded: loaded, snapshot: snapshot, statistics: statistics, files: files)
    }

    // MARK: - 3. Pages

    /// What `pages` hands the render: everything a page is made from, and which families are
    /// kept whole.
    struct Pages: Sendable {
        let site: SiteData
        let theme: Theme
        let assets: PublicAssets
        let seeds: PageSeeds
        let manifest: PageManifest
        let spare: SpareList?
        /// Nil when some page's shell cannot be fingerprinted: then every page is rendered.
        let shellSeed: PageFingerprint?
        let families: FamilySummaries
        /// What each family's pages are made from now (`FamilySummaries.pagesKeys`).
        let familyKeys: [KeptFamily: String]
        let kept: Set<KeptFamily>
        /// Drawn and written out on other threads while the pages render.
        let pictures: BackgroundJob<[(file: String, data: Data)]>
        let feeds: BackgroundJob<[(path: String, data: Data)]>
    }

    /// `SiteData`, and the choice of families to keep: a family is kept whole only when its
    /// pages would be made from what they were; one made again after all needs its store file.
    func pages(_ counted: Counted) throws -> Pages {
        let loaded = counted.loaded
        var snapshot = counted.snapshot, statistics = counted.statistics
        let keptTracks = KeptTrackWork(thumbnails: try loaded.state.thumbnails.value(), facts: try loaded.state.trackFacts.value())
        let first = siteData(snapshot, statistics, counted.files, loaded.strings, keptTracks)
        let assets = try PublicAssets(theme: config.theme)
        // Neither reads the users, nor the starred repositories but the newest (the feed), so
        // they need not wait for the choice below.
        let force = options.force
        let pictures = BackgroundJob { try SiteBuild.sharingPictures(first, assets: assets, force: force) }
        let feeds = BackgroundJob { first.shows(.feeds) ? SiteFeed(first).files : [] }
        let (manifest, spare) = try loaded.state.pages.value()
        let seeds = try loaded.seeds.value()
        let theme = try loaded.theme.value()
        // Neither reads the users (the shell's alt text names the owner).
        let shellSeed = SiteBuild.shellSeed(first, assets: assets, asOf: theme.layoutUsesAsOf)
        let families = loaded.state.families
        let keys = families.pagesKeys(layout, seeds: seeds, shell: shellSeed, storedFiles: inputs.storedFiles, snapshot: snapshot)
        let kept = families.kept(keys: keys, manifest: manifest)
        var reread = false
        if families.directory != nil, !kept.contains(.directory) {
            (snapshot.users, snapshot.statistics) = try StoreReader.readDirectory(layout)
            statistics = Statistics.compute(snapshot, asOf: asOf, timeZone: config.timeZone, stepsGoal: config.stepsGoal, units: config.units)
            snapshot.statistics?.value = []
            reread = true
        }
        if families.starred != nil, !kept.contains(.starred) {
            snapshot.starred = try StoreReader.readStarred(layout)
            reread = true
        }
        return Pages(
            site: reread ? siteData(snapshot, statistics, counted.files, loaded.strings, keptTracks) : first, theme: theme, assets: assets,
            seeds: seeds, manifest: manifest, spare: spare, shellSeed: shellSeed, families: families, familyKeys: keys, kept: kept,
            pictures: pictures, feeds: feeds)
    }

    private func siteData(
        _ snapshot: Snapshot, _ statistics: StatisticsResult, _ files: StoredFiles, _ strings: Strings, _ kept: KeptTrackWork
    ) -> SiteData {
        SiteData(
            config: config, snapshot: snapshot, asOf: asOf, statistics: statistics, avatars: Avatars(files: files), tracks: tracks,
            kept: kept, strings: strings, drawCards: EmbedCards.cards)
    }

    // MARK: - 4. Render

    /// What the render hands the staging: every page's source, what became of it and its
    /// fingerprint, and the kept families' pages.
    struct Rendered {
        let sources: [PageSource]
        let outcomes: [StagedSite.Outcome]
        let fingerprints: [PageFingerprint?]
        let keptPages: [(family: KeptFamily, position: Int, pages: SiteBuild.KeptPages)]
    }

    /// Every page, in parallel (`SiteBuild.render`): a page whose fingerprint (its seed, its
    /// shell and its data) is the one in the manifest is kept as published, the others go
    /// through Mustache, cmark and the layout. A kept family's pages are kept without being made.
    func render(_ pages: Pages, into staged: StagedSite) throws -> Rendered {
        let (sources, positions) = SitePages.sources(pages.site, omitting: pages.kept)
        let (outcomes, fingerprints) = try SiteBuild.render(
            sources, site: pages.site, theme: pages.theme, assets: pages.assets, seeds: pages.seeds, shellSeed: pages.shellSeed,
            manifest: pages.manifest, into: staged)
        // The kept families' pages, in their order, each where its sources would have been.
        let keptPages = try KeptFamily.allCases.filter(pages.kept.contains).map { family in
            (family: family, position: positions[family] ?? 0, pages: try SiteBuild.keep(pages.manifest.families[family] ?? [], into: staged))
        }
        // What the rendering threads made and freed, handed back before the publish (with
        // the hand-back above, the peak at 10,000 users fell from 107 to 92 MB).
        csystem_release_free_memory()
        return Rendered(sources: sources, outcomes: outcomes, fingerprints: fingerprints, keptPages: keptPages)
    }

    // MARK: - 5. Stage

    /// The stored files the pages show, staged on another thread while the pages render;
    /// returns how many.
    func stageStoredFiles(_ pages: Pages, into staged: StagedSite) throws -> Int {
        let manifest = pages.manifest, files = pages.site.avatars.files, stamp = inputs.storedFiles
        // The spare's and the published site's stored files are links into the store's folder
        // as it is now when they were linked from it unchanged since (the usual nightly run):
        // then their folders need not be read.
        let unchanged = { (linkedFrom: String?) in stamp != nil && linkedFrom == stamp }
        let spareIsLinked = unchanged(staged.spareStoredFiles), publishedIsLinked = unchanged(manifest.storedFiles)
        let publishedLinks = publishedIsLinked ? manifest.files : nil
        // A kept directory refers to the stored files the last build carried: the same users,
        // avatars and owner. Those the spare holds, linked as the published ones are, are in
        // place already.
        if pages.kept.contains(.directory) {
            let lacking = spareIsLinked && publishedIsLinked ? staged.keepLinkedFiles(manifest.storedFilePaths) : manifest.storedFilePaths
            let keys = lacking.compactMap(files.key(forStorePath:))
            try SiteBuild.stage(keys, of: files, into: staged, spareIsLinked: spareIsLinked, publishedLinks: publishedLinks)
            return manifest.storedFilePaths.count - lacking.count + keys.count
        }
        let stored = ReferencedFiles.keys(pages.site)
        try SiteBuild.stage(stored, of: files, into: staged, spareIsLinked: spareIsLinked, publishedLinks: publishedLinks)
        return stored.count
    }

    /// Everything else the site holds beside its pages: the theme's assets, the pictures, the
    /// feeds, and with a base URL the sitemap and robots.txt; the stored files, linked in since
    /// the render began, are waited for last. Returns how many files the site has besides its
    /// pages.
    func stage(_ pages: Pages, _ rendered: Rendered, storedFiles: BackgroundJob<Int>, into staged: StagedSite) throws -> Int {
        for file in pages.assets.files { try staged.put(file.data, at: file.published) }
        let pictures = try pages.pictures.value()
        for picture in pictures { try staged.put(picture.data, at: picture.file) }
        for file in try pages.feeds.value() { try staged.put(file.data, at: file.path) }
        let storedFiles = try storedFiles.value()
        let madeFiles = rendered.sources.count { $0.file != nil }
        var count = pages.assets.files.count + storedFiles + pictures.count + 2 + madeFiles + rendered.keptPages.reduce(0) { $0 + $1.pages.files }
        if let base = config.baseURL {
            try staged.put(Data(Sitemap.xml(sitemap(rendered, base: base)).utf8), at: "sitemap.xml")
            try staged.put(Data(Sitemap.robots(base: base).utf8), at: "robots.txt")
            count += 2
        }
        return count
    }

    /// The sitemap's entries in the site's order: a kept page keeps its last date, a page
    /// written again is dated the as-of day.
    private func sitemap(_ rendered: Rendered, base: String) -> [Sitemap.Entry] {
        let previous = Sitemap.dates(inFileAt: config.output + "/sitemap.xml")
        var entries: [Sitemap.Entry] = []
        func add(_ path: SitePath, kept: Bool) {
            let url = path.url(base: base)
            entries.append(Sitemap.Entry(url: url, lastModified: kept ? previous[HTML.escape(url)] ?? asOf.iso : asOf.iso))
        }
        var insertions = rendered.keptPages[...]
        func insert(upTo index: Int) {
            while let next = insertions.first, next.position <= index {
                if SiteBuild.indexed(next.family.section, config: config) {
                    for file in next.pages.pages { add(SitePath(String(file.dropLast(SitePath.pageFile.utf8.count))), kept: true) }
                }
                insertions.removeFirst()
            }
        }
        for (index, (source, outcome)) in zip(rendered.sources, rendered.outcomes).enumerated() {
            insert(upTo: index)
            if source.path != .notFound, source.file == nil, SiteBuild.indexed(source.section, config: config) {
                add(source.path, kept: outcome == .kept)
            }
        }
        insert(upTo: .max)
        return entries
    }

    // MARK: - 6. Publish

    /// The last look (the warnings under `--strict`, every page staged), the swap, and what
    /// the next build needs (`BuildState`), saved for the site just published.
    func publish(_ pages: Pages, _ rendered: Rendered, files: Int, staged: StagedSite) throws -> BuildReport {
        let site = pages.site, manifest = pages.manifest
        // A theme's own templates may name keys its pages do not have: said, not fatal, since
        // the page still renders (with nothing there).
        let templateWarnings = TemplateKeyCheck(theme: pages.theme, assets: pages.assets).problems().map(\.message)
        let warnings =
            templateWarnings + SiteBuild.warnings(site.statistics) + SiteBuild.pinnedWarnings(site)
            + [site.workoutDirectory?.unreadableWarning].compactMap { $0 }
        if options.strict { try SiteBuild.failOnWarnings(warnings) }
        try SiteBuild.check(staged, pages: rendered.sources)
        BuildState.forget(output: config.output)
        let counts = try staged.publish(previous: manifest.files, previousStoredFiles: manifest.storedFiles)
        let stale = config.theme.staleCopies(bases: ThemeBase.read(root: config.root))
        let told = Set(last?.toldTheme ?? [])
        let pageCount = rendered.sources.count { $0.file == nil } + rendered.keptPages.reduce(0) { $0 + $1.pages.pages.count }
        let report = BuildReport(
            output: config.output, pages: pageCount, files: files, asOf: asOf, missing: SiteBuild.missingCollections(site.snapshot),
            warnings: warnings, changes: counts, upToDate: false, staleTheme: stale.filter { !told.contains($0.told) })
        save(pages, rendered, report: report, stale: stale, staged: staged)
        return report
    }

    /// Records this build for the next one: the stamp, the manifest, the spare's list, the
    /// families' summaries and the route thumbnails, each for the output folder as it now is.
    private func save(_ pages: Pages, _ rendered: Rendered, report: BuildReport, stale: [ThemeFiles.StaleCopy], staged: StagedSite) {
        let output = config.output, sources = rendered.sources
        // The route thumbnails and the tracks' facts are thousands of lines to format and
        // write: on another core, while the stamp, the manifest and the summaries are saved.
        let tracks = tracks
        let keptTrackWork = pages.site.workoutDirectory.map { directory in
            BackgroundJob {
                KeptThumbnails.save(directory.thumbnails, tracks: tracks, output: output)
                KeptTrackFacts.save(directory.trackFacts, tracks: tracks, output: output)
            }
        }
        if let identity = FolderStamp.of(output) {
            BuildStamp(
                inputs: inputs.all, output: identity, pages: report.pages, files: report.files, missing: report.missing,
                warnings: report.warnings, pictures: inputs.pictures, toldTheme: stale.map(\.told)
            ).save(output: output)
        }
        let listed = PageManifest.save(
            sources.indices.lazy.map { (sources[$0].path.file, rendered.fingerprints[$0], rendered.outcomes[$0] == .kept) },
            inserting: rendered.keptPages.map { ($0.position, pages.manifest.families[$0.family] ?? []) },
            others: staged.otherPaths, storedFiles: staged.storedFilesAreLinks ? inputs.storedFiles : nil, output: output)
        // The manifest lists each staged file once (`check` found every page staged): as many
        // as were staged is all of them.
        staged.saveSpareList(against: listed == staged.paths.count ? PageManifest.token(output: output) : nil)
        if let identity = FolderStamp.of(output) {
            pages.families.save(
                keys: pages.familyKeys, kept: pages.kept, snapshot: pages.site.snapshot, statistics: pages.site.statistics, asOf: asOf,
                timeZone: config.timeZone, output: output, identity: identity)
        }
        // Neither save throws: a state file that cannot be written is only work for the next build.
        try? keptTrackWork?.value()
    }
}
