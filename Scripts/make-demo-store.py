#!/usr/bin/env python3
"""Generate the demo site's JSON store (Store/) deterministically.

Usage: python3 Scripts/make-demo-store.py [--out Store] [--fixtures ../shared/fixtures]

Standard library only. Fixed seed, no clock, no network: two runs give byte-identical files,
Store/tracks included (each track is seeded by its workout's id).
The demo pins "today" as 2026-11-20 in Europe/Moscow (+03:00). See Scripts/README.md.
"""

from __future__ import annotations

import argparse
import bisect
import datetime as dt
import hashlib
import json
import math
import os
import random
import re
import sys
from pathlib import Path

SEED = 2026
TODAY = dt.date(2026, 11, 20)          # the demo's pinned as-of date
FIRST_DAY = dt.date(2025, 11, 21)      # one year of data: FIRST_DAY ... TODAY
OFFSET = "+03:00"                      # Europe/Moscow, no DST
FETCHED_AT = "2026-11-20T06:00:00Z"

GITHUB_API = "https://api.github.com"
PROFILE_SOURCE = "https://api.github.com/users/bitwiseman"
REPOS_SOURCE = "https://api.github.com/users/bitwiseman/repos?per_page=100"
STARRED_SOURCE = "https://api.github.com/users/bitwiseman/starred?per_page=100"
GRAPHQL = "https://api.github.com/graphql"
PINNED_SOURCE = GRAPHQL + "#pinned:bitwiseman"
CONTRIBUTIONS_SOURCE = GRAPHQL + "#contributions:bitwiseman"
LANGUAGES_SOURCE = GRAPHQL + "#languages:bitwiseman"
# GitHub's calendar colours (light theme), level 0 to 4, as the API's `color` gives them.
CALENDAR_COLORS = ["#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39"]
# Linguist's colours for the languages the demo's sources use.
LANGUAGE_COLORS = {"Groovy": "#4298b8", "Shell": "#89e051", "JavaScript": "#f1e05a", "HTML": "#e34c26",
                   "CSS": "#663399", "Java": "#b07219", "TypeScript": "#3178c6", "Makefile": "#427819",
                   "Dockerfile": "#384d54", "Batchfile": "#C1F12E"}
USERS_SOURCE = "http://test-case.rikmasters.ru/api/episode/users/"
STATISTICS_SOURCE = "http://test-case.rikmasters.ru/api/episode/statistics/"

# The only workout days run we allow to be longer than OTHER_RUN_MAX days.
LONGEST_RUN = (dt.date(2026, 5, 11), dt.date(2026, 5, 20))           # 10 days
CURRENT_RUN = (dt.date(2026, 11, 16), dt.date(2026, 11, 20))         # 5 days, ending today
GAPS = [
    (dt.date(2025, 12, 30), dt.date(2026, 1, 6)),    # New Year: 8 days off
    (dt.date(2026, 7, 6), dt.date(2026, 7, 19)),     # summer holiday: 2 weeks off
]
OTHER_RUN_MAX = 6

PALETTE = ["#3949AB", "#1E88E5", "#00897B", "#2E7D32", "#E64A19", "#8E24AA",
           "#D81B60", "#5D4037", "#546E7A", "#00838F", "#6A1B9A", "#C62828"]

GENERATED_TOP = ["owner.json", "workouts.json", "weights.json", "steps.json", "meals.json", "users.json",
                 "statistics.json", "timer.json"]


# --------------------------------------------------------------------------- helpers

def days(first: dt.date, last: dt.date):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


def dumps(value) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name("." + path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def uuid4(rng: random.Random) -> str:
    n = rng.getrandbits(128)
    n &= ~(0xF000 << 64)
    n |= 0x4000 << 64              # version 4
    n &= ~(0xC000 << 48)
    n |= 0x8000 << 48              # RFC 4122 variant
    h = f"{n:032x}"
    return f"{h[0:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def event_int(d: dt.date) -> int:
    """The statistics API's date: ddMMyyyy as an integer (no leading zero on the day)."""
    return int(f"{d.day}{d.month:02d}{d.year:04d}")


def parse_event_int(v: int) -> dt.date:
    s = f"{v:08d}"
    return dt.date(int(s[4:]), int(s[2:4]), int(s[0:2]))


def runs(day_set) -> list[tuple[dt.date, dt.date]]:
    out = []
    for d in sorted(day_set):
        if out and out[-1][1] + dt.timedelta(days=1) == d:
            out[-1] = (out[-1][0], d)
        else:
            out.append((d, d))
    return out


def run_len(r) -> int:
    return (r[1] - r[0]).days + 1


# --------------------------------------------------------------------------- SVG

def initials(username: str) -> str:
    parts = [p for p in re.split(r"[^A-Za-z]+", username) if p]
    return "".join(p[0] for p in parts[:2]).upper() or "?"


def avatar_svg(letters: str, colour: str) -> bytes:
    size = 56 if len(letters) == 1 else 48
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">'
        f'<rect width="128" height="128" fill="{colour}"/>'
        f'<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" '
        f'font-size="{size}" font-weight="600" fill="#FFFFFF">{letters}</text></svg>\n'
    ).encode("utf-8")


SKIES = [("#4FC3F7", "#E1F5FE"), ("#FF8A65", "#FFE0B2"), ("#7986CB", "#F8BBD0"), ("#81D4FA", "#FFF9C4")]
HILLS = [("#66BB6A", "#2E7D32"), ("#9CCC65", "#558B2F"), ("#8D6E63", "#4E342E"), ("#4DB6AC", "#00695C")]


def photo_svg(rng: random.Random, file_id: int) -> bytes:
    sky_top, sky_bottom = rng.choice(SKIES)
    far, near = rng.choice(HILLS)
    sx, sy, sr = rng.randint(40, 280), rng.randint(40, 90), rng.randint(16, 28)
    a, b, c = rng.randint(110, 150), rng.randint(90, 140), rng.randint(120, 160)
    e, f = rng.randint(150, 185), rng.randint(160, 195)
    gid = f"sky{file_id}"
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">'
        f'<defs><linearGradient id="{gid}" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{sky_top}"/><stop offset="1" stop-color="{sky_bottom}"/>'
        '</linearGradient></defs>'
        f'<rect width="320" height="240" fill="url(#{gid})"/>'
        f'<circle cx="{sx}" cy="{sy}" r="{sr}" fill="#FFD54F"/>'
        f'<path d="M0 {a} Q80 {b} 160 {c} T320 {a} V240 H0Z" fill="{far}"/>'
        f'<path d="M0 {e} Q120 {f - 50} 220 {f} T320 {e} V240 H0Z" fill="{near}"/></svg>\n'
    ).encode("utf-8")


# --------------------------------------------------------------------------- workouts

TYPES = ["running", "cycling", "strength", "yoga", "swimming"]
TYPE_WEIGHTS = [40, 20, 20, 12, 8]
MINUTES = {"running": (25, 70), "cycling": (40, 100), "strength": (35, 75),
           "yoga": (20, 60), "swimming": (30, 60)}
KCAL_PER_MIN = {"running": (9.5, 11.5), "cycling": (7.0, 9.0), "strength": (5.5, 7.0),
                "yoga": (3.0, 4.0), "swimming": (8.0, 10.0)}
NOTES = {
    "running": ["Easy 5k along the embankment", "Intervals 6×400 m", "Интервалы 6×400 м, ноги тяжёлые",
                "Long run, light rain", "Tempo run, felt strong", "Парк Горького, два круга"],
    "cycling": ["Commute both ways", "Hill repeats on Vorobyovy Gory", "Велосипед по набережной"],
    "strength": ["Deadlift PR 90 kg!", "Upper body, shoulders sore", "Ноги и кор"],
    "yoga": ["Morning flow", "Stretching after work", "Йога, спина отпустила"],
    "swimming": ["1.5 km freestyle", "Бассейн, 40 бассейнов"],
}
# km/h, for the distance of the workouts a watch or an app would have measured.
SPEED_KMH = {"running": (9.2, 12.0), "cycling": (19.0, 28.0), "swimming": (2.2, 3.0)}
ESCAPE_NOTE = "Felt <b>great</b> — *stars* all around, see [link](javascript:alert(1)) & more"


def make_workouts(rng: random.Random) -> list[dict]:
    in_gap = lambda d: any(a <= d <= b for a, b in GAPS)
    forced = set(days(*LONGEST_RUN)) | set(days(*CURRENT_RUN))
    # Days that must stay empty: around the planned runs, so they are exactly as long as planned.
    empty = {LONGEST_RUN[0] - dt.timedelta(days=1), LONGEST_RUN[1] + dt.timedelta(days=1),
             CURRENT_RUN[0] - dt.timedelta(days=1)}

    active: set[dt.date] = set()
    week_start = FIRST_DAY - dt.timedelta(days=FIRST_DAY.weekday())
    while week_start <= TODAY:
        week = [d for d in days(week_start, week_start + dt.timedelta(days=6)) if FIRST_DAY <= d <= TODAY]
        k = rng.choices([3, 4, 5], weights=[3, 4, 2])[0]
        k = min(k, len(week))
        active.update(rng.sample(week, k))
        week_start += dt.timedelta(days=7)
    active = {d for d in active if not in_gap(d) and d not in empty} | forced

    # Break any run (other than the planned longest) that is longer than OTHER_RUN_MAX days.
    changed = True
    while changed:
        changed = False
        for r in runs(active):
            if run_len(r) > OTHER_RUN_MAX and not (r[0] <= LONGEST_RUN[0] and LONGEST_RUN[1] <= r[1]):
                cut = r[0] + dt.timedelta(days=rng.randint(2, OTHER_RUN_MAX - 1))
                while cut in forced:
                    cut += dt.timedelta(days=1)
                active.discard(cut)
                changed = True
                break

    sessions: list[tuple[dt.datetime, str]] = []
    late_days = set(rng.sample(sorted(d for d in active if d not in forced), 4))
    for d in sorted(active):
        count = 2 if rng.random() < 0.05 else 1
        slots = ["morning", "evening"] if count == 2 else [rng.choices(["morning", "evening"], [55, 45])[0]]
        if d in late_days:
            slots = ["late"]
        for slot in slots:
            if slot == "morning":
                h, m = rng.randint(6, 8), rng.choice(range(0, 60, 5))
            elif slot == "evening":
                h, m = rng.randint(18, 20), rng.choice(range(0, 60, 5))
            else:
                h, m = 23, rng.choice(range(0, 50, 5))
            typ = rng.choices(TYPES, TYPE_WEIGHTS)[0]
            if count == 2 and slot == "evening":
                typ = "yoga"
            sessions.append((dt.datetime(d.year, d.month, d.day, h, m), typ))
    sessions.sort()

    note_indices = [i for i in range(len(sessions)) if rng.random() < 0.2]
    escape_at = rng.choice(note_indices) if note_indices else 0
    note_set = set(note_indices) | {escape_at}

    workouts = []
    for i, (start, typ) in enumerate(sessions):
        lo, hi = MINUTES[typ]
        duration = rng.randint(lo * 60, hi * 60)
        w = {"id": uuid4(rng), "type": typ,
             "start": start.strftime("%Y-%m-%dT%H:%M:%S") + OFFSET, "duration": duration}
        kcal = round(duration / 60 * rng.uniform(*KCAL_PER_MIN[typ]))
        if rng.random() >= 0.10:
            w["calories"] = kcal
        if typ == "strength":
            w["exercises"] = rng.randint(5, 10)
        if i in note_set:
            w["notes"] = ESCAPE_NOTE if i == escape_at else rng.choice(NOTES[typ])
        workouts.append(w)
    add_distances(workouts)
    return workouts


def add_distances(workouts: list[dict]) -> None:
    """Distances (metres) on most runs, rides and swims, as an import from a watch brings them.
    A generator of its own, so every other value of the demo stays what it was."""
    rng = random.Random(SEED + 14)
    for w in workouts:
        speed = SPEED_KMH.get(w["type"])
        if speed and rng.random() < 0.9:
            w["distance"] = round(w["duration"] / 3600 * rng.uniform(*speed) * 1000, 1)


# --------------------------------------------------------------------------- walks

WALKS_PER_MONTH = 1                    # one walk a month: the demo shows a walk without outweighing runs
WALK_KMH = (4.3, 5.6)
WALK_KCAL_PER_MIN = (3.8, 5.0)


def add_walks(workouts: list[dict]) -> None:
    """About a walk a month, on a weekend day that already has a workout, at midday. On a day
    already active, so the streaks, the gaps and the active-day counts stay what they were; at
    midday, so it overlaps neither a morning nor an evening session. Its own generator, so every
    other workout keeps its values; inserted in start order, as the others are."""
    rng = random.Random(SEED + 15)
    by_day: dict[str, list[dict]] = {}
    for w in workouts:
        by_day.setdefault(w["start"][:10], []).append(w)
    # Days with a late (23:xx) session are the demo's edge cases: leave them alone.
    weekend = sorted(d for d, ws in by_day.items()
                     if dt.date.fromisoformat(d).weekday() >= 5 and all(w["start"][11:13] != "23" for w in ws))
    months = sorted({d[:7] for d in weekend})
    walks = []
    for month in months:
        candidates = [d for d in weekend if d.startswith(month)]
        for d in rng.sample(candidates, min(WALKS_PER_MONTH, len(candidates))):
            h, m = rng.randint(11, 15), rng.choice(range(0, 60, 5))
            duration = rng.randint(30 * 60, 90 * 60)
            w = {"id": uuid4(rng), "type": "walking", "start": f"{d}T{h:02d}:{m:02d}:00{OFFSET}", "duration": duration}
            if rng.random() >= 0.10:
                w["calories"] = round(duration / 60 * rng.uniform(*WALK_KCAL_PER_MIN))
            w["distance"] = round(duration / 3600 * rng.uniform(*WALK_KMH) * 1000, 1)
            walks.append(w)
    workouts.extend(walks)
    workouts.sort(key=lambda w: w["start"])          # stable: same-start order is kept


# --------------------------------------------------------------------------- routes

# The demo owner's neighbourhood: invented streets around a park in a mid-sized city at about
# 54.5° N, 36.2° E (Moscow time, like the rest of the demo). Streets are drawn in metres east (x)
# and north (y) of HOME and turned into degrees only at the end, so the shapes read as a plan.
HOME = (54.521300, 36.248900)          # lat, lon: the privacy zone's centre in usergraph.yml
HOME_ZONE_RADIUS = 300                 # metres
EARTH_RADIUS = 6_371_008.8             # DESIGN.md's haversine radius


def spline(points: list[tuple[float, float]], closed: bool = False, step: float = 3.0) -> list[tuple[float, float]]:
    """A Catmull-Rom curve through the control points, a vertex every `step` metres or so:
    streets bend smoothly instead of turning at corners."""
    pts = points[:-1] if closed and points[0] == points[-1] else points
    n = len(pts)
    out = []
    segments = n if closed else n - 1
    for i in range(segments):
        p0 = pts[(i - 1) % n] if closed else pts[max(i - 1, 0)]
        p1, p2 = pts[i], pts[(i + 1) % n]
        p3 = pts[(i + 2) % n] if closed else pts[min(i + 2, n - 1)]
        k = max(2, int(math.dist(p1, p2) / step))
        for j in range(k):
            u = j / k
            u2, u3 = u * u, u * u * u
            out.append(tuple(0.5 * (2 * b + (-a + c) * u + (2 * a - 5 * b + 4 * c - d) * u2 + (-a + 3 * b - 3 * c + d) * u3)
                             for a, b, c, d in zip(p0, p1, p2, p3)))
    out.append(pts[0] if closed else pts[-1])
    return out


class Street:
    """A polyline with the distance along it at each vertex."""

    def __init__(self, pts: list[tuple[float, float]]):
        self.pts = pts
        self.home_s = 0.0              # where the connector from home joins it (the embankment's)
        self.cum = [0.0]
        for a, b in zip(pts, pts[1:]):
            self.cum.append(self.cum[-1] + math.dist(a, b))

    @property
    def length(self) -> float:
        return self.cum[-1]

    def at(self, s: float) -> tuple[float, float]:
        s = min(max(s, 0.0), self.length)
        i = max(1, bisect.bisect_left(self.cum, s))
        a, b, ca, cb = self.pts[i - 1], self.pts[i], self.cum[i - 1], self.cum[i]
        u = (s - ca) / (cb - ca) if cb > ca else 0.0
        return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)

    def piece(self, s0: float, s1: float) -> list[tuple[float, float]]:
        """The street from s0 to s1 metres along it, backwards when s1 < s0."""
        lo, hi = sorted((s0, s1))
        inner = [p for p, c in zip(self.pts, self.cum) if lo < c < hi]
        part = [self.at(lo)] + inner + [self.at(hi)]
        return part if s0 <= s1 else part[::-1]


def ellipse(cx, cy, rx, ry, start_deg, wobble, n=16):
    """Control points of a closed loop starting at `start_deg`: an ellipse with a wobble, so a
    park's path or a ring road is not a perfect oval."""
    pts = []
    for k in range(n):
        a = math.radians(start_deg + 360 * k / n)
        r = 1 + wobble * math.sin(3 * a + 0.7)
        pts.append((cx + rx * r * math.cos(a), cy + ry * r * math.sin(a)))
    return pts + [pts[0]]


def make_map() -> dict[str, Street]:
    """The streets the routes follow. Each connector ends exactly on the street it joins, so a
    route made of pieces is continuous."""
    park = Street(spline(ellipse(900, 760, 600, 380, -135, 0.05), closed=True))           # ~3.1 km path round the park
    gate = park.pts[0]
    river_y = lambda x: -650 + 160 * math.sin(x / 1100) + 60 * math.sin(x / 370 + 1)
    embankment = Street(spline([(x, river_y(x)) for x in range(-5200, 9601, 400)]))        # ~15 km along the river
    river_home = min(range(len(embankment.pts)), key=lambda i: math.dist(embankment.pts[i], (-40, -600)))
    ring = Street(spline(ellipse(800, 380, 3000, 1900, -100, 0.04, n=20), closed=True))    # ~15.5 km ring road
    ring_gate = ring.pts[0]
    streets = {
        "park": park,
        "to_park": Street(spline([(0, 0), (40, 160), (200, 330), (330, 420), gate])),
        # North from the park gate, past the park's west side and up the hill: the hill repeats.
        "hill": Street(spline([gate, (300, 700), (210, 1200), (250, 1700), (180, 2300), (260, 3000), (150, 3500)])),
        "embankment": embankment,
        "to_river": Street(spline([(0, 0), (-70, -180), (-60, -400), embankment.pts[river_home]])),
        "ring": ring,
        "to_ring": Street(spline([(0, 0), (-60, -300), (60, -800), (200, -1200), ring_gate])),
        # South-east out of town from the ring road: the long rides.
        "country": Street(spline([ring_gate, (1500, -3000), (3500, -4300), (6000, -5200), (9000, -6900),
                                  (12000, -7400), (15000, -9300), (18000, -9900), (21000, -11500)])),
    }
    embankment.home_s = embankment.cum[river_home]
    return streets


# Hills of 5-40 m (and the river's valley) over a 150 m plain: elevation is a function of the
# place, so every route over the hill climbs the same hill.
TERRAIN = [(350, 1900, 32, 650), (1000, 800, 6, 350), (-1500, 1200, 18, 900), (3200, 1800, 25, 900),
           (-2400, 300, 12, 700), (3500, -4300, 30, 1200), (6000, -5200, -12, 900), (9000, -6900, 38, 1500),
           (14000, -8200, 22, 1100), (19000, -10500, 15, 1000)]             # x, y, height, spread (m)


def elevation(x: float, y: float) -> float:
    e = 150 - 14 * math.exp(-((y + 650) / 450) ** 2)           # the river's valley
    for hx, hy, amp, sigma in TERRAIN:
        e += amp * math.exp(-((x - hx) ** 2 + (y - hy) ** 2) / (2 * sigma * sigma))
    return e


def to_degrees(x: float, y: float) -> tuple[float, float]:
    lat0 = math.radians(HOME[0])
    return (HOME[0] + math.degrees(y / EARTH_RADIUS), HOME[1] + math.degrees(x / (EARTH_RADIUS * math.cos(lat0))))


def plan_route(w: dict, rng: random.Random, streets: dict[str, Street]) -> dict:
    """What a workout's route will be: its kind, where it starts, and its whole laps or repeats
    (chosen here, from the distance, so the small corrections of make_tracks never change them).
    Most runs and walks and many rides leave from home, so the privacy zone has something to
    hide; the others start where their first street begins (a drive to the park or the ring)."""
    typ, distance = w["type"], w["distance"]
    if typ == "cycling":
        kind = rng.choices(["ring", "country"], [45, 55])[0]
        from_home = rng.random() < 0.75
    elif typ == "walking":
        kind = rng.choice(["park", "river"])
        from_home = rng.random() < 0.9
    else:
        kind = rng.choices(["park", "river", "hills"], [50, 35, 15])[0]
        from_home = rng.random() < 0.85
    conn, loop, spur = route_streets(streets, kind)
    rest = distance - (2 * conn.length if from_home else 0)
    plan = {"kind": kind, "from_home": from_home, "laps": 0, "east": True}
    if kind == "hills":
        plan["laps"] = max(2, min(8, round(rest / 1200)))             # repeats of 300-900 m up and down
    elif kind == "river":
        plan["east"] = rng.random() < 0.7 or rest / 2 > spur.home_s * 0.95
    elif kind in ("park", "ring"):
        # Whole laps, leaving for the out-and-back a rest it can hold; 3 % margins for the
        # corrections of the length.
        most = int(rest * 0.97 // loop.length)
        fewest = max(1, math.ceil((rest * 1.03 - 2 * spur.length * 0.95) / loop.length))
        plan["laps"] = min(most, rng.randint(fewest, max(fewest, most))) if most > 0 else 0
    return plan


def route_streets(streets: dict[str, Street], kind: str) -> tuple[Street, Street | None, Street]:
    """A route kind's streets: the connector from home, the loop (if any), the out-and-back."""
    if kind in ("park", "hills"):
        return streets["to_park"], streets["park"], streets["hill"]
    if kind == "river":
        return streets["to_river"], None, streets["embankment"]
    return streets["to_ring"], streets["ring"], streets["country"]


def build_route(streets: dict[str, Street], plan: dict, length: float) -> Street:
    """The route of `plan` that is `length` metres long: a connector from home (when it starts
    there), the planned laps or repeats, and an out-and-back whose length makes up the rest."""
    kind = plan["kind"]
    conn, loop, spur = route_streets(streets, kind)
    rest = length - (2 * conn.length if plan["from_home"] else 0)
    legs: list[list[tuple[float, float]]] = [conn.pts] if plan["from_home"] else []
    if kind == "hills":
        up = rest / (2 * plan["laps"])
        for _ in range(plan["laps"]):
            legs += [spur.piece(0, up), spur.piece(up, 0)]
    elif kind == "river":
        home_s = spur.home_s
        end = home_s + rest / 2 if plan["east"] else home_s - rest / 2
        legs += [spur.piece(home_s, end), spur.piece(end, home_s)]
    else:
        legs += [loop.pts] * plan["laps"]
        out = (rest - plan["laps"] * (loop.length if loop else 0)) / 2
        assert 0 <= out <= spur.length, (plan, length)
        legs += [spur.piece(0, out), spur.piece(out, 0)]
    if plan["from_home"]:
        legs.append(conn.pts[::-1])
    pts: list[tuple[float, float]] = []
    for leg in legs:
        for p in leg:
            if not pts or math.dist(pts[-1], p) > 1e-6:
                pts.append(p)
    return Street(pts)


# --------------------------------------------------------------------------- tracks

TRACK_RIDE_INTERVAL = 2                # seconds between a ride's samples (runs and walks: 1)
MAX_HR = 185                           # the demo owner's maximum heart rate
GPS_DRIFT_SECONDS = 40                 # how long a GPS error lasts: it drifts, it does not jump
# Decimals each column keeps, as TrackFiles.places writes them.
PLACES = {"lat": 6, "lon": 6, "ele": 1, "hr": 1, "cad": 1, "power": 1, "speed": 3}
COLUMNS = ["lat", "lon", "ele", "hr", "cad", "power", "speed"]


def round_half_away(x: float) -> int:
    """Swift's `rounded()`: to the nearest, a half away from zero. Not floor(x + 0.5), whose sum
    may itself round up (267.49999999999997 + 0.5 is 268.0), nor Python's round (half to even)."""
    whole = math.floor(x)
    return whole + (1 if x - whole >= 0.5 else 0) if x >= 0 else -round_half_away(-x)


def fixed(value: float | None, places: int) -> str:
    """A number as TrackFiles.appendNumbers writes it: rounded half away from zero to `places`
    decimals, trailing zeros dropped, null for a missing value."""
    if value is None or not math.isfinite(value):
        return "null"
    units = round_half_away(abs(value * 10.0 ** places))
    sign = "-" if value < 0 and units > 0 else ""
    whole, frac = divmod(units, 10 ** places)
    if frac == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{frac:0{places}d}".rstrip("0")


def track_bytes(start: str, t: list[float], columns: dict[str, list]) -> bytes:
    """The file TrackFiles.encode writes: one line per column, in the format's order."""
    lines = ['{"v": 1, "start": ' + json.dumps(start, ensure_ascii=False) + ",",
             '"t": [' + ",".join(fixed(v, 3) for v in t) + "]"]
    for name in COLUMNS:
        if name in columns:
            lines[-1] += ","
            lines.append(f'"{name}": [' + ",".join(fixed(v, PLACES[name]) for v in columns[name]) + "]")
    return ("\n".join(lines) + "}\n").encode("utf-8")


def haversine(lat1, lon1, lat2, lon2) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1.0, math.sqrt(a)))


def track_length(lat: list, lon: list) -> float:
    """Metres along a track as usergraph counts them: a sample without a fix is skipped."""
    total, prev = 0.0, None
    for a, b in zip(lat, lon):
        if a is None or b is None:
            continue
        if prev:
            total += haversine(prev[0], prev[1], a, b)
        prev = (a, b)
    return total


def sample_times(duration: int, interval: int, rng: random.Random, pause: bool) -> list[int]:
    """Every `interval` seconds until a little before the workout's end (the watch is stopped
    a few seconds after the last sample), with a gap of 20-60 s for a pause at a crossing."""
    end = duration - rng.randint(2, 15)
    times = list(range(0, end + 1, interval))
    if pause:
        at = int(end * rng.uniform(0.3, 0.7))
        gap = rng.randint(20, 60)
        times = [t for t in times if not at < t < at + gap]
    return times


def drift(times: list[int], rng: random.Random, sigma: float) -> list[float]:
    """GPS error along one axis: a twice-smoothed random walk pulled back to zero, so it wanders
    by a metre or three over tens of seconds instead of jumping every sample."""
    out, u, e, prev = [], 0.0, 0.0, None
    for t in times:
        dt_ = 1 if prev is None else t - prev
        prev = t
        rho = math.exp(-dt_ / GPS_DRIFT_SECONDS)
        u = rho * u + math.sqrt(1 - rho * rho) * rng.gauss(0, 1)
        e = rho * e + (1 - rho) * u * 6
        out.append(e)
    sd = math.sqrt(sum(v * v for v in out) / len(out)) or 1.0
    return [v * sigma / sd for v in out]


def effort_hr(typ: str, speed: float, grade: float) -> float:
    """The heart rate an effort settles at: faster and uphill is harder. Walks stay low."""
    up = max(grade, 0.0)
    if typ == "running":
        return min(185, max(120, 120 + (speed - 2.2) * 45 + 420 * up))
    if typ == "cycling":
        return min(185, max(120, 118 + (speed - 5.0) * 12 + 380 * up))
    return min(135, max(100, 95 + (speed - 1.0) * 40 + 300 * up))


def make_track(w: dict, plan: dict, streets: dict[str, Street], scale: float, dropout: bool) -> tuple[bytes, float]:
    """One workout's track for a route `scale` times its distance long. Everything random comes
    from a generator seeded by the workout's id, so a second call with another scale draws the
    same pauses, drift and noise."""
    rng = random.Random(f"{SEED}:track:{w['id']}")
    typ = w["type"]
    route = build_route(streets, plan, w["distance"] * scale)
    interval = TRACK_RIDE_INTERVAL if typ == "cycling" else 1
    times = sample_times(w["duration"], interval, rng, pause=rng.random() < 0.08)
    n = len(times)
    moving = sum(min(b - a, interval) for a, b in zip(times, times[1:]))
    mean_speed = route.length / moving

    # Speed: slower while warming up, slower uphill and faster down, and a slow wander of a few
    # per cent. The sum is then stretched to the route's length, which keeps the shape.
    ele_of = lambda s: elevation(*route.at(s))
    warm = rng.uniform(240, 480)
    wander, s, dist = 0.0, 0.0, []
    speeds, grades = [], []
    for i, t in enumerate(times):
        grade = (ele_of(s + 8) - ele_of(s - 8)) / 16
        if typ == "cycling":
            g = 1 / (1 + 12 * grade) if grade > 0 else min(1.5, 1 - 6 * grade)
        else:
            g = 1 / (1 + 7 * grade) if grade > 0 else min(1.2, 1 - 2.5 * grade)
        wander = 0.98 * wander + rng.gauss(0, 0.006)
        v = mean_speed * (0.88 + 0.12 * min(1.0, t / warm)) * g * (1 + wander)
        dist.append(s)
        speeds.append(v)
        grades.append(grade)
        if i + 1 < n:
            s += v * min(times[i + 1] - t, interval)
    stretch = route.length / s if s else 1.0
    dist = [d * stretch for d in dist]
    speeds = [v * stretch for v in speeds]

    # Positions: the route plus the GPS's drift; a minute without a fix on the dropout track.
    sigma = rng.uniform(1.0, 2.0)
    dx, dy = drift(times, rng, sigma), drift(times, rng, sigma)
    lost = range(0)
    if dropout:
        at = int(n * rng.uniform(0.4, 0.6))
        lost = range(at, at + 60 // interval)
    lat, lon, ele = [], [], []
    # A barometric altimeter's error drifts slowly rather than jumping each second: noise that
    # jumped would read as metres of climb that no one climbed (the climb sums every rise).
    error = 0.0
    for i, d in enumerate(dist):
        x, y = route.at(d)
        error = 0.98 * error + rng.gauss(0, 0.3) * 0.05
        ele.append(elevation(x, y) + error)
        if i in lost:
            lat.append(None)
            lon.append(None)
            continue
        la, lo = to_degrees(x + dx[i], y + dy[i])
        # Rounded as the file holds them, so the length measured here is the one a reader gets.
        lat.append(round_half_away(la * 1e6) / 1e6)
        lon.append(round_half_away(lo * 1e6) / 1e6)

    # Heart rate: from ~95 towards the effort, lagging it by ~30 s; a pause lets it fall.
    hr, h = [], rng.uniform(92, 98)
    rest = h
    prev = None
    for i, t in enumerate(times):
        dt_ = 1 if prev is None else t - prev
        if dt_ > interval:                                   # paused: recover a little
            h += (rest + 10 - h) * (1 - math.exp(-(dt_ - interval) / 40))
        prev = t
        ramp = min(1.0, t / warm)
        # A smooth ramp for the warm-up, and a slow drift up (+0.8 bpm every 10 minutes).
        target = rest + (effort_hr(typ, speeds[i], grades[i]) - rest) * (3 * ramp * ramp - 2 * ramp ** 3)
        target = min(182, target + t / 750)
        h += (target - h) * (1 - math.exp(-min(dt_, interval) / 30))
        hr.append(min(MAX_HR, round(h + rng.gauss(0, 1.3))))

    columns: dict[str, list] = {"lat": lat, "lon": lon, "ele": ele, "hr": hr}
    if typ == "running":
        columns["cad"] = [round(min(184, max(160, 162 + 4.8 * v + rng.gauss(0, 1.5)))) for v in speeds]
    elif typ == "cycling":
        # Legs stop on a steep descent: cadence and power are 0 there.
        coasting = [g < -0.03 for g in grades]
        base = rng.uniform(84, 91)
        columns["cad"] = [0 if c else round(base + rng.gauss(0, 2.5)) for c in coasting]
        if rng.random() < 0.5:
            p0 = rng.uniform(170, 230)
            columns["power"] = [0 if c else round(min(320, max(120, p0 * (v / mean_speed) ** 2
                                                                 + 75 * 9.81 * g * v * 0.8 + rng.gauss(0, 10))))
                                for c, v, g in zip(coasting, speeds, grades)]
        columns["speed"] = [max(0.0, v * (1 + rng.gauss(0, 0.01))) for v in speeds]
    data = track_bytes(w["start"], times, columns)
    return data, track_length(lat, lon)


def route_names(w: dict, plan: dict | None) -> list[str]:
    """Names that fit the route: "Two laps of the park" only for two laps, "Долгая" only for a
    long run. {Morning} and its Russian forms become Evening and its forms after noon."""
    km = w.get("distance", 0) / 1000
    if plan is None:
        return (["{Morning} run", "{Утренняя} пробежка"] if w["type"] == "running"
                else ["{Morning} ride", "{Утренняя} велопрогулка"])
    kind, laps = plan["kind"], plan["laps"]
    if kind == "park":
        names = ["{Morning} loop", "{Утренний} круг", "Round the park"] if laps == 1 else ["Park loops", "Круги по парку"]
        return names + (["Two laps of the park", "Два круга по парку"] if laps == 2 else [])
    if kind == "river":
        return (["Долгая по набережной", "Long run by the river"] if km >= 10
                else ["Riverside run", "По набережной и обратно", "Out and back along the river"])
    if kind == "hills":
        return ["Hill repeats", "Горки", f"Hill repeats ×{laps}"]
    if kind == "ring":
        return ["Ring road laps", "Круги по объездной", "{Morning} spin"]
    return ["Out to the villages", "Загородная", "Long ride south"] if km >= 25 else ["{Morning} spin", "Short ride out of town"]


def name_workout(w: dict, plan: dict | None, rng: random.Random) -> None:
    """A name on about half the runs and rides, as Strava or a watch gives one."""
    if w["type"] not in ("running", "cycling") or rng.random() >= 0.5:
        return
    name = rng.choice(route_names(w, plan))
    morning = int(w["start"][11:13]) < 12
    for word, morning_form, evening_form in (("{Morning}", "Morning", "Evening"), ("{Утренний}", "Утренний", "Вечерний"),
                                             ("{Утренняя}", "Утренняя", "Вечерняя")):
        name = name.replace(word, morning_form if morning else evening_form)
    w["name"] = name


# Tracks for the last five months only: the older workouts were logged without a watch, as a
# person's history often is, and the store stays some 5 MB (a track a second is ~100 KB a run).
TRACKS_SINCE = (TODAY - dt.timedelta(days=150)).isoformat()


def make_tracks(workouts: list[dict]) -> dict[str, bytes]:
    """A track for every recent run, ride and walk with a distance (`TRACKS_SINCE`); names on
    about half the runs and rides. The route is made `scale` times the distance long, and the
    scale corrected until the track's measured length (the GPS drift adds some) is within 0.2 %
    of the distance."""
    streets = make_map()
    rng = random.Random(SEED + 16)
    tracked = [w for w in workouts if w["type"] in ("running", "cycling", "walking") and w.get("distance")
               and w["start"][:10] >= TRACKS_SINCE]
    dropout_id = rng.choice([w["id"] for w in tracked if w["type"] == "running"])
    tracks = {}
    for w in workouts:
        if w["type"] not in ("running", "cycling", "walking"):
            continue
        plan = plan_route(w, rng, streets) if w.get("distance") else None
        name_workout(w, plan, rng)
        if not plan or w["start"][:10] < TRACKS_SINCE:
            continue
        scale = 1.0
        for _ in range(5):
            data, length = make_track(w, plan, streets, scale, w["id"] == dropout_id)
            error = length / w["distance"] - 1
            if abs(error) < 0.002:
                break
            scale /= 1 + error
        tracks[w["id"]] = data
    return tracks


def uphill_downhill(elevations: list) -> tuple[float, float]:
    """gpxpy's `calculate_uphill_downhill`, as usergraph's `ElevationChange` computes it:
    missing values dropped, each inner value smoothed 0.3/0.4/0.3, rises and falls summed."""
    e = [v for v in elevations if v is not None]
    smoothed = [e[i - 1] * .3 + e[i] * .4 + e[i + 1] * .3 if 0 < i < len(e) - 1 else e[i] for i in range(len(e))]
    up = down = 0.0
    for a, b in zip(smoothed, smoothed[1:]):
        if b - a > 0:
            up += b - a
        else:
            down -= b - a
    return up, down


def complete_from_tracks(workouts: list[dict], tracks: dict[str, bytes]) -> None:
    """What `usergraph import` adds to a workout from its track when the file did not say:
    climb and descent (to 0.1 m) and the mean and highest heart rate."""
    for w in workouts:
        if w["id"] not in tracks:
            continue
        track = json.loads(tracks[w["id"]])
        up, down = uphill_downhill(track["ele"])
        w["elevationGain"] = round_half_away(up * 10) / 10
        w["elevationLoss"] = round_half_away(down * 10) / 10
        rates = [v for v in track["hr"] if v is not None]
        w["avgHeartRate"] = round_half_away(sum(rates) / len(rates))
        w["maxHeartRate"] = round_half_away(max(rates))


def make_weights(rng: random.Random) -> list[dict]:
    first = FIRST_DAY + dt.timedelta(days=(7 - FIRST_DAY.weekday()) % 7)   # first Monday
    mondays = list(days(first, TODAY))[::7]
    last = mondays[-1]
    out = []
    for d in mondays:
        if any(a <= d <= b for a, b in GAPS[1:]):       # no scale on the summer holiday
            continue
        t = (d - first).days / (last - first).days
        kg = 76.5 + (72.4 - 76.5) * t
        if d not in (first, last):
            kg += rng.uniform(-0.35, 0.35)
        out.append({"date": d.isoformat(), "kg": round(kg, 1)})
    return out


# --------------------------------------------------------------------------- users

RU_M = ["dmitry", "ivan", "sergey", "alexey", "nikita", "pavel", "andrey", "mikhail", "igor",
        "artem", "kirill", "roman", "egor", "oleg", "maxim", "denis", "vladimir", "yury", "timur", "anton"]
RU_W = ["anna", "olga", "maria", "ekaterina", "svetlana", "elena", "natalia", "tatiana", "yulia",
        "irina", "polina", "daria", "ksenia", "vera", "alina", "sofia", "marina", "valeria", "nadia", "zhenya"]
EN_M = ["mike", "john", "david", "alex", "tom", "chris", "ben", "sam", "james", "dan", "nick", "leo"]
EN_W = ["emma", "sarah", "lisa", "kate", "jess", "lucy", "amy", "chloe", "mia", "grace", "nora", "zoe"]
RU_SUR = ["ivanov", "petrov", "smirnov", "kuznetsov", "popov", "sokolov", "volkov", "morozov",
          "novikov", "fedorov", "orlov", "lebedev", "kozlov", "egorov", "pavlov"]
EN_SUR = ["smith", "brown", "miller", "wilson", "taylor", "clark", "walker", "hall", "young", "king"]
REQUIRED_AGES = [16, 17, 18, 21, 22, 40, 41, 50, 51, 70]


# --------------------------------------------------------------------------- nutrition and steps

# Each food: name, kcal per 100 g, protein, fat, carbs per 100 g, a usual portion in grams.
# None for macros: a food typed with its energy only (as people do for coffee or cookies at
# work). Carbohydrates are those that count for energy, so kcal ≈ 4·protein + 9·fat + 4·carbs.
FOODS = {
    "breakfast": [("Oatmeal with berries", 110, 3.5, 2.0, 19.0, 250), ("Greek yogurt", 66, 9.0, 2.0, 3.6, 150),
                  ("Scrambled eggs", 150, 10.5, 11.5, 1.5, 150), ("Wholegrain toast", 250, 9.0, 3.5, 43.0, 60),
                  ("Banana", 89, 1.1, 0.3, 20.0, 120), ("Cottage cheese", 120, 17.0, 5.0, 3.0, 180),
                  ("Coffee with milk", None, None, None, None, None)],
    "lunch": [("Chicken breast", 165, 31.0, 3.6, 0.0, 180), ("Brown rice", 112, 2.6, 0.9, 23.0, 180),
              ("Buckwheat", 92, 3.4, 0.6, 20.0, 200), ("Borscht", 50, 2.0, 2.2, 5.5, 300),
              ("Green salad", 20, 1.2, 0.2, 3.0, 120), ("Lentil soup", 75, 5.0, 1.5, 11.0, 300),
              ("Turkey sandwich", 230, 14.0, 8.0, 25.0, 200)],
    "dinner": [("Salmon", 208, 20.0, 13.0, 0.0, 170), ("Baked potatoes", 93, 2.5, 0.1, 21.0, 220),
               ("Roasted vegetables", 60, 1.8, 3.0, 7.0, 200), ("Pasta with tomato sauce", 150, 5.0, 2.5, 27.0, 280),
               ("Beef stew", 140, 14.0, 7.0, 5.0, 250), ("Tofu stir-fry", 120, 8.0, 6.5, 8.0, 280)],
    "snack": [("Apple", 52, 0.3, 0.2, 12.0, 150), ("Almonds", 579, 21.0, 50.0, 22.0, 30),
              ("Protein bar", 350, 30.0, 10.0, 35.0, 60), ("Kefir", 41, 3.4, 1.0, 4.7, 250),
              ("Dark chocolate", 546, 5.0, 31.0, 61.0, 25), ("Cookies", None, None, None, None, None)],
}
ENERGY_ONLY = {"Coffee with milk": [60], "Cookies": [150, 190, 230]}
FOOD_COUNTS = {"breakfast": [2, 2, 3], "lunch": [2, 3, 3], "dinner": [2, 2, 3], "snack": [1, 1, 2]}
DAY_KCAL = (1850, 2550)                          # what a day's portions are sized to
MEAL_TIMES = {"breakfast": (7, 30), "lunch": (13, 0), "dinner": (19, 15), "snack": (16, 30)}
NO_MEALS_DAY = TODAY - dt.timedelta(days=3)      # a day away from the app: the pages show an empty day
LATE_SNACK_DAY = TODAY - dt.timedelta(days=1)    # a snack at 23:30 still belongs to its own day
SKIPPED_MEALS = {TODAY - dt.timedelta(days=8): "breakfast",     # a meal missed now and then
                 TODAY - dt.timedelta(days=15): "lunch",
                 TODAY - dt.timedelta(days=24): "dinner"}


def make_meals(rng: random.Random) -> list[dict]:
    """The 30 days ending TODAY: breakfast, lunch and dinner (three days miss one), a snack on most.
    Each day's portions are sized so the day comes to 1,850-2,550 kcal (a day with a meal
    skipped has bigger ones, within 1.6 times the usual)."""
    meals = []
    for day in days(TODAY - dt.timedelta(days=29), TODAY):
        if day == NO_MEALS_DAY:
            continue
        target = rng.uniform(*DAY_KCAL)
        kinds = [kind for kind in ["breakfast", "lunch", "dinner"] if SKIPPED_MEALS.get(day) != kind]
        if rng.random() < 0.75 or day == LATE_SNACK_DAY:
            kinds.append("snack")
        planned = []                              # (kind, time, [(food, usual grams or fixed kcal)])
        for kind in sorted(kinds, key=lambda k: MEAL_TIMES[k]):
            hour, minute = MEAL_TIMES[kind]
            minute += rng.randrange(-40, 41)
            hour, minute = hour + minute // 60, minute % 60
            time = "23:30" if (kind == "snack" and day == LATE_SNACK_DAY) else f"{hour:02d}:{minute:02d}"
            chosen = rng.sample(FOODS[kind], rng.choice(FOOD_COUNTS[kind]))
            planned.append((kind, time, [(food, rng.choice(ENERGY_ONLY[food[0]]) if food[1] is None
                                          else food[5] * rng.uniform(0.9, 1.3)) for food in chosen]))
        fixed = sum(amount for _, _, foods in planned for food, amount in foods if food[1] is None)
        sized = sum(food[1] * amount / 100 for _, _, foods in planned for food, amount in foods if food[1] is not None)
        scale = min(1.6, max(0.8, (target - fixed) / sized)) if sized else 1.0
        for kind, time, chosen in planned:
            foods = []
            for (name, per100, protein, fat, carbs, _), amount in chosen:
                if per100 is None:
                    foods.append({"name": name, "kcal": amount})
                    continue
                grams = max(5, round(amount * scale / 5) * 5)
                food = {"name": name, "kcal": round(per100 * grams / 100)}
                if rng.random() < 0.85:
                    food["grams"] = grams
                food["protein"] = round(protein * grams / 100, 1)
                food["fat"] = round(fat * grams / 100, 1)
                food["carbs"] = round(carbs * grams / 100, 1)
                foods.append(food)
            meals.append({"id": uuid4(rng), "date": day.isoformat(), "kind": kind, "time": time, "foods": foods})
    return meals


STEP_DEVICES = ["iPhone", "Apple Watch"]


def make_steps(rng: random.Random, workouts: list[dict]) -> list[dict]:
    """A year of daily totals: more on weekends and on days with a run or a walk, a few days
    with the phone left at home (no record), TODAY at 8,432."""
    active = {w["start"][:10] for w in workouts if w["type"] in ("running", "walking", "hiking")}
    steps = []
    for day in days(FIRST_DAY, TODAY):
        if day != TODAY and rng.random() < 0.04:
            continue
        base = rng.gauss(8200 if day.weekday() >= 5 else 7300, 1900)
        if day.isoformat() in active:
            base += rng.uniform(2500, 6000)
        value = 8432 if day == TODAY else int(min(16000, max(3000, base)))
        device = "Apple Watch" if day >= dt.date(2026, 3, 1) else "iPhone"   # the watch came in March
        steps.append({"date": day.isoformat(), "steps": value, "source": {"kind": "apple-health", "id": device}})
    return steps


def make_username(rng: random.Random, sex: str) -> str:
    russian = rng.random() < 0.6
    if russian:
        first = rng.choice(RU_M if sex == "M" else RU_W)
        sur = rng.choice(RU_SUR) + ("" if sex == "M" else "a")
    else:
        first = rng.choice(EN_M if sex == "M" else EN_W)
        sur = rng.choice(EN_SUR)
    pattern = rng.choices(["first_i", "first.sur", "first_nn", "firstsur", "sur_first", "first.nnnn"],
                          [25, 25, 20, 10, 10, 10])[0]
    if pattern == "first_i":
        return f"{first}_{sur[0]}"
    if pattern == "first.sur":
        return f"{first}.{sur}"
    if pattern == "first_nn":
        return f"{first}_{rng.randint(70, 99):02d}" if rng.random() < 0.6 else f"{first}_{rng.randint(0, 12):02d}"
    if pattern == "firstsur":
        return f"{first}{sur}"
    if pattern == "sur_first":
        return f"{sur}_{first}"
    return f"{first}.{rng.randint(1975, 2008)}"


def draw_age(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.65:
        return rng.randint(20, 40)
    if r < 0.75:
        return rng.randint(16, 19)
    if r < 0.93:
        return rng.randint(41, 55)
    return rng.randint(56, 70)


def make_users(rng: random.Random):
    n = 240
    sexes = ["M"] * 118 + ["W"] * 122
    rng.shuffle(sexes)
    ages = REQUIRED_AGES + [draw_age(rng) for _ in range(n - len(REQUIRED_AGES))]
    rng.shuffle(ages)
    online = set(rng.sample(range(1, n + 1), 36))                    # 15%
    ids = list(range(1, n + 1))
    shuffled = ids[:]
    rng.shuffle(shuffled)
    no_key = set(shuffled[0:7])                                      # ~3%: "files" missing
    empty = set(shuffled[7:19])                                      # ~5%: "files": []
    with_photos = shuffled[19:43]                                    # 10%: 1-2 extra photos
    photo_only = with_photos[0]                                      # photos but no avatar
    photo_first = with_photos[1]                                     # a photo listed before the avatar
    with_photos = set(with_photos)

    users, seen = [], set()
    file_id = 5000
    for uid in ids:
        sex = sexes[uid - 1]
        while True:
            name = make_username(rng, sex)
            if name not in seen:
                break
        seen.add(name)
        user = {"id": uid, "sex": sex, "username": name, "isOnline": uid in online, "age": ages[uid - 1]}
        if uid not in no_key:
            files = []
            if uid not in empty:
                if uid != photo_only:
                    file_id += rng.randint(1, 3)
                    files.append({"id": file_id, "url": f"https://avatars.example.org/users/{uid}.svg",
                                  "type": "avatar"})
                if uid in with_photos:
                    photos = []
                    for k in range(1, rng.randint(1, 2) + 1):
                        file_id += rng.randint(1, 3)
                        photos.append({"id": file_id, "url": f"https://files.example.org/users/{uid}/{k}.svg",
                                       "type": "photo"})
                    files = photos + files if uid == photo_first else files + photos
            user["files"] = files
        users.append(user)
    return users


# --------------------------------------------------------------------------- statistics

def make_statistics(rng: random.Random, users: list[dict]):
    all_days = list(days(FIRST_DAY, TODAY))
    span = len(all_days) - 1
    day_w = []
    for i, d in enumerate(all_days):
        w = 1.0 + 1.8 * (i / span) ** 1.5                          # busier towards today
        if d.weekday() >= 5:
            w *= 0.55                                               # quieter weekends
        if any(a <= d <= b for a, b in GAPS[:1]):
            w *= 0.6                                                # New Year lull
        day_w.append(w * rng.uniform(0.8, 1.2))

    uids = [u["id"] for u in users]
    visitors = [u for u in uids if rng.random() < 0.85]
    heavy = rng.sample(visitors, 3)
    user_w = {u: rng.paretovariate(2.2) for u in visitors}
    events: dict[tuple[int, str], list[dt.date]] = {}
    # Three clear top visitors, then the crowd.
    for u, count in zip(heavy, (163, 131, 104)):
        events[(u, "view")] = rng.choices(all_days, weights=day_w, k=count)
    crowd = [u for u in visitors if u not in heavy]
    crowd_w = [user_w[u] for u in crowd]
    for _ in range(4000 - 163 - 131 - 104):
        u = rng.choices(crowd, weights=crowd_w)[0]
        events.setdefault((u, "view"), []).append(rng.choices(all_days, weights=day_w)[0])

    # Subscriptions: ~150, each user at most once at a time; ~40 unsubscribe later.
    nov = [d for d in all_days if d >= dt.date(2026, 11, 1)]
    subscribers = rng.sample(uids, 150)
    sub_day = {}
    for i, u in enumerate(subscribers):
        sub_day[u] = rng.choice(nov) if i < 4 else rng.choices(all_days, weights=day_w)[0]
        events.setdefault((u, "subscription"), []).append(sub_day[u])
    candidates = [u for u in subscribers[4:] if sub_day[u] < dt.date(2026, 10, 20)]
    leavers = rng.sample(candidates, 40)
    for i, u in enumerate(leavers):
        if i < 3:
            d = rng.choice(nov)                                     # a few leave this month
        else:                                                       # the rest 5-150 days after subscribing
            lo = sub_day[u] + dt.timedelta(days=5)
            hi = min(TODAY, sub_day[u] + dt.timedelta(days=150))
            d = lo + dt.timedelta(days=rng.randint(0, (hi - lo).days))
        events.setdefault((u, "unsubscription"), []).append(d)

    entries = []
    for (u, typ), ds in sorted(events.items()):
        ints = [event_int(d) for d in ds]
        rng.shuffle(ints)
        parts = 1
        if len(ints) >= 6 and rng.random() < 0.3:
            parts = rng.choice([2, 3])
        cuts = sorted(rng.sample(range(1, len(ints)), parts - 1)) if parts > 1 else []
        bounds = [0] + cuts + [len(ints)]
        for a, b in zip(bounds, bounds[1:]):
            entries.append({"user_id": u, "type": typ, "dates": ints[a:b]})
    rng.shuffle(entries)
    return entries


# --------------------------------------------------------------------------- GitHub fixtures

def load_github(fixtures: Path):
    root = fixtures / "github" / "hub4j-bitwiseman-repos"
    mappings = {}
    for p in sorted((root / "mappings").glob("*.json")):
        m = json.loads(p.read_text("utf-8"))
        url = GITHUB_API + m["request"]["url"]
        mappings[url] = m

    def validators_of(m) -> dict:
        h = m["response"]["headers"]
        v = {"etag": h["ETag"]}
        if "Last-Modified" in h:
            v["lastModified"] = h["Last-Modified"]
        return v

    def body_of(m):
        return json.loads((root / "__files" / m["response"]["bodyFileName"]).read_text("utf-8"))

    prof_map = mappings[PROFILE_SOURCE]
    profile = {"source": PROFILE_SOURCE, "fetchedAt": FETCHED_AT,
               "validators": {PROFILE_SOURCE: validators_of(prof_map)}, "data": body_of(prof_map)}

    # Follow rel="next" from the first page, exactly as a client would.
    url = GITHUB_API + "/users/bitwiseman/repos?per_page=30"
    repos, repo_validators, order = [], {}, []
    while url:
        m = mappings[url]
        order.append(m["response"]["bodyFileName"])
        page = body_of(m)
        assert isinstance(page, list)
        repos.extend(page)
        repo_validators[url] = validators_of(m)
        link = m["response"]["headers"].get("Link", "")
        nxt = re.search(r'<([^>]+)>;\s*rel="next"', link)
        url = nxt.group(1) if nxt else None
    assert order == ["5-u_b_repos.json"] + [f"{i}-user_1958953_repos.json" for i in range(6, 11)], order
    assert len(repos) == 169, len(repos)
    assert len({r["id"] for r in repos}) == 169, "repository ids are not unique"
    assert profile["data"]["public_repos"] == len(repos)
    repos_env = {"source": REPOS_SOURCE, "fetchedAt": FETCHED_AT, "validators": repo_validators, "data": repos}

    sroot = fixtures / "github" / "github3py-starred"
    starred = json.loads((sroot / "starred_page7_of_7.body.json").read_text("utf-8"))
    assert len(starred) == 16 and all(set(x) == {"starred_at", "repo"} for x in starred)
    index = json.loads((sroot / "interactions_index.json").read_text("utf-8"))
    rec = next(x for x in index if x["body_file"] and x["body_file"].endswith("starred_page7_of_7.body.json"))
    sv = {"etag": rec["response_headers"]["ETag"]}
    if "Last-Modified" in rec["response_headers"]:
        sv["lastModified"] = rec["response_headers"]["Last-Modified"]
    starred_env = {"source": STARRED_SOURCE, "fetchedAt": FETCHED_AT,
                   "validators": {rec["uri"]: sv}, "data": starred}
    return profile, repos_env, starred_env


# --------------------------------------------------------------------------- GitHub GraphQL

def make_pinned(repos: list[dict]) -> dict:
    """`data` of the pinned-items query, in today's shape: the owner's five most starred sources
    (then most recently pushed) and one organisation repository they maintain."""
    pushed = lambda r: dt.datetime.fromisoformat(r["pushed_at"].replace("Z", "+00:00")).timestamp()
    sources = sorted((r for r in repos if not r["fork"]), key=lambda r: (-r["stargazers_count"], -pushed(r), r["name"]))

    def node(r):
        lang = r["language"]
        return {"name": r["name"], "nameWithOwner": r["full_name"], "description": r["description"],
                "url": r["html_url"], "stargazerCount": r["stargazers_count"], "forkCount": r["forks_count"],
                "isFork": r["fork"], "isArchived": r["archived"],
                "primaryLanguage": {"name": lang, "color": LANGUAGE_COLORS.get(lang)} if lang else None}

    org = {"name": "github-api", "nameWithOwner": "hub4j/github-api",
           "description": ":coffee: Java API for GitHub", "url": "https://github.com/hub4j/github-api",
           "stargazerCount": 1147, "forkCount": 734, "isFork": False, "isArchived": False,
           "primaryLanguage": {"name": "Java", "color": LANGUAGE_COLORS["Java"]}}
    nodes = [org] + [node(r) for r in sources[:5]]
    return {"user": {"pinnedItems": {"totalCount": len(nodes), "nodes": nodes}}}


def make_contributions(rng: random.Random) -> dict:
    """`data` of the contribution-calendar query: GitHub's 53 Sunday-started weeks ending today,
    busier on weekdays, with a 12-day current streak and a 31-day longest one in the spring."""
    first = TODAY - dt.timedelta(days=(TODAY.weekday() + 1) % 7) - dt.timedelta(weeks=52)
    current = (TODAY - dt.timedelta(days=11), TODAY)
    longest = (dt.date(2026, 3, 2), dt.date(2026, 4, 1))
    counts = {}
    for d in days(first, TODAY):
        busy = 0.75 if d.weekday() < 5 else 0.3
        n = rng.choice([1, 1, 2, 2, 3, 4, 5, 6, 8, 11]) if rng.random() < busy else 0
        if current[0] <= d <= current[1] or longest[0] <= d <= longest[1]:
            n = max(n, 1 + rng.randrange(6))
        counts[d] = n
    # Days off just outside the runs, so they are exactly as long as promised.
    for d in (current[0] - dt.timedelta(days=1), longest[0] - dt.timedelta(days=1), longest[1] + dt.timedelta(days=1)):
        counts[d] = 0
    # No other run may reach the longest.
    run = 0
    for d in days(first, TODAY):
        run = run + 1 if counts[d] else 0
        if run >= 25 and not (longest[0] <= d <= longest[1]):
            counts[d], run = 0, 0
    peak = max(counts.values())

    def level(n):
        return 0 if n == 0 else min(4, 1 + (4 * (n - 1)) // peak)

    weeks, week = [], []
    for d in days(first, TODAY):
        week.append({"color": CALENDAR_COLORS[level(counts[d])], "contributionCount": counts[d], "date": d.isoformat()})
        if len(week) == 7:
            weeks.append({"contributionDays": week})
            week = []
    if week:
        weeks.append({"contributionDays": week})
    calendar = {"totalContributions": sum(counts.values()), "weeks": weeks}
    return {"user": {"contributionsCollection": {"contributionCalendar": calendar}}}


def make_languages(repos: list[dict]) -> dict:
    """`data` of the languages query: each own source's languages by bytes, largest first.
    Repositories GitHub finds no language in have no edges."""
    sizes = {
        "jenkins-pipeline-shared": [("Groovy", 48213), ("Shell", 2211), ("Dockerfile", 618)],
        "yinyango": [("JavaScript", 31877), ("HTML", 3305), ("CSS", 1208)],
        "jhipster-sample-app": [("Java", 251904), ("TypeScript", 121377), ("HTML", 40512), ("CSS", 9874),
                                ("JavaScript", 6210), ("Shell", 1432), ("Batchfile", 1120)],
        "test-spring-boot-app": [("Shell", 812)],
        "environment-playerjuniper-staging": [("Makefile", 1544)],
    }
    nodes = []
    for r in sorted((r for r in repos if not r["fork"]), key=lambda r: r["pushed_at"], reverse=True):
        edges = [{"size": n, "node": {"name": lang, "color": LANGUAGE_COLORS[lang]}} for lang, n in sizes.get(r["name"], [])]
        assert not edges or edges[0]["node"]["name"] == r["language"], r["name"]
        nodes.append({"name": r["name"], "isFork": False,
                      "languages": {"totalSize": sum(e["size"] for e in edges), "edges": edges}})
    return {"user": {"repositories": {"totalCount": len(nodes), "nodes": nodes}}}


# --------------------------------------------------------------------------- main

def clean(out: Path) -> None:
    for name in GENERATED_TOP:
        (out / name).unlink(missing_ok=True)
    for sub, pattern in (("github", "*.json"), ("files", "*"), ("tracks", "*.json")):
        d = out / sub
        if d.is_dir():
            for p in d.glob(pattern):
                if p.is_file():
                    p.unlink()
    for p in out.rglob(".*.tmp"):
        p.unlink()


def main() -> int:
    repo_root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", help="the store folder to (re)write (default: Store in the repository root)")
    ap.add_argument("--fixtures", help="the shared fixtures folder (default: ../shared/fixtures "
                                       "relative to the repository root)")
    args = ap.parse_args()
    # Explicit paths are taken as given (relative to the current folder); defaults are
    # resolved from the script's location, so the script works from any folder.
    out = Path(args.out).resolve() if args.out else repo_root / "Store"
    fixtures = Path(args.fixtures).resolve() if args.fixtures else (repo_root / "../shared/fixtures").resolve()
    if not (fixtures / "github" / "hub4j-bitwiseman-repos").is_dir():
        print(f"make-demo-store: fixtures not found at {fixtures}", file=sys.stderr)
        return 1

    rng = random.Random(SEED)
    profile, repos, starred = load_github(fixtures)
    workouts = make_workouts(rng)
    weights = make_weights(rng)
    users = make_users(rng)
    statistics = make_statistics(rng, users)
    # Their own generators, so adding them left every other file byte for byte as it was.
    meals = make_meals(random.Random(SEED + 1))
    steps = make_steps(random.Random(SEED + 2), workouts)
    # Walks and tracks came later, each with its own generator, after the steps: so every file
    # made before them stayed byte for byte what it was (a walk adds no steps to its day).
    add_walks(workouts)
    tracks = make_tracks(workouts)
    complete_from_tracks(workouts, tracks)
    pinned = make_pinned(repos["data"])
    contributions = make_contributions(random.Random(SEED + 3))
    languages = make_languages(repos["data"])

    files: dict[str, bytes] = {}
    for u in users:
        for f in u.get("files", []):
            key = sha256_hex(f["url"].encode("utf-8")) + ".svg"
            if f["type"] == "avatar":
                files[key] = avatar_svg(initials(u["username"]), rng.choice(PALETTE))
            else:
                files[key] = photo_svg(rng, f["id"])
    owner_avatar = avatar_svg("AP", "#00897B")
    owner_avatar_name = sha256_hex(owner_avatar) + ".svg"
    files[owner_avatar_name] = owner_avatar
    owner = {"email": "anna.petrova@example.org", "name": "Anna Petrova", "sex": "W",
             "birthDate": "1994-05-17", "avatar": "files/" + owner_avatar_name,
             "createdAt": "2025-11-02", "updatedAt": "2026-11-14", "heightCm": 168, "targetWeightKg": 68}

    def envelope(source, data):
        return {"source": source, "fetchedAt": FETCHED_AT, "validators": {}, "data": data}

    documents = {
        "owner.json": owner,
        "workouts.json": workouts,
        "weights.json": weights,
        "steps.json": steps,
        "meals.json": meals,
        "github/profile.json": profile,
        "github/repos.json": repos,
        "github/starred.json": starred,
        "github/pinned.json": envelope(PINNED_SOURCE, pinned),
        "github/contributions.json": envelope(CONTRIBUTIONS_SOURCE, contributions),
        "github/languages.json": envelope(LANGUAGES_SOURCE, languages),
        "users.json": envelope(USERS_SOURCE, {"users": users}),
        "statistics.json": envelope(STATISTICS_SOURCE, {"statistics": statistics}),
    }

    clean(out)
    for name, value in documents.items():
        write_bytes(out / name, dumps(value))
    for name, data in sorted(files.items()):
        write_bytes(out / "files" / name, data)
    for workout_id, data in sorted(tracks.items()):
        write_bytes(out / "tracks" / (workout_id + ".json"), data)

    check(out)
    return 0


# --------------------------------------------------------------------------- check

def check_tracks(out: Path, workouts: list[dict]) -> dict:
    """Read every track back and hold it to the format and to its workout: columns as long as
    `t`, `t` never decreasing and within the duration, positions on the globe, the length within
    2 % of the distance; a track for every recent run, ride and walk with a distance, and no other."""
    by_id = {w["id"]: w for w in workouts}
    expected = {w["id"] for w in workouts if w["type"] in ("running", "cycling", "walking") and w.get("distance")
                and w["start"][:10] >= TRACKS_SINCE}
    paths = sorted((out / "tracks").glob("*.json"))
    assert {p.stem for p in paths} == expected, "stray or missing tracks"
    summary = {"count": len(paths), "by_type": {}, "samples": 0, "bytes": 0, "worst": 0.0,
               "paused": 0, "dropouts": 0, "from_home": 0}
    for p in paths:
        data = p.read_bytes()
        w = by_id[p.stem]
        track = json.loads(data)
        assert data.endswith(b"}\n") and list(track)[:3] == ["v", "start", "t"] and track["v"] == 1
        assert [k for k in track if k in COLUMNS] == [c for c in COLUMNS if c in track]
        assert track["start"] == w["start"]
        t = track["t"]
        assert all(len(track[c]) == len(t) for c in COLUMNS if c in track), p.name
        assert all(a <= b for a, b in zip(t, t[1:])) and t[0] == 0 and t[-1] <= w["duration"], p.name
        assert all(v is None or -90 <= v <= 90 for v in track["lat"]) and all(v is None or -180 <= v <= 180 for v in track["lon"])
        columns = {c: [None if v is None else float(v) for v in track[c]] for c in COLUMNS if c in track}
        assert track_bytes(track["start"], t, columns) == data, f"{p.name} is not as TrackFiles writes it"
        error = track_length(track["lat"], track["lon"]) / w["distance"] - 1
        assert abs(error) < 0.02, (p.name, error)
        assert all(85 <= h <= MAX_HR for h in track["hr"]), p.name
        summary["worst"] = max(summary["worst"], error, key=abs)
        summary["by_type"][w["type"]] = summary["by_type"].get(w["type"], 0) + 1
        summary["samples"] += len(t)
        summary["bytes"] += len(data)
        summary["paused"] += any(b - a > 2 for a, b in zip(t, t[1:]))
        summary["dropouts"] += None in track["lat"]
        first = next(i for i, v in enumerate(track["lat"]) if v is not None)
        summary["from_home"] += haversine(track["lat"][first], track["lon"][first], *HOME) < HOME_ZONE_RADIUS
    assert summary["dropouts"] == 1 and summary["paused"] >= 3
    return summary


def check(out: Path) -> None:
    """Read the store back as the site would and print a summary; assert the demo's promises."""
    load = lambda name: json.loads((out / name).read_text("utf-8"))
    owner = load("owner.json")
    workouts = load("workouts.json")
    weights = load("weights.json")
    profile = load("github/profile.json")
    repos = load("github/repos.json")
    starred = load("github/starred.json")
    users = load("users.json")["data"]["users"]
    stats = load("statistics.json")["data"]["statistics"]

    # Workouts
    starts = [dt.datetime.fromisoformat(w["start"]) for w in workouts]
    assert starts == sorted(starts) and all(s.utcoffset() == dt.timedelta(hours=3) for s in starts)
    assert len({w["id"] for w in workouts}) == len(workouts)
    assert all(re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", w["id"])
               for w in workouts)
    assert all(20 * 60 <= w["duration"] <= 100 * 60 for w in workouts)
    assert all(("exercises" in w) == (w["type"] == "strength") for w in workouts)
    assert any("<b>" in w.get("notes", "") and "javascript:" in w.get("notes", "") for w in workouts)
    active = {s.date() for s in starts if s.date() <= TODAY}
    assert FIRST_DAY <= min(active) and max(active) == TODAY
    rs = runs(active)
    longest = max(run_len(r) for r in rs)
    current = run_len(rs[-1]) if rs[-1][1] >= TODAY - dt.timedelta(days=1) else 0
    assert current == 5 and 9 <= longest <= 12, (current, longest)
    assert 180 <= len(workouts) <= 230, len(workouts)
    by_type = {}
    for w in workouts:
        by_type[w["type"]] = by_type.get(w["type"], 0) + 1
    assert max(by_type, key=by_type.get) == "running"
    gaps = sorted(((b[0] - a[1]).days - 1, a[1] + dt.timedelta(days=1)) for a, b in zip(rs, rs[1:]))[-2:]

    tracks = check_tracks(out, workouts)

    # Weights
    assert [w["date"] for w in weights] == sorted(w["date"] for w in weights)
    assert TODAY - dt.timedelta(days=7) <= dt.date.fromisoformat(weights[-1]["date"]) < TODAY

    # GitHub
    assert profile["data"]["login"] == "bitwiseman" and len(repos["data"]) == 169 and len(starred["data"]) == 16
    pinned = load("github/pinned.json")["data"]["user"]["pinnedItems"]["nodes"]
    assert len(pinned) == 6 and pinned[0]["nameWithOwner"] == "hub4j/github-api"
    calendar = load("github/contributions.json")["data"]["user"]["contributionsCollection"]["contributionCalendar"]
    cdays = [d for w in calendar["weeks"] for d in w["contributionDays"]]
    assert cdays[-1]["date"] == TODAY.isoformat() and dt.date.fromisoformat(cdays[0]["date"]).weekday() == 6
    active_c = {dt.date.fromisoformat(d["date"]) for d in cdays if d["contributionCount"] > 0}
    crs = runs(active_c)
    c_current = run_len(crs[-1]) if crs[-1][1] >= TODAY - dt.timedelta(days=1) else 0
    assert c_current == 12 and max(run_len(r) for r in crs) == 31, (c_current, max(run_len(r) for r in crs))
    languages = load("github/languages.json")["data"]["user"]["repositories"]["nodes"]
    assert len(languages) == sum(1 for r in repos["data"] if not r["fork"]) == 8

    # Users
    assert [u["id"] for u in users] == list(range(1, 241))
    assert len({u["username"] for u in users}) == 240
    for a in REQUIRED_AGES:
        assert any(u["age"] == a for u in users), a
    all_files = [f for u in users for f in u.get("files", [])]
    assert len({f["id"] for f in all_files}) == len(all_files)
    missing = [f["url"] for f in all_files
               if not (out / "files" / (sha256_hex(f["url"].encode()) + ".svg")).is_file()]
    assert not missing, missing[:3]
    assert (out / owner["avatar"]).is_file()
    svgs = sorted((out / "files").iterdir())
    expected_files = {sha256_hex(f["url"].encode()) + ".svg" for f in all_files} | {Path(owner["avatar"]).name}
    assert {p.name for p in svgs} == expected_files, "stray or missing files in Store/files"
    avatar_names = {sha256_hex(f["url"].encode()) + ".svg" for f in all_files if f["type"] == "avatar"}
    assert all(p.stat().st_size < 1024 for p in svgs if p.name in avatar_names)

    # Statistics
    counts = {"view": 0, "subscription": 0, "unsubscription": 0}
    views_by_user: dict[int, int] = {}
    nov = {"subscription": 0, "unsubscription": 0}
    uid_set = {u["id"] for u in users}
    for e in stats:
        assert e["user_id"] in uid_set and e["type"] in counts
        for v in e["dates"]:
            d = parse_event_int(v)
            assert event_int(d) == v and FIRST_DAY <= d <= TODAY
            counts[e["type"]] += 1
            if e["type"] == "view":
                views_by_user[e["user_id"]] = views_by_user.get(e["user_id"], 0) + 1
            elif (d.year, d.month) == (TODAY.year, TODAY.month):
                nov[e["type"]] += 1
    top = sorted(views_by_user.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    assert top[0][1] > top[1][1] > top[2][1] > sorted(views_by_user.values())[-4]

    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"Store written to {out}")
    print(f"  owner        {owner['name']} <{owner['email']}>, avatar {owner['avatar']}")
    print(f"  workouts     {len(workouts)} ({', '.join(f'{k} {v}' for k, v in sorted(by_type.items(), key=lambda kv: (-kv[1], kv[0])))})")
    print(f"               current streak {current} (ending {TODAY}), longest streak {longest}"
          f" ({', '.join(f'{r[0]}..{r[1]}' for r in rs if run_len(r) == longest)})")
    print(f"               longest gaps: " + ", ".join(f"{n} days from {d}" for n, d in reversed(gaps)))
    print(f"               names {sum('name' in w for w in workouts)} "
          f"(on {sum('name' in w for w in workouts if w['type'] in ('running', 'cycling'))} of "
          f"{sum(w['type'] in ('running', 'cycling') for w in workouts)} runs and rides)")
    print(f"  tracks       {tracks['count']} ({', '.join(f'{k} {v}' for k, v in sorted(tracks['by_type'].items()))}), "
          f"{tracks['samples']} samples, {tracks['bytes']} bytes ({tracks['bytes'] / 1e6:.1f} MB); "
          f"worst length {tracks['worst'] * 100:+.2f} % of the distance; "
          f"{tracks['paused']} with a pause, {tracks['dropouts']} with a dropout, {tracks['from_home']} from home")
    print(f"  weights      {len(weights)} ({weights[0]['date']} {weights[0]['kg']} kg -> "
          f"{weights[-1]['date']} {weights[-1]['kg']} kg)")
    print(f"  github       profile {profile['data']['login']}, repos {len(repos['data'])}, starred {len(starred['data'])}")
    print(f"  users        {len(users)} (M {sum(u['sex'] == 'M' for u in users)}, W {sum(u['sex'] == 'W' for u in users)}, "
          f"online {sum(u['isOnline'] for u in users)}, files key missing {sum('files' not in u for u in users)}, "
          f"files empty {sum(u.get('files') == [] for u in users)}, with photos "
          f"{sum(any(f['type'] == 'photo' for f in u.get('files', [])) for u in users)})")
    print(f"  statistics   {len(stats)} entries: views {counts['view']}, subscriptions {counts['subscription']}, "
          f"unsubscriptions {counts['unsubscription']}")
    print(f"               top visitors (id: views) " + ", ".join(f"{u}: {n}" for u, n in top))
    print(f"               in {TODAY:%B %Y}: subscriptions {nov['subscription']}, unsubscriptions {nov['unsubscription']}")
    print(f"  files        {len(svgs)} SVGs ({len(avatar_names)} user avatars, "
          f"{len(svgs) - len(avatar_names) - 1} photos, 1 owner avatar)")
    print(f"  total size   {size} bytes ({size / 1024:.1f} KiB)")


if __name__ == "__main__":
    sys.exit(main())
