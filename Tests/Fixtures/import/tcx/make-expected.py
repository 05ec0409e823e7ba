#!/usr/bin/env python3
"""Writes expected.json beside this script: what independent readers find in each TCX fixture
below this folder. TCXReaderTests compares usergraph's reader with it.

Run with python-tcxparser installed (`pip install python-tcxparser`; 2.4.0, with lxml 6.1,
made the committed file):

    python3 make-expected.py

python-tcxparser reads the first <Activity> only and gives its duration (sum of the laps'
TotalTimeSeconds), calories (sum of the laps' Calories), sport and start (first lap's
StartTime). Its `distance` is the last track point's running DistanceMeters, not the laps'
sum, so the distance usergraph reports (the sum of the laps' DistanceMeters) is summed here
with lxml, and python-tcxparser's figure is kept beside it as `tcxparserDistance`. The count
of activities and each <Id> are read with lxml too. The script checks that both readers agree
where they overlap.

Per file: activityCount, and per activity, in file order:
  start             the <Id>, UTC, ISO 8601
  startMicroseconds the same as microseconds since 1970
  utcOffset         seconds east of UTC if the <Id> carries an explicit offset (not Z), else null
  sourceID          the <Id> text
  sport             the Sport attribute
  duration          seconds, sum of the laps' TotalTimeSeconds
  distance          metres, sum of the laps' DistanceMeters
  calories          kilocalories, sum of the laps' Calories
  laps              number of laps
"""
import datetime
import json
import os

from dateutil.parser import isoparse
from lxml import etree
import tcxparser

HERE = os.path.dirname(os.path.abspath(__file__))
NS = {'t': 'http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2'}
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def iso(moment):
    utc = moment.astimezone(datetime.timezone.utc)
    spec = 'microseconds' if utc.microsecond else 'seconds'
    return utc.replace(tzinfo=None).isoformat(timespec=spec) + 'Z'


def laps_sum(activity, element):
    return sum(float(lap.findtext('t:' + element, namespaces=NS) or 0) for lap in activity.findall('t:Lap', NS))


def main():
    expected = {}
    for folder, _, names in sorted(os.walk(HERE)):
        for name in sorted(names):
            if not name.endswith('.tcx'):
                continue
            path = os.path.join(folder, name)
            root = etree.parse(path, etree.XMLParser(resolve_entities=False, no_network=True)).getroot()
            activities = []
            for activity in root.iterfind('.//t:Activities//t:Activity', NS):
                id_text = activity.findtext('t:Id', namespaces=NS).strip()
                start = isoparse(id_text)
                offset = start.utcoffset()
                delta = start - EPOCH
                activities.append({
                    'start': iso(start),
                    'startMicroseconds': delta.days * 86400 * 10**6 + delta.seconds * 10**6 + delta.microseconds,
                    'utcOffset': None if id_text.endswith('Z') or offset is None else int(offset.total_seconds()),
                    'sourceID': id_text,
                    'sport': activity.get('Sport', ''),
                    'duration': laps_sum(activity, 'TotalTimeSeconds'),
                    'distance': laps_sum(activity, 'DistanceMeters'),
                    'calories': laps_sum(activity, 'Calories'),
                    'laps': len(activity.findall('t:Lap', NS)),
                })
            tcx = tcxparser.TCXParser(path)
            first = activities[0]
            assert abs(float(tcx.duration) - first['duration']) < 1e-9, path
            assert abs(float(tcx.calories) - first['calories']) < 1e-9, path
            assert tcx.activity_type == first['sport'].lower(), path
            assert isoparse(tcx.started_at) == isoparse(first['sourceID']), path
            first['tcxparserDistance'] = float(tcx.distance)
            expected[os.path.relpath(path, HERE)] = {'activityCount': len(activities), 'activities': activities}
    with open(os.path.join(HERE, 'expected.json'), 'w', encoding='utf-8') as f:
        json.dump({'generator': 'python-tcxparser ' + getattr(tcxparser, '__version__', '2.4.0') + ' and lxml ' + etree.__version__,
                   'files': expected}, f, indent=2, sort_keys=True)
        f.write('\n')


if __name__ == '__main__':
    main()
