#!/usr/bin/env python3
"""The comparison importer: reads what `AppleHealthReader` reads from an Apple Health
`export.xml` the way the popular Python tools do (applehealthdata, healthkit-to-sqlite,
apple-health-parser): `xml.etree.ElementTree.iterparse`, handling each top-level element at its
end event and then `elem.clear()`.

    python3 Scripts/bench/health_iterparse.py export.xml [--since YYYY-MM-DD]

It applies the same rules as the Swift reader (units, durations, WorkoutStatistics before the old
attributes, food records kept once with their correlation, `--since`), and prints the same JSON
summary as the `health-bench` executable, so one run can compare both speed and results.
Standard library only.
"""

import argparse
import datetime as dt
import json
import sys
import time
import xml.etree.ElementTree as ET

METRES = {"m": 1.0, "km": 1000.0, "mi": 1609.344, "yd": 0.9144, "ft": 0.3048, "cm": 0.01}
KCAL = {"kcal": 1.0, "Cal": 1.0, "kJ": 1 / 4.184, "cal": 0.001, "J": 0.001 / 4.184}
KG = {"kg": 1.0, "lb": 0.45359237, "g": 0.001, "st": 6.35029318, "oz": 0.028349523125}
GRAMS = {"g": 1.0, "mg": 0.001, "mcg": 0.000001, "kg": 1000.0, "oz": 28.349523125}
SECONDS = {"s": 1.0, "ms": 0.001, "min": 60.0, "hr": 3600.0, "d": 86400.0}
NUTRIENTS = {
    "HKQuantityTypeIdentifierDietaryEnergyConsumed": ("kcal", KCAL),
    "HKQuantityTypeIdentifierDietaryProtein": ("protein", GRAMS),
    "HKQuantityTypeIdentifierDietaryFatTotal": ("fat", GRAMS),
    "HKQuantityTypeIdentifierDietaryCarbohydrates": ("carbs", GRAMS),
}


def parse_date(text):
    return dt.datetime.strptime(text, "%Y-%m-%d %H:%M:%S %z")


class Importer:
    def __init__(self, since):
        self.since = since
        self.workouts, self.weights, self.steps, self.nutrients = [], [], [], []
        self.skipped = {}
        self.before_since = 0
        self.duplicates = 0
        self.food_correlations = 0
        # Copies of food records not yet paired with their twin: key -> list of indexes.
        self.unpaired = {"top": {}, "corr": {}}

    def early(self, start):
        return self.since is not None and start < self.since

    def record(self, el, correlation=None):
        rtype = el.get("type")
        if rtype not in NUTRIENTS and rtype not in ("HKQuantityTypeIdentifierBodyMass", "HKQuantityTypeIdentifierStepCount"):
            if correlation is None:
                self.skipped[rtype] = self.skipped.get(rtype, 0) + 1
            return
        if correlation is not None and rtype not in NUTRIENTS:
            return
        start = parse_date(el.get("startDate"))
        if self.early(start):
            if correlation is None:
                self.before_since += 1
            return
        value = float(el.get("value"))
        unit = el.get("unit")
        if rtype == "HKQuantityTypeIdentifierBodyMass":
            self.weights.append(value * KG[unit])
        elif rtype == "HKQuantityTypeIdentifierStepCount":
            self.steps.append((el.get("sourceName"), int(round(value))))
        else:
            name, table = NUTRIENTS[rtype]
            amount = value * table[unit]
            food = None
            for child in el:
                if child.tag == "MetadataEntry" and child.get("key") == "HKFoodType":
                    food = child.get("value")
            key = (rtype, el.get("startDate"), el.get("endDate"), amount, el.get("sourceName"))
            item = {"nutrient": name, "amount": amount, "correlation": correlation, "food": food}
            mine, theirs = ("corr", "top") if correlation is not None else ("top", "corr")
            twins = self.unpaired[theirs].get(key)
            if twins:
                self.duplicates += 1
                index = twins.pop()
                if correlation is not None:
                    kept = self.nutrients[index]
                    kept["correlation"] = correlation
                    kept["food"] = kept["food"] or food
                    return index
                return None
            self.nutrients.append(item)
            self.unpaired[mine].setdefault(key, []).append(len(self.nutrients) - 1)
            return len(self.nutrients) - 1

    def correlation(self, el):
        if el.get("type") != "HKCorrelationTypeIdentifierFood":
            self.skipped[el.get("type")] = self.skipped.get(el.get("type"), 0) + 1
            return
        ordinal = self.food_correlations
        self.food_correlations += 1
        food = None
        members = []
        for child in el:
            if child.tag == "MetadataEntry" and child.get("key") == "HKFoodType":
                food = child.get("value")
            elif child.tag == "Record":
                index = self.record(child, ordinal)
                if index is not None:
                    members.append(index)
        if food is not None:
            for index in members:
                if self.nutrients[index]["food"] is None:
                    self.nutrients[index]["food"] = food

    def workout(self, el):
        start = parse_date(el.get("startDate"))
        if self.early(start):
            self.before_since += 1
            return
        if el.get("duration") is not None:
            duration = float(el.get("duration")) * SECONDS[el.get("durationUnit")]
        else:
            duration = max(0.0, (parse_date(el.get("endDate")) - start).total_seconds())
        attr_distance = attr_energy = None
        if el.get("totalDistance") is not None:
            attr_distance = float(el.get("totalDistance")) * METRES[el.get("totalDistanceUnit")]
        if el.get("totalEnergyBurned") is not None:
            attr_energy = float(el.get("totalEnergyBurned")) * KCAL[el.get("totalEnergyBurnedUnit")]
        own = {"distance": None, "energy": None}
        nested = {"distance": None, "energy": None}

        def add(totals, stat):
            kind = statistic_kind(stat.get("type"))
            if kind is None or stat.get("sum") is None:
                return
            table = METRES if kind == "distance" else KCAL
            totals[kind] = (totals[kind] or 0.0) + float(stat.get("sum")) * table[stat.get("unit")]

        for child in el:
            if child.tag == "WorkoutStatistics":
                add(own, child)
            elif child.tag == "WorkoutActivity":
                for grandchild in child:
                    if grandchild.tag == "WorkoutStatistics":
                        add(nested, grandchild)
        distance = first(own["distance"], attr_distance, nested["distance"])
        energy = first(own["energy"], attr_energy, nested["energy"])
        self.workouts.append({
            "type": el.get("workoutActivityType"), "duration": duration,
            "distance": distance if distance and distance > 0 else None,
            "energy": energy if energy and energy > 0 else None,
        })

    def run(self, path):
        depth = 0
        for event, el in ET.iterparse(path, events=("start", "end")):
            if event == "start":
                depth += 1
                continue
            depth -= 1
            if depth != 1:
                continue
            if el.tag == "Record":
                self.record(el)
            elif el.tag == "Workout":
                self.workout(el)
            elif el.tag == "Correlation":
                self.correlation(el)
            elif el.tag not in ("ExportDate", "Me"):
                self.skipped[el.tag] = self.skipped.get(el.tag, 0) + 1
            el.clear()


def statistic_kind(stat_type):
    if stat_type == "HKQuantityTypeIdentifierActiveEnergyBurned":
        return "energy"
    if stat_type and stat_type.startswith("HKQuantityTypeIdentifierDistance"):
        return "distance"
    return None


def first(*values):
    for value in values:
        if value is not None:
            return value
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path")
    parser.add_argument("--since", help="YYYY-MM-DD (UTC midnight)")
    args = parser.parse_args()
    since = None
    if args.since:
        since = dt.datetime.strptime(args.since, "%Y-%m-%d").replace(tzinfo=dt.timezone.utc)
    began = time.perf_counter()
    importer = Importer(since)
    importer.run(args.path)
    seconds = time.perf_counter() - began
    with open(args.path, "rb") as f:
        f.seek(0, 2)
        megabytes = f.tell() / 1e6
    n = importer.nutrients
    summary = {
        "importer": "python-iterparse",
        "seconds": seconds,
        "megabytes": megabytes,
        "mb_per_s": megabytes / seconds,
        "workouts": len(importer.workouts),
        "workout_distance_m": sum(w["distance"] or 0 for w in importer.workouts),
        "workout_energy_kcal": sum(w["energy"] or 0 for w in importer.workouts),
        "workout_duration_s": sum(w["duration"] for w in importer.workouts),
        "weights": len(importer.weights),
        "weight_kg_sum": sum(importer.weights),
        "steps": len(importer.steps),
        "step_sum": sum(count for _, count in importer.steps),
        "nutrients": len(n),
        "nutrients_in_correlations": sum(1 for x in n if x["correlation"] is not None),
        "nutrients_with_food": sum(1 for x in n if x["food"] is not None),
        "kcal_sum": sum(x["amount"] for x in n if x["nutrient"] == "kcal"),
        "skipped_records": sum(importer.skipped.values()),
        "before_since": importer.before_since,
    }
    json.dump(summary, sys.stdout, indent=2, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
