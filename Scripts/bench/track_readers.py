#!/usr/bin/env python3
"""The comparison readers of workout files: FIT through fitparse and GPX through gpxpy, the way
the popular Python tools read them (fitparse's own example; gpxpy's README), timed per kind.

    python3 Scripts/bench/track_readers.py PATH... [--seconds 20] [--stride 37] [--list FILE]
                                           [--files-from FILE] [--json FILE]

PATH: .fit and .gpx files, or folders holding them (not recursive). Per kind, the files are
taken in name order, then read in a fixed interleaved order (every --stride-th file, then the
next offset, …), so any prefix of that order is spread over the whole history:

- fitparse: `FitFile(path).get_messages("record")`, and of each record `get_values()`: the
  timestamp, position_lat and position_long (semicircles to degrees), enhanced_altitude or
  altitude, heart_rate;
- gpxpy: `gpxpy.parse(file)`, then every point of every segment of every track: latitude,
  longitude, elevation, time, and the heart rate from its TrackPointExtension.

With --seconds S (default 20; 0 reads everything) each kind stops at the first file boundary
after S seconds of reading, or at the last file, so a slow reader gets a deterministic subset
big enough to time. --list FILE writes the files each kind read (JSON {"fit": […], "gpx": […]}),
and --files-from FILE reads exactly those instead, so later runs, and usergraph, read the same
files. Prints (or writes to --json) per kind: files, bytes, seconds (reading only: the
interpreter's start and the imports are not counted), samples, MB/s and samples/s.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

SEMICIRCLE = 180 / 2 ** 31


def read_fit(path: Path) -> int:
    import fitparse
    samples = 0
    fit = fitparse.FitFile(str(path))
    for record in fit.get_messages("record"):
        values = record.get_values()
        timestamp = values.get("timestamp")
        lat, lon = values.get("position_lat"), values.get("position_long")
        if lat is not None and lon is not None:
            lat, lon = lat * SEMICIRCLE, lon * SEMICIRCLE
        altitude = values.get("enhanced_altitude", values.get("altitude"))
        heart_rate = values.get("heart_rate")
        if timestamp is not None:
            samples += 1
    return samples


def read_gpx(path: Path) -> int:
    import gpxpy
    samples = 0
    with open(path, encoding="utf-8") as file:
        gpx = gpxpy.parse(file)
    for track in gpx.tracks:
        for segment in track.segments:
            for point in segment.points:
                position = (point.latitude, point.longitude, point.elevation, point.time)
                heart_rate = None
                for extension in point.extensions:
                    for child in extension:
                        if child.tag.endswith("}hr") or child.tag == "hr":
                            heart_rate = int(child.text)
                samples += 1
    return samples


READERS = {"fit": read_fit, "gpx": read_gpx}


def interleaved(files: list[Path], stride: int) -> list[Path]:
    stride = max(1, min(stride, len(files)))
    return [files[i] for offset in range(stride) for i in range(offset, len(files), stride)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", help=".fit and .gpx files, or folders of them")
    ap.add_argument("--seconds", type=float, default=20, help="per kind, stop after this much reading (0: read all)")
    ap.add_argument("--stride", type=int, default=37, help="the interleaving of the reading order (default 37)")
    ap.add_argument("--list", help="write the files each kind read to this JSON file")
    ap.add_argument("--files-from", help="read exactly the files listed in this JSON file (from --list)")
    ap.add_argument("--json", help="write the results here instead of printing them")
    args = ap.parse_args()

    if args.files_from:
        chosen = {kind: [Path(p) for p in paths] for kind, paths in json.loads(Path(args.files_from).read_text("utf-8")).items()}
        limit = 0.0
    else:
        found: list[Path] = []
        for path in map(Path, args.paths):
            found += sorted(p for p in path.iterdir() if p.is_file()) if path.is_dir() else [path]
        chosen = {kind: interleaved([p for p in found if p.suffix.lower() == "." + kind], args.stride) for kind in READERS}
        limit = args.seconds
    # The imports are made before the clock starts (and cost the same for every file after).
    import fitparse  # noqa: F401
    import gpxpy
    import importlib.metadata as metadata

    results: dict = {"python": sys.version.split()[0], "fitparse": metadata.version("fitparse"), "gpxpy": gpxpy.__version__}
    read_lists: dict[str, list[str]] = {}
    for kind, reader in READERS.items():
        files = chosen.get(kind, [])
        done, size, samples, seconds = [], 0, 0, 0.0
        for path in files:
            start = time.perf_counter()
            samples += reader(path)
            seconds += time.perf_counter() - start
            size += path.stat().st_size
            done.append(str(path))
            if limit and seconds >= limit:
                break
        read_lists[kind] = done
        results[kind] = {"files": len(done), "of": len(files), "bytes": size, "seconds": round(seconds, 3), "samples": samples,
                         "mbPerSecond": round(size / 1e6 / seconds, 3) if seconds else None,
                         "samplesPerSecond": round(samples / seconds) if seconds else None}
    if args.list:
        Path(args.list).write_text(json.dumps(read_lists, indent=1) + "\n", "utf-8")
    text = json.dumps(results, indent=2) + "\n"
    if args.json:
        Path(args.json).write_text(text, "utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
