#!/usr/bin/env python3
"""A copy of the demo site whose data is not tame, for looking at pages as a user with awkward
data would (`make check-web SITE=…` and screenshots). Usage:
  python3 Scripts/make-awkward-site.py OUT [--users 320]
OUT becomes a site project: the demo's config, theme and store, with
- the users directory renamed and grown to N users: naughty strings (markup, quotes, SQL,
  format strings), right-to-left text, emoji and combining marks, a 170-character name without
  a space, control characters (ESC, form feed, C1), and a top visitor with a long name;
- the owner named with a long unbroken word and right-to-left text;
- workouts of 29 types, so the by-type chart and the type names are tried, a third of them
  with hostile names (the workouts' lists and pages);
- a repository with a 100-character name and a description of one unbroken word.
Fixed seed, standard library only.
"""
import argparse
import json
import random
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NAUGHTY = [
    "<script>alert(1)</script>", "\"'><img src=x onerror=alert(1)>", "Robert'); DROP TABLE users;--", "%s%s%n%x",
    "${jndi:ldap://x}", "{{7*7}}", "*bold* _it_ `code` [l](javascript:x)", "# heading", "- list", "1. one",
    "مرحبا بالعالم", "שלום עולם", "مستخدم_طويل_جدا_بلا_مسافات_على_الاطلاق", "👩‍👩‍👧‍👦🏳️‍🌈🇷🇺", "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
    "ＡＢＣ全角", "𝓤𝓷𝓲𝓬𝓸𝓭𝓮", "null", "undefined", "0", "-1", "1e308", "\u202eevil\u202c", "tab\there",
    "esc\u001b[31mred", "form\u000cfeed", "c1\u0085next", "a" * 170, "x" * 64 + "@" + "y" * 40 + ".example",
]
TYPES = ["running", "walking", "cycling", "swimming", "hiking", "yoga", "strength", "hiit", "rowing", "elliptical",
         "stairs", "skiing", "snowboarding", "dance", "cardio", "pilates", "table-tennis", "tennis", "badminton",
         "boxing", "climbing", "golf", "surfing", "kayaking", "skating", "football", "basketball", "volleyball",
         "strava-type-23"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--users", type=int, default=320)
    args = ap.parse_args()
    rng = random.Random(11)
    out = Path(args.out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copy(REPO / "usergraph.yml", out / "usergraph.yml")
    shutil.copytree(REPO / "Store", out / "Store")

    users_path = out / "Store/users.json"
    envelope = json.loads(users_path.read_text())
    users = envelope["data"]["users"]
    template = users[:]
    while len(users) < args.users:
        user = dict(template[len(users) % len(template)])
        user["id"] = max(u["id"] for u in users) + 1
        users.append(user)
    for i, user in enumerate(users):
        user["username"] = NAUGHTY[i % len(NAUGHTY)] + ("" if i < len(NAUGHTY) else f" {i}")
    users_path.write_text(json.dumps(envelope, ensure_ascii=False, indent=2))

    owner_path = out / "Store/owner.json"
    owner = json.loads(owner_path.read_text())
    owner["name"] = "Анна-" + "Мария" * 30 + " אנה"
    owner_path.write_text(json.dumps(owner, ensure_ascii=False, indent=2))

    workouts_path = out / "Store/workouts.json"
    workouts = json.loads(workouts_path.read_text())
    for i, workout in enumerate(workouts):
        workout["type"] = TYPES[i % len(TYPES)]
        if i % 7 == 0:
            workout["notes"] = NAUGHTY[i % len(NAUGHTY)]
        if i % 3 == 0:
            workout["name"] = NAUGHTY[(i // 3) % len(NAUGHTY)]
    workouts_path.write_text(json.dumps(workouts, ensure_ascii=False, indent=2))

    repos_path = out / "Store/github/repos.json"
    repos = json.loads(repos_path.read_text())
    repos["data"][0]["name"] = "r" * 100
    repos["data"][0]["description"] = "d" * 200
    repos_path.write_text(json.dumps(repos, ensure_ascii=False, indent=2))
    print(f"{out}: {len(users)} users, {len(workouts)} workouts of {len(TYPES)} types")


if __name__ == "__main__":
    main()
