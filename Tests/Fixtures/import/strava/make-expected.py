#!/usr/bin/env python3
"""Expected values of the Strava fixtures, read with Python's csv module: per activity its id,
start (UTC, ISO-8601), type, elapsed seconds, metres (the second `Distance` column) and calories.
Run from this folder: python3 make-expected.py > expected.json"""
import csv, datetime, json, sys

def activities(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = csv.reader(f)
        header = next(rows)
        first = {name: header.index(name) for name in header}
        second_distance = [i for i, name in enumerate(header) if name == "Distance"][1]
        calories = first.get("Calories")
        out = []
        for row in rows:
            start = datetime.datetime.strptime(row[first["Activity Date"]], "%b %d, %Y, %I:%M:%S %p")
            metres = float(row[second_distance]) if row[second_distance] else None
            energy = float(row[calories]) if calories is not None and row[calories] else None
            out.append({
                "id": row[first["Activity ID"]],
                "start": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "type": row[first["Activity Type"]],
                "elapsed": float(row[first["Elapsed Time"]]),
                "distance": metres if metres else None,
                "energy": energy if energy else None,
            })
        return out

json.dump({name: activities(name) for name in ["activities.sample.DERIVED.csv", "activities-2023-10.csv"]},
          sys.stdout, indent=1, sort_keys=True)
print()
