#!/usr/bin/env python3
"""Checks that every module a target's Swift files import is declared among that target's
dependencies in Package.swift (SwiftPM builds an undeclared one when another target pulls it in,
so the mistake would only show on the day that other target stops). Run by `make test`.

Reads the targets from `swift package dump-package`; modules of the toolchain and the system
(Foundation, Glibc, Testing, …) need no declaration. Exit 1 lists each file and module.
"""
import json
import pathlib
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Dispatch",
    "Testing", "XCTest", "Synchronization", "PackagePlugin", "PackageDescription", "Swift", "_Concurrency", "Darwin",
}
IMPORT = re.compile(r"^(?:@testable\s+|@_implementationOnly\s+|@preconcurrency\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def imports(text: str) -> list[str]:
    """The modules a file imports: its import lines, which come before any declaration (so an
    `import` inside a string literal further down, such as a Python script, does not count)."""
    found = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("//") or line.startswith("#"):
            continue
        match = IMPORT.match(line)
        if not match:
            break
        found.append(match.group(1))
    return found


def main() -> int:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=REPO, check=True,
                                        capture_output=True, text=True).stdout)
    problems = []
    for target in package["targets"]:
        if target["type"] in ("system", "binary"):
            continue
        declared = {list(dependency.values())[0][0] for dependency in target["dependencies"]}
        folder = REPO / (target.get("path") or ("Tests" if target["type"] == "test" else
                                                 "Plugins" if target["type"] == "plugin" else "Sources") + "/" + target["name"])
        for file in sorted(folder.rglob("*.swift")):
            for module in imports(file.read_text("utf-8")):
                if module not in declared and module not in TOOLCHAIN and module != target["name"]:
                    problems.append(f"{file.relative_to(REPO)} imports {module}, which the target {target['name']} does not declare")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
