#!/usr/bin/env python3
"""Writes Sources/UsergraphTheme/theme-versions.txt: every version of every file of the
default theme that git has seen, and the working tree's, as `<sha256, 16 hex> <path>` lines.

`build` reads it (compiled into the binary) to tell a site's untouched copy of an older
built-in file from one its owner changed. A test fails when a theme file's current version is
missing here: run this script and commit the result with the theme change.
"""
import hashlib
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
THEME = "Sources/UsergraphTheme/Theme"
OUT = REPO / "Sources/UsergraphTheme/theme-versions.txt"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, check=True, capture_output=True, text=True).stdout


def main() -> int:
    versions: set[tuple[str, str]] = set()
    if OUT.exists():
        for line in OUT.read_text().splitlines():
            if line and not line.startswith("#"):
                digest, path = line.split(" ", 1)
                versions.add((path, digest))
    blobs: dict[str, set[str]] = {}
    for commit in git("rev-list", "HEAD", "--", THEME).split():
        for row in git("ls-tree", "-r", commit, "--", THEME + "/").splitlines():
            meta, path = row.split("\t", 1)
            blobs.setdefault(meta.split()[2], set()).add(path[len(THEME) + 1:])
    if blobs:
        batch = subprocess.run(["git", "cat-file", "--batch"], cwd=REPO, check=True, capture_output=True,
                               input="\n".join(blobs).encode() + b"\n").stdout
        at = 0
        while at < len(batch):
            header_end = batch.index(b"\n", at)
            sha, _, size = batch[at:header_end].decode().split()
            body = batch[header_end + 1:header_end + 1 + int(size)]
            at = header_end + 1 + int(size) + 1
            for path in blobs[sha]:
                versions.add((path, hashlib.sha256(body).hexdigest()[:16]))
    for file in sorted((REPO / THEME).rglob("*")):
        if file.is_file() and not file.name.startswith("."):
            versions.add((str(file.relative_to(REPO / THEME)), hashlib.sha256(file.read_bytes()).hexdigest()[:16]))
    lines = ["# Every version of the default theme's files (first 16 hex digits of the SHA-256, path).",
             "# Made by Scripts/theme-versions.py; never remove a line."]
    lines += [f"{digest} {path}" for path, digest in sorted(versions)]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{OUT.relative_to(REPO)}: {len(versions)} versions of {len({p for p, _ in versions})} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
