import Foundation
import Testing
import UsergraphTestSupport

/// Pages are data in, page values out: no disk, no clock, no processes, no printing. The
/// compiler cannot forbid Foundation's file and date APIs inside one module, so this reads the
/// target's sources. (A stored picture's pixel size is asked of the store, `StoredFiles`.)
@Suite struct PagesPurityTests {
    /// What a page builder must not call, with why.
    static let forbidden: [(pattern: String, what: String)] = [
        (#"\bFileManager\b"#, "the file system"), (#"\bFileHandle\b"#, "the file system"),
        (#"\b(fopen|opendir|readdir|stat|lstat|open|read|write|unlink|rename)\("#, "the file system"),
        (#"contentsOfFile|contentsOf: *URL|Data\(contentsOf"#, "the file system"),
        (#"\bDate\(\)|Date\.now\b|\bclock_gettime\b|\bgettimeofday\b|\bDispatchTime\b|ContinuousClock|SuspendingClock"#, "the clock"),
        (#"\bProcessInfo\b|\bProcess\(\)|\bgetenv\("#, "the process and its environment"),
        (#"\bprint\(|\bFileHandle\.standard|\bfputs\("#, "printing"),
        (#"\bURLSession\b|\bsocket\("#, "the network"),
    ]

    @Test func pageSourcesReadNoDiskClockOrProcess() throws {
        let folder = TestPaths.repository + "/Sources/UsergraphPages"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(names.count > 10, "the Pages target's sources are where this test expects them")
        var found: [String] = []
        for name in names {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Comments may name what the code must not call.
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                for rule in Self.forbidden where code.range(of: rule.pattern, options: .regularExpression) != nil {
                    found.append("\(name):\(number + 1) reaches \(rule.what): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The scan finds what it looks for: a line that reads a file and one that asks the time.
    @Test func theScanSeesAForbiddenCall() {
        let lines = ["let data = FileManager.default.contents(atPath: path)", "let now = Date()", "print(page)"]
        for line in lines {
            #expect(Self.forbidden.contains { line.range(of: $0.pattern, options: .regularExpression) != nil }, "\(line)")
        }
        #expect(!Self.forbidden.contains { "let day = site.asOf".range(of: $0.pattern, options: .regularExpression) != nil })
    }
}
