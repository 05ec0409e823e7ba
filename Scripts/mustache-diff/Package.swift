// swift-tools-version:6.0
// Renders random templates over random data with the vendored Mustache and the original
// swift-mustache 2.1.1 and counts the outputs that differ: `swift run -c release Harness SEED COUNT`.
import PackageDescription
let package = Package(
    name: "mustache-diff",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1")],
    targets: [
        // Sources/MustacheOurs links to the vendored copy in Sources/Mustache.
        .target(name: "MustacheOurs", exclude: ["README.md", "LICENSE.txt"]),
        .executableTarget(name: "Harness", dependencies: ["MustacheOurs", .product(name: "Mustache", package: "swift-mustache")]),
    ]
)
