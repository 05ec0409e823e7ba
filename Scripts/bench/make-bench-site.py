#!/usr/bin/env python3
"""Generate a large usergraph site (and the same user pages as a Hugo site) for `make bench`.

Usage: python3 Scripts/bench/make-bench-site.py OUT [--users 10000] [--hugo HUGO_OUT]

Standard library only. Fixed seed, no clock, no network: the same arguments give
byte-identical files. OUT becomes a site project (usergraph.yml, Store/, Templates/, Public/)
whose store follows DESIGN.md:

- N users (default 10,000) in the users API's shape; 90% have a downloaded SVG avatar in
  Store/files/, 5% also a photo, 3% no "files" key, the rest an empty list or a remote-only file;
- 10 visit-statistics events per user (100,000 for 10,000 users): mostly views over the last
  year, some subscriptions and unsubscriptions, in unsorted entries as the API sends them;
- 1,000 repositories and 2,000 starred items, each a full GitHub API object (the demo store's
  first repository varied), so decoding costs what a real store costs;
- two years of workouts (4-5 a week) and weekly weights, ending at the pinned as-of day.

With --hugo, HUGO_OUT becomes a minimal Hugo site with one Markdown page per user holding the
same content as usergraph's user page (same shell, same avatar files under static/), listed
100 to a page like /users/, so both tools build the same number of pages.
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import hashlib
import json
import random
import shutil
import sys
from pathlib import Path

SEED = 7
TODAY = dt.date(2026, 11, 20)
FIRST_DAY = TODAY - dt.timedelta(days=2 * 365)
OFFSET = "+03:00"
FETCHED_AT = "2026-11-20T06:00:00Z"
EVENTS_PER_USER = 10
REPOSITORIES = 1000
STARRED = 2000

USERS_SOURCE = "http://users.example.org/api/users/"
STATISTICS_SOURCE = "http://users.example.org/api/statistics/"
REPOS_SOURCE = "https://api.github.com/users/bitwiseman/repos?per_page=100"
STARRED_SOURCE = "https://api.github.com/users/bitwiseman/starred?per_page=100"

FIRST_NAMES = ["dmitry", "ivan", "sergey", "anna", "olga", "maria", "mike", "john", "emma", "sarah",
               "nikita", "elena", "pavel", "irina", "alex", "kate", "roman", "vera", "leo", "zoe"]
SURNAMES = ["ivanov", "petrov", "smirnov", "kuznetsov", "popov", "smith", "brown", "miller", "wilson", "king"]
LANGUAGES = ["Java", "Swift", "Go", "Python", "TypeScript", "Rust", "C", "Kotlin", "Ruby", None]
WORDS = ["fast", "tiny", "static", "site", "graph", "parser", "client", "server", "cache", "plugin",
         "toolkit", "library", "for", "the", "with", "and", "JSON", "YAML", "Markdown", "HTTP"]
# A few descriptions that exercise escaping, as real data does.
HOSTILE = ["<script>alert(1)</script> in a description", "Uses *stars* and _underscores_ & [links](javascript:x)",
           "# not a heading", "1. not a list", "a `code` span and a \\ backslash"]
WORKOUT_TYPES = ["running", "cycling", "strength", "yoga", "swimming"]
PALETTE = ["#3949AB", "#1E88E5", "#00897B", "#2E7D32", "#E64A19", "#8E24AA", "#D81B60", "#5D4037"]


def dumps(value) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def event_int(d: dt.date) -> int:
    """The statistics API's date: ddMMyyyy as an integer (no leading zero on the day)."""
    return int(f"{d.day}{d.month:02d}{d.year:04d}")


def uuid(rng: random.Random) -> str:
    h = f"{rng.getrandbits(128):032x}"
    return f"{h[0:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"


def avatar_svg(letters: str, colour: str) -> bytes:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">'
            f'<rect width="128" height="128" fill="{colour}"/><text x="64" y="64" dy="0.35em" '
            f'text-anchor="middle" font-family="system-ui, sans-serif" font-size="48" fill="#FFFFFF">'
            f'{letters}</text></svg>\n').encode("utf-8")


# --------------------------------------------------------------------------- the store

def make_users(rng: random.Random, n: int) -> tuple[list[dict], dict[str, bytes]]:
    users, files = [], {}
    file_id = 100_000
    for uid in range(1, n + 1):
        first, sur = rng.choice(FIRST_NAMES), rng.choice(SURNAMES)
        username = rng.choice([f"{first}.{sur}{uid}", f"{first}_{uid}", f"{sur}_{first}{uid}"])
        user = {"id": uid, "sex": "M" if rng.random() < 0.49 else "W", "username": username,
                "isOnline": rng.random() < 0.15, "age": rng.randint(16, 70)}
        r = rng.random()
        if r < 0.03:
            users.append(user)                      # no "files" key at all
            continue
        user_files = []
        if r < 0.93:                                # a downloaded avatar
            file_id += 1
            url = f"https://avatars.example.org/users/{uid}.svg"
            user_files.append({"id": file_id, "url": url, "type": "avatar"})
            files[sha256_hex(url) + ".svg"] = avatar_svg((first[0] + sur[0]).upper(), rng.choice(PALETTE))
            if rng.random() < 0.05:                 # and a downloaded photo
                file_id += 1
                url = f"https://files.example.org/users/{uid}/1.svg"
                user_files.append({"id": file_id, "url": url, "type": "photo"})
                files[sha256_hex(url) + ".svg"] = avatar_svg("PH", rng.choice(PALETTE))
        elif r < 0.96:                              # a file that was never downloaded
            file_id += 1
            user_files.append({"id": file_id, "url": f"https://files.example.org/missing/{uid}.png", "type": "photo"})
        user["files"] = user_files
        users.append(user)
    return users, files


def make_statistics(rng: random.Random, n: int) -> list[dict]:
    last_year = [FIRST_DAY + dt.timedelta(days=365 + i) for i in range(366)]
    events: dict[tuple[int, str], list[int]] = {}
    for _ in range(n * EVENTS_PER_USER):
        uid = min(n, int(rng.paretovariate(1.2)) if rng.random() < 0.2 else rng.randint(1, n))
        r = rng.random()
        typ = "view" if r < 0.9 else "subscription" if r < 0.97 else "unsubscription"
        events.setdefault((uid, typ), []).append(event_int(rng.choice(last_year)))
    entries = [{"user_id": uid, "type": typ, "dates": dates} for (uid, typ), dates in sorted(events.items())]
    rng.shuffle(entries)
    return entries


def make_workouts(rng: random.Random) -> list[dict]:
    workouts = []
    day = FIRST_DAY
    while day <= TODAY:
        if rng.random() < 0.62:                     # 4-5 days a week
            typ = rng.choice(WORKOUT_TYPES)
            start = dt.datetime(day.year, day.month, day.day, rng.choice([7, 8, 18, 19]), rng.choice(range(0, 60, 5)))
            w = {"id": uuid(rng), "type": typ, "start": start.strftime("%Y-%m-%dT%H:%M:%S") + OFFSET,
                 "duration": rng.randint(20 * 60, 90 * 60), "calories": rng.randint(150, 900)}
            if typ == "strength":
                w["exercises"] = rng.randint(5, 10)
            if rng.random() < 0.2:
                w["notes"] = rng.choice(["Easy run", "Intervals 6×400 m", "Интервалы, ноги тяжёлые", HOSTILE[1]])
            workouts.append(w)
        day += dt.timedelta(days=1)
    return workouts


def make_weights(rng: random.Random) -> list[dict]:
    out, day, kg = [], FIRST_DAY, 80.0
    while day <= TODAY:
        kg += rng.uniform(-0.4, 0.3)
        out.append({"date": day.isoformat(), "kg": round(kg, 1)})
        day += dt.timedelta(days=7)
    return out


def make_repository(rng: random.Random, template: dict, index: int, owner: str) -> dict:
    repo = copy.deepcopy(template)
    name = "-".join(rng.sample(WORDS[:10], 2)) + f"-{index}"
    full = f"{owner}/{name}"
    created = dt.datetime(2012, 1, 1) + dt.timedelta(minutes=rng.randint(0, 7_000_000))
    pushed = created + dt.timedelta(minutes=rng.randint(0, 1_000_000))
    repo.update({
        "id": 10_000_000 + index, "name": name, "full_name": full,
        "html_url": f"https://github.com/{full}", "url": f"https://api.github.com/repos/{full}",
        "description": rng.choice(HOSTILE) if index % 50 == 0 else " ".join(rng.sample(WORDS, rng.randint(3, 9))).capitalize(),
        "language": rng.choice(LANGUAGES), "stargazers_count": int(rng.paretovariate(1.1)) - 1,
        "forks_count": rng.randint(0, 40), "fork": rng.random() < 0.2, "archived": rng.random() < 0.05,
        "created_at": created.strftime("%Y-%m-%dT%H:%M:%SZ"), "updated_at": pushed.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "pushed_at": pushed.strftime("%Y-%m-%dT%H:%M:%SZ"),
    })
    repo["owner"] = dict(repo["owner"], login=owner)
    return repo


def envelope(source: str, data) -> dict:
    return {"source": source, "fetchedAt": FETCHED_AT, "validators": {}, "data": data}


def write_site(out: Path, repo_root: Path, users: list[dict], files: dict[str, bytes], rng: random.Random) -> None:
    demo = repo_root / "Store"
    template = json.loads((demo / "github/repos.json").read_text("utf-8"))["data"][0]
    store = out / "Store"
    owner = json.loads((demo / "owner.json").read_text("utf-8"))
    documents = {
        "owner.json": owner,
        "workouts.json": make_workouts(rng),
        "weights.json": make_weights(rng),
        "github/repos.json": envelope(REPOS_SOURCE, [make_repository(rng, template, i, "bitwiseman") for i in range(REPOSITORIES)]),
        "github/starred.json": envelope(STARRED_SOURCE, [
            {"starred_at": (dt.datetime(2020, 1, 1) + dt.timedelta(minutes=rng.randint(0, 3_000_000))).strftime("%Y-%m-%dT%H:%M:%SZ"),
             "repo": make_repository(rng, template, REPOSITORIES + i, rng.choice(SURNAMES))} for i in range(STARRED)]),
        "users.json": envelope(USERS_SOURCE, {"users": users}),
        "statistics.json": envelope(STATISTICS_SOURCE, {"statistics": make_statistics(rng, len(users))}),
    }
    for name, value in documents.items():
        write(store / name, dumps(value))
    shutil.copyfile(demo / "github/profile.json", store / "github/profile.json")
    write(store / owner["avatar"], (demo / owner["avatar"]).read_bytes())
    for name, data in files.items():
        write(store / "files" / name, data)
    # The theme is built into usergraph; the one template the bench changes is the site's own.
    theme = repo_root / "Sources/UsergraphTheme/Theme"
    write(out / "Templates/user.md", (theme / "Templates/user.md").read_bytes())
    (out / "usergraph.yml").write_text(
        "# A generated benchmark site (Scripts/bench/make-bench-site.py).\n"
        'title: "Benchmark"\nlanguage: en\ntimeZone: Europe/Moscow\nasOf: 2026-11-20\n'
        "store: Store\noutput: _site\ngithub:\n  login: bitwiseman\n"
        f"users:\n  url: {USERS_SOURCE}\nstatistics:\n  url: {STATISTICS_SOURCE}\n", "utf-8")


# --------------------------------------------------------------------------- the Hugo twin

HUGO_CONFIG = """baseURL = "https://bench.example.org/"
title = "Benchmark"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT"]
paginate = 100
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
</head>
<body>
<header class="site-header"><div class="wrap header-row"><a class="brand" href="/">{{ site.Title }}</a>
<nav class="site-nav" aria-label="Main"><ul><li><a href="/">Profile</a></li><li><a href="/users/">Users</a></li>
<li><a href="/repositories/">Repositories</a></li><li><a href="/statistics/">Statistics</a></li></ul></nav></div></header>
<main id="main" class="wrap">
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer"><div class="wrap">Built by Hugo · data as of 2026-11-20</div></footer>
</body>
</html>
"""

HUGO_SINGLE = """{{ define "main" }}{{ .Content }}{{ end }}
"""

HUGO_LIST = """{{ define "main" }}<h1>Users</h1>
{{ $pager := .Paginate .Pages.ByWeight }}
<ul class="user-grid">
{{ range $pager.Pages }}<li class="user-card"><a href="{{ .RelPermalink }}">{{ .Params.avatar | safeHTML }}<span class="user-name">{{ .Title }}</span><span class="user-meta">{{ .Params.age }} · {{ .Params.sex }}</span></a></li>
{{ end }}</ul>
<nav class="pagination">{{ with $pager.Prev }}<a href="{{ .URL }}">← Previous</a>{{ end }}{{ range $pager.Pagers }}<a href="{{ .URL }}">{{ .PageNumber }}</a>{{ end }}{{ with $pager.Next }}<a href="{{ .URL }}">Next →</a>{{ end }}</nav>
{{ end }}
"""


def write_hugo(out: Path, repo_root: Path, users: list[dict], files: dict[str, bytes], statistics: list[dict]) -> None:
    activity: dict[int, dict] = {}
    for entry in statistics:
        a = activity.setdefault(entry["user_id"], {"view": 0, "subscription": 0, "unsubscription": 0, "last": None})
        a[entry["type"]] += len(entry["dates"])
        if entry["type"] == "view":
            last = max(dt.date(d % 10_000, d // 10_000 % 100, d // 1_000_000) for d in entry["dates"])
            a["last"] = max(a["last"] or last, last)
    write(out / "config.toml", HUGO_CONFIG.encode())
    write(out / "layouts/_default/baseof.html", HUGO_BASEOF.encode())
    write(out / "layouts/_default/single.html", HUGO_SINGLE.encode())
    write(out / "layouts/_default/list.html", HUGO_LIST.encode())
    write(out / "content/users/_index.md", b"---\ntitle: Users\n---\n")
    for user in users:
        uid, name = user["id"], user["username"]
        sex = {"M": "Man", "W": "Woman"}.get(user["sex"], user["sex"])
        local = [f for f in user.get("files", []) if sha256_hex(f["url"]) + ".svg" in files]
        avatar = next((f for f in local if f["type"] == "avatar"), None)
        img = (f'<img class="avatar" src="/files/{sha256_hex(avatar["url"])}.svg" alt="" width="128" height="128">'
               if avatar else f'<span class="avatar avatar-placeholder">{name[:2].upper()}</span>')
        a = activity.get(uid, {"view": 0, "subscription": 0, "unsubscription": 0, "last": None})
        body = [
            "---", f'title: "{name}"', f'description: "{name}: profile, files and visits."', f"weight: {uid}",
            f"age: {user['age']}", f"sex: {sex.lower()}", f"avatar: '{img}'", "---",
            "[← All users](../)", "", f"{img}", "", f"# {name}", "",
            f"{user['age']} years · {sex} · {'Online now' if user['isOnline'] else 'Offline'} · ID {uid}", "",
            "## Profile views", "", f"**{a['view']}**", "",
            f"Last visit {a['last'].isoformat()}" if a["last"] else "Never visited", "",
            "## Subscribed", "", f"**{a['subscription']}** times", "",
            "## Unsubscribed", "", f"**{a['unsubscription']}** times", "", "## Files", "",
        ]
        body += [f"- ![{f['type']} {f['id']}](/files/{sha256_hex(f['url'])}.svg) {f['type']}" for f in local] or ["No files."]
        write(out / f"content/users/{uid}.md", ("\n".join(body) + "\n").encode("utf-8"))
    for name, data in files.items():
        write(out / "static/files" / name, data)
    shutil.copytree(repo_root / "Sources/UsergraphTheme/Theme/Public", out / "static", dirs_exist_ok=True)


def main() -> int:
    repo_root = Path(__file__).resolve().parent.parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="the site project folder to create (must not exist)")
    ap.add_argument("--users", type=int, default=10_000)
    ap.add_argument("--hugo", help="also write the Hugo twin of the user pages into this folder")
    args = ap.parse_args()
    out = Path(args.out)
    if out.exists():
        print(f"make-bench-site: {out} already exists", file=sys.stderr)
        return 1
    rng = random.Random(SEED)
    users, files = make_users(rng, args.users)
    write_site(out, repo_root, users, files, rng)
    if args.hugo:
        statistics = json.loads((out / "Store/statistics.json").read_text("utf-8"))["data"]["statistics"]
        write_hugo(Path(args.hugo), repo_root, users, files, statistics)
    return 0


if __name__ == "__main__":
    sys.exit(main())
