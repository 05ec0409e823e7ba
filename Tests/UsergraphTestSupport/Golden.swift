import Foundation
import Testing

/// Compares `actual` with `Golden/NAME` beside the calling test's file; with UPDATE_GOLDEN=1 in the
/// environment it rewrites the file instead, so goldens change only on purpose and are
/// reviewed in the diff.
package func expectGolden(
    _ name: String, _ actual: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let file = folder.appendingPathComponent(name)
    let contents = actual.hasSuffix("\n") ? actual : actual + "\n"
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file, options: .atomic)
        return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
        Issue.record("missing golden file \(name); run with UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    #expect(contents == expected, "output differs from Golden/\(name)", sourceLocation: sourceLocation)
}
