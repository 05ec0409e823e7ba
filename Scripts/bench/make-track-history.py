#!/usr/bin/env python3
"""Generate ten years of workout files with 1 Hz tracks (FIT and GPX) for `make bench`.

Usage: python3 Scripts/bench/make-track-history.py OUT [--workouts 5000] [--years 10] [--seed 1]
                                                   [--end 2026-11-20] [--jobs 2] [--extra DIR]
                                                   [--manifest FILE]

Standard library only. Fixed seed, no clock, no network: the same arguments give byte-identical
files, whatever --jobs (each workout has its own random.Random, seeded by --seed and its number).
OUT (created; it must be empty or absent) receives one file per workout, shaped like the real
files in ../shared/fixtures/import:

- about 60 % FIT, "from a watch": runs (Garmin Fenix 5, then a Fenix 6 from mid-2019) and rides
  (an Edge 520, then an Edge 530; a third of the rides with a power meter), named by their local
  start time as the devices name them (`2021-06-12-07-31-05.fit`). The messages are those of
  garmin-fenix-5-run.fit in its order: file_id, file_creator, event (timer start), device_info
  (the device, the heart-rate strap), sport, then record messages (timestamp, position_lat and
  position_long in semicircles, distance ×100, altitude ×5+500 and speed ×1000 as uint16 on the
  older devices, enhanced_altitude and enhanced_speed as uint32 on the newer ones, heart_rate,
  cadence, temperature, fractional_cadence or power) with a lap at each auto-lap (1 km on foot,
  5 km riding), timer stop and start events around pauses, then the last lap, a timer stop, the
  session (sport running 1 or cycling 2, start_time, total_elapsed_time and total_timer_time
  ×1000, total_distance ×100, total_ascent, …) and the activity (with local_timestamp, which
  places the file's local time). Little-endian, a 14-byte header with its CRC, the FIT CRC-16 at
  the end.
- about 40 % GPX 1.1, "from a phone": walks, hikes and some runs, as Strava's export writes them
  (`<type>` 10, 4 or 9, `gpxtpx:` TrackPointExtension with hr and cad, 7-decimal positions,
  one-space indents; a fifth of its walks recorded without a heart-rate strap, so no
  extensions) or as Garmin Connect's (`<type>walking</type>`, `ns3:` prefix, full-precision
  positions and elevations, two-space indents), each with a `<name>` as the app gives it
  ("Morning Walk" by the local hour, sometimes one of the owner's; "Moscow Walking").

Workouts are spread over --years ending on --end (+03:00; a third of the hikes in the mountains
near Krasnaya Polyana, 2 % on trips to Tbilisi at +04:00), more rides in summer, none
overlapping: runs 25–100 min at 2.6–3.6 m/s, rides 45–200 min at 5.5–9 m/s, walks and hikes
30–150 min at 1.2–1.6 m/s (slower uphill); a mean of about an hour, so 5,000 workouts hold about
18 million 1 Hz samples. Positions are a smooth random walk (the heading turns slowly, with
corners now and then, and turns back as the way home nears the time left, so the routes are
loops) from made-up start points 0.4–3 km around five Moscow parks (no one's home), with a GPS
wander of a few metres; elevation is one terrain per region read through a smoothed, slightly
drifting barometer at 0.2 m; heart rate rises from about 90 and follows the effort (speed, climb,
a slow drift) 30 s behind it (means of 140–165 bpm running, 120–150 riding, 100–120 walking);
cadence by sport (0 when a rider coasts or stops); rides stop at crossings; a third of the
workouts have one to three pauses (no samples for 20–120 s; FIT timer events around them).

--extra DIR writes one more run (FIT) into DIR, starting after the last workout of the history:
the "one new workout" of the bench. --manifest FILE writes what was generated as JSON (per file:
name, sport, start, elapsed seconds, samples, distance). The last line printed is a summary.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import multiprocessing
import os
import random
import struct
import sys
import time
from pathlib import Path

FIT_EPOCH = 631065600            # 1989-12-31T00:00:00Z in Unix seconds
SEMICIRCLES = 2 ** 31 / 180.0
METRES_PER_DEGREE = 111_320.0

# Made-up start areas: parks (not homes), each with its own terrain (base, amplitude, wavelengths
# in metres) and UTC offset. Every workout starts 0.4–3 km from the centre, in any direction.
REGIONS = {
    "sokolniki": dict(lat=55.7930, lon=37.6740, offset=3, base=148.0, amp=12.0, wave=600.0),
    "izmailovo": dict(lat=55.7720, lon=37.7700, offset=3, base=155.0, amp=10.0, wave=700.0),
    "vorobyovy": dict(lat=55.7100, lon=37.5450, offset=3, base=170.0, amp=28.0, wave=450.0),
    "kuzminki": dict(lat=55.6960, lon=37.7920, offset=3, base=140.0, amp=14.0, wave=550.0),
    "bitsa": dict(lat=55.6070, lon=37.5520, offset=3, base=180.0, amp=22.0, wave=500.0),
    "krasnaya-polyana": dict(lat=43.6790, lon=40.2150, offset=3, base=620.0, amp=260.0, wave=2600.0),
    "tbilisi": dict(lat=41.7100, lon=44.7400, offset=4, base=520.0, amp=60.0, wave=900.0),
}
HOME_REGIONS = ["sokolniki", "izmailovo", "vorobyovy", "kuzminki", "bitsa"]

# sport: (file kind, FIT sport, speed range m/s, minutes range, beta(a, b) of the minutes,
#         effort band of heart rate, cadence range)
SPORTS = {
    "run": ("fit", 1, (2.6, 3.6), (25, 100), (1.6, 3.5), (138, 172), (78, 90)),
    "ride": ("fit", 2, (5.5, 9.0), (45, 200), (1.5, 3.5), (118, 160), (76, 94)),
    "walk": ("gpx", 11, (1.2, 1.6), (30, 150), (1.4, 4.0), (96, 122), (52, 60)),
    "hike": ("gpx", 17, (1.2, 1.6), (30, 150), (2.5, 2.0), (105, 150), (46, 58)),
    "phone-run": ("gpx", 1, (2.6, 3.6), (25, 100), (1.6, 3.5), (138, 172), (78, 90)),
}
# Shares by season (Moscow: rides April to October).
SUMMER = {"run": 0.40, "ride": 0.25, "walk": 0.20, "hike": 0.06, "phone-run": 0.09}
WINTER = {"run": 0.50, "ride": 0.02, "walk": 0.33, "hike": 0.03, "phone-run": 0.12}

# Garmin products (file_id.garmin_product) and their record layouts: before June 2019 the
# uint16 altitude and speed, then the uint32 enhanced fields.
DEVICE_SWITCH = dt.datetime(2019, 6, 1, tzinfo=dt.timezone.utc).timestamp()
DEVICES = {("run", False): (2697, 1000, 3_945_849_289), ("run", True): (3290, 2240, 3_364_120_571),
           ("ride", False): (2067, 1530, 3_871_334_002), ("ride", True): (3121, 790, 3_364_509_981)}
HR_STRAP_SERIAL = 3_245_869_700

# Strava names an activity by the local time of day and the sport; some get a name of their own.
STRAVA_SPORT = {"walk": "Walk", "hike": "Hike", "phone-run": "Run"}
OWN_NAMES = {"walk": ["Прогулка в парке", "Walk with the dog", "To the lake and back"],
             "hike": ["Ridge loop", "Поход выходного дня", "Up to the waterfall"],
             "phone-run": ["Park loop", "Easy run", "Интервалы", "Long run"]}
CITIES = {3: "Moscow", 4: "Tbilisi"}


# --------------------------------------------------------------------------- the plan

def plan_history(count: int, years: int, seed: int, end: dt.date) -> list[dict]:
    """Sports, start instants and durations of `count` workouts over `years` ending on `end`,
    spread evenly over the days with jitter, never overlapping (a start lands at least 20
    minutes after the previous end)."""
    rng = random.Random(seed)
    first = end - dt.timedelta(days=round(365.25 * years) - 1)
    days = (end - first).days + 1
    plan, last_end = [], -1
    for index in range(count):
        day = first + dt.timedelta(days=min(days - 1, int((index + rng.random() * 0.95) * days / count)))
        shares = SUMMER if 4 <= day.month <= 10 else WINTER
        sport = rng.choices(list(shares), weights=list(shares.values()))[0]
        _, _, speeds, minutes, shape, _, _ = SPORTS[sport]
        elapsed = int(60 * (minutes[0] + (minutes[1] - minutes[0]) * rng.betavariate(*shape)))
        weekend = day.weekday() >= 5
        if weekend or elapsed > 110 * 60:
            local_minutes = rng.randint(8 * 60, 13 * 60)
        else:
            local_minutes = rng.choice([rng.randint(6 * 60, 8 * 60 + 30), rng.randint(17 * 60 + 30, 20 * 60 + 30)])
        region = rng.choice(HOME_REGIONS)
        if sport == "hike" and rng.random() < 0.35:
            region = "krasnaya-polyana"
        elif rng.random() < 0.02:
            region = "tbilisi"
        offset = REGIONS[region]["offset"]
        midnight = dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone(dt.timedelta(hours=offset)))
        start = int(midnight.timestamp()) + local_minutes * 60 + rng.randint(0, 59)
        if start < last_end + 20 * 60:
            start = last_end + rng.randint(20 * 60, 90 * 60)
        last_end = start + elapsed
        plan.append({"index": index, "sport": sport, "start": start, "elapsed": elapsed, "region": region,
                     "offset": offset, "speed": rng.uniform(*speeds)})
    return plan


def plan_extra(plan: list[dict]) -> dict:
    """One more run, 90 minutes after the history's last workout ends (rounded up to 5 minutes)."""
    last = plan[-1]
    start = last["start"] + last["elapsed"] + 90 * 60
    start += -start % 300
    rng = random.Random(f"extra:{len(plan)}")
    return {"index": len(plan), "sport": "run", "start": start, "elapsed": 47 * 60 + 13, "region": "sokolniki",
            "offset": 3, "speed": rng.uniform(2.8, 3.2)}


# --------------------------------------------------------------------------- one workout's samples

def terrain(region: dict):
    base, amp, wave = region["base"], region["amp"], region["wave"]
    w1, w2, w3 = 1 / wave, 1 / (wave * 0.47), 1 / (wave * 0.21)
    def height(x: float, y: float) -> float:
        return base + amp * (0.55 * math.sin(x * w1 + 0.7) * math.cos(y * w1 * 0.8 + 1.9)
                             + 0.3 * math.sin((x + y) * w2 + 2.3) + 0.15 * math.sin(x * w3 + 0.4) * math.sin(y * w3 + 5.1))
    return height


def simulate(w: dict, seed: int) -> dict:
    """The samples of one workout at 1 Hz: Unix seconds, degrees, metres, bpm, rpm, m/s, W."""
    rng = random.Random(f"{seed}:{w['index']}")
    rand = rng.random
    sport = w["sport"]
    _, _, _, _, _, (hr_lo, hr_hi), (cad_lo, cad_hi) = SPORTS[sport]
    region = REGIONS[w["region"]]
    height = terrain(region)
    riding, on_foot_fast = sport == "ride", sport in ("run", "phone-run")
    elapsed, v0 = w["elapsed"], w["speed"]

    # Start 0.4–3 km from the region's centre, in metres east (x) and north (y) of it.
    r, a = rng.uniform(400, 3000), rng.uniform(0, 2 * math.pi)
    x0, y0 = r * math.cos(a), r * math.sin(a)
    x, y = x0, y0
    heading = rng.uniform(0, 2 * math.pi)
    turn = 0.0
    corner_chance = 1 / 150 if not riding else 1 / 300

    # Pauses: no samples for 20-120 s, one to three of them in a third of the workouts.
    pauses = []
    if rand() < 0.33:
        for _ in range(rng.randint(1, 3)):
            at = rng.randint(300, max(301, elapsed - 300))
            pauses.append((at, at + rng.randint(20, 120)))
        pauses.sort()
    effort = rand()
    hr_base = hr_lo + effort * (hr_hi - hr_lo) * 0.75
    hr = rng.uniform(82, 98)
    cad_base = cad_lo + (cad_hi - cad_lo) * (0.3 + 0.5 * effort)
    power_meter = riding and rand() < 0.35
    temperature = rng.randint(14, 30) if not riding else rng.randint(6, 28)

    ts, lats, lons, eles, hrs, cads, dists, speeds, powers = [], [], [], [], [], [], [], [], []
    lat0, lon0 = region["lat"], region["lon"]
    metres_lon = METRES_PER_DEGREE * math.cos(math.radians(lat0))
    jx = jy = 0.0
    drift = 0.0
    ground = height(x, y)
    baro = ground
    v = 0.0
    speed_noise = 0.0
    stop_left, next_stop = 0, rng.randint(60, 400)
    distance = 0.0
    start = w["start"]
    pause_index, paused_until = 0, -1
    home_bearing = steer = 0.0
    for t in range(elapsed):
        # Heading: a slow wander, a corner now and then, then back towards the start.
        turn = turn * 0.96 + (rand() - 0.5) * 0.006
        heading += turn
        if rand() < corner_chance:
            heading += (1.5708 if rand() < 0.5 else -1.5708) * (0.6 + 0.5 * rand())
        if t % 10 == 0:
            # Home is the start: the closer the way back comes to the time left, the harder the
            # turn towards it, so the route ends near where it began without circling there.
            home_bearing = math.atan2(x0 - x, y0 - y)
            away = math.hypot(x0 - x, y0 - y) / ((elapsed - t) * v0 * 0.85 + 1)
            steer = 0.0 if away < 0.45 else min(0.08, 0.1 * (away - 0.45))
        if steer:
            diff = (home_bearing - heading + math.pi) % (2 * math.pi) - math.pi
            heading += diff * steer
        # Speed: the workout's pace, a slow wobble, the climb, stops at crossings.
        speed_noise = speed_noise * 0.98 + (rand() - 0.5) * 0.012
        next_stop -= 1
        if next_stop <= 0:
            stop_left = rng.randint(8, 40) if riding else rng.randint(5, 20)
            next_stop = rng.randint(180, 900) if riding else rng.randint(400, 2400)
        new_ground = height(x + math.sin(heading) * v, y + math.cos(heading) * v)
        grade = (new_ground - ground) / (v if v > 0.5 else 0.5)
        grade = -0.25 if grade < -0.25 else 0.25 if grade > 0.25 else grade
        if stop_left > 0:
            stop_left -= 1
            target = 0.0
        elif riding:
            target = v0 * (1 + speed_noise) * (1 - 4 * grade if grade > 0 else min(1.35, 1 - 3 * grade))
        else:
            target = v0 * (1 + speed_noise) * (max(0.45, 1 - 3.5 * grade) if grade > 0 else min(1.12, 1 - 1.0 * grade))
        step = target - v
        limit_up, limit_down = (0.6, 1.5) if riding else (0.5, 1.0)
        v += limit_up if step > limit_up else -limit_down if step < -limit_down else step
        if v < 0:
            v = 0.0
        x += math.sin(heading) * v
        y += math.cos(heading) * v
        ground = height(x, y)
        distance += v
        # The barometer: smoothed, drifting a little, 0.2 m steps.
        drift += (rand() - 0.5) * 0.02
        drift = 3.0 if drift > 3.0 else -3.0 if drift < -3.0 else drift
        baro += (ground + drift - baro) * 0.2
        # Heart rate, 30 s behind the effort, drifting up over the workout.
        load = (v / v0 if v0 else 0) - 1
        hr_target = hr_base + 45 * load + 120 * grade + 8 * t / elapsed
        if v < 0.3:
            hr_target = hr_base - 25
        hr += (hr_target - hr) / 30 + (rand() - 0.5) * 1.6
        hr = 80.0 if hr < 80 else 185.0 if hr > 185 else hr
        # GPS wander of a few metres.
        jx = jx * 0.975 + (rand() - 0.5) * 1.15
        jy = jy * 0.975 + (rand() - 0.5) * 1.15
        # A pause: the workout goes on (and the athlete stands), but nothing is recorded.
        if t < paused_until:
            continue
        if pause_index < len(pauses) and t >= pauses[pause_index][0]:
            paused_until = pauses[pause_index][1]
            pause_index += 1
            stop_left = max(stop_left, paused_until - t + 3)
            continue
        if riding:
            cad = 0 if v < 1.0 or grade < -0.03 and rand() < 0.9 else int(cad_base + (rand() - 0.5) * 6 + 40 * grade)
            if power_meter:
                powers.append(0 if cad == 0 else max(0, int(70 + 22 * v * (1 + 10 * grade) + (rand() - 0.5) * 30)))
        elif v < 0.3:
            cad = 0
        else:
            cad = int(cad_base + 6 * load + (rand() - 0.5) * 3)
        ts.append(start + t)
        lats.append(lat0 + (y + jy) / METRES_PER_DEGREE)
        lons.append(lon0 + (x + jx) / metres_lon)
        eles.append(round(baro * 5) / 5)
        hrs.append(int(hr + 0.5))
        cads.append(cad)
        dists.append(distance)
        speeds.append(v)
    return {"t": ts, "lat": lats, "lon": lons, "ele": eles, "hr": hrs, "cad": cads, "dist": dists,
            "speed": speeds, "power": powers if power_meter else None, "pauses": pauses,
            "temperature": temperature, "on_foot_fast": on_foot_fast}


# --------------------------------------------------------------------------- FIT

CRC_TABLE = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]


def fit_crc_bytewise(data: bytes, crc: int = 0) -> int:
    """The FIT SDK's CRC-16, as its documentation writes it (a nibble at a time)."""
    for byte in data:
        tmp = CRC_TABLE[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ CRC_TABLE[byte & 0xF]
        tmp = CRC_TABLE[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ CRC_TABLE[(byte >> 4) & 0xF]
    return crc


_CRC_WORDS: list[int] | None = None


def fit_crc(data: bytes) -> int:
    """The same CRC two bytes at a time through a 65,536-entry table (a 16-bit reflected CRC
    shifts its whole register out in two bytes, so state ^ word indexes the next state)."""
    global _CRC_WORDS
    if _CRC_WORDS is None:
        byte_table = [fit_crc_bytewise(bytes([b])) for b in range(256)]
        def two(word: int) -> int:
            crc = byte_table[word & 0xFF]
            return (crc >> 8) ^ byte_table[(crc ^ (word >> 8)) & 0xFF]
        _CRC_WORDS = [two(word) for word in range(65536)]
    table = _CRC_WORDS
    crc = 0
    even = len(data) & ~1
    for word in memoryview(data)[:even].cast("H"):
        crc = table[crc ^ word]
    if even != len(data):
        crc = fit_crc_bytewise(data[even:], crc)
    return crc


# Base types.
ENUM, SINT8, UINT8, UINT16, SINT32, UINT32, STRING, UINT32Z = 0x00, 0x01, 0x02, 0x84, 0x85, 0x86, 0x07, 0x8C
FORMATS = {ENUM: "B", SINT8: "b", UINT8: "B", UINT16: "H", SINT32: "i", UINT32: "I", UINT32Z: "I"}
SIZES = {ENUM: 1, SINT8: 1, UINT8: 1, UINT16: 2, SINT32: 4, UINT32: 4, UINT32Z: 4}
INVALID = {ENUM: 0xFF, SINT8: 0x7F, UINT8: 0xFF, UINT16: 0xFFFF, SINT32: 0x7FFFFFFF, UINT32: 0xFFFFFFFF, UINT32Z: 0}


class FitWriter:
    """Definition and data messages with normal headers, little-endian."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.structs: dict[int, struct.Struct] = {}

    def define(self, local: int, message: int, fields: list[tuple]) -> None:
        """fields: (number, base type) or (number, STRING, size)."""
        out = bytearray(struct.pack("<BBBHB", 0x40 | local, 0, 0, message, len(fields)))
        fmt = "<B"
        for field in fields:
            number, base = field[0], field[1]
            size = field[2] if base == STRING else SIZES[base]
            out += bytes((number, size, base))
            fmt += f"{size}s" if base == STRING else FORMATS[base]
        self.parts.append(bytes(out))
        self.structs[local] = struct.Struct(fmt)

    def write(self, local: int, *values) -> None:
        self.parts.append(self.structs[local].pack(local, *values))

    def file(self) -> bytes:
        data = b"".join(self.parts)
        header = struct.pack("<BBHI4s", 14, 0x20, 2132, len(data), b".FIT")
        header += struct.pack("<H", fit_crc(header))
        body = header + data
        return body + struct.pack("<H", fit_crc(body))


def semicircles(degrees: float) -> int:
    return int(round(degrees * SEMICIRCLES))


L_FILE_ID, L_CREATOR, L_EVENT, L_DEVICE, L_SPORT, L_RECORD, L_LAP, L_SESSION, L_ACTIVITY = range(9)


def encode_fit(w: dict, s: dict) -> bytes:
    sport = w["sport"]
    fit_sport = SPORTS[sport][1]
    enhanced = w["start"] >= DEVICE_SWITCH
    product, software, serial = DEVICES[(sport, enhanced)]
    ts, lats, lons, eles, hrs, cads, dists, speeds, powers = (
        s["t"], s["lat"], s["lon"], s["ele"], s["hr"], s["cad"], s["dist"], s["speed"], s["power"])
    n = len(ts)
    f = FitWriter()
    first, last = ts[0] - FIT_EPOCH, ts[-1] - FIT_EPOCH
    f.define(L_FILE_ID, 0, [(3, UINT32Z), (4, UINT32), (1, UINT16), (2, UINT16), (0, ENUM)])
    f.write(L_FILE_ID, serial, first, 1, product, 4)
    f.define(L_CREATOR, 49, [(0, UINT16)])
    f.write(L_CREATOR, software)
    f.define(L_EVENT, 21, [(253, UINT32), (3, UINT32), (0, ENUM), (1, ENUM), (4, UINT8)])
    f.write(L_EVENT, first, 0, 0, 0, 0)
    f.define(L_DEVICE, 23, [(253, UINT32), (3, UINT32Z), (2, UINT16), (4, UINT16), (5, UINT16), (0, UINT8), (1, UINT8), (25, ENUM)])
    f.write(L_DEVICE, first, serial, 1, product, software, 0, 0xFF, 5)
    f.write(L_DEVICE, first, HR_STRAP_SERIAL, 1, 1743, 0xFFFF, 1, 120, 1)
    f.define(L_SPORT, 12, [(3, STRING, 16), (0, ENUM), (1, ENUM)])
    f.write(L_SPORT, b"Run" if fit_sport == 1 else b"Bike", fit_sport, 0)

    fields = [(253, UINT32), (0, SINT32), (1, SINT32), (5, UINT32)]
    fields += [(78, UINT32), (73, UINT32)] if enhanced else [(2, UINT16), (6, UINT16)]
    fields += [(3, UINT8), (4, UINT8), (13, SINT8)]
    fields += [(7, UINT16)] if powers is not None else [(53, UINT8)]
    f.define(L_RECORD, 20, fields)
    lap_fields = [(253, UINT32), (2, UINT32), (3, SINT32), (4, SINT32), (5, SINT32), (6, SINT32), (7, UINT32), (8, UINT32),
                  (9, UINT32), (254, UINT16), (11, UINT16), (13, UINT16), (14, UINT16), (21, UINT16), (22, UINT16),
                  (0, ENUM), (1, ENUM), (15, UINT8), (16, UINT8), (17, UINT8), (18, UINT8), (24, ENUM), (25, ENUM)]
    f.define(L_LAP, 19, lap_fields)

    pack = f.structs[L_RECORD].pack
    parts = f.parts
    lap_every = 5000.0 if sport == "ride" else 1000.0
    laps: list[tuple] = []
    lap_start = 0
    next_lap = lap_every
    pause_starts = {a for a, _ in s["pauses"]}
    temperature = s["temperature"]
    fractional = 0
    ascent_total = descent_total = 0.0

    def lap_totals(a: int, b: int) -> tuple:
        """Elapsed and timer ms, distance, ascent, descent, hr avg/max, cadence avg/max, speed avg/max."""
        up = down = 0.0
        for i in range(a + 1, b + 1):
            d = eles[i] - eles[i - 1]
            if d > 0:
                up += d
            else:
                down -= d
        timer = sum(1 for i in range(a + 1, b + 1) if ts[i] - ts[i - 1] <= 1) + 1
        seg_hr = hrs[a:b + 1]
        seg_cad = cads[a:b + 1]
        moving = [c for c in seg_cad if c] or [0]
        return ((ts[b] - ts[a] + 1) * 1000, timer * 1000, dists[b] - (dists[a - 1] if a else 0.0), up, down,
                sum(seg_hr) // len(seg_hr), max(seg_hr), sum(moving) // len(moving), max(seg_cad), max(speeds[a:b + 1]))

    def write_lap(a: int, b: int, index: int, trigger: int) -> None:
        nonlocal ascent_total, descent_total
        el, timer, dist, up, down, hr_avg, hr_max, cad_avg, cad_max, v_max = lap_totals(a, b)
        ascent_total += up
        descent_total += down
        f.write(L_LAP, ts[b] - FIT_EPOCH, ts[a] - FIT_EPOCH, semicircles(lats[a]), semicircles(lons[a]),
                semicircles(lats[b]), semicircles(lons[b]), el, timer, int(dist * 100), index,
                int(dist / 1000 * (65 if sport == "run" else 28)), min(65534, int(dist / (timer / 1000) * 1000)),
                min(65534, int(v_max * 1000)), int(up), int(down), 9, 1, hr_avg, hr_max, cad_avg, cad_max, trigger, fit_sport)

    for i in range(n):
        t = ts[i] - FIT_EPOCH
        if i and ts[i] - ts[i - 1] > 1:
            f.write(L_EVENT, t, 0, 0, 0, 0)          # the timer starts again after a pause
        if powers is not None:
            extra = powers[i]
        else:
            fractional = (fractional + 37) & 0x7F if cads[i] else 0
            extra = fractional
        if enhanced:
            parts.append(pack(L_RECORD, t, semicircles(lats[i]), semicircles(lons[i]), int(dists[i] * 100),
                              int((eles[i] + 500) * 5 + 0.5), int(speeds[i] * 1000), hrs[i], cads[i], temperature, extra))
        else:
            parts.append(pack(L_RECORD, t, semicircles(lats[i]), semicircles(lons[i]), int(dists[i] * 100),
                              int((eles[i] + 500) * 5 + 0.5), min(65534, int(speeds[i] * 1000)), hrs[i], cads[i],
                              temperature, extra))
        if dists[i] >= next_lap and i < n - 1:
            write_lap(lap_start, i, len(laps), 2)
            laps.append((lap_start, i))
            lap_start = i + 1
            next_lap += lap_every
        if i + 1 < n and ts[i + 1] - ts[i] > 1:
            f.write(L_EVENT, t, 0, 0, 4, 0)          # the timer stops for a pause
    if lap_start < n:
        write_lap(lap_start, n - 1, len(laps), 7)
        laps.append((lap_start, n - 1))
    f.write(L_EVENT, last, 0, 0, 4, 0)

    elapsed_ms = (last - first + 1) * 1000
    timer_ms = sum(1 for i in range(1, n) if ts[i] - ts[i - 1] <= 1) * 1000 + 1000
    total_distance = dists[-1]
    f.define(L_SESSION, 18, [(253, UINT32), (2, UINT32), (3, SINT32), (4, SINT32), (7, UINT32), (8, UINT32), (9, UINT32),
                             (29, SINT32), (30, SINT32), (31, SINT32), (32, SINT32), (254, UINT16), (11, UINT16),
                             (14, UINT16), (15, UINT16), (22, UINT16), (23, UINT16), (25, UINT16), (26, UINT16),
                             (20, UINT16), (21, UINT16), (0, ENUM), (1, ENUM), (5, ENUM), (6, ENUM), (16, UINT8),
                             (17, UINT8), (18, UINT8), (19, UINT8), (28, ENUM)])
    moving = [c for c in cads if c] or [0]
    f.write(L_SESSION, last, first, semicircles(lats[0]), semicircles(lons[0]), elapsed_ms, timer_ms,
            int(total_distance * 100), semicircles(max(lats)), semicircles(max(lons)), semicircles(min(lats)),
            semicircles(min(lons)), 0, int(total_distance / 1000 * (65 if sport == "run" else 28)),
            min(65534, int(total_distance / (timer_ms / 1000) * 1000)), min(65534, int(max(speeds) * 1000)),
            int(ascent_total), int(descent_total), 0, len(laps),
            sum(powers) // len(powers) if powers else 0xFFFF, max(powers) if powers else 0xFFFF,
            8, 1, fit_sport, 0, sum(hrs) // n, max(hrs), sum(moving) // len(moving), max(cads), 0)
    f.define(L_ACTIVITY, 34, [(253, UINT32), (0, UINT32), (5, UINT32), (1, UINT16), (2, ENUM), (3, ENUM), (4, ENUM)])
    f.write(L_ACTIVITY, last, timer_ms, last + w["offset"] * 3600, 1, 0, 26, 1)
    return f.file()


def local_day(w: dict) -> str:
    return dt.datetime.fromtimestamp(w["start"], dt.timezone(dt.timedelta(hours=w["offset"]))).date().isoformat()


def fit_name(w: dict) -> str:
    local = dt.datetime.fromtimestamp(w["start"], dt.timezone(dt.timedelta(hours=w["offset"])))
    return local.strftime("%Y-%m-%d-%H-%M-%S") + ".fit"


# --------------------------------------------------------------------------- GPX

STRAVA_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx creator="StravaGPX Android" '
               'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 '
               'http://www.topografix.com/GPX/1/1/gpx.xsd http://www.garmin.com/xmlschemas/GpxExtensions/v3 '
               'http://www.garmin.com/xmlschemas/GpxExtensionsv3.xsd http://www.garmin.com/xmlschemas/TrackPointExtension/v1 '
               'http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" '
               'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" '
               'xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3">\n'
               ' <metadata>\n  <time>{time}</time>\n </metadata>\n <trk>\n  <name>{name}</name>\n  <type>{type}</type>\n  <trkseg>\n')
STRAVA_TAIL = "  </trkseg>\n </trk>\n</gpx>\n"
STRAVA_TYPES = {"walk": "10", "hike": "4", "phone-run": "9"}

GARMIN_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx creator="Garmin Connect" version="1.1"\n'
               '  xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/11.xsd"\n'
               '  xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"\n'
               '  xmlns="http://www.topografix.com/GPX/1/1"\n'
               '  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ns2="http://www.garmin.com/xmlschemas/GpxExtensions/v3">\n'
               '  <metadata>\n    <link href="connect.garmin.com">\n      <text>Garmin Connect</text>\n    </link>\n'
               '    <time>{time}</time>\n  </metadata>\n  <trk>\n    <name>{name}</name>\n    <type>{type}</type>\n    <trkseg>\n')
GARMIN_TAIL = "    </trkseg>\n  </trk>\n</gpx>\n"
GARMIN_TYPES = {"walk": "walking", "hike": "hiking", "phone-run": "running"}


def iso_times(ts: list[int], millis: bool) -> list[str]:
    out, day, prefix = [], None, ""
    suffix = ".000Z" if millis else "Z"
    for t in ts:
        d, s = divmod(t, 86400)
        if d != day:
            day = d
            prefix = (dt.date(1970, 1, 1) + dt.timedelta(days=d)).isoformat() + "T"
        out.append(f"{prefix}{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}{suffix}")
    return out


def encode_gpx(w: dict, s: dict, rng: random.Random) -> tuple[bytes, str]:
    sport = w["sport"]
    garmin = rng.random() < 0.3
    hour = (w["start"] // 3600 + w["offset"]) % 24
    if garmin:
        city = "Krasnaya Polyana" if w["region"] == "krasnaya-polyana" else CITIES[w["offset"]]
        name = f"{city} {GARMIN_TYPES[sport].capitalize()}"
    elif rng.random() < 0.2:
        name = rng.choice(OWN_NAMES[sport])
    else:
        part = "Morning" if 4 <= hour < 11 else "Lunch" if hour < 13 else "Afternoon" if hour < 17 else "Evening" if hour < 21 else "Night"
        name = f"{part} {STRAVA_SPORT[sport]}"
    with_hr = garmin or sport != "walk" or rng.random() >= 0.2
    lats, lons, eles, hrs, cads = s["lat"], s["lon"], s["ele"], s["hr"], s["cad"]
    times = iso_times(s["t"], garmin)
    parts = []
    if garmin:
        parts.append(GARMIN_HEAD.format(time=times[0], name=name, type=GARMIN_TYPES[sport]))
        for i in range(len(times)):
            # Garmin Connect writes its doubles in full, and the elevation a float32 made double.
            ele = struct.unpack("<f", struct.pack("<f", eles[i]))[0]
            parts.append(f'      <trkpt lat="{lats[i]!r}" lon="{lons[i]!r}">\n        <ele>{ele!r}</ele>\n'
                         f'        <time>{times[i]}</time>\n        <extensions>\n          <ns3:TrackPointExtension>\n'
                         f'            <ns3:hr>{hrs[i]}</ns3:hr>\n            <ns3:cad>{cads[i]}</ns3:cad>\n'
                         f'          </ns3:TrackPointExtension>\n        </extensions>\n      </trkpt>\n')
        parts.append(GARMIN_TAIL)
        file_name = f"activity_{4_100_000_000 + w['index'] * 7919}.gpx"
    else:
        parts.append(STRAVA_HEAD.format(time=times[0], name=name, type=STRAVA_TYPES[sport]))
        if with_hr:
            for i in range(len(times)):
                parts.append(f'   <trkpt lat="{lats[i]:.7f}" lon="{lons[i]:.7f}">\n    <ele>{eles[i]:.1f}</ele>\n'
                             f'    <time>{times[i]}</time>\n    <extensions>\n     <gpxtpx:TrackPointExtension>\n'
                             f'      <gpxtpx:hr>{hrs[i]}</gpxtpx:hr>\n      <gpxtpx:cad>{cads[i]}</gpxtpx:cad>\n'
                             f'     </gpxtpx:TrackPointExtension>\n    </extensions>\n   </trkpt>\n')
        else:
            for i in range(len(times)):
                parts.append(f'   <trkpt lat="{lats[i]:.7f}" lon="{lons[i]:.7f}">\n    <ele>{eles[i]:.1f}</ele>\n'
                             f'    <time>{times[i]}</time>\n   </trkpt>\n')
        parts.append(STRAVA_TAIL)
        file_name = f"{1_500_000_000 + w['index'] * 104_729}.gpx"
    return "".join(parts).encode("utf-8"), file_name


# --------------------------------------------------------------------------- writing

def make_one(job: tuple) -> dict:
    w, seed, folder = job
    s = simulate(w, seed)
    if SPORTS[w["sport"]][0] == "fit":
        data, name = encode_fit(w, s), fit_name(w)
    else:
        data, name = encode_gpx(w, s, random.Random(f"gpx:{seed}:{w['index']}"))
    (Path(folder) / name).write_bytes(data)
    haversine = 0.0
    lats, lons = s["lat"], s["lon"]
    for i in range(1, len(lats)):
        p1, p2 = math.radians(lats[i - 1]), math.radians(lats[i])
        dp, dl = p2 - p1, math.radians(lons[i] - lons[i - 1])
        h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        haversine += 2 * 6_371_008.8 * math.asin(math.sqrt(h))
    return {"name": name, "sport": w["sport"], "start": w["start"], "offset": w["offset"],
            "elapsed": s["t"][-1] - s["t"][0] + 1, "samples": len(s["t"]), "odometer": round(s["dist"][-1], 1),
            "haversine": round(haversine, 1), "bytes": len(data), "pauses": len(s["pauses"])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="the folder to write the files into (created; must be empty)")
    ap.add_argument("--workouts", type=int, default=5000)
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--end", default="2026-11-20", help="the last day of the history (YYYY-MM-DD)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="processes (default 2)")
    ap.add_argument("--extra", help="also write one more run, after the last workout, into this folder")
    ap.add_argument("--manifest", help="write what was generated as JSON to this file")
    args = ap.parse_args()
    out = Path(args.out)
    if out.exists() and any(out.iterdir()):
        print(f"make-track-history: {out} is not empty", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    plan = plan_history(args.workouts, args.years, args.seed, dt.date.fromisoformat(args.end))
    jobs = [(w, args.seed, str(out)) for w in plan]
    # The longest first, so the two processes finish together.
    order = sorted(range(len(jobs)), key=lambda i: -jobs[i][0]["elapsed"])
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            done = pool.map(make_one, [jobs[i] for i in order], chunksize=8)
    else:
        done = [make_one(jobs[i]) for i in order]
    files = [None] * len(jobs)
    for i, result in zip(order, done):
        files[i] = result
    extra = None
    if args.extra:
        Path(args.extra).mkdir(parents=True, exist_ok=True)
        extra = make_one((plan_extra(plan), args.seed, args.extra))
    if args.manifest:
        Path(args.manifest).write_text(json.dumps({"workouts": args.workouts, "years": args.years, "seed": args.seed,
                                                   "end": args.end, "files": files, "extra": extra}, indent=1) + "\n", "utf-8")
    fit = [f for f in files if f["name"].endswith(".fit")]
    gpx = [f for f in files if f["name"].endswith(".gpx")]
    samples = sum(f["samples"] for f in files)
    print(f"make-track-history: {len(files):,} workouts ({len(fit):,} FIT, {len(gpx):,} GPX), {samples:,} samples, "
          f"FIT {sum(f['bytes'] for f in fit) / 1e6:,.1f} MB, GPX {sum(f['bytes'] for f in gpx) / 1e6:,.1f} MB, "
          f"{local_day(plan[0])} to {local_day(plan[-1])}" + (f", extra {extra['name']}" if extra else "")
          + f", in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
