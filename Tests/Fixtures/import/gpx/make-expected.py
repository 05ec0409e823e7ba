#!/usr/bin/env python3
"""Writes expected.json beside this script: what an independent reader, gpxpy, finds in each
GPX fixture below this folder. GPXReaderTests compares usergraph's reader with it.

Run with gpxpy installed (`pip install gpxpy`; 1.6.2 made the committed file):

    python3 make-expected.py

Per file: the number of activities (tracks with at least one timed point), the number of
tracks without any time, and per activity, in file order:
  start             first timed point, UTC, ISO 8601 (microseconds, gpxpy's resolution)
  startMicroseconds the same as microseconds since 1970 (an exact integer to compare with)
  utcOffset         seconds east of UTC if the first time string carries an explicit offset
                    (other than Z), else null
  duration          seconds from the first to the last timed point (gpxpy get_time_bounds)
  distance          metres, gpxpy Track.length_2d()
  sourceType        the track's <type> text, read with ElementTree: gpxpy 1.6 ignores <type>
                    in GPX 1.0 files (the 1.0 schema has none), usergraph reads it anyway
  points            number of track points
"""
import datetime
import json
import os
import re
import xml.etree.ElementTree as ET

import gpxpy

HERE = os.path.dirname(os.path.abspath(__file__))
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
OFFSET = re.compile(r'([+\-\u2212])(\d{2}):?(\d{2})?\s*$')


def local(tag):
    return tag.rsplit('}', 1)[-1]


def raw_tracks(path):
    """(type text, first <time> text of a track point) per <trk>, straight from the XML."""
    result = []
    for trk in ET.parse(path).getroot():
        if local(trk.tag) != 'trk':
            continue
        kind = ''
        first_time = None
        for child in trk:
            if local(child.tag) == 'type':
                kind = (child.text or '').strip()
        for seg in trk:
            if local(seg.tag) != 'trkseg':
                continue
            for pt in seg:
                if local(pt.tag) != 'trkpt' or first_time is not None:
                    continue
                for t in pt:
                    if local(t.tag) == 'time' and (t.text or '').strip():
                        first_time = t.text.strip()
        result.append((kind, first_time))
    return result


def utc_offset(text):
    m = OFFSET.search(text)
    if not m or text.rstrip().endswith('Z'):
        return None
    sign = -1 if m.group(1) in '-\u2212' else 1
    return sign * (int(m.group(2)) * 3600 + int(m.group(3) or 0) * 60)


def iso(moment):
    utc = moment.astimezone(datetime.timezone.utc)
    spec = 'microseconds' if utc.microsecond else 'seconds'
    return utc.replace(tzinfo=None).isoformat(timespec=spec) + 'Z'


def main():
    expected = {}
    for folder, _, names in sorted(os.walk(HERE)):
        for name in sorted(names):
            if not name.endswith('.gpx'):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding='utf-8') as f:
                gpx = gpxpy.parse(f)
            raw = raw_tracks(path)
            assert len(raw) == len(gpx.tracks), path
            activities = []
            untimed = 0
            for track, (kind, first_time) in zip(gpx.tracks, raw):
                start, end = track.get_time_bounds()
                if start is None:
                    untimed += 1
                    continue
                delta = start - EPOCH
                activities.append({
                    'start': iso(start),
                    'startMicroseconds': delta.days * 86400 * 10**6 + delta.seconds * 10**6 + delta.microseconds,
                    'utcOffset': utc_offset(first_time),
                    'duration': (end - start).total_seconds(),
                    'distance': track.length_2d(),
                    'sourceType': kind,
                    'points': sum(len(s.points) for s in track.segments),
                })
            relative = os.path.relpath(path, HERE)
            expected[relative] = {
                'activityCount': len(activities),
                'tracksWithoutTime': untimed,
                'routes': len(gpx.routes),
                'waypoints': len(gpx.waypoints),
                'activities': activities,
            }
    with open(os.path.join(HERE, 'expected.json'), 'w', encoding='utf-8') as f:
        json.dump({'generator': 'gpxpy ' + gpxpy.__version__, 'files': expected}, f, indent=2, sort_keys=True)
        f.write('\n')


if __name__ == '__main__':
    main()
