#!/usr/bin/env python3
"""Write the Hugo twin of a built usergraph site's workout pages, for the bench's comparison.

Usage: python3 Scripts/bench/make-track-hugo.py SITE BUILT HUGO_OUT

SITE is the usergraph site project (its Store/workouts.json gives each workout's type and
start), BUILT the folder `usergraph build` wrote, HUGO_OUT the Hugo site to create (it must not
exist). Standard library only; the same inputs give the same bytes.

Each workout page becomes content/workouts/<id>.md: the page's text as Markdown (the title, the
meta line, the facts as a list, each section's heading and note, the splits as a Markdown table,
the links to the neighbours) and its pictures as they are: every chart block of the built page
(the route and the elevation, pace and heart-rate charts, each in the widths usergraph
inlines) is copied byte for byte into the Markdown as a raw HTML block, which goldmark passes
through with `unsafe = true`. Inline is the fair twin: usergraph writes its SVGs inside each
page, so both tools write pages of the same size, and Hugo parses the Markdown around them
(pictures as files next to the page, shown with <img>, would leave Hugo only a copy to make).
Drawing the pictures is usergraph's work and is not Hugo's here: they come already drawn.

The lists are Hugo's own: /workouts/ (50 a page, newest first) and a taxonomy each for the
types and the years (/types/<type>/, /years/<year>/, 50 a page), each row with the route
thumbnail and the numbers the built list pages show, the way usergraph lists them under
/workouts/<type>/ and /workouts/years/<year>/. The shell is a minimal layout with the theme's
stylesheet. usergraph's other pages (the profile, the statistics, the cards, the feeds) have no
twin: the comparison counts them against usergraph.
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import json
import re
import shutil
import sys
from pathlib import Path

HUGO_CONFIG = """baseURL = "https://bench.example.org/"
title = "Benchmark"
disableKinds = ["RSS", "sitemap", "robotsTXT"]
paginate = 50
[taxonomies]
type = "types"
year = "years"
[markup.goldmark.renderer]
unsafe = true
"""

HUGO_BASEOF = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title>
{{ with .Description }}<meta name="description" content="{{ . }}">
{{ end }}<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="/assets/style.css">
<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header"><div class="wrap header-row"><a class="brand" href="/"><img src="/assets/icon.svg" alt="" width="28" height="28"><span>{{ site.Title }}</span></a>
<nav class="site-nav" aria-label="Main"><ul><li><a href="/">Profile</a></li><li><a href="/workouts/">Workouts</a></li>
<li><a href="/types/">Types</a></li><li><a href="/years/">Years</a></li></ul></nav></div></header>
<main id="main" class="wrap">
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer"><div class="wrap footer-row"><span>Built by Hugo</span></div></footer>
</body>
</html>
"""

HUGO_SINGLE = """{{ define "main" }}{{ .Content }}{{ end }}
"""

HUGO_LIST = """{{ define "main" }}<h1>{{ .Title }}</h1>
{{ $pager := .Paginate .Pages.ByDate.Reverse }}
<p class="lead">{{ len .Pages }} workouts</p>
<ul class="workout-rows">
{{ range $pager.Pages }}<li>
<a class="workout-row" href="{{ .RelPermalink }}">
<span class="workout-thumb" aria-hidden="true">{{ .Params.thumb | safeHTML }}</span>
<span class="workout-main"><span class="workout-title">{{ .Title }}</span>
<span class="meta"><span class="pill">{{ delimit .Params.types ", " }}</span><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "January 2, 2006" }}</time> <span>{{ .Date.Format "15:04" }}</span></span></span>
<span class="workout-numbers">{{ .Params.numbers | safeHTML }}</span>
</a>
</li>
{{ end }}</ul>
<nav class="pagination">{{ with $pager.Prev }}<a href="{{ .URL }}">← Newer</a>{{ end }}{{ range $pager.Pagers }}<a href="{{ .URL }}">{{ .PageNumber }}</a>{{ end }}{{ with $pager.Next }}<a href="{{ .URL }}">Older →</a>{{ end }}</nav>
{{ end }}
"""

HUGO_TERMS = """{{ define "main" }}<h1>{{ .Title }}</h1>
<ul>{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>
{{ end }}
"""

HUGO_HOME = """{{ define "main" }}<h1>{{ site.Title }}</h1>
<p><a href="/workouts/">{{ len (where site.RegularPages "Section" "workouts") }} workouts</a></p>
{{ end }}
"""

ROW = re.compile(r'<a class="workout-row" href="[^"]*?workouts/([0-9a-f-]{36})/index\.html">\s*'
                 r'<span class="workout-thumb"[^>]*>(.*?)</span>.*?<span class="workout-numbers">(.*?)</span>\s*</a>', re.S)
SECTION = re.compile(r'<section class="card"[^>]*>(.*?)</section>', re.S)
TAG = re.compile(r"<[^>]+>")


def text(fragment: str) -> str:
    """The text of an HTML fragment, for Markdown (its own specials escaped)."""
    plain = html.unescape(TAG.sub(" ", fragment)).strip()
    return re.sub(r"([\\`*_\[\]<>|#])", r"\\\1", re.sub(r"\s+", " ", plain))


def raw_block(fragment: str) -> str:
    """An HTML block goldmark keeps whole: no blank line inside it."""
    return "\n".join(line for line in fragment.strip().splitlines() if line.strip())


def markdown_table(table: str) -> str:
    rows = [[text(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)]
    if not rows:
        return ""
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "|".join(["---"] + ["---:"] * (len(rows[0]) - 1)) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return "\n".join(lines)


def page_markdown(page: str, ids: set[str]) -> str:
    main = page[page.find("<main"):page.rfind("</main>")]
    main = main[main.find(">") + 1:]
    out = ["[← Workouts](../)", ""]
    meta = re.search(r'<p class="meta">(.*?)</p>', main, re.S)
    if meta:
        out += [text(meta.group(1)), ""]
    for term, value in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", main, re.S):
        out.append(f"- **{text(term)}** {text(value)}")
    out.append("")
    for section in SECTION.findall(main):
        heading = re.search(r"<h2[^>]*>(.*?)</h2>", section, re.S)
        if heading:
            out += [f"## {text(heading.group(1))}", ""]
            section = section[heading.end():]
        table = re.search(r"<table>.*?</table>", section, re.S)
        if table:
            out += [markdown_table(table.group(0)), ""]
        chart = re.search(r'<div class="chart.*</svg>(?:\s*</div>)+', section, re.S)
        if chart:
            out += [raw_block(chart.group(0)), ""]
        for note in re.findall(r'<p class="muted[^"]*">(.*?)</p>', section, re.S):
            out += [text(note), ""]
    for target, label in re.findall(r'<a href="[^"]*?workouts/([0-9a-f-]{36})/index\.html" rel="(?:next|prev)">(.*?)</a>', main, re.S):
        if target in ids:
            out += [f"[{text(label)}](../{target}/)", ""]
    return "\n".join(out)


def front_matter(values: dict) -> str:
    # JSON strings and lists are YAML flow scalars: no quoting rules to get wrong.
    return "---\n" + "".join(f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in values.items()) + "---\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", help="the usergraph site project (its Store/workouts.json)")
    ap.add_argument("built", help="the folder usergraph built")
    ap.add_argument("out", help="the Hugo site to write (must not exist)")
    args = ap.parse_args()
    site, built, out = Path(args.site), Path(args.built), Path(args.out)
    if out.exists():
        print(f"make-track-hugo: {out} already exists", file=sys.stderr)
        return 1
    workouts = json.loads((site / "Store/workouts.json").read_text("utf-8"))
    ids = {w["id"] for w in workouts}
    rows: dict[str, tuple[str, str]] = {}
    for listing in sorted((built / "workouts").glob("index.html")) + sorted((built / "workouts/page").glob("*/index.html")):
        for wid, thumb, numbers in ROW.findall(listing.read_text("utf-8")):
            rows[wid] = (thumb.strip(), raw_block(numbers))
    repo = Path(__file__).resolve().parent.parent.parent
    for name, body in {"config.toml": HUGO_CONFIG, "layouts/_default/baseof.html": HUGO_BASEOF,
                       "layouts/_default/single.html": HUGO_SINGLE, "layouts/_default/list.html": HUGO_LIST,
                       "layouts/_default/terms.html": HUGO_TERMS, "layouts/index.html": HUGO_HOME,
                       "content/workouts/_index.md": "---\ntitle: Workouts\n---\n"}.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(body, "utf-8")
    shutil.copytree(repo / "Sources/UsergraphTheme/Theme/Public", out / "static", dirs_exist_ok=True)
    written = charts = 0
    for w in workouts:
        page_path = built / "workouts" / w["id"] / "index.html"
        if not page_path.is_file():
            continue
        page = page_path.read_text("utf-8")
        title = re.search(r"<h1>(.*?)</h1>", page, re.S)
        start = dt.datetime.fromisoformat(w["start"])
        thumb, numbers = rows.get(w["id"], ("", ""))
        body = page_markdown(page, ids)
        charts += body.count("<svg")
        matter = {"title": html.unescape(TAG.sub("", title.group(1))) if title else w["type"],
                  "description": f"{w['type']}, {start.date().isoformat()}", "date": w["start"],
                  "types": [w["type"]], "years": [str(start.year)], "thumb": thumb, "numbers": numbers}
        (out / "content/workouts" / f"{w['id']}.md").write_text(front_matter(matter) + body + "\n", "utf-8")
        written += 1
    print(f"make-track-hugo: {written:,} workout pages, {charts:,} inline SVGs, {len(rows):,} list rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
