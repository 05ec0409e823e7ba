#!/usr/bin/env python3
"""Writes a large synthetic Apple Health `export.xml` for timing the importer.

    python3 Scripts/bench/make-health-export.py --out /tmp/export.xml --size-mb 500 --seed 2026

The shapes are those of the real samples in ../shared/fixtures/import/apple_health/ and of the
README's description of iOS 16+ exports:

- the full internal DTD (`<!DOCTYPE HealthData [ ... ]>`), then `<HealthData>`, `<ExportDate>`, `<Me>`;
- records grouped by type, each type's records in time order, as Health writes them: heart rate
  (some with motion-context metadata), active and basal energy, walking distance, audio exposure,
  heart-rate variability with `<HeartRateVariabilityMetadataList>` children, stand hours and
  sleep (category records), step counts from two devices (an iPhone and a watch, interleaved),
  body mass in kg (a scale) and in lb (Lose It!), dietary energy (kcal, and kJ from a second
  app), protein, fat and carbohydrates;
- `<Correlation type="HKCorrelationTypeIdentifierFood">` with `HKFoodType` / `HKFoodMeal`
  metadata holding copies of dietary records that also appear at the top level (the DTD's
  note), and blood-pressure correlations;
- workouts: old style (`totalDistance` / `totalEnergyBurned` attributes, `HKTimeZone` metadata,
  pause/resume events, routes as inline `<Location>`s or a `<FileReference>`), and iOS 16 style
  (only `duration`; distance and energy in `<WorkoutStatistics>` children in km, mi, m or yd and
  kcal or kJ, a `<WorkoutActivity>` holding its own statistics, a route file reference);
- `<ActivitySummary>` rows and a few `<ClinicalRecord>`s.

Standard library only; the same seed and size give the same bytes.
"""

import argparse
import datetime as dt
import random
import sys

DTD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 13 (synthetic, for usergraph's benchmark) -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType CDATA #REQUIRED
  HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutActivity|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutActivity ((MetadataEntry|WorkoutEvent|WorkoutStatistics)*)>
<!ATTLIST WorkoutActivity
  uuid                  CDATA #REQUIRED
  startDate             CDATA #REQUIRED
  endDate               CDATA #IMPLIED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
>
<!ELEMENT WorkoutEvent (MetadataEntry?)>
<!ATTLIST WorkoutEvent
  type                  CDATA #REQUIRED
  date                  CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type                  CDATA #REQUIRED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
  average               CDATA #IMPLIED
  minimum               CDATA #IMPLIED
  maximum               CDATA #IMPLIED
  sum                   CDATA #IMPLIED
  unit                  CDATA #IMPLIED
>
<!ELEMENT WorkoutRoute ((MetadataEntry|FileReference|Location)*)>
<!ATTLIST WorkoutRoute
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT FileReference EMPTY>
<!ATTLIST FileReference
  path CDATA #REQUIRED
>
<!ELEMENT Location EMPTY>
<!ATTLIST Location
  date CDATA #REQUIRED
  latitude CDATA #REQUIRED
  longitude CDATA #REQUIRED
  altitude CDATA #REQUIRED
  horizontalAccuracy CDATA #REQUIRED
  verticalAccuracy CDATA #REQUIRED
  course CDATA #REQUIRED
  speed CDATA #REQUIRED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
  appleMoveTime            CDATA #IMPLIED
  appleMoveTimeGoal        CDATA #IMPLIED
  appleExerciseTime        CDATA #IMPLIED
  appleExerciseTimeGoal    CDATA #IMPLIED
  appleStandHours          CDATA #IMPLIED
  appleStandHoursGoal      CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!-- Note: Heart Rate Variability records captured by Apple Watch may include an associated list of instantaneous beats-per-minute readings. -->
<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
<!ATTLIST InstantaneousBeatsPerMinute
  bpm  CDATA #REQUIRED
  time CDATA #REQUIRED
>
<!ELEMENT ClinicalRecord EMPTY>
<!ATTLIST ClinicalRecord
  type              CDATA #REQUIRED
  identifier        CDATA #REQUIRED
  sourceName        CDATA #REQUIRED
  sourceURL         CDATA #REQUIRED
  fhirVersion       CDATA #REQUIRED
  receivedDate      CDATA #REQUIRED
  resourceFilePath  CDATA #REQUIRED
>
]>
"""

START = dt.datetime(2018, 1, 1, 6, 0, 0)
END = dt.datetime(2025, 6, 30, 22, 0, 0)

PHONE = "Anna’s iPhone"
WATCH = "Anna’s Apple Watch"
PHONE_DEVICE = ("&lt;&lt;HKDevice: 0x2835f0aa0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
                "hardware:iPhone14,2, software:17.5&gt;")
WATCH_DEVICE = ("&lt;&lt;HKDevice: 0x28347b340&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
                "hardware:Watch6,1, software:10.5&gt;")

FOODS = ["Banana", "Oatmeal &amp; honey", "Greek yogurt", "Chicken breast", "Rice, white",
         "Борщ", "Apple", "Coffee with milk", "Pasta &quot;carbonara&quot;", "Salad &lt;green&gt;"]
MEALS = ["Breakfast", "Lunch", "Dinner", "Snacks"]


def offset_for(t):
    """Pacific time, roughly: summer -0700, winter -0800 (the samples' zone)."""
    return -7 if 4 <= t.month <= 10 else -8


def stamp(t):
    """`2024-10-25 07:04:44 -0700`: local wall time and its offset, as Health writes dates."""
    hours = offset_for(t)
    return t.strftime("%Y-%m-%d %H:%M:%S ") + ("-" if hours < 0 else "+") + "%02d00" % abs(hours)


def record(out, rtype, source, version, device, unit, created, start, end, value, children=""):
    dev = ' device="%s"' % device if device else ""
    u = ' unit="%s"' % unit if unit else ""
    head = (' <Record type="%s" sourceName="%s" sourceVersion="%s"%s%s creationDate="%s" '
            'startDate="%s" endDate="%s" value="%s"' % (rtype, source, version, dev, u, stamp(created),
                                                       stamp(start), stamp(end), value))
    if children:
        out.append(head + ">\n" + children + " </Record>\n")
    else:
        out.append(head + "/>\n")


class Writer:
    """Buffers text and counts bytes, so sections can be sized."""

    def __init__(self, stream):
        self.stream = stream
        self.size = 0
        self.parts = []

    def append(self, text):
        self.parts.append(text)
        if len(self.parts) >= 4096:
            self.flush()

    def flush(self):
        data = "".join(self.parts).encode("utf-8")
        self.stream.write(data)
        self.size += len(data)
        self.parts = []


def spread(budget, sample_size):
    """How many records of about sample_size bytes fill budget, and the time step between them."""
    count = max(1, int(budget / sample_size))
    step = (END - START) / count
    return count, step


def simple_section(w, rng, rtype, budget, unit, values, source, version, device, length=dt.timedelta(minutes=1),
                   meta=None):
    count, step = spread(budget, 400 if device else 260)
    t = START
    for i in range(count):
        jitter = dt.timedelta(seconds=rng.randrange(0, max(1, int(step.total_seconds() / 2))))
        s = t + jitter
        children = ""
        if meta and rng.random() < 0.3:
            children = '  <MetadataEntry key="%s" value="%d"/>\n' % (meta, rng.randrange(0, 3))
        record(w, rtype, source, version, device, unit, s + length + dt.timedelta(minutes=3), s, s + length,
               values(rng), children)
        t += step


def hrv_section(w, rng, budget):
    count, step = spread(budget, 1040)
    t = START
    for i in range(count):
        items = []
        for k in range(rng.randrange(6, 12)):
            items.append('   <InstantaneousBeatsPerMinute bpm="%d" time="%s"/>\n'
                         % (rng.randrange(50, 80), (t + dt.timedelta(seconds=k)).strftime("%I:%M:%S.%f")[:11] + " AM"))
        children = "  <HeartRateVariabilityMetadataList>\n" + "".join(items) + "  </HeartRateVariabilityMetadataList>\n"
        record(w, "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", WATCH, "10.5", WATCH_DEVICE, "ms",
               t + dt.timedelta(minutes=2), t, t + dt.timedelta(minutes=1), "%.3f" % rng.uniform(15, 90), children)
        t += step


def category_section(w, rng, rtype, budget, values, length):
    count, step = spread(budget, 270)
    t = START
    for i in range(count):
        w.append(' <Record type="%s" sourceName="%s" sourceVersion="10.5" creationDate="%s" startDate="%s" '
                 'endDate="%s" value="%s"/>\n' % (rtype, WATCH, stamp(t + length), stamp(t), stamp(t + length),
                                                 rng.choice(values)))
        t += step


def steps_section(w, rng, budget):
    """Two devices counting the same walks: the phone and the watch, interleaved in time."""
    count, step = spread(budget, 381)
    t = START
    for i in range(count):
        phone = i % 2 == 0
        s = t + dt.timedelta(seconds=rng.randrange(0, 120))
        e = s + dt.timedelta(minutes=rng.randrange(1, 10))
        record(w, "HKQuantityTypeIdentifierStepCount", PHONE if phone else WATCH, "17.5" if phone else "10.5",
               PHONE_DEVICE if phone else WATCH_DEVICE, "count", e + dt.timedelta(minutes=5), s, e,
               str(rng.randrange(8, 1800)))
        t += step


def weights_section(w, rng):
    """A smart scale in kg (2018-2021), then Lose It! in lb (2021-2025): about one a day."""
    t = START.replace(hour=7)
    kg = 82.0
    while t < END:
        kg += rng.uniform(-0.25, 0.22)
        if t.year < 2021 or (t.year == 2021 and t.month < 7):
            record(w, "HKQuantityTypeIdentifierBodyMass", "Withings", "6.3.1", None, "kg", t, t, t, "%.2f" % kg,
                   '  <MetadataEntry key="HKWasUserEntered" value="0"/>\n')
        else:
            record(w, "HKQuantityTypeIdentifierBodyMass", "Lose It!", "2", None, "lb", t + dt.timedelta(hours=5),
                   t, t, "%.1f" % (kg / 0.45359237),
                   '  <MetadataEntry key="HKExternalUUID" value="%08X-B13D-4C54-AF3A-28CFA5064EA5"/>\n'
                   % rng.randrange(0, 1 << 32))
        t += dt.timedelta(days=1, minutes=rng.randrange(-30, 30))


def make_foods(rng, budget):
    """The logged foods: each one correlation with energy and macros, written twice (top level
    and inside the correlation), as Health does."""
    per_food = 2350
    count = max(1, int(budget / per_food))
    step = (END - START) / count
    foods = []
    t = START
    for i in range(count):
        s = t.replace(second=0)
        kcal = round(rng.uniform(40, 900), 1)
        foods.append({
            "time": s, "name": rng.choice(FOODS), "meal": rng.choice(MEALS),
            "values": [("HKQuantityTypeIdentifierDietaryEnergyConsumed", "kcal", "%.1f" % kcal),
                       ("HKQuantityTypeIdentifierDietaryProtein", "g", "%.2f" % rng.uniform(0, 40)),
                       ("HKQuantityTypeIdentifierDietaryFatTotal", "g", "%.2f" % rng.uniform(0, 35)),
                       ("HKQuantityTypeIdentifierDietaryCarbohydrates", "g", "%.2f" % rng.uniform(0, 90))],
        })
        t += step
    return foods


def dietary_sections(w, rng, foods):
    """Top-level dietary records, grouped by type: every food's records, plus energy logged in kJ
    by a second app with no correlation."""
    for index, (rtype, _, _) in enumerate(foods[0]["values"]):
        extra = []
        if rtype.endswith("EnergyConsumed"):
            t = START + dt.timedelta(hours=3)
            while t < END:
                extra.append((t, "kJ", "%.0f" % rng.uniform(200, 2500)))
                t += dt.timedelta(days=9, hours=rng.randrange(0, 12))
        merged = [(f["time"], f["values"][index][1], f["values"][index][2], "MyFitnessPal") for f in foods]
        merged += [(t, unit, value, "Yazio") for t, unit, value in extra]
        merged.sort(key=lambda item: item[0])
        for t, unit, value, source in merged:
            record(w, rtype, source, "24.1.0", None, unit, t + dt.timedelta(minutes=1), t, t, value,
                   '  <MetadataEntry key="HKFoodMeal" value="Lunch"/>\n' if source == "Yazio" else "")


def correlations_section(w, rng, foods, pressure_budget):
    for f in foods:
        t = f["time"]
        parts = [' <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="MyFitnessPal" '
                 'sourceVersion="24.1.0" creationDate="%s" startDate="%s" endDate="%s">\n'
                 % (stamp(t + dt.timedelta(minutes=1)), stamp(t), stamp(t)),
                 '  <MetadataEntry key="HKFoodMeal" value="%s"/>\n' % f["meal"],
                 '  <MetadataEntry key="HKFoodType" value="%s"/>\n' % f["name"]]
        w.append("".join(parts))
        for rtype, unit, value in f["values"]:
            w.append(' ')
            record(w, rtype, "MyFitnessPal", "24.1.0", None, unit, t + dt.timedelta(minutes=1), t, t, value)
        w.append(" </Correlation>\n")
    count, step = spread(pressure_budget, 1100)
    t = START
    for i in range(count):
        w.append(' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" sourceVersion="3" '
                 'creationDate="%s" startDate="%s" endDate="%s">\n' % (stamp(t), stamp(t), stamp(t)))
        record(w, "HKQuantityTypeIdentifierBloodPressureSystolic", "Omron", "3", None, "mmHg", t, t, t,
               str(rng.randrange(105, 140)))
        record(w, "HKQuantityTypeIdentifierBloodPressureDiastolic", "Omron", "3", None, "mmHg", t, t, t,
               str(rng.randrange(65, 90)))
        w.append(" </Correlation>\n")
        t += step


WORKOUT_TYPES = [
    ("HKWorkoutActivityTypeRunning", "HKQuantityTypeIdentifierDistanceWalkingRunning", 2.8),
    ("HKWorkoutActivityTypeWalking", "HKQuantityTypeIdentifierDistanceWalkingRunning", 1.4),
    ("HKWorkoutActivityTypeCycling", "HKQuantityTypeIdentifierDistanceCycling", 6.0),
    ("HKWorkoutActivityTypeSwimming", "HKQuantityTypeIdentifierDistanceSwimming", 0.6),
    ("HKWorkoutActivityTypeTraditionalStrengthTraining", None, 0),
    ("HKWorkoutActivityTypeYoga", None, 0),
]
TO_UNIT = {"km": 1000.0, "mi": 1609.344, "m": 1.0, "yd": 0.9144}


def workouts_section(w, rng, budget):
    count, step = spread(budget, 1900)
    t = START
    for i in range(count):
        wtype, dist_type, speed = rng.choice(WORKOUT_TYPES)
        s = t.replace(microsecond=0) + dt.timedelta(minutes=rng.randrange(0, 600))
        minutes = rng.uniform(15, 120)
        e = s + dt.timedelta(seconds=int(minutes * 60) + rng.randrange(0, 90))
        metres = speed * minutes * 60 if dist_type else 0
        kcal = minutes * rng.uniform(4, 12)
        new_style = s.year >= 2022
        unit = "m" if wtype.endswith("Swimming") else rng.choice(["km", "mi"])
        if wtype.endswith("Swimming") and rng.random() < 0.5:
            unit = "yd"
        head = ' <Workout workoutActivityType="%s" duration="%s" durationUnit="min"' % (wtype, repr(minutes))
        if not new_style:
            head += (' totalDistance="%s" totalDistanceUnit="%s" totalEnergyBurned="%s" totalEnergyBurnedUnit="%s"'
                     % (repr(metres / TO_UNIT[unit]), unit, repr(kcal), rng.choice(["kcal", "Cal"])))
        head += (' sourceName="%s" sourceVersion="10.5" device="%s" creationDate="%s" startDate="%s" endDate="%s">\n'
                 % (WATCH, WATCH_DEVICE, stamp(e), stamp(s), stamp(e)))
        parts = [head,
                 '  <MetadataEntry key="HKTimeZone" value="America/Los_Angeles"/>\n',
                 '  <MetadataEntry key="HKWeatherTemperature" value="%d degF"/>\n' % rng.randrange(30, 95),
                 '  <MetadataEntry key="HKIndoorWorkout" value="%d"/>\n' % (0 if dist_type else 1)]
        if rng.random() < 0.3:
            p = s + dt.timedelta(minutes=minutes / 2)
            parts.append('  <WorkoutEvent type="HKWorkoutEventTypePause" date="%s"/>\n' % stamp(p))
            parts.append('  <WorkoutEvent type="HKWorkoutEventTypeResume" date="%s"/>\n' % stamp(p + dt.timedelta(minutes=2)))
        if new_style:
            in_kj = rng.random() < 0.3
            energy = ("%.3f" % (kcal * 4.184), "kJ") if in_kj else ("%.3f" % kcal, "kcal")
            activity = ['  <WorkoutActivity uuid="%08X-4E2A-4C3B-9F1D-0123456789AB" startDate="%s" endDate="%s" '
                        'duration="%s" durationUnit="min">\n' % (rng.randrange(0, 1 << 32), stamp(s), stamp(e), repr(minutes)),
                        '   <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="%s" '
                        'endDate="%s" sum="%s" unit="%s"/>\n' % (stamp(s), stamp(e), energy[0], energy[1])]
            stats = ['  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="%s" endDate="%s" '
                     'sum="%s" unit="%s"/>\n' % (stamp(s), stamp(e), energy[0], energy[1]),
                     '  <WorkoutStatistics type="HKQuantityTypeIdentifierBasalEnergyBurned" startDate="%s" endDate="%s" '
                     'sum="%.3f" unit="kcal"/>\n' % (stamp(s), stamp(e), minutes * 1.1),
                     '  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="%s" endDate="%s" '
                     'average="%.2f" minimum="%d" maximum="%d" unit="count/min"/>\n'
                     % (stamp(s), stamp(e), rng.uniform(100, 160), rng.randrange(70, 100), rng.randrange(160, 190))]
            if dist_type:
                d = "%.5f" % (metres / TO_UNIT[unit])
                stats.append('  <WorkoutStatistics type="%s" startDate="%s" endDate="%s" sum="%s" unit="%s"/>\n'
                             % (dist_type, stamp(s), stamp(e), d, unit))
                activity.append('   <WorkoutStatistics type="%s" startDate="%s" endDate="%s" sum="%s" unit="%s"/>\n'
                                % (dist_type, stamp(s), stamp(e), d, unit))
            activity.append("  </WorkoutActivity>\n")
            parts += activity + stats
        if dist_type:
            parts.append('  <WorkoutRoute sourceName="%s" sourceVersion="10.5" creationDate="%s" startDate="%s" endDate="%s">\n'
                         % (WATCH, stamp(e), stamp(s), stamp(e)))
            if not new_style and rng.random() < 0.3:
                for k in range(rng.randrange(5, 20)):
                    parts.append('   <Location date="%s" latitude="%.6f" longitude="%.6f" altitude="%.4f" '
                                 'horizontalAccuracy="2.40948" verticalAccuracy="1.67859" course="-1" speed="%.5f"/>\n'
                                 % (stamp(s + dt.timedelta(seconds=k)), 37.77 + k * 1e-5, -122.42 - k * 1e-5,
                                    rng.uniform(0, 40), rng.uniform(0, 4)))
            else:
                parts.append('   <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>\n')
                parts.append('   <FileReference path="/workout-routes/route_%s.gpx"/>\n' % s.strftime("%Y-%m-%d_%H.%M"))
            parts.append("  </WorkoutRoute>\n")
        parts.append(" </Workout>\n")
        w.append("".join(parts))
        t += step


def summaries_section(w, rng):
    day = START.date()
    while day <= END.date():
        w.append(' <ActivitySummary dateComponents="%s" activeEnergyBurned="%.3f" activeEnergyBurnedGoal="600" '
                 'activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="%d" '
                 'appleExerciseTimeGoal="30" appleStandHours="%d" appleStandHoursGoal="12"/>\n'
                 % (day.isoformat(), rng.uniform(100, 900), rng.randrange(0, 120), rng.randrange(4, 18)))
        day += dt.timedelta(days=1)


def clinical_section(w, rng):
    for i in range(40):
        ident = "T%032x" % rng.getrandbits(128)
        w.append(' <ClinicalRecord type="Immunization" identifier="%s" sourceName="Sutter Health" '
                 'sourceURL="https://example.org/FHIR/DSTU2/Immunization/%s" fhirVersion="1.0.2" '
                 'receivedDate="2024-12-06 20:24:29 -0800" resourceFilePath="/clinical-records/Immunization-%s.json"/>\n'
                 % (ident, ident, ident))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="the export.xml to write")
    parser.add_argument("--size-mb", type=float, default=500.0, help="about how large (default 500)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    total = args.size_mb * 1_000_000
    share = lambda fraction: total * fraction

    with open(args.out, "wb") as stream:
        w = Writer(stream)
        w.append(DTD)
        w.append('<HealthData locale="en_US">\n <ExportDate value="2025-07-01 09:00:00 -0700"/>\n'
                 ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-02-02" '
                 'HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" '
                 'HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" '
                 'HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" '
                 'HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>\n')
        foods = make_foods(rng, share(0.06))
        steps_section(w, rng, share(0.10))
        simple_section(w, rng, "HKQuantityTypeIdentifierHeartRate", share(0.33), "count/min",
                       lambda r: str(r.randrange(48, 170)), WATCH, "10.5", WATCH_DEVICE,
                       dt.timedelta(0), "HKMetadataKeyHeartRateMotionContext")
        simple_section(w, rng, "HKQuantityTypeIdentifierActiveEnergyBurned", share(0.17), "kcal",
                       lambda r: "%.3f" % r.uniform(0.05, 9), WATCH, "10.5", WATCH_DEVICE)
        simple_section(w, rng, "HKQuantityTypeIdentifierBasalEnergyBurned", share(0.10), "kcal",
                       lambda r: "%.3f" % r.uniform(0.5, 2), WATCH, "10.5", WATCH_DEVICE)
        simple_section(w, rng, "HKQuantityTypeIdentifierDistanceWalkingRunning", share(0.08), "km",
                       lambda r: "%.5f" % r.uniform(0.001, 0.9), PHONE, "17.5", PHONE_DEVICE)
        simple_section(w, rng, "HKQuantityTypeIdentifierEnvironmentalAudioExposure", share(0.04), "dBASPL",
                       lambda r: "%.4f" % r.uniform(30, 90), WATCH, "10.5", WATCH_DEVICE, dt.timedelta(minutes=30))
        hrv_section(w, rng, share(0.04))
        category_section(w, rng, "HKCategoryTypeIdentifierAppleStandHour", share(0.03),
                         ["HKCategoryValueAppleStandHourStood", "HKCategoryValueAppleStandHourIdle"], dt.timedelta(hours=1))
        category_section(w, rng, "HKCategoryTypeIdentifierSleepAnalysis", share(0.02),
                         ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepREM",
                          "HKCategoryValueSleepAnalysisAwake"], dt.timedelta(minutes=25))
        weights_section(w, rng)
        dietary_sections(w, rng, foods)
        correlations_section(w, rng, foods, share(0.005))
        workouts_section(w, rng, share(0.02))
        summaries_section(w, rng)
        clinical_section(w, rng)
        w.append("</HealthData>\n")
        w.flush()
    print("wrote %s: %.1f MB" % (args.out, w.size / 1e6), file=sys.stderr)


if __name__ == "__main__":
    main()
