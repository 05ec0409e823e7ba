// swift-tools-version:6.1
import PackageDescription

// One target per stage of DESIGN.md's pipeline and per tool beside it. A target depends only on
// the stages above it, so the compiler enforces the design. Names other targets use are
// `package`; `public` is only the command line's library and the charts.
//
//   UsergraphTheme   the default theme, compiled in by the EmbedTheme plugin (no code of ours beneath it)
//   UsergraphCore    model, days, messages, languages, config
//   UsergraphStats   pure statistics of a snapshot          (Core)
//   UsergraphCharts  pure charts: numbers in, text out      (nothing)
//   UsergraphStore   the store's files, edits, the lock     (Core)
//   UsergraphRemote  HTTP clients and the cache-first loader (Core, Store)
//   UsergraphImport  exports read into the store: Apple Health, Strava, GPX, TCX, FIT (Core, Store, Stats)
//   UsergraphPages   page values from data and statistics    (Core, Stats, Charts, Store)
//   UsergraphRender  templates and Markdown to HTML          (Pages)
//   UsergraphPublish staging, the atomic swap, the manifest  (Pages)
//   UsergraphShare   cards, the social card, icons: SVG, PNG (Pages, Render)
//   UsergraphFeeds   the Atom feeds                          (Pages)
//   UsergraphBuild   a build: store → stats → pages → render → publish (all the stages)
//   UsergraphCheck   the link checker                        (Publish)
//   UsergraphServe   the preview server and live reload      (Core)
//   UsergraphReport  `usergraph stats` in the terminal       (Pages)
//   UsergraphCommands the command line as a library          (all of the above)
//   usergraph        main.swift only
let package = Package(
    name: "usergraph",
    // The code calls Glibc, renameat2 and /proc: it runs on Linux only.
    // No `platforms:` entry: SwiftPM can only name Apple platforms there. UsergraphCore stops a
    // build elsewhere with one plain #error.
    products: [
        .executable(name: "usergraph", targets: ["usergraph"]),
        .library(name: "UsergraphCommands", targets: ["UsergraphCommands"]),
        .library(name: "UsergraphCharts", targets: ["UsergraphCharts"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        // A small pure-Swift HTTP server (no NIO): `usergraph serve`, and the API replays of the tests.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
        // Apple Health and Strava exports come as zip archives.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // libcmark from the system (apt libcmark-dev); the Makefile installs it when missing.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // librsvg and cairo from the system (apt librsvg2-dev): our SVG drawn to PNG for the social
        // card and the icons, since social sites and home screens refuse SVG.
        // No pkgConfig: see Sources/CRsvg/shim.h.
        .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-dev"])]),
        // One Linux system call Swift's Glibc module does not expose (renameat2 RENAME_EXCHANGE).
        .target(name: "CSystem"),
        // swift-mustache 2.1.1 (Apache-2.0), vendored with a few rendering fast paths; see
        // Sources/Mustache/README.md for what changed and why, and Tests/MustacheTests for
        // upstream's own suite run against the fork.
        .target(name: "Mustache", exclude: ["LICENSE.txt", "README.md"]),
        // The default theme's files, compiled into the binary (Plugins/EmbedTheme): the installed
        // executable is the only file a site needs.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .target(name: "UsergraphTheme", exclude: ["Theme", "theme-versions.txt"], plugins: ["EmbedTheme"]),
        .target(
            name: "UsergraphCore",
            dependencies: ["UsergraphTheme", .product(name: "Yams", package: "Yams")]
        ),
        .target(name: "UsergraphStats", dependencies: ["UsergraphCore"]),
        // Charts depend on nothing of ours: numbers in, text out.
        .target(name: "UsergraphCharts"),
        .target(name: "UsergraphStore", dependencies: ["UsergraphCore", "CSystem"]),
        .target(name: "UsergraphRemote", dependencies: ["UsergraphCore", "UsergraphStore"]),
        // zlib from the system (zlib1g-dev), for .fit.gz and the gzip members of exports (a shim: Swift
        // cannot call the inflateInit2 macro; not named CZlib, which ZIPFoundation's own module is).
        .systemLibrary(name: "CZlibShim", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "UsergraphImport",
            dependencies: ["UsergraphCore", "UsergraphStore", "UsergraphStats", "CZlibShim", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // The site, stage by stage. Pages: data and statistics in, page values out (no disk, no
        // clock, no printing; a test scans its sources).
        .target(name: "UsergraphPages", dependencies: ["UsergraphCore", "UsergraphStats", "UsergraphCharts", "UsergraphStore", "Mustache"]),
        // Render: the theme's templates and words, Mustache, cmark, the layout, the key check.
        .target(
            name: "UsergraphRender",
            dependencies: ["UsergraphCore", "UsergraphStats", "UsergraphPages", "Mustache", "CCmark", .product(name: "Yams", package: "Yams")]
        ),
        // Publish: the staging folder, the atomic swap, the manifest, the sitemap.
        .target(name: "UsergraphPublish", dependencies: ["UsergraphCore", "UsergraphStore", "UsergraphPages", "CSystem"]),
        // Beside the pages: the embeddable cards, the social card and the icons (SVG, then PNG).
        .target(
            name: "UsergraphShare",
            dependencies: ["UsergraphCore", "UsergraphStats", "UsergraphCharts", "UsergraphPages", "UsergraphRender", "CRsvg", "CZlibShim"]
        ),
        // Beside the pages: the Atom feeds.
        .target(name: "UsergraphFeeds", dependencies: ["UsergraphCore", "UsergraphStats", "UsergraphCharts", "UsergraphPages"]),
        // The build: reads the store, then drives pages → render → publish, and keeps its state.
        .target(
            name: "UsergraphBuild",
            dependencies: [
                "UsergraphCore", "UsergraphStats", "UsergraphStore", "UsergraphPages", "UsergraphRender", "UsergraphPublish",
                "UsergraphShare", "UsergraphFeeds", "CSystem",
            ]
        ),
        // The tools beside a built site: the link checker, the preview server, the terminal report.
        .target(name: "UsergraphCheck", dependencies: ["UsergraphCore", "UsergraphPublish"]),
        .target(
            name: "UsergraphServe",
            dependencies: ["UsergraphCore", .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox")]
        ),
        .target(name: "UsergraphReport", dependencies: ["UsergraphCore", "UsergraphStats", "UsergraphCharts", "UsergraphPages"]),
        .target(
            name: "UsergraphCommands",
            dependencies: [
                "UsergraphTheme", "UsergraphCore", "UsergraphStats", "UsergraphCharts", "UsergraphStore", "UsergraphRemote", "UsergraphImport",
                "UsergraphPages", "UsergraphRender", "UsergraphPublish", "UsergraphBuild", "UsergraphCheck", "UsergraphServe",
                "UsergraphReport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "usergraph", dependencies: ["UsergraphCommands"]),
        // The tests: a target per library target, each testing its own, plus what they share
        // (scratch folders, goldens, the in-process command runner, the process runner, the
        // local HTTP server and the API replays). Recorded API answers and device files are in
        // Tests/Fixtures, read through `TestPaths.fixtures`.
        .target(
            name: "UsergraphTestSupport",
            dependencies: [
                "UsergraphCore", "UsergraphStats", "UsergraphRemote", "UsergraphPublish", "UsergraphBuild", "UsergraphCommands",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            path: "Tests/UsergraphTestSupport"
        ),
        .testTarget(name: "UsergraphCoreTests", dependencies: ["UsergraphCore", "UsergraphTestSupport"]),
        .testTarget(name: "UsergraphStatsTests", dependencies: ["UsergraphCore", "UsergraphStats", "UsergraphTestSupport"]),
        .testTarget(name: "UsergraphStoreTests", dependencies: ["UsergraphCore", "UsergraphStore", "UsergraphTestSupport"]),
        .testTarget(
            name: "UsergraphRemoteTests",
            dependencies: [
                "UsergraphCore", "UsergraphStats", "UsergraphStore", "UsergraphRemote", "UsergraphBuild", "UsergraphCommands",
                "UsergraphTestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(
            name: "UsergraphImportTests",
            dependencies: [
                "UsergraphCore", "UsergraphStore", "UsergraphImport", "UsergraphStats", "UsergraphTestSupport", "CZlibShim",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "UsergraphPagesTests", dependencies: ["UsergraphCore", "UsergraphStore", "UsergraphPages", "UsergraphBuild", "UsergraphTestSupport"]
        ),
        .testTarget(
            name: "UsergraphRenderTests",
            dependencies: [
                "UsergraphCore", "UsergraphStats", "UsergraphStore", "UsergraphPages", "UsergraphRender", "UsergraphShare",
                "UsergraphBuild", "UsergraphCheck", "UsergraphTestSupport", "Mustache",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "UsergraphPublishTests",
            dependencies: ["UsergraphCore", "UsergraphStore", "UsergraphRender", "UsergraphPublish", "UsergraphBuild", "UsergraphTestSupport"]
        ),
        .testTarget(
            name: "UsergraphShareTests", dependencies: ["UsergraphCore", "UsergraphStore", "UsergraphShare", "UsergraphTestSupport", "CZlibShim"]
        ),
        .testTarget(
            name: "UsergraphFeedsTests",
            dependencies: ["UsergraphCore", "UsergraphStats", "UsergraphCharts", "UsergraphStore", "UsergraphFeeds", "UsergraphTestSupport"]
        ),
        .testTarget(
            name: "UsergraphBuildTests",
            dependencies: [
                "UsergraphTheme", "UsergraphCore", "UsergraphStats", "UsergraphStore", "UsergraphPages", "UsergraphRender",
                "UsergraphPublish", "UsergraphFeeds", "UsergraphBuild", "UsergraphCommands", "UsergraphTestSupport",
            ]
        ),
        .testTarget(
            name: "UsergraphCheckTests",
            dependencies: ["UsergraphRemote", "UsergraphCheck", "UsergraphCommands", "UsergraphTestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // `usergraph` too, here and for the commands: their process tests run the executable.
        .testTarget(name: "UsergraphServeTests", dependencies: ["UsergraphServe", "UsergraphTestSupport", "usergraph"]),
        .testTarget(
            name: "UsergraphReportTests",
            dependencies: ["UsergraphCore", "UsergraphStats", "UsergraphCharts", "UsergraphStore", "UsergraphReport", "UsergraphTestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "UsergraphCommandsTests",
            dependencies: [
                "UsergraphCore", "UsergraphStats", "UsergraphStore", "UsergraphPublish", "UsergraphCommands", "UsergraphTestSupport",
                "usergraph", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Reads the workflow `init --ci github` writes.
                .product(name: "Yams", package: "Yams"),
                // The nightly script's run against a local intervals.icu.
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            exclude: ["Golden"]
        ),
        // swift-mustache 2.1.1's own XCTest suite, run against the vendored fork in Sources/Mustache.
        // `spec` is the Mustache spec's JSON (MIT), bundled so the spec tests run offline.
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], resources: [.copy("spec")]),
        .testTarget(name: "UsergraphChartsTests", dependencies: ["UsergraphCharts", "UsergraphTestSupport"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
