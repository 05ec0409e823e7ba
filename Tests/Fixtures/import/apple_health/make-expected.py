#!/usr/bin/env python3
"""Computes expected.json, the values AppleHealthReaderTests checks the Swift reader against,
from the fixture exports beside this script, independently of the Swift code: Python's
xml.etree.ElementTree reads each whole file, datetime parses the dates.

    python3 Tests/Fixtures/import/apple_health/make-expected.py

Units follow the exports' own documentation: the DTD names the attributes (`duration` with
`durationUnit`, `totalDistance` with `totalDistanceUnit`, `totalEnergyBurned` with
`totalEnergyBurnedUnit`, a record's `value` with `unit`), and the unit strings are HealthKit's
(`HKUnit`): `mi` the international mile (1609.344 m), `Cal` the large calorie (1 kcal), `lb` the
avoirdupois pound (0.45359237 kg), `min` minutes. Rules the importer adds, and so this script:

- a workout's duration is `duration` in its unit, else endDate - startDate;
- distance and energy come from the workout's own `<WorkoutStatistics>` children (iOS 16+), else
  from its attributes, else from statistics inside `<WorkoutActivity>`; zero counts as none;
- a workout's or weight's sourceID is FNV-1a 64 (hex) of sourceName, startDate, and
  workoutActivityType (or the record type), each followed by a zero byte;
- heartRates: the heart-rate records (count/min) from 20 to 250 bpm, kept for the workouts'
  tracks; not skipped;
- skipped: top-level records by type, other top-level elements (except ExportDate and Me) by
  name, non-food correlations by type.

Standard library only; the output is stable (sorted keys, files in a fixed order).
"""

import datetime as dt
import json
import os
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = [
    "dogsheep-healthkit-to-sqlite/tests/export.xml",
    "dogsheep-healthkit-to-sqlite/apple_health_export/export.xml",
    "opendroid-hk/sampleexport.xml",
    "opendroid-hk/sampleexport-2.xml",
    "tdda-applehealthdata/export6s3sample.xml",
]
METRES = {"m": 1.0, "km": 1000.0, "mi": 1609.344, "yd": 0.9144, "ft": 0.3048, "cm": 0.01}
KCAL = {"kcal": 1.0, "Cal": 1.0, "kJ": 1 / 4.184, "cal": 0.001, "J": 0.001 / 4.184}
KG = {"kg": 1.0, "lb": 0.45359237, "g": 0.001, "st": 6.35029318, "oz": 0.028349523125}
SECONDS = {"s": 1.0, "ms": 0.001, "min": 60.0, "hr": 3600.0, "d": 86400.0}
NUTRIENTS = {
    "HKQuantityTypeIdentifierDietaryEnergyConsumed": ("kcal", KCAL),
    "HKQuantityTypeIdentifierDietaryProtein": ("protein", {"g": 1.0, "mg": 0.001}),
    "HKQuantityTypeIdentifierDietaryFatTotal": ("fat", {"g": 1.0, "mg": 0.001}),
    "HKQuantityTypeIdentifierDietaryCarbohydrates": ("carbs", {"g": 1.0, "mg": 0.001}),
}


def fnv1a64(parts):
    h = 0xCBF29CE484222325
    for part in parts:
        for byte in part.encode("utf-8") + b"\0":
            h ^= byte
            h = (h * 0x100000001B3) % (1 << 64)
    return "%016x" % h


def when(text):
    """Epoch seconds and UTC offset seconds of `2016-11-14 07:25:41 -0700`."""
    t = dt.datetime.strptime(text, "%Y-%m-%d %H:%M:%S %z")
    return int(t.timestamp()), int(t.utcoffset().total_seconds()), t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def workout(el):
    start, offset, iso = when(el.get("startDate"))
    if el.get("duration") is not None:
        duration = float(el.get("duration")) * SECONDS[el.get("durationUnit")]
    else:
        duration = float(when(el.get("endDate"))[0] - start)
    totals = {"own": {}, "nested": {}}

    def add(where, stat):
        t = stat.get("type") or ""
        kind = "energy" if t == "HKQuantityTypeIdentifierActiveEnergyBurned" else (
            "distance" if t.startswith("HKQuantityTypeIdentifierDistance") else None)
        if kind and stat.get("sum") is not None:
            table = METRES if kind == "distance" else KCAL
            totals[where][kind] = totals[where].get(kind, 0.0) + float(stat.get("sum")) * table[stat.get("unit")]

    for child in el:
        if child.tag == "WorkoutStatistics":
            add("own", child)
        elif child.tag == "WorkoutActivity":
            for stat in child.findall("WorkoutStatistics"):
                add("nested", stat)
    attrs = {}
    if el.get("totalDistance") is not None:
        attrs["distance"] = float(el.get("totalDistance")) * METRES[el.get("totalDistanceUnit")]
    if el.get("totalEnergyBurned") is not None:
        attrs["energy"] = float(el.get("totalEnergyBurned")) * KCAL[el.get("totalEnergyBurnedUnit")]

    def pick(kind):
        for source in (totals["own"], attrs, totals["nested"]):
            if kind in source:
                return source[kind] if source[kind] > 0 else None
        return None

    return {
        "type": el.get("workoutActivityType"),
        "start": iso, "startEpoch": start, "utcOffset": offset,
        "duration": duration, "distance": pick("distance"), "energy": pick("energy"),
        "sourceID": fnv1a64([el.get("sourceName"), el.get("startDate"), el.get("workoutActivityType")]),
    }


def expected_for(path):
    root = ET.parse(path).getroot()
    assert root.tag == "HealthData", path
    out = {"workouts": [], "weights": [], "steps": {"count": 0, "sum": 0, "byDevice": {}}, "nutrients": [], "heartRates": 0, "skipped": {}}

    def skip(kind):
        out["skipped"][kind] = out["skipped"].get(kind, 0) + 1

    for el in root:
        if el.tag == "Workout":
            out["workouts"].append(workout(el))
        elif el.tag == "Record":
            t = el.get("type")
            if t == "HKQuantityTypeIdentifierBodyMass":
                time, offset, iso = when(el.get("startDate"))
                out["weights"].append({
                    "time": iso, "timeEpoch": time, "utcOffset": offset,
                    "kg": float(el.get("value")) * KG[el.get("unit")],
                    "sourceID": fnv1a64([el.get("sourceName"), el.get("startDate"), t]),
                })
            elif t == "HKQuantityTypeIdentifierStepCount":
                n = int(round(float(el.get("value"))))
                s = out["steps"]
                s["count"] += 1
                s["sum"] += n
                s["byDevice"][el.get("sourceName")] = s["byDevice"].get(el.get("sourceName"), 0) + n
            elif t == "HKQuantityTypeIdentifierHeartRate":
                assert el.get("unit") == "count/min", path
                if 20 <= float(el.get("value")) <= 250:
                    out["heartRates"] += 1
            elif t in NUTRIENTS:
                name, table = NUTRIENTS[t]
                time, offset, iso = when(el.get("startDate"))
                out["nutrients"].append({"nutrient": name, "amount": float(el.get("value")) * table[el.get("unit")],
                                         "time": iso, "timeEpoch": time, "utcOffset": offset})
            else:
                skip(t)
        elif el.tag == "Correlation":
            # None of the fixtures has one; the Swift tests build their own food correlations.
            assert el.get("type") != "HKCorrelationTypeIdentifierFood", path
            skip(el.get("type"))
        elif el.tag not in ("ExportDate", "Me"):
            skip(el.tag)
    return out


def main():
    result = {"files": {name: expected_for(os.path.join(HERE, name)) for name in FILES}}
    with open(os.path.join(HERE, "expected.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    for name, values in result["files"].items():
        print("%s: %d workouts, %d weights, %d step records (%d steps), %d skipped" % (
            name, len(values["workouts"]), len(values["weights"]), values["steps"]["count"],
            values["steps"]["sum"], sum(values["skipped"].values())))


if __name__ == "__main__":
    main()
