import FlyingFox
import Foundation
import Testing
import UsergraphCommands
import UsergraphCore
import UsergraphStore
import UsergraphTestSupport
import Yams

/// `usergraph init --ci github`: the workflow it writes is a GitHub workflow with what the
/// nightly run needs, and its script, run for real on a site `init` made, updates, builds and
/// commits the store only when it changed, without printing or storing a secret.
@Suite(.scratch) struct InitCITests {
    static let workflow = ".github/workflows/usergraph.yml"
    static let script = ".github/usergraph-nightly.sh"

    /// Secret values the script is run with; none may show anywhere.
    static let secrets = [
        "GITHUB_TOKEN": "ghp_secretTokenValue1234567890",
        "INTERVALS_API_KEY": "intervals-secret-key-0987654321",
        "STRAVA_CLIENT_SECRET": "strava-client-secret-abcdef",
        "STRAVA_REFRESH_TOKEN": "strava-refresh-token-fedcba",
    ]

    @Test func theWorkflowIsAGitHubWorkflowWithTheNightlySteps() async throws {
        let site = try TestPaths.scratch("ci") + "/site"
        let made = await UsergraphCLI.run(["init", site, "--ci", "github"], in: TestPaths.repository)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains(".github/workflows/usergraph.yml, .github/usergraph-nightly.sh"), "\(made.stderr)")
        // Composed, not loaded: YAML 1.1 would read the key `on` as a boolean.
        let text = try TestPaths.read(site + "/" + Self.workflow)
        let root = try #require(try Yams.compose(yaml: text))
        let top = try #require(root.mapping)
        let allowedTop: Set = ["name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"]
        #expect(Set(top.keys.compactMap(\.string)).isSubset(of: allowedTop))

        let on = try #require(root["on"]?.mapping)
        let cron = try #require(on["schedule"]?.sequence?.first?["cron"]?.string)
        #expect(cron.split(separator: " ").count == 5)
        #expect(on["workflow_dispatch"] != nil)
        #expect(root["permissions"]?["contents"]?.string == "write")
        #expect(root["permissions"]?["pages"]?.string == "write")
        #expect(root["permissions"]?["id-token"]?.string == "write")
        #expect(root["env"]?["USERGRAPH_REPOSITORY"]?.string?.hasPrefix("https://") == true)
        #expect(root["env"]?["USERGRAPH_REF"]?.string == "v" + Usergraph.configuration.version)

        let jobs = try #require(root["jobs"]?.mapping)
        #expect(jobs.count == 1)
        let job = try #require(jobs.first?.value)
        #expect(job["runs-on"]?.string == "ubuntu-latest")
        #expect(job["environment"]?["name"]?.string == "github-pages")
        let steps = try #require(job["steps"]?.sequence)
        let allowedStep: Set = ["id", "if", "name", "uses", "run", "with", "env", "shell", "working-directory", "continue-on-error", "timeout-minutes"]
        var uses: [String] = []
        for step in steps {
            let keys = Set(try #require(step.mapping).keys.compactMap(\.string))
            #expect(keys.isSubset(of: allowedStep), "\(keys)")
            #expect((step["uses"] == nil) != (step["run"] == nil), "a step needs exactly one of uses and run: \(keys)")
            if let action = step["uses"]?.string {
                // Pinned to a release, not to a moving major tag or a branch.
                #expect(action.range(of: #"^[\w-]+/[\w-]+@v\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(action)")
                uses.append(String(action.prefix { $0 != "@" }))
            }
        }
        #expect(uses == ["actions/checkout", "actions/cache", "actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"])

        // The binary is cached by the ref and the runner's system, and built only on a miss.
        let cache = try #require(steps.first { $0["uses"]?.string?.hasPrefix("actions/cache@") == true })
        let key = try #require(cache["with"]?["key"]?.string)
        #expect(key.contains("${{ runner.os }}") && key.contains("${{ env.USERGRAPH_REF }}"))
        let build = try #require(steps.first { $0["run"]?.string?.contains("make build") == true })
        #expect(build["if"]?.string == "steps.cache.outputs.cache-hit != 'true'")
        #expect(build["run"]?.string?.contains("$USERGRAPH_REF") == true)
        // The packages the Makefile installs, the same list.
        let makefile = try TestPaths.read(TestPaths.repository + "/Makefile")
        let aptLine = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("APT_PACKAGES = ") })
        let install = try #require(steps.first { $0["run"]?.string?.contains("apt-get install") == true }?["run"]?.string)
        for package in aptLine.dropFirst("APT_PACKAGES = ".count).split(separator: " ") {
            #expect(install.contains(" " + package), "\(package)")
        }
        // The nightly script gets every secret from the repository's secrets, nothing else.
        let nightly = try #require(steps.first { $0["run"]?.string?.contains(Self.script) == true })
        for name in Self.secrets.keys {
            #expect(nightly["env"]?[Node(name)]?.string?.hasPrefix("${{ secrets.") == true, "\(name)")
        }
        #expect(root["env"]?["GIT_AUTHOR_NAME"]?.string == "github-actions[bot]")
        #expect(root["env"]?["GIT_COMMITTER_EMAIL"]?.string == "41898282+github-actions[bot]@users.noreply.github.com")
        let upload = try #require(steps.first { $0["uses"]?.string?.hasPrefix("actions/upload-pages-artifact@") == true })
        #expect(upload["with"]?["path"]?.string == "_site")
        let mode = try FileManager.default.attributesOfItem(atPath: site + "/" + Self.script)[.posixPermissions] as? Int
        #expect(mode == 0o755)
    }

    @Test func inASiteFolderOnlyTheWorkflowIsAddedAndNeverOverwrittenWithoutForce() async throws {
        let site = try TestPaths.scratch("ci") + "/site"
        #expect(await UsergraphCLI.run(["init", site, "--language", "ru"], in: TestPaths.repository).status == 0)
        try TestPaths.write("title: Mine\nlanguage: ru\n", to: site + "/usergraph.yml")
        let before = FolderSnapshot(site)

        // No folder given: the current one; the site's language is spoken.
        let added = await UsergraphCLI.run(["init", "--ci", "github"], in: site)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.hasPrefix("Записаны .github/workflows/usergraph.yml"), "\(added.stderr)")
        let after = FolderSnapshot(site)
        #expect(Set(after.files.keys).subtracting(before.files.keys) == [Self.workflow, Self.script])
        #expect(before.files.allSatisfy { after.files[$0.key] == $0.value && after.mtimes[$0.key] == before.mtimes[$0.key] })

        try TestPaths.write("# mine\n", to: site + "/" + Self.workflow)
        let again = await UsergraphCLI.run(["init", site, "--ci", "github", "--language", "en"], in: TestPaths.repository)
        #expect(again.status == 64)
        #expect(again.stderr == "usergraph: .github/workflows/usergraph.yml, .github/usergraph-nightly.sh already exist; pass --force to overwrite them.\n")
        #expect(try TestPaths.read(site + "/" + Self.workflow) == "# mine\n")

        let forced = await UsergraphCLI.run(["init", site, "--ci", "github", "--force"], in: TestPaths.repository)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try TestPaths.read(site + "/" + Self.workflow).hasPrefix("# Every night"))
        #expect(try TestPaths.read(site + "/usergraph.yml") == "title: Mine\nlanguage: ru\n")
    }

    @Test func whatInitRefuses() async throws {
        let folder = try TestPaths.scratch("ci")
        try TestPaths.write("notes\n", to: folder + "/notes.txt")
        let cases: [([String], String)] = [
            (["init", folder, "--ci", "github"], "is not empty and has no usergraph.yml"),
            (["init", folder + "/new", "--ci", "gitlab"], "--ci `gitlab` is not a CI service"),
            (["init"], "Name the folder to create"),
        ]
        for (arguments, message) in cases {
            let result = await UsergraphCLI.run(arguments, in: folder)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
    }

    @Test func theNightlyScriptUpdatesBuildsAndCommitsOnlyWhatChanged() async throws {
        let (site, git) = try await Self.siteInGit()
        try FileManager.default.createDirectory(atPath: site + "/Inbox", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestPaths.fixtures + "/import/gpx/placemark-togeojson/apple_watch_route.gpx", toPath: site + "/Inbox/route.gpx")

        let first = try Self.runScript(site)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: site + "/_site/index.html"))
        #expect(try Self.commits(site, git) == 2)
        let changed = try Self.gitRun(["show", "--name-only", "--format=%an", "HEAD"], site, git).stdout
        #expect(changed.hasPrefix("Nightly Test\n"))
        #expect(changed.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("Store/") }, "\(changed)")
        #expect(changed.contains("Store/workouts.json"))

        // Nothing new: no commit.
        let second = try Self.runScript(site)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("nothing to commit"))
        #expect(try Self.commits(site, git) == 2)
        #expect(try Self.gitRun(["status", "--porcelain", "--", "Store"], site, git).stdout.isEmpty)

        // No secret in what was printed, stored or published.
        Self.expectNoSecret(in: site, printed: [first, second])
    }

    /// The nightly script against a local intervals.icu answering as the API's documentation
    /// says (Tests/Fixtures/sync/README.md): the workouts come in with their tracks and are
    /// committed once, and the key, passed as the workflow passes it, is sent and never kept.
    @Test func theNightlyScriptSyncsIntervalsFromALocalServer() async throws {
        let fixtures = TestPaths.fixtures + "/sync/intervals"
        let list = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/activities.json"))
        let fit = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/i1001.fit.gz"))
        let gpx = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/i1002.gpx"))
        let expected = "Basic " + Data("API_KEY:\(try #require(Self.secrets["INTERVALS_API_KEY"]))".utf8).base64EncodedString()
        let server = try await LocalServer.start { request in
            guard request.header("authorization") == expected else { return .json(401, Data(#"{"status":401}"#.utf8)) }
            switch request.path {
            case "/api/v1/athlete/i12345/activities": return .json(200, list)
            case "/api/v1/activity/i1001/file": return .raw(200, fit, headers: ["Content-Type": "application/octet-stream"])
            case "/api/v1/activity/i1002/file": return .raw(200, gpx, headers: ["Content-Type": "application/gpx+xml"])
            default: return .json(404, Data(#"{"status":404}"#.utf8))
            }
        }
        defer { Task { await server.stop() } }
        let (site, git) = try await Self.siteInGit()
        // The inbox is there, and empty.
        try FileManager.default.createDirectory(atPath: site + "/Inbox", withIntermediateDirectories: true)
        let config = try TestPaths.read(site + "/usergraph.yml")
        try TestPaths.write(config + "intervals:\n  athlete: i12345\n  apiURL: \(server.base)/api/v1\n  since: 2010-01-01\n", to: site + "/usergraph.yml")
        for arguments in [["add", "-A"], ["commit", "-q", "-m", "intervals.icu"]] { _ = try Self.gitRun(arguments, site, git) }

        let first = try Self.runScript(site)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let workouts = try #require(try JSONFile.read([Workout].self, at: site + "/Store/workouts.json"))
        #expect(workouts.filter { $0.source?.kind == "intervals" }.count == 3)
        #expect(FileManager.default.fileExists(atPath: site + "/Store/tracks"))
        #expect(server.log.all.contains { $0.path == "/api/v1/activity/i1001/file" })
        #expect(try Self.commits(site, git) == 3)
        // The next night asks again and finds nothing new: no commit.
        let second = try Self.runScript(site)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        let last = try Self.gitRun(["show", "--stat", "HEAD"], site, git).stdout
        #expect(try Self.commits(site, git) == 3, "\(last)")
        Self.expectNoSecret(in: site, printed: [first, second])
    }

    @Test func aFailedSourceStillBuildsThenFailsTheRun() async throws {
        let (site, git) = try await Self.siteInGit()
        // A usergraph whose update fails like one whose source is down (exit 1).
        let fake = try TestPaths.scratch("fake") + "/usergraph"
        try TestPaths.write(
            "#!/bin/sh\nif [ \"$1\" = update ]; then echo 'usergraph: GitHub could not be reached.' >&2; exit 1; fi\nexec '\(Executable.path)' \"$@\"\n",
            to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let run = try Self.runScript(site, usergraph: fake)
        #expect(run.status == 1)
        #expect(run.stderr.contains("update exited 1; building from what the store has"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: site + "/_site/index.html"))
        #expect(try Self.commits(site, git) == 1)
    }

    @Test func withNothingToUpdateAndNoGitTheSiteIsStillBuilt() async throws {
        let site = try TestPaths.scratch("ci") + "/site"
        #expect(await UsergraphCLI.run(["init", site, "--ci", "github"], in: TestPaths.repository).status == 0)
        // Update exits 64 (no source configured): a nightly rebuild for the new day goes on.
        let run = try Self.runScript(site)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("configures no source to update"), "\(run.stderr)")
        #expect(run.stdout.contains("not in a git repository"))
        #expect(FileManager.default.fileExists(atPath: site + "/_site/index.html"))
    }

    // MARK: - A site in git, and the script run as the workflow runs it

    /// A site made by `init --ci github` with an inbox (so `update` has a source and needs no
    /// network), committed in a new git repository; and the path of git.
    static func siteInGit() async throws -> (site: String, git: String) {
        let git = try #require(["/usr/bin/git", "/bin/git", "/usr/local/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let site = try TestPaths.scratch("ci") + "/site"
        let made = await UsergraphCLI.run(["init", site, "--ci", "github"], in: TestPaths.repository)
        #expect(made.status == 0, "\(made.stderr)")
        let config = try TestPaths.read(site + "/usergraph.yml")
        try TestPaths.write(config + "import:\n  folders: [Inbox]\n", to: site + "/usergraph.yml")
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "A new site"]] {
            let result = try gitRun(arguments, site, git)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        return (site, git)
    }

    /// No secret of `secrets` in what the runs printed, nor in the store, the site or the state.
    static func expectNoSecret(in site: String, printed runs: [Executable.Result]) {
        let printed = runs.map { $0.stdout + $0.stderr }.joined()
        for folder in ["Store", "_site", ".usergraph"] {
            for (path, data) in FolderSnapshot(site + "/" + folder).files {
                let text = String(decoding: data, as: UTF8.self)
                for secret in secrets.values { #expect(!text.contains(secret), "\(folder)/\(path)") }
            }
        }
        for secret in secrets.values { #expect(!printed.contains(secret)) }
    }

    /// Git without the machine's own settings, as a fixed author.
    static let gitEnvironment = [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Nightly Test", "GIT_AUTHOR_EMAIL": "nightly@example.org",
        "GIT_COMMITTER_NAME": "Nightly Test", "GIT_COMMITTER_EMAIL": "nightly@example.org",
    ]

    static func gitRun(_ arguments: [String], _ site: String, _ git: String) throws -> Executable.Result {
        try Executable.run(arguments, in: site, environment: gitEnvironment, binary: git)
    }

    static func commits(_ site: String, _ git: String) throws -> Int {
        Int(try gitRun(["rev-list", "--count", "HEAD"], site, git).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The script as the workflow runs it: with the secrets in the environment and USERGRAPH
    /// naming the binary (here the one built for the tests), from another folder.
    static func runScript(_ site: String, usergraph: String = Executable.path) throws -> Executable.Result {
        var environment = gitEnvironment.merging(secrets) { $1 }
        environment["USERGRAPH"] = usergraph
        return try Executable.run([site + "/" + script], in: TestPaths.repository, environment: environment, binary: "/bin/sh")
    }
}
