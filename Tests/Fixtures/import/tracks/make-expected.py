#!/usr/bin/env python3
"""Writes expected.json beside this script: the samples independent readers find in the
device files of ../gpx, ../fit and ../tcx, which the workouts' tracks must hold.
ImportTrackTests compares usergraph's tracks with it.

Run with the readers installed (`pip install gpxpy fitparse python-tcxparser`; gpxpy 1.6.2,
fitparse 1.2.0 and python-tcxparser 2.4.0 made the committed file):

    python3 make-expected.py

Per activity with samples, in file order (GPX: a track; FIT: a session; TCX: an activity):
  samples     points with a time (a point without one cannot be placed on a track), less
              those whose time goes back before the one kept before them (a clock that
              stepped back: a track's times never decrease)
  positions   of those, the ones with a latitude and a longitude
  elevations  of those, the ones with an elevation
  heartRates  of those, the ones with a heart rate, and their mean and maximum
A FIT session's samples are its file's `record` messages from its start to its end
(fitparse, timestamps as FIT writes them).
"""
import datetime
import json
import os

import fitparse
import gpxpy
import tcxparser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def summary(samples):
    """samples: a list of (has a position, elevation or None, heart rate or None)."""
    hr = [s[2] for s in samples if s[2] is not None]
    return {
        'samples': len(samples),
        'positions': sum(1 for s in samples if s[0]),
        'elevations': sum(1 for s in samples if s[1] is not None),
        'heartRates': len(hr),
        'heartRateMean': sum(hr) / len(hr) if hr else None,
        'heartRateMax': max(hr) if hr else None,
    }


def gpx_hr(point):
    for ext in point.extensions:
        for child in ext.iter():
            if child.tag.rsplit('}', 1)[-1] == 'hr' and (child.text or '').strip():
                return float(child.text)
    return None


def gpx(path):
    with open(path) as f:
        parsed = gpxpy.parse(f)
    tracks = []
    for track in parsed.tracks:
        samples = []
        last = None
        for segment in track.segments:
            for p in segment.points:
                if p.time is None or (last is not None and p.time < last):
                    continue
                last = p.time
                samples.append((True, p.elevation, gpx_hr(p)))
        if samples:
            tracks.append(summary(samples))
    return tracks


def fit(path):
    f = fitparse.FitFile(path)
    sessions = []
    records = []
    for message in f.get_messages():
        if message.name == 'session':
            sessions.append(message.get_values())
        elif message.name == 'record':
            values = message.get_values()
            if values.get('timestamp') is not None:
                records.append(values)
    result = []
    for session in sessions:
        start = session.get('start_time')
        end = session.get('timestamp')
        if start is None or end is None:
            continue
        samples = []
        last = None
        for r in records:
            if not (start <= r['timestamp'] <= end) or (last is not None and r['timestamp'] < last):
                continue
            last = r['timestamp']
            position = r.get('position_lat') is not None and r.get('position_long') is not None
            elevation = r.get('enhanced_altitude', r.get('altitude'))
            samples.append((position, elevation, r.get('heart_rate')))
        if samples:
            result.append(summary(samples))
    return result


def tcx(path):
    parsed = tcxparser.TCXParser(path)
    ns = {'ns': parsed.root.nsmap[None]}
    samples = []
    last = None
    for point in parsed.root.findall('.//ns:Trackpoint', namespaces=ns):
        time = point.find('ns:Time', ns)
        if time is None:
            continue
        stamp = datetime.datetime.fromisoformat(time.text.strip().replace('Z', '+00:00'))
        if last is not None and stamp < last:
            continue
        last = stamp
        position = point.find('ns:Position', ns) is not None
        altitude = point.find('ns:AltitudeMeters', ns)
        hr = point.find('ns:HeartRateBpm/ns:Value', ns)
        samples.append((position, float(altitude.text) if altitude is not None else None, float(hr.text) if hr is not None else None))
    return [summary(samples)] if samples else []


def main():
    files = {}
    for kind, reader in (('gpx', gpx), ('fit', fit), ('tcx', tcx)):
        folder = os.path.join(ROOT, kind)
        for directory, _, names in sorted(os.walk(folder)):
            for name in sorted(names):
                if not name.endswith('.' + kind):
                    continue
                path = os.path.join(directory, name)
                try:
                    tracks = reader(path)
                except Exception as error:  # a broken fixture (kept for its error) has no expectation
                    print('skipped', path, error)
                    continue
                files[os.path.relpath(path, ROOT)] = tracks
    with open(os.path.join(HERE, 'expected.json'), 'w') as out:
        json.dump({'generator': 'make-expected.py', 'files': files}, out, indent=2, sort_keys=True)
        out.write('\n')


if __name__ == '__main__':
    main()
