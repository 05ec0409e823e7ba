#!/usr/bin/env python3
"""Writes expected.json (and the two derived .fit.gz files) for FITReaderTests.

The values come from python-fitparse 1.2.0 (`pip install fitparse==1.2.0`), an independent FIT
reader, so the Swift reader is checked against someone else's decoding of the same bytes. The
rules that turn fitparse's messages into usergraph's records are restated here on purpose,
not imported from the Swift code:

- one activity per `session` message, its start `start_time`, its duration
  `total_elapsed_time`, moving time `total_timer_time`, distance `total_distance` (m), energy
  `total_calories` (kcal); `sourceType` is the sport's name, `sport/sub_sport` when the sub-sport
  is neither `generic` nor missing;
- `sourceID` is `serial_number-time_created-start_time` as raw FIT seconds (file_id);
- the UTC offset is the `activity` message's `local_timestamp - timestamp`, to 15 minutes;
- a device whose clock was not set writes times below 0x10000000 (seconds since it was
  switched on); the start is then placed by the activity's `local_timestamp` (wall-clock time,
  offset 0);
- one weight per `weight_scale` message (`weight`, kg; `timestamp`).

Run it from anywhere: `python3 make-expected.py`. It reads and writes next to itself.
"""

import calendar
import datetime
import gzip
import json
import os
import warnings

import fitparse

HERE = os.path.dirname(os.path.abspath(__file__))
FIT_EPOCH = 631065600  # 1989-12-31T00:00:00Z in Unix seconds
RELATIVE_LIMIT = 0x10000000

# The fixtures that decode; activity-unexpected-eof.fit is tested for its error instead.
FILES = [
    "2013-02-06-12-11-14.fit",
    "Activity.fit",
    "WeightScaleSingleUser.fit",
    "activity-large-fenxi2-multisport.fit",
    "compressed-speed-distance.fit",
    "developer-types-sample.fit",
    "garmin-edge-820-bike.fit",
    "garmin-fenix-5-run.fit",
    "sample_mulitple_header.fit",
]


def fit_seconds(value):
    """fitparse renders a date_time as a naive UTC datetime, or leaves a relative one an int."""
    if value is None:
        return None
    if isinstance(value, datetime.datetime):
        return calendar.timegm(value.timetuple()) - FIT_EPOCH
    return int(value)


def raw(message, name):
    return message.get_raw_value(name)


def values(message):
    return {field.name: field.value for field in message.fields}


def describe(path):
    fit = fitparse.FitFile(path)
    fit.parse()
    messages = fit.messages
    file_id = next((values(m) for m in messages if m.name == "file_id"), {})
    activity = next((values(m) for m in messages if m.name == "activity"), {})
    serial = file_id.get("serial_number")
    created = fit_seconds(file_id.get("time_created"))

    offset = None
    anchor = None  # (activity timestamp, local timestamp) for a file without a set clock
    act_time = fit_seconds(activity.get("timestamp"))
    local_time = fit_seconds(activity.get("local_timestamp"))
    if act_time is not None and local_time is not None and local_time >= RELATIVE_LIMIT:
        if act_time >= RELATIVE_LIMIT:
            seconds = local_time - act_time
            rounded = int(round(seconds / 900.0)) * 900
            if abs(rounded) <= 14 * 3600:
                offset = rounded
        else:
            anchor = (act_time, local_time)

    def place(fit_time):
        """(Unix seconds, UTC offset) of a FIT time, or None."""
        if fit_time is None:
            return None
        if fit_time >= RELATIVE_LIMIT:
            return fit_time + FIT_EPOCH, offset
        if anchor is not None:
            return anchor[1] - (anchor[0] - fit_time) + FIT_EPOCH, 0
        return None

    sessions = []
    for m in messages:
        if m.name != "session":
            continue
        v = values(m)
        start = fit_seconds(v.get("start_time"))
        placed = place(start)
        sport = v.get("sport")
        sub = v.get("sub_sport")
        source_type = "" if sport is None else str(sport)
        if sub is not None and sub != "generic":
            source_type += "/" + str(sub)
        sessions.append({
            "start_fit": start,
            "start_unix": placed[0] if placed else None,
            "utc_offset": placed[1] if placed else None,
            "source_id": f"{serial}-{created}-{start}" if serial is not None and created is not None else None,
            "sport": sport,
            "sub_sport": sub,
            "source_type": source_type,
            "total_elapsed_time": v.get("total_elapsed_time"),
            "total_timer_time": v.get("total_timer_time"),
            "total_distance": v.get("total_distance"),
            "total_calories": v.get("total_calories"),
        })

    weights = []
    for m in messages:
        if m.name != "weight_scale":
            continue
        v = values(m)
        time = fit_seconds(v.get("timestamp"))
        weights.append({
            "time_unix": time + FIT_EPOCH if time is not None and time >= RELATIVE_LIMIT else None,
            "kg": v.get("weight"),
            "source_id": f"{serial}-{created}-{time}" if serial is not None and created is not None else None,
        })

    result = {
        "data_messages": len(messages),
        "sessions": sessions,
        "weights": weights,
    }
    # The record timestamps, to check compressed-timestamp headers against.
    if path.endswith("compressed-speed-distance.fit"):
        result["record_timestamps"] = [fit_seconds(raw(m, "timestamp")) for m in messages if m.name == "record"]
    return result


def write_gzip_fixtures():
    """Activity.fit.gz (Activity.fit gzipped) and bomb.fit.gz (4 MiB of zero bytes gzipped),
    with mtime 0 so that running the script again gives the same bytes."""
    with open(os.path.join(HERE, "Activity.fit"), "rb") as f:
        activity = f.read()
    with open(os.path.join(HERE, "Activity.fit.gz"), "wb") as f:
        f.write(gzip.compress(activity, compresslevel=9, mtime=0))
    with open(os.path.join(HERE, "bomb.fit.gz"), "wb") as f:
        f.write(gzip.compress(bytes(4 * 1024 * 1024), compresslevel=9, mtime=0))


def main():
    warnings.simplefilter("ignore")
    expected = {
        "generator": f"make-expected.py with python-fitparse {getattr(fitparse, '__version__', '?')}",
        "files": {name: describe(os.path.join(HERE, name)) for name in FILES},
    }
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")
    write_gzip_fixtures()


if __name__ == "__main__":
    main()
