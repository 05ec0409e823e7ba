// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "usergraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "usergraph", targets: ["usergraph"]),
        .library(name: "UsergraphKit", targets: ["UsergraphKit"]),
        .library(name: "UsergraphCharts", targets: ["UsergraphCharts"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        // A small pure-Swift HTTP server (no NIO): `usergraph serve`, and the API replays of the tests.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
    ],
    targets: [
        // libcmark from the system (apt libcmark-dev); the Makefile installs it when missing.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // One Linux system call Swift's Glibc module does not expose (renameat2 RENAME_EXCHANGE).
        .target(name: "CSystem"),
        // swift-mustache 2.1.1 (Apache-2.0), vendored with a few rendering fast paths; see
        // Sources/Mustache/README.md for what changed and why.
        .target(name: "Mustache", exclude: ["LICENSE.txt", "README.md"]),
        // Charts depend on nothing of ours: numbers in, text out.
        .target(name: "UsergraphCharts"),
        .target(
            name: "UsergraphKit",
            dependencies: [
                "CCmark",
                "CSystem",
                "UsergraphCharts",
                "Mustache",
                .product(name: "Yams", package: "Yams"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]
        ),
        .executableTarget(
            name: "usergraph",
            dependencies: [
                "UsergraphKit",
                "UsergraphCharts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "UsergraphKitTests",
            // `usergraph` too, so that `swift test` builds and links the executable the tests run.
            dependencies: ["UsergraphKit", "usergraph", "Mustache", .product(name: "FlyingFox", package: "FlyingFox")],
            // Recorded API answers and golden pages, read through #filePath.
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "UsergraphChartsTests",
            dependencies: ["UsergraphCharts"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
