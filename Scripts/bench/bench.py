#!/usr/bin/env python3
"""`make bench`: time usergraph on large generated sites, and Hugo on the same pages.

Usage: python3 Scripts/bench/bench.py [--users 1000,10000] [--runs 5] [--binary .build/release/usergraph]
                                      [--no-hugo] [--keep] [--json FILE] [--import-mb 500] [--memory-users 100000]
                                      [--track-workouts 5000] [--track-history DIR] [--track-reader-seconds 20]
                                      [--track-timeout 1800]

For each number of users it generates a site with Scripts/bench/make-bench-site.py into a
temporary folder, then measures with the given (release) binary:

  full build     into a new, empty output folder
  no change      a rebuild with nothing changed
  one workout    a rebuild after one workout is appended to Store/workouts.json
  one user       a rebuild after one user's name changes in Store/users.json
  next day       a rebuild with the as-of day one day later (--as-of), as a nightly cron meets it
  one template   a rebuild after Templates/user.md changes: the template of most pages, the worst case

and, when `hugo` is on the PATH, a full Hugo build of the same user pages (its runs alternate
with usergraph's full builds, so both see the same machine). Each rebuild is also given as a
share of the full build of the same run, and the full build against Hugo's, with the targets of
issue 20 (one workout at most 10 %, one user at most 5 %, 0.45 of Hugo at 10,000 users). Each figure is the median of
--runs runs: wall time (perf_counter around the process), pages per second, user and system
CPU time and peak memory (maximum resident set size from /usr/bin/time -v). On a shared or slow
disk the wall time follows the system time (file creation); the user time is the rendering.

Then (--memory-users, 100,000 by default) one full build of a far larger site, a no-change
rebuild, one workout added and one user changed, run once each: its peak memory against the
target (200 MB at 100,000 users; 80 MB at 10,000), and its times in the growth table.

With --import-mb N (0 skips it) it also generates an Apple Health export of N MB
(Scripts/bench/make-health-export.py) and times `usergraph import` of it into a new site
against Scripts/bench/health_iterparse.py, Python's ElementTree.iterparse reading the same
records the way the popular Python importers do: MB/s and peak memory of both, in the same run.

With --track-workouts N (5,000 by default; 0 skips it), issue 37's workout history: N workouts
over ten years with 1 Hz tracks (Scripts/bench/make-track-history.py: about 60 % FIT from a
watch, 40 % GPX from a phone, about 3,600 samples each), generated into the temporary folder, or
kept and reused in --track-history DIR (checked by a stamp of the arguments and the generator's
hash), plus one more run dated after the last. Then, min(--runs, 3) times, each run in a new site
(`usergraph init`, Europe/Moscow, `asOf` the new run's day):

  import         `usergraph import` of the whole folder (every FIT and GPX file): wall, CPU, peak
                 memory, MB/s; then Scripts/bench/track_readers.py, fitparse and gpxpy reading
                 a subset (the files in an interleaved order until --track-reader-seconds of
                 reading per kind, chosen in the first run, read again in the others), and
                 `usergraph import` of exactly that subset of each kind into a scratch site:
                 MB/s of both on the same files, their ratio against the target (10x each).
                 The readers' MB/s counts their reading only; usergraph's its whole process,
                 writing the store included.
  full build     `usergraph build --force` into a new, empty folder: against Hugo and against
                 the peak-memory target (150 MB)
  Hugo           the same workout pages (Scripts/bench/make-track-hugo.py, written from the
                 first run's built pages: each page's text as Markdown and its SVGs copied as
                 they are, inline, as raw HTML; the lists by type and year as taxonomies, 50 a
                 page), alternating with usergraph's full builds; inline because usergraph
                 writes its pictures into its pages, so both write pages of the same size
  no change      a rebuild with nothing changed (it also makes the spare site a nightly run has)
  one workout    `usergraph import` of the new run's FIT file, then a rebuild: the rebuild
                 against the full build (target 5 %), the import on its own
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def measure(command: list[str], cwd: Path | None = None, limit: float | None = None) -> dict:
    """Runs a command under /usr/bin/time -v; returns wall, user and system seconds and peak RSS in MB.
    With a limit (seconds), `timeout` stops the command when it runs longer, and the bench with it."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        timeout = ["timeout", "--kill-after=10", str(limit)] if limit else []
        done = subprocess.run(["/usr/bin/time", "-v", "-o", report.name, *timeout, *command], cwd=cwd,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - start
        if limit and done.returncode in (124, 137):
            sys.exit(f"bench: {' '.join(command[:3])}… ran past {limit:.0f} s and was stopped.")
        if done.returncode != 0:
            sys.exit(f"bench: {' '.join(command[:8])}{' …' if len(command) > 8 else ''} failed ({done.returncode}):\n{done.stderr}")
        fields = dict(line.strip().rsplit(": ", 1) for line in report.read().splitlines() if ": " in line)
    return {"wall": wall, "user": float(fields["User time (seconds)"]), "sys": float(fields["System time (seconds)"]),
            "rss": int(fields["Maximum resident set size (kbytes)"]) / 1024}


def median(runs: list[dict]) -> dict:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def count_pages(folder: Path) -> int:
    return sum(1 for _ in folder.rglob("*.html"))


def add_workout(store: Path, number: int) -> None:
    path = store / "workouts.json"
    workouts = json.loads(path.read_text("utf-8"))
    workouts.append({"id": f"00000000-0000-4000-8000-{number:012d}", "type": "running",
                     "start": "2026-11-20T12:00:00+03:00", "duration": 1800 + number, "calories": 300})
    path.write_text(json.dumps(workouts, ensure_ascii=False, indent=2) + "\n", "utf-8")


def change_user(store: Path, number: int) -> None:
    path = store / "users.json"
    envelope = json.loads(path.read_text("utf-8"))
    users = envelope["data"]["users"]
    users[len(users) // 2]["username"] = f"renamed-{number}"
    path.write_text(json.dumps(envelope, ensure_ascii=False) + "\n", "utf-8")


def change_template(templates: Path, number: int) -> None:
    path = templates / "user.md"
    path.write_text(path.read_text("utf-8") + f"\n<!-- bench {number} -->\n", "utf-8")


def bench_size(users: int, runs: int, binary: Path, hugo: str | None, work: Path) -> dict:
    site, hugo_site = work / f"site-{users}", work / f"hugo-{users}"
    print(f"\n== {users:,} users: generating…", flush=True)
    generate = [sys.executable, str(HERE / "make-bench-site.py"), str(site), "--users", str(users)]
    subprocess.run(generate + (["--hugo", str(hugo_site)] if hugo else []), check=True)
    def build(output: Path, as_of: str | None = None) -> list[str]:
        return ([str(binary), "build", "--config", str(site / "usergraph.yml"), "--output", str(output), "--quiet"]
                + (["--as-of", as_of] if as_of else []))

    # Every full build goes into a new folder, and no output is removed before the whole bench
    # is done: ext4 without a journal (as on the build machine) skips inodes deleted in the last
    # 30 seconds (five and a half minutes while their blocks are unwritten) when it makes new
    # ones, so 20,000 files made right after 20,000 were deleted cost several times the system
    # time they normally do, for usergraph and Hugo alike. Removing the smaller size's outputs
    # before the larger one ran put 2.58 s in place of 1.7 s on a 10,000-user full build.
    results: dict[str, list[dict]] = {"full": [], "hugo": [], "nochange": [], "workout": [], "user": [], "day": [],
                                      "template": []}
    for run in range(runs):
        output = work / f"out-{users}-{run}"
        results["full"].append(measure(build(output)))
        if hugo:
            results["hugo"].append(measure([hugo, "--quiet", "--destination", f"public-{run}"], cwd=hugo_site))
    pages = count_pages(output)
    hugo_pages = count_pages(hugo_site / "public-0") if hugo else 0
    for _ in range(runs):
        results["nochange"].append(measure(build(output)))
    for number in range(runs):
        add_workout(site / "Store", number)
        results["workout"].append(measure(build(output)))
    for number in range(runs):
        change_user(site / "Store", number)
        results["user"].append(measure(build(output)))
    # The bench site pins 2026-11-20; each run is one day later than the one before.
    for number in range(runs):
        results["day"].append(measure(build(output, f"2026-11-{21 + number:02d}")))
    for number in range(runs):
        change_template(site / "Templates", number)
        results["template"].append(measure(build(output, f"2026-11-{20 + runs:02d}")))

    summary = {"users": users, "pages": pages, "hugoPages": hugo_pages, "runs": runs}
    for step, measured in results.items():
        if measured:
            summary[step] = median(measured)
    report(summary)
    return summary


STEPS = [("full", "full build"), ("nochange", "no-change rebuild"), ("workout", "one workout added"),
         ("user", "one user changed"), ("day", "next as-of day"), ("template", "user.md changed"), ("hugo", "Hugo full build")]
# Issue 20's targets for a rebuild, as a share of the full build of the same run.
TARGETS = {"workout": 0.10, "user": 0.05}
# ...for the full build against Hugo's, and for peak memory (MB) by number of users.
HUGO_TARGET = 0.45
MEMORY_TARGETS = {10_000: 80, 100_000: 200}


def report(s: dict) -> None:
    print(f"{'step':<20}{'pages':>8}{'wall (s)':>10}{'pages/s':>10}{'user (s)':>10}{'sys (s)':>10}{'peak MB':>10}")
    for key, label in STEPS:
        if key not in s:
            continue
        m = s[key]
        pages = s["hugoPages"] if key == "hugo" else s["pages"]
        print(f"{label:<20}{pages:>8,}{m['wall']:>10.2f}{pages / m['wall']:>10,.0f}{m['user']:>10.2f}{m['sys']:>10.2f}{m['rss']:>10.0f}")
    if "hugo" in s:
        ratio = s['full']['wall'] / s['hugo']['wall']
        verdict = f"  (target {HUGO_TARGET}: {'met' if ratio <= HUGO_TARGET else 'missed'})" if s["users"] == 10_000 else ""
        print(f"usergraph / Hugo, full build wall time: {ratio:.2f}"
              f" (per page: {s['full']['wall'] / s['pages'] * 1000:.3f} ms vs {s['hugo']['wall'] / s['hugoPages'] * 1000:.3f} ms){verdict}")
    if s["users"] in MEMORY_TARGETS:
        peak = max(m["rss"] for key, m in s.items() if isinstance(m, dict) and key != "hugo")
        target = MEMORY_TARGETS[s["users"]]
        print(f"peak memory of any usergraph step: {peak:.0f} MB  (target {target} MB: {'met' if peak <= target else 'missed'})")
    for key, label in STEPS[1:-1]:
        if key in s:
            share = s[key]["wall"] / s["full"]["wall"]
            target = TARGETS.get(key)
            verdict = "" if target is None else f"  (target {target:.0%}: {'met' if share <= target else 'missed'})"
            print(f"{label} / full build: {share:.0%}{verdict}")


def bench_memory(users: int, binary: Path, work: Path) -> dict:
    """One full build of a large site and three rebuilds: peak memory is the figure here, and
    the times show how a rebuild grows with the site (one run each: a full build takes long)."""
    site = work / f"site-{users}"
    print(f"\n== {users:,} users, memory: generating…", flush=True)
    subprocess.run([sys.executable, str(HERE / "make-bench-site.py"), str(site), "--users", str(users)], check=True)
    output = work / f"out-{users}"
    def build(as_of: str | None = None) -> list[str]:
        return ([str(binary), "build", "--config", str(site / "usergraph.yml"), "--output", str(output), "--quiet"]
                + (["--as-of", as_of] if as_of else []))
    summary: dict = {"users": users, "runs": 1, "hugoPages": 0}
    summary["full"] = measure(build())
    summary["pages"] = count_pages(output)
    summary["nochange"] = measure(build())
    # As a nightly cron meets it: the site before last is kept as the spare, which the first
    # rebuild after a full build into a new folder does not have yet (it makes every folder).
    add_workout(site / "Store", 1)
    measure(build())
    add_workout(site / "Store", 0)
    summary["workout"] = measure(build())
    change_user(site / "Store", 0)
    summary["user"] = measure(build())
    report(summary)
    return summary


def growth(sizes: list[dict]) -> None:
    if len(sizes) < 2:
        return
    base = sizes[0]
    print(f"\n== growth against {base['users']:,} users (full build)")
    print(f"{'users':>10}{'× users':>9}{'× wall':>9}{'× user':>9}{'× memory':>10}{'µs/page':>10}")
    for s in sizes:
        f, b = s["full"], base["full"]
        print(f"{s['users']:>10,}{s['users'] / base['users']:>9.1f}{f['wall'] / b['wall']:>9.1f}{f['user'] / b['user']:>9.1f}"
              f"{f['rss'] / b['rss']:>10.1f}{f['wall'] / s['pages'] * 1e6:>10.0f}")


def bench_import(megabytes: int, runs: int, binary: Path, work: Path) -> dict:
    export = work / "health" / "export.xml"
    export.parent.mkdir(parents=True, exist_ok=True)
    print(f"\nGenerating a {megabytes} MB Apple Health export...", flush=True)
    subprocess.run([sys.executable, str(HERE / "make-health-export.py"), "--out", str(export), "--size-mb", str(megabytes)],
                   check=True, stdout=subprocess.DEVNULL)
    size_mb = export.stat().st_size / 1_000_000
    ours, theirs = [], []
    for run in range(runs):
        site = work / f"import-site-{run}"
        subprocess.run([str(binary), "init", str(site)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        ours.append(measure([str(binary), "import", str(export)], cwd=site))
        theirs.append(measure([sys.executable, str(HERE / "health_iterparse.py"), str(export)]))
        workouts = json.loads((site / "Store" / "workouts.json").read_text("utf-8")) if (site / "Store" / "workouts.json").exists() else []
        if not workouts:
            sys.exit("bench: the import wrote no workouts; the timing would mean nothing.")
        shutil.rmtree(site, ignore_errors=True)
    print(f"  ({len(workouts):,} workouts imported)")
    a, b = median(ours), median(theirs)
    print(f"\nimport of a {size_mb:,.0f} MB Apple Health export ({runs} runs, medians)")
    print(f"  usergraph import      {a['wall']:6.2f} s  {size_mb / a['wall']:7.1f} MB/s  peak {a['rss']:6.0f} MB")
    print(f"  Python iterparse      {b['wall']:6.2f} s  {size_mb / b['wall']:7.1f} MB/s  peak {b['rss']:6.0f} MB")
    print(f"  throughput ratio      {b['wall'] / a['wall']:.1f}x")
    return {"megabytes": size_mb, "usergraph": a, "iterparse": b}


# --------------------------------------------------------------------------- the workout history (issue 37)

TRACK_END = "2026-11-20"
TRACK_TARGETS = {"ratio": 10.0, "hugo": 1.0, "memory": 150, "workout": 0.05, "history": 2.0}


def track_history(workouts: int, seed: int, cache: Path | None, work: Path) -> tuple[Path, Path, dict]:
    """The generated history (its files, the extra run, the manifest): reused from the cache
    folder when its stamp (the arguments and the generator's hash) matches, else generated."""
    generator = HERE / "make-track-history.py"
    stamp = {"workouts": workouts, "seed": seed, "end": TRACK_END,
             "generator": hashlib.sha256(generator.read_bytes()).hexdigest()}
    root = cache / f"history-{workouts}-seed{seed}" if cache else work / "track-history"
    if (root / "stamp.json").is_file() and json.loads((root / "stamp.json").read_text("utf-8")) == stamp:
        print(f"\n== workout history: using {root}", flush=True)
    else:
        shutil.rmtree(root, ignore_errors=True)
        print(f"\n== workout history: generating {workouts:,} workouts into {root}…", flush=True)
        subprocess.run([sys.executable, str(generator), str(root / "files"), "--workouts", str(workouts), "--seed", str(seed),
                        "--end", TRACK_END, "--extra", str(root / "extra"), "--manifest", str(root / "manifest.json")],
                       check=True)
        (root / "stamp.json").write_text(json.dumps(stamp, indent=1) + "\n", "utf-8")
    manifest = json.loads((root / "manifest.json").read_text("utf-8"))
    return root / "files", root / "extra" / manifest["extra"]["name"], manifest


def track_site(binary: Path, folder: Path, as_of: str) -> None:
    """A new site project for the history: its time zone, and "today" pinned to the new run's day."""
    subprocess.run([str(binary), "init", str(folder)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    config = folder / "usergraph.yml"
    lines = [("timeZone: Europe/Moscow" if line.startswith("timeZone:") else f"asOf: {as_of}" if line.startswith("# asOf:") else line)
             for line in config.read_text("utf-8").splitlines()]
    config.write_text("\n".join(lines) + "\n", "utf-8")


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def bench_tracks(workouts: int, runs: int, binary: Path, hugo: str | None, work: Path, cache: Path | None,
                 reader_seconds: float, limit: float) -> dict:
    files, extra, manifest = track_history(workouts, 1, cache, work)
    entries = manifest["files"]
    kinds = {kind: [e for e in entries if e["name"].endswith("." + kind)] for kind in ("fit", "gpx")}
    history = {"workouts": len(entries), "samples": sum(e["samples"] for e in entries),
               "fitFiles": len(kinds["fit"]), "gpxFiles": len(kinds["gpx"]),
               "fitBytes": sum(e["bytes"] for e in kinds["fit"]), "gpxBytes": sum(e["bytes"] for e in kinds["gpx"])}
    history["bytes"] = history["fitBytes"] + history["gpxBytes"]
    as_of = time.strftime("%Y-%m-%d", time.gmtime(manifest["extra"]["start"] + manifest["extra"]["offset"] * 3600))
    print(f"  {history['workouts']:,} workouts ({history['fitFiles']:,} FIT, {history['gpxFiles']:,} GPX), "
          f"{history['samples']:,} samples, FIT {history['fitBytes'] / 1e6:,.1f} MB, GPX {history['gpxBytes'] / 1e6:,.1f} MB; "
          f"the new run: {extra.name}", flush=True)
    subset = work / "track-readers.json"
    hugo_site = work / "track-hugo"
    steps = ["import", "ugFit", "fitparse", "ugGpx", "gpxpy", "full", "hugo", "nochange", "extraImport", "extraBuild", "stats"]
    results: dict[str, list[dict]] = {step: [] for step in steps}
    readers: list[dict] = []
    for run in range(runs):
        print(f"  run {run + 1} of {runs}…", flush=True)
        site, output = work / f"track-site-{run}", work / f"track-out-{run}"
        track_site(binary, site, as_of)
        def build(*extra_args: str) -> list[str]:
            return [str(binary), "build", "--config", str(site / "usergraph.yml"), "--output", str(output), "--quiet", *extra_args]
        results["import"].append(measure([str(binary), "import", str(files)], cwd=site, limit=limit))
        if run == 0:
            stored = json.loads((site / "Store/workouts.json").read_text("utf-8"))
            tracks = list((site / "Store/tracks").glob("*.json"))
            samples = sum(len(json.loads(p.read_text("utf-8"))["t"]) for p in tracks)
            history.update(imported=len(stored), tracks=len(tracks), trackSamples=samples,
                           tracksBytes=sum(p.stat().st_size for p in tracks))
            print(f"  imported {len(stored):,} workouts, {len(tracks):,} tracks with {samples:,} samples "
                  f"(Store/tracks: {history['tracksBytes'] / 1e6:,.0f} MB)", flush=True)
            if len(stored) != len(entries) or samples != history["samples"]:
                print(f"  bench: the import kept {len(stored):,} workouts and {samples:,} samples of "
                      f"{len(entries):,} and {history['samples']:,} generated", flush=True)
        # The Python readers on their subset (chosen by time in the first run), then usergraph on the same files.
        report_file = work / f"track-readers-{run}.json"
        choose = ["--seconds", str(reader_seconds), "--list", str(subset)] if run == 0 else ["--files-from", str(subset)]
        results["fitparse"].append(measure([sys.executable, str(HERE / "track_readers.py"), str(files), *choose,
                                            "--json", str(report_file)], limit=limit))
        readers.append(json.loads(report_file.read_text("utf-8")))
        results["gpxpy"].append(dict(results["fitparse"][-1]))
        chosen = json.loads(subset.read_text("utf-8"))
        for kind, step in (("fit", "ugFit"), ("gpx", "ugGpx")):
            scratch = work / f"track-scratch-{kind}-{run}"
            track_site(binary, scratch, as_of)
            results[step].append(measure([str(binary), "import", *chosen[kind]], cwd=scratch, limit=limit))
            shutil.rmtree(scratch, ignore_errors=True)
        # The full build into a new folder, and Hugo on the same pages after it.
        results["full"].append(measure(build("--force"), limit=limit))
        if hugo:
            if run == 0:
                subprocess.run([sys.executable, str(HERE / "make-track-hugo.py"), str(site), str(output), str(hugo_site)], check=True)
            results["hugo"].append(measure([hugo, "--quiet", "--destination", f"public-{run}"], cwd=hugo_site, limit=limit))
        results["nochange"].append(measure(build(), limit=limit))
        results["extraImport"].append(measure([str(binary), "import", str(extra)], cwd=site, limit=limit))
        results["extraBuild"].append(measure(build(), limit=limit))
        # Every best effort, zone and Eddington figure from scratch: `stats --json` keeps no
        # facts of its own (the site's default output was never built), so it reads every track.
        results["stats"].append(measure([str(binary), "stats", "--json", "--config", str(site / "usergraph.yml")], limit=limit))
        if run == 0:
            history["pages"] = count_pages(output)
            history["hugoPages"] = count_pages(hugo_site / "public-0") if hugo else 0
            history["storeBytes"] = folder_size(site / "Store")

    # The readers' own clock: their reading, without the interpreter's start.
    for run, reader in enumerate(readers):
        for kind, step in (("fit", "fitparse"), ("gpx", "gpxpy")):
            results[step][run]["wall"] = reader[kind]["seconds"]
    last = readers[0]
    summary: dict = {"history": history, "runs": runs, "readers": {k: last[k] for k in ("python", "fitparse", "gpxpy")},
                     "subset": {kind: {key: last[kind][key] for key in ("files", "of", "bytes", "samples")} for kind in ("fit", "gpx")}}
    for step, measured in results.items():
        if measured:
            summary[step] = median(measured)
    summary["each"] = {step: measured for step, measured in results.items() if measured}
    report_tracks(summary)
    return summary


def report_tracks(s: dict) -> None:
    h, sub = s["history"], s["subset"]
    print(f"\n== workout history: {h['workouts']:,} workouts, {h['samples']:,} samples, {h['bytes'] / 1e6:,.0f} MB "
          f"({s['runs']} runs, medians)")
    print(f"{'import':<34}{'files':>7}{'MB':>9}{'time (s)':>10}{'MB/s':>9}{'user (s)':>10}{'sys (s)':>9}{'peak MB':>9}")
    rows = [("import", "usergraph import, every file", h["workouts"], h["bytes"]),
            ("ugFit", "usergraph import, fitparse's", sub["fit"]["files"], sub["fit"]["bytes"]),
            ("fitparse", f"fitparse {s['readers']['fitparse']}", sub["fit"]["files"], sub["fit"]["bytes"]),
            ("ugGpx", "usergraph import, gpxpy's", sub["gpx"]["files"], sub["gpx"]["bytes"]),
            ("gpxpy", f"gpxpy {s['readers']['gpxpy']}", sub["gpx"]["files"], sub["gpx"]["bytes"])]
    for key, label, count, size in rows:
        m = s[key]
        # The two readers run in one process: its CPU and memory are shown once, on fitparse's row.
        cpu = ("", "", "") if key == "gpxpy" else (f"{m['user']:.2f}", f"{m['sys']:.2f}", f"{m['rss']:.0f}")
        print(f"{label:<34}{count:>7,}{size / 1e6:>9,.1f}{m['wall']:>10.2f}{size / 1e6 / m['wall']:>9.1f}"
              f"{cpu[0]:>10}{cpu[1]:>9}{cpu[2]:>9}")
    for ours, theirs, kind in (("ugFit", "fitparse", "fit"), ("ugGpx", "gpxpy", "gpx")):
        ratio = s[theirs]["wall"] / s[ours]["wall"]
        verdict = "met" if ratio >= TRACK_TARGETS["ratio"] else "missed"
        print(f"throughput, usergraph / {theirs} on the same {sub[kind]['files']} {kind.upper()} files: {ratio:.1f}x "
              f"(target {TRACK_TARGETS['ratio']:.0f}x: {verdict})")
    print(f"usergraph import of every file: {h['samples'] / s['import']['wall']:,.0f} samples/s; "
          f"Store/tracks {h.get('tracksBytes', 0) / 1e6:,.0f} MB for {h.get('trackSamples', 0):,} samples")
    print(f"\n{'build':<34}{'pages':>7}{'wall (s)':>10}{'pages/s':>9}{'user (s)':>10}{'sys (s)':>9}{'peak MB':>9}")
    for key, label in (("full", "full build (--force, new folder)"), ("hugo", "Hugo, the same workout pages"),
                       ("nochange", "no-change rebuild"), ("extraImport", "one new workout: its import"),
                       ("extraBuild", "one new workout: the rebuild"),
                       ("stats", "stats --json, every track read")):
        if key in s:
            m = s[key]
            pages = h["hugoPages"] if key == "hugo" else h["pages"]
            counts = ("", "") if key in ("extraImport", "stats") else (f"{pages:,}", f"{pages / m['wall']:,.0f}")
            print(f"{label:<34}{counts[0]:>7}{m['wall']:>10.2f}{counts[1]:>9}{m['user']:>10.2f}{m['sys']:>9.2f}{m['rss']:>9.0f}")
    if "hugo" in s:
        ratio = s["full"]["wall"] / s["hugo"]["wall"]
        print(f"usergraph / Hugo, full build wall time: {ratio:.2f} (target at most {TRACK_TARGETS['hugo']:.0f}: "
              f"{'met' if ratio <= TRACK_TARGETS['hugo'] else 'missed'})")
    peak = s["full"]["rss"]
    print(f"peak memory of the full build: {peak:.0f} MB (target {TRACK_TARGETS['memory']} MB: "
          f"{'met' if peak <= TRACK_TARGETS['memory'] else 'missed'})")
    share = s["extraBuild"]["wall"] / s["full"]["wall"]
    print(f"one new workout, the rebuild / full build: {share:.1%} (target {TRACK_TARGETS['workout']:.0%}: "
          f"{'met' if share <= TRACK_TARGETS['workout'] else 'missed'}); its import {s['extraImport']['wall']:.2f} s")
    if "stats" in s:
        m = s["stats"]
        print(f"the whole history from scratch (stats --json, reading every track): {m['user'] + m['sys']:.2f} s of CPU, "
              f"{m['wall']:.2f} s wall (target for the bests, zones and Eddington alone: {TRACK_TARGETS['history']:.0f} s of CPU)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--users", default="1000,10000", help="comma-separated site sizes (default 1000,10000)")
    ap.add_argument("--runs", type=int, default=5, help="runs per figure; the median is shown (default 5)")
    ap.add_argument("--binary", default=str(REPO / ".build/release/usergraph"))
    ap.add_argument("--no-hugo", action="store_true", help="skip Hugo even when it is installed")
    ap.add_argument("--keep", action="store_true", help="keep the generated sites and outputs")
    ap.add_argument("--json", help="also write the medians to this file")
    ap.add_argument("--import-mb", type=int, default=500, help="size of the Apple Health export to import (0: skip)")
    ap.add_argument("--memory-users", type=int, default=100_000,
                    help="users of the site whose full build and rebuilds are run once for peak memory (0: skip)")
    ap.add_argument("--track-workouts", type=int, default=5000,
                    help="workouts with 1 Hz tracks in the generated history to import and build (0: skip)")
    ap.add_argument("--track-history", help="keep the generated history in this folder and reuse it across benches")
    ap.add_argument("--track-reader-seconds", type=float, default=20,
                    help="seconds of reading that choose fitparse's and gpxpy's subset (default 20)")
    ap.add_argument("--track-timeout", type=float, default=1800,
                    help="stop the bench when one step of the history runs longer (seconds, default 1800)")
    args = ap.parse_args()

    binary = Path(args.binary).resolve()
    if not binary.is_file():
        sys.exit(f"bench: no binary at {binary}; run `make build` first.")
    if not Path("/usr/bin/time").is_file():
        sys.exit("bench: /usr/bin/time is missing (apt-get install time).")
    hugo = None if args.no_hugo else shutil.which("hugo")
    if not hugo and not args.no_hugo:
        print("bench: hugo is not installed, so there is no Hugo comparison (apt-get install hugo).")

    work = Path(tempfile.mkdtemp(prefix="usergraph-bench-"))
    try:
        sizes = [bench_size(int(n), args.runs, binary, hugo, work) for n in args.users.split(",") if n]
        if args.memory_users > 0:
            sizes.append(bench_memory(args.memory_users, binary, work))
        if sizes:
            growth(sizes)
        imported = bench_import(args.import_mb, min(args.runs, 3), binary, work) if args.import_mb > 0 else None
        tracks = (bench_tracks(args.track_workouts, min(args.runs, 3), binary, hugo, work,
                               Path(args.track_history).resolve() if args.track_history else None,
                               args.track_reader_seconds, args.track_timeout) if args.track_workouts > 0 else None)
        if args.json:
            Path(args.json).write_text(json.dumps({"sizes": sizes, "import": imported, "tracks": tracks}, indent=2) + "\n",
                                       "utf-8")
    finally:
        if args.keep:
            print(f"\nKept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
