import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphPages
@testable import UsergraphPublish
import UsergraphTestSupport

/// A rebuild renders only the pages whose fingerprint changed and keeps the others: it must
/// publish exactly what a forced full build of the same inputs does. Each test applies a
/// sequence of random changes (seeded, so a failure can be replayed) to a small copy of the
/// demo, rebuilds one output incrementally after each, and compares it byte for byte with a
/// forced build into a new folder.
@Suite(.scratch) struct IncrementalBuildTests {
    /// The demo cut to its first 30 users (and their visits), so each build takes a moment.
    static func smallSite() throws -> String {
        let root = try DemoSite.copy()
        try editJSON(root + "/Store/users.json") { envelope in
            var data = envelope["data"] as? [String: Any] ?? [:]
            data["users"] = Array((data["users"] as? [Any] ?? []).prefix(30))
            envelope["data"] = data
        }
        try editJSON(root + "/Store/statistics.json") { envelope in
            var data = envelope["data"] as? [String: Any] ?? [:]
            data["statistics"] = (data["statistics"] as? [[String: Any]] ?? []).filter { ($0["user_id"] as? Int ?? 0) <= 30 }
            envelope["data"] = data
        }
        return root
    }

    static func editJSON(_ path: String, _ edit: (inout [String: Any]) -> Void) throws {
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        edit(&object)
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
    }

    static func editList(_ path: String, _ edit: (inout [[String: Any]]) -> Void) throws {
        var list = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        edit(&list)
        try JSONSerialization.data(withJSONObject: list, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
    }

    static func editUsers(_ root: String, _ edit: (inout [[String: Any]]) -> Void) throws {
        try editJSON(root + "/Store/users.json") { envelope in
            var data = envelope["data"] as? [String: Any] ?? [:]
            var users = data["users"] as? [[String: Any]] ?? []
            edit(&users)
            data["users"] = users
            envelope["data"] = data
        }
    }

    static func editText(_ path: String, _ edit: (String) -> String) throws {
        try TestPaths.write(edit(try TestPaths.read(path)), to: path)
    }

    /// One random change of the kinds a nightly run or a person makes; returns what it did.
    static let kinds = 13

    static func change(_ root: String, step: Int, random: inout SplitMix64, asOf: inout Day) throws -> String {
        try change(random.below(kinds), root, step: step, random: &random, asOf: &asOf)
    }

    static func change(_ kind: Int, _ root: String, step: Int, random: inout SplitMix64, asOf: inout Day) throws -> String {
        switch kind {
        case 0:
            try editList(root + "/Store/workouts.json") { workouts in
                workouts.append([
                    "id": "00000000-0000-4000-8000-\(String(format: "%012d", step))", "type": "running",
                    "start": "2026-11-\(10 + random.below(10))T07:00:00+03:00", "duration": 1800 + step, "calories": 200 + step,
                ])
            }
            return "a workout added"
        case 1:
            let index = random.below(30)
            try editUsers(root) { users in
                guard index < users.count else { return }
                users[index]["username"] = "renamed\(step)"
                users[index]["age"] = 18 + random.below(50)
                users[index]["isOnline"] = random.below(2) == 0
            }
            return "user \(index) changed"
        case 2:
            let user = 1 + random.below(30)
            try editJSON(root + "/Store/statistics.json") { envelope in
                var data = envelope["data"] as? [String: Any] ?? [:]
                var entries = data["statistics"] as? [[String: Any]] ?? []
                entries.append(["user_id": user, "type": "view", "dates": [19_112_026]])
                data["statistics"] = entries
                envelope["data"] = data
            }
            return "a visit by user \(user)"
        case 3:
            try editText(root + "/Templates/user.md") { $0 + "\nChanged in step \(step).\n" }
            return "user.md changed"
        case 4:
            try editText(root + "/Templates/strings/en.yml") { $0.replacingOccurrences(of: "title: Statistics\n", with: "title: Statistics \(step)\n") }
            return "a string changed"
        case 5:
            asOf = asOf.adding(days: random.below(2) == 0 ? 1 : -1)
            return "the as-of day moved to \(asOf.iso)"
        case 6:
            try editUsers(root) { users in if users.count > 5 { users.removeLast() } }
            return "the last user removed"
        case 7:
            try editJSON(root + "/Store/owner.json") { $0["name"] = "Anna \(step)" }
            return "the owner renamed"
        case 8:
            try editJSON(root + "/Store/github/repos.json") { envelope in
                var repos = envelope["data"] as? [[String: Any]] ?? []
                let index = random.below(max(1, repos.count))
                // The description alone: the stars would change every list's header.
                if index < repos.count { repos[index]["description"] = "Changed :gem: \(step)" }
                envelope["data"] = repos
            }
            return "a repository changed"
        case 9:
            try editList(root + "/Store/meals.json") { meals in
                meals.append([
                    "id": "00000000-0000-4000-9000-\(String(format: "%012d", step))", "date": "2026-11-18", "kind": "snack",
                    "foods": [["name": "Apple \(step)", "kcal": 80]],
                ])
            }
            return "a meal added"
        case 10:
            try editText(root + "/usergraph.yml") { $0.replacingOccurrences(of: #"title: "Anna's dashboard"#, with: #"title: "Anna's dashboard \#(step)"#) }
            return "the title changed"
        case 11:
            // As a person refreshes an avatar: removed, and downloaded again by `update` under the
            // same name, a new file (here of another shape, which the user's page shows).
            let user = 1 + random.below(30)
            let name = SHA256.hex("https://avatars.example.org/users/\(user).svg") + ".svg"
            let path = root + "/Store/files/" + name
            try TestPaths.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"4\"><!-- \(step) --></svg>\n", to: path + ".new")
            #expect(rename(path + ".new", path) == 0)
            return "user \(user)'s avatar replaced"
        default:
            try editJSON(root + "/Store/github/starred.json") { envelope in
                var starred = envelope["data"] as? [[String: Any]] ?? []
                let index = random.below(max(1, starred.count))
                if index < starred.count, var repo = starred[index]["repo"] as? [String: Any] {
                    repo["description"] = "Starred and changed \(step)"
                    starred[index]["repo"] = repo
                }
                envelope["data"] = starred
            }
            return "a starred repository changed"
        }
    }

    /// Every file of two sites, compared: the names of those that differ or exist in one only.
    static func differences(_ a: String, _ b: String) -> [String] {
        let left = Set(FileTree.files(in: a)), right = Set(FileTree.files(in: b))
        var different = left.symmetricDifference(right).sorted()
        for file in left.intersection(right).sorted()
        where FileManager.default.contents(atPath: a + "/" + file) != FileManager.default.contents(atPath: b + "/" + file) {
            different.append(file)
        }
        return different
    }

    @Test(arguments: [UInt64(2026), 7, 42])
    func anIncrementalBuildIsTheFullBuildOfTheSameInputs(seed: UInt64) throws {
        let root = try Self.smallSite()
        var random = SplitMix64(seed: seed)
        var asOf = try #require(Day(iso: "2026-11-20"))
        let output = root + "/incremental"
        try DemoSite.buildSite(root, output: output, asOf: asOf)
        var kept = 0
        for step in 1...8 {
            let change = try Self.change(root, step: step, random: &random, asOf: &asOf)
            let incremental = try DemoSite.buildSite(root, output: output, asOf: asOf)
            let full = root + "/full-\(step)"
            try DemoSite.buildSite(root, output: full, asOf: asOf, force: true)
            let different = Self.differences(output, full)
            #expect(different.isEmpty, "seed \(seed), step \(step) (\(change)): \(different.prefix(5))")
            // Updated in place of a new tree, the site keeps no folder its files left.
            let folders = FileManager.default.enumerator(atPath: output)?.compactMap { $0 as? String } ?? []
            let empty = folders.filter { ((try? FileManager.default.contentsOfDirectory(atPath: output + "/" + $0)) ?? ["file"]).isEmpty }
            #expect(empty.isEmpty, "seed \(seed), step \(step) (\(change)): empty folders \(empty.prefix(5))")
            kept += incremental.changes.kept
            FileTree.remove(full)
        }
        // The point of it: most pages were kept, not rendered again.
        #expect(kept > 0)
    }

    @Test func everyKindOfChangeInTurnKeepsTheIncrementalSiteExact() throws {
        let root = try Self.smallSite()
        var random = SplitMix64(seed: 1)
        var asOf = try #require(Day(iso: "2026-11-20"))
        let output = root + "/incremental"
        try DemoSite.buildSite(root, output: output, asOf: asOf)
        for kind in 0..<Self.kinds {
            let change = try Self.change(kind, root, step: kind + 1, random: &random, asOf: &asOf)
            try DemoSite.buildSite(root, output: output, asOf: asOf)
            let full = root + "/full-\(kind)"
            try DemoSite.buildSite(root, output: full, asOf: asOf, force: true)
            let different = Self.differences(output, full)
            #expect(different.isEmpty, "\(change): \(different.prefix(5))")
            FileTree.remove(full)
        }
    }

    @Test func aWorkoutRendersOnlyThePagesThatShowWorkouts() throws {
        let root = try Self.smallSite()
        let output = root + "/site"
        let asOf = try #require(Day(iso: "2026-11-20"))
        try DemoSite.buildSite(root, output: output, asOf: asOf)
        let before = PageManifest.load(output: output)
        try Self.editList(root + "/Store/workouts.json") { workouts in
            workouts.append([
                "id": "00000000-0000-4000-8000-000000000999", "type": "running", "start": "2026-11-20T18:00:00+03:00",
                "duration": 1800, "calories": 300,
            ])
        }
        let report = try DemoSite.buildSite(root, output: output, asOf: asOf)
        let after = PageManifest.load(output: output)
        let changed = (after.files ?? []).filter { after.fingerprints[$0] != nil && before.fingerprints[$0] != after.fingerprints[$0] }.sorted()
        // The profile (this week, the streak), the statistics and the history's pages (each
        // year's switcher counts the workouts of every year); no user page, no list of users, no
        // repository list, no meals page.
        #expect(
            changed.filter { !$0.hasPrefix("workouts/") } == [
                "index.html", "statistics/index.html", "statistics/years/2025/index.html", "statistics/years/2026/index.html",
                "statistics/years/index.html",
            ])
        // Of the workouts' own pages, the new one, its two neighbours (their links to it), and
        // each older one that moved onto the next list page (its link back to the list); the
        // lists that hold it change too, as each later row moves one place down.
        let workoutPages = changed.filter { $0.hasPrefix("workouts/") && $0.contains("-") }
        let listPages = (after.files ?? []).filter { $0.hasPrefix("workouts/page/") }.count + 1
        #expect(workoutPages.count >= 3 && workoutPages.count <= 3 + listPages)
        #expect(workoutPages.contains("workouts/00000000-0000-4000-8000-000000000999/index.html"))
        #expect(report.changes.written >= changed.count)
        // Every page, the search's index script and each year's poster of its routes.
        let posters = (after.files ?? []).filter { $0.hasSuffix("/routes.svg") }.count
        #expect(posters >= 1)
        #expect(after.fingerprints.count == report.pages + 1 + posters)
    }

    @Test func theSiteBeforeLastBecomesTheNextSiteWithOnlyItsChangesStaged() throws {
        let root = try Self.smallSite()
        let output = root + "/site"
        try DemoSite.buildSite(root, output: output)
        try DemoSite.buildSite(root, output: output, force: true)
        // A forced build leaves folders only beside the site; the next one keeps the old site whole.
        #expect(SpareList.load(output: output, manifest: PageManifest.load(output: output)) == SpareList(exact: false, files: []))
        let users = try TestPaths.read(root + "/Store/users.json")
        _ = try DemoSite.dropLastUser(root)
        try DemoSite.buildSite(root, output: output)
        // Listed as what the manifest lists, with the page the new site no longer has.
        let listPath = SpareList.path(forOutput: output)
        #expect(try TestPaths.read(listPath).split(separator: "\n").contains("+users/30/index.html"))
        let spare = try #require(SpareList.load(output: output, manifest: PageManifest.load(output: output)))
        #expect(spare.exact)
        #expect(spare.files == Set(FileTree.files(in: StagedSite.sparePath(forOutput: output))))
        #expect(spare.files.contains("users/30/index.html"))
        // Read against another manifest, or none, the list is not trusted.
        #expect(SpareList.load(output: output, manifest: .empty) == nil)
        // Back again: the spare lacks the page the new site has.
        try TestPaths.write(users, to: root + "/Store/users.json")
        try DemoSite.buildSite(root, output: output)
        #expect(try TestPaths.read(listPath).split(separator: "\n").contains("-users/30/index.html"))
        let lacking = try #require(SpareList.load(output: output, manifest: PageManifest.load(output: output)))
        #expect(lacking.exact && !lacking.files.contains("users/30/index.html"))
        #expect(lacking.files == Set(FileTree.files(in: StagedSite.sparePath(forOutput: output))))
        _ = try DemoSite.dropLastUser(root)
        try DemoSite.buildSite(root, output: output)
        // The next build starts from that spare: the user gone from the site goes from it too.
        try Self.editList(root + "/Store/workouts.json") { workouts in
            workouts.append(["id": "00000000-0000-4000-8000-000000000998", "type": "yoga", "start": "2026-11-20T09:00:00+03:00", "duration": 1200])
        }
        let report = try DemoSite.buildSite(root, output: output)
        #expect(!FileManager.default.fileExists(atPath: output + "/users/30"))
        #expect(report.changes.removed == 0 && report.changes.written > 0)
        let full = root + "/full"
        try DemoSite.buildSite(root, output: full, force: true)
        #expect(Self.differences(output, full).isEmpty)
    }

    @Test func aForcedBuildAndADamagedManifestRenderEverything() throws {
        let root = try Self.smallSite()
        let output = root + "/site"
        try DemoSite.buildSite(root, output: output)
        let manifest = PageManifest.path(forOutput: output)
        #expect(PageManifest.load(output: output).fingerprints.count > 50)
        // A manifest for another folder, or one that does not parse, is not trusted.
        try TestPaths.write("usergraph-pages-1 elsewhere\n", to: manifest)
        #expect(PageManifest.load(output: output).fingerprints.isEmpty)
        try TestPaths.write("nonsense", to: manifest)
        #expect(PageManifest.load(output: output).fingerprints.isEmpty)
    }
}

@Suite struct FingerprintTableTests {
    @Test func findsEachPathsFingerprintAndLeavesOutPathsThatShareAHash() {
        let paths = (0..<1_000).map { "users/\($0)/index.html" }
        var pairs = paths.enumerated().map { (FingerprintTable.key($1), PageFingerprint(high: UInt64($0), low: 7), $0.isMultiple(of: 3)) }
        // Two entries with one key, as two paths with one hash would be: neither is trusted.
        pairs.append((FingerprintTable.key(paths[3]), PageFingerprint(high: 99, low: 99), false))
        let table = FingerprintTable(pairs)
        #expect(table.count == 999)
        #expect(table[paths[3]] == nil)
        #expect(paths.enumerated().allSatisfy { $0.offset == 3 || table[$0.element] == PageFingerprint(high: UInt64($0.offset), low: 7) })
        #expect(paths.enumerated().allSatisfy { $0.offset == 3 || table.entry($0.element)?.kept == $0.offset.isMultiple(of: 3) })
        #expect(table["users/1000/index.html"] == nil && table[""] == nil)
        #expect(FingerprintTable([]).isEmpty && FingerprintTable([])["index.html"] == nil)
    }
}

@Suite struct PageManifestTests {
    @Test func readsBackEveryPageAndFileItWrote() throws {
        let root = try TestPaths.scratch("manifest")
        let output = root + "/site"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        // Hex digits written by hand, so their edges: zero, one digit, a carry, every bit.
        let values: [UInt64] = [0, 1, 0xf, 0x10, 0xabc, 1 << 63, .max, 0x0123_4567_89ab_cdef]
        var pages: [(path: String, fingerprint: PageFingerprint?, kept: Bool)] = []
        for (index, high) in values.enumerated() {
            pages.append(("p/\(index)/index.html", PageFingerprint(high: high, low: values[values.count - 1 - index]), index.isMultiple(of: 2)))
        }
        pages.append(("unreadable/index.html", nil, false))
        PageManifest.save(pages, others: ["files/a.png", "feed.xml"], storedFiles: "1.2.3.4.5.6", output: output)
        let manifest = PageManifest.load(output: output)
        #expect(manifest.storedFiles == "1.2.3.4.5.6")
        for page in pages {
            #expect(manifest.fingerprints[page.path] == page.fingerprint)
            #expect(manifest.fingerprints.entry(page.path)?.kept == page.fingerprint.map { _ in page.kept })
        }
        #expect(manifest.files == Set(pages.map(\.path) + ["files/a.png", "feed.xml"]))
        let text = try TestPaths.read(PageManifest.path(forOutput: output))
        #expect(text.contains("k0:123456789abcdef p/0/index.html\n"))
        #expect(text.contains("\(String(UInt64.max, radix: 16)):1 p/6/index.html\n"))
        // Without a stamp for the stored files, none is read back.
        PageManifest.save(pages, others: [], storedFiles: nil, output: output)
        #expect(PageManifest.load(output: output).storedFiles == nil)
        #expect(PageManifest.load(output: output).fingerprints[pages[0].path] == pages[0].fingerprint)
    }
}
