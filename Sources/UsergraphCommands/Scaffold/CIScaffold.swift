import Foundation
import UsergraphCore
import UsergraphStore

/// `usergraph init --ci github`: a GitHub Actions workflow that updates the store every night,
/// builds the site, commits the store's changes and publishes the site to GitHub Pages. The
/// steps that touch the site are a shell script of their own, so they run (and are tested)
/// outside GitHub too; the workflow adds only what exists on GitHub: building usergraph, the
/// secrets, the push and Pages.
package enum CIScaffold {
    /// The providers `--ci` knows.
    package static let providers = ["github"]

    /// The files written, relative to the site folder.
    package static let workflowPath = ".github/workflows/usergraph.yml"
    package static let scriptPath = ".github/usergraph-nightly.sh"
    package static var files: [String] { [workflowPath, scriptPath] }

    /// Writes the workflow and its script into the site folder `root` (an absolute path). Files
    /// that exist are refused, all of them before anything is written, unless `overwrite`.
    /// `ref` is the usergraph release the workflow builds (the tag of the running version).
    package static func write(into root: String, ref: String, overwrite: Bool) throws {
        let existing = files.filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
        if !overwrite, !existing.isEmpty {
            throw UsergraphError("errors.init.ciExists", ["files": existing.joined(separator: ", ")], kind: .usage)
        }
        try FileManager.default.createDirectory(atPath: root + "/.github/workflows", withIntermediateDirectories: true)
        try AtomicFile.write(Data(workflow(ref: ref).utf8), to: root + "/" + workflowPath)
        try AtomicFile.write(Data(script.utf8), to: root + "/" + scriptPath)
        // Executable, so that `.github/usergraph-nightly.sh` runs by itself from cron too.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/" + scriptPath)
    }

    /// The Debian packages usergraph builds and runs with: the Makefile's APT_PACKAGES (a test
    /// keeps the two lists equal), and make for `make build`.
    static let aptPackages = "libcmark-dev librsvg2-dev fonts-dejavu-core pkg-config zlib1g-dev libcurl4-openssl-dev"

    /// The Swift image the workflow builds in; part of the cache key, since a binary built
    /// with another toolchain is another binary.
    static let swiftImage = "swift:6.3.1-noble"

    static func workflow(ref: String) -> String {
        workflowTemplate
            .replacingOccurrences(of: "@REF@", with: ref)
            .replacingOccurrences(of: "@IMAGE@", with: swiftImage)
            .replacingOccurrences(of: "@IMAGE_KEY@", with: swiftImage.replacingOccurrences(of: ":", with: "-"))
            .replacingOccurrences(of: "@APT@", with: aptPackages)
    }

    // Action versions are pinned to a release (checked November 2026); Dependabot can bump them.
    private static let workflowTemplate = #"""
        # Every night: update the store, build the site, commit the store's changes, publish
        # to GitHub Pages. Written by `usergraph init --ci github`; the steps that touch the
        # site are in .github/usergraph-nightly.sh, which also runs by hand or from cron.
        # Before the first run: Settings → Pages → Source: GitHub Actions, and the secrets
        # below. A public repository shows the store to everyone: read the README first.
        name: usergraph nightly

        on:
          schedule:
            - cron: "15 3 * * *" # 03:15 UTC every night
          workflow_dispatch: # and from the Actions tab

        env:
          # The usergraph release to build: a tag or a commit of that repository. The binary is
          # cached under it, so only a new ref (or a new Swift image) builds again.
          USERGRAPH_REPOSITORY: https://github.com/usergraph/usergraph
          USERGRAPH_REF: @REF@
          # What the job commits, it commits as GitHub Actions' bot.
          GIT_AUTHOR_NAME: github-actions[bot]
          GIT_AUTHOR_EMAIL: 41898282+github-actions[bot]@users.noreply.github.com
          GIT_COMMITTER_NAME: github-actions[bot]
          GIT_COMMITTER_EMAIL: 41898282+github-actions[bot]@users.noreply.github.com

        permissions:
          contents: write # commit the store's changes back
          pages: write # publish the site
          id-token: write # which deploy-pages needs

        # One run at a time: two would race on the store's commit.
        concurrency:
          group: usergraph-nightly
          cancel-in-progress: false

        jobs:
          nightly:
            runs-on: ubuntu-latest
            container: @IMAGE@
            environment:
              name: github-pages
              url: ${{ steps.deploy.outputs.page_url }}
            steps:
              - uses: actions/checkout@v6.0.2

              # The libraries usergraph links and runs with (the Makefile's APT_PACKAGES).
              - name: Install libraries
                run: apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make @APT@

              - name: Restore usergraph
                id: cache
                uses: actions/cache@v5.0.5
                with:
                  path: ~/.usergraph-bin
                  key: usergraph-${{ runner.os }}-@IMAGE_KEY@-${{ env.USERGRAPH_REF }}

              - name: Build usergraph
                if: steps.cache.outputs.cache-hit != 'true'
                run: |
                  # A fetch by name works for a tag, a branch and a commit alike.
                  git init -q "$RUNNER_TEMP/usergraph" && cd "$RUNNER_TEMP/usergraph"
                  git fetch -q --depth 1 "$USERGRAPH_REPOSITORY" "$USERGRAPH_REF"
                  git checkout -q FETCH_HEAD
                  make build
                  mkdir -p ~/.usergraph-bin && cp .build/release/usergraph ~/.usergraph-bin/

              - name: Update, build, commit the store
                run: |
                  # The container runs as root, the checkout belongs to the runner's user.
                  git config --global --add safe.directory "$GITHUB_WORKSPACE"
                  USERGRAPH="$HOME/.usergraph-bin/usergraph" sh .github/usergraph-nightly.sh
                env:
                  # A personal token (secret USERGRAPH_GITHUB_TOKEN) shows pins, the contribution
                  # calendar and languages; without one, the workflow's own token is used.
                  GITHUB_TOKEN: ${{ secrets.USERGRAPH_GITHUB_TOKEN || secrets.GITHUB_TOKEN }}
                  INTERVALS_API_KEY: ${{ secrets.INTERVALS_API_KEY }}
                  STRAVA_CLIENT_SECRET: ${{ secrets.STRAVA_CLIENT_SECRET }}
                  STRAVA_REFRESH_TOKEN: ${{ secrets.STRAVA_REFRESH_TOKEN }}

              # The steps below run also when a source failed (the script then fails at its end):
              # the store keeps what was fetched, and a site that was built is published.
              - name: Push the store
                if: ${{ !cancelled() }}
                run: git push

              - uses: actions/configure-pages@v6.0.0
                if: ${{ !cancelled() && hashFiles('_site/index.html') != '' }}

              - uses: actions/upload-pages-artifact@v5.0.0
                if: ${{ !cancelled() && hashFiles('_site/index.html') != '' }}
                with:
                  path: _site

              - id: deploy
                uses: actions/deploy-pages@v5.0.0
                if: ${{ !cancelled() && hashFiles('_site/index.html') != '' }}

        """#

    /// The nightly steps, in POSIX sh (checked with shellcheck).
    static let script = #"""
        #!/bin/sh
        # The nightly run of a usergraph site: update the store, build the site, commit the
        # store's changes (only when there are some). Written by `usergraph init --ci github`;
        # the workflow .github/workflows/usergraph.yml runs it, and so can cron:
        #   15 3 * * * USERGRAPH=/usr/local/bin/usergraph sh /path/to/site/.github/usergraph-nightly.sh
        # USERGRAPH names the usergraph binary (default: the one on the PATH). Outside a git
        # repository the store is not committed.
        #
        # A source that fails (update exits 1) keeps its cached data: the site is still built
        # and the store committed, and the script exits 1 at the end so that the failure is
        # seen. Update's 64 (no source configured, or a config problem that build says too)
        # does not stop the nightly build either. The secrets are in the environment only:
        # nothing here prints them.
        set -eu
        usergraph=${USERGRAPH:-usergraph}
        cd "$(dirname "$0")/.."

        update=0
        "$usergraph" update || update=$?
        case $update in
          0 | 64) ;;
          75) exit 75 ;; # another run holds the site's lock
          *) echo "usergraph-nightly: update exited $update; building from what the store has." >&2 ;;
        esac

        "$usergraph" build

        # The store folder: `store:` in usergraph.yml, else Store.
        store=$(sed -n 's/^store:[[:space:]]*["'\'']*\([^"'\''#[:space:]]*\).*/\1/p' usergraph.yml | head -n 1)
        store=${store:-Store}
        if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
          echo "usergraph-nightly: not in a git repository; nothing to commit."
        else
          # An empty store is no folder in git, so a fresh checkout may have none.
          if [ -d "$store" ]; then git add -A -- "$store"; fi
          if git diff --cached --quiet -- "$store"; then
            echo "usergraph-nightly: the store has not changed; nothing to commit."
          else
            git commit -q -m "Update the store (usergraph nightly)" -- "$store"
            echo "usergraph-nightly: committed the store's changes."
          fi
        fi

        if [ "$update" != 0 ] && [ "$update" != 64 ]; then exit 1; fi

        """#
}
