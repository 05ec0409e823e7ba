#!/usr/bin/env python3
"""Writes metrics.json beside this script: the track statistics of every GPX fixture, computed
independently of usergraph's Swift code, for the tests of UsergraphStats' track metrics once a
GPX reader keeps samples. Run by hand, not by the tests:

    pip install gpxpy==1.6.2
    python3 Tests/Fixtures/import/tracks/make-metrics.py

It reads every *.gpx under Tests/Fixtures and under ../shared/fixtures (the project's shared
fixtures, when that folder is there), parses each with gpxpy and keys it by its path below the
fixtures folder it was found in (a file in both, byte for byte the same, is one entry; a shared
file with no copy under Tests/Fixtures is marked `"sharedOnly": true`, which no test can read).

Per file, over its tracks (waypoints and routes are not samples and are left out), and the same
per track in file order:
  points        number of track points
  distance      metres: the 2-D haversine distance between consecutive points, computed here
                from gpxpy's parsed latitudes and longitudes (not gpxpy's length_2d, which mixes
                another radius and formula), radius 6,371,008.8 m as DESIGN.md says; a track's
                segments are joined into one sequence, as a usergraph Track joins them; the
                file's is the sum of its tracks' (two tracks are two activities, never joined)
  uphill, downhill
                metres, gpxpy's get_uphill_downhill(): per segment, points without elevation
                dropped, interior values smoothed 0.3/0.4/0.3, rises and falls summed; the file's
                is GPX.get_uphill_downhill(), the track's Track.get_uphill_downhill()
  uphillOneSegment, downhillOneSegment (per track)
                the same algorithm (gpxpy.geo.calculate_uphill_downhill) over all the track's
                elevations as one segment: what usergraph's ElevationChange computes on a Track
  heartRate     {count, mean, max} of the Garmin TrackPointExtension <hr> of track points
                (mean unrounded), or null when no track point has one
"""
import hashlib
import json
import math
import os
import sys

import gpxpy
import gpxpy.geo

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.dirname(os.path.dirname(HERE))
REPOSITORY = os.path.dirname(os.path.dirname(FIXTURES))
SHARED = os.path.normpath(os.path.join(REPOSITORY, '..', 'shared', 'fixtures'))
RADIUS = 6_371_008.8


def haversine(lat1, lon1, lat2, lon2):
    """The formula usergraph's Haversine uses: 2R·asin(√a)."""
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dphi, dlambda = phi2 - phi1, math.radians(lon2) - math.radians(lon1)
    a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlambda / 2) ** 2
    return 2 * RADIUS * math.asin(min(1.0, math.sqrt(a)))


def heart_rates(points):
    rates = []
    for point in points:
        for extension in point.extensions:
            if not extension.tag.endswith('TrackPointExtension'):
                continue
            for child in extension:
                if child.tag.rsplit('}', 1)[-1] == 'hr' and child.text:
                    rates.append(float(child.text))
    if not rates:
        return None
    return {'count': len(rates), 'mean': sum(rates) / len(rates), 'max': max(rates)}


def track_stats(track):
    points = [p for segment in track.segments for p in segment.points]
    distance = sum(haversine(a.latitude, a.longitude, b.latitude, b.longitude) for a, b in zip(points, points[1:]))
    uphill, downhill = track.get_uphill_downhill()
    one_up, one_down = gpxpy.geo.calculate_uphill_downhill([p.elevation for p in points])
    return {
        'name': track.name,
        'points': len(points),
        'distance': distance,
        'uphill': uphill,
        'downhill': downhill,
        'uphillOneSegment': one_up,
        'downhillOneSegment': one_down,
        'heartRate': heart_rates(points),
    }


def file_stats(path):
    with open(path, encoding='utf-8') as f:
        gpx = gpxpy.parse(f)
    tracks = [track_stats(track) for track in gpx.tracks]
    uphill, downhill = gpx.get_uphill_downhill()
    all_points = [p for track in gpx.tracks for segment in track.segments for p in segment.points]
    return {
        'points': sum(t['points'] for t in tracks),
        'distance': sum(t['distance'] for t in tracks),
        'uphill': uphill,
        'downhill': downhill,
        'heartRate': heart_rates(all_points),
        'tracks': tracks,
    }


def gpx_files(root):
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.lower().endswith('.gpx'):
                path = os.path.join(folder, name)
                found[os.path.relpath(path, root)] = path
    return found


def digest(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    ours = gpx_files(FIXTURES)
    shared = gpx_files(SHARED) if os.path.isdir(SHARED) else {}
    result = {}
    for relative in sorted(set(ours) | set(shared)):
        if relative in ours and relative in shared and digest(ours[relative]) != digest(shared[relative]):
            print(f'{relative}: the copy under Tests/Fixtures differs from the shared file', file=sys.stderr)
            return 1
        entry = file_stats(ours.get(relative) or shared[relative])
        if relative not in ours:
            entry['sharedOnly'] = True
        result[relative] = entry
    with open(os.path.join(HERE, 'metrics.json'), 'w', encoding='utf-8') as f:
        json.dump({'gpxpy': gpxpy.__version__, 'radius': RADIUS, 'files': result}, f, indent=2, sort_keys=True)
        f.write('\n')
    print(f'metrics.json: {len(result)} files')
    return 0


if __name__ == '__main__':
    sys.exit(main())
