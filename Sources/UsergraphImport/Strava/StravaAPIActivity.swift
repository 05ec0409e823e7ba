import Foundation
import UsergraphCore

/// An activity as Strava's API gives it: the list's summary (`SummaryActivity`) and its streams
/// (`StreamSet`, keyed by type), made the `ImportedActivity` a file of it would give, so that
/// the import merges it by the same rules (one workout with its archive twin, the richer track
/// kept).
package struct StravaAPIActivity: Sendable, Equatable {
    package var id: String
    /// `sport_type` (`TrailRun`), else `type` (`Run`).
    package var sportType: String
    package var start: Date
    /// `utc_offset`: seconds east of UTC at the start.
    package var utcOffset: Int?
    package var elapsed: Double
    package var moving: Double?
    package var distance: Double?
    /// Kilocalories, where the summary gives them (only detailed activities do).
    package var energy: Double?
    package var name: String?

    package init(
        id: String, sportType: String, start: Date, utcOffset: Int?, elapsed: Double, moving: Double?, distance: Double?,
        energy: Double? = nil, name: String?
    ) {
        self.id = id; self.sportType = sportType; self.start = start; self.utcOffset = utcOffset; self.elapsed = elapsed
        self.moving = moving; self.distance = distance; self.energy = energy; self.name = name
    }

    /// The activity, with its track from `streams` (the JSON of the streams endpoint) when
    /// there are any; streams that are not a StreamSet throw `ImportProblem`.
    package func imported(streams: Data?) throws -> ImportedActivity {
        var activity = ImportedActivity(
            source: .stravaAPI, sourceID: id, sourceType: sportType, start: start, utcOffset: utcOffset, duration: max(0, elapsed),
            movingTime: moving, distance: distance.flatMap { $0 > 0 ? $0 : nil }, energy: energy)
        activity.name = name.flatMap(ImportedActivity.cleanName)
        if let streams { activity.track = try Self.track(streams, start: start) }
        return activity
    }

    /// One stream: its values, one per sample (`null` where the sample has none).
    private struct Stream<Value: Decodable>: Decodable {
        var data: [Value?]
    }

    private struct StreamSet: Decodable {
        var time: Stream<Double>?
        var latlng: Stream<[Double]>?
        var altitude: Stream<Double>?
        var heartrate: Stream<Double>?
        var cadence: Stream<Double>?
        var watts: Stream<Double>?
        var velocitySmooth: Stream<Double>?

        enum CodingKeys: String, CodingKey {
            case time, latlng, altitude, heartrate, cadence, watts
            case velocitySmooth = "velocity_smooth"
        }
    }

    /// The samples, from the `time` stream's offsets; a stream of another length than `time`'s
    /// is left out (Strava sends them equal; one that is not cannot be placed). The recorder
    /// drops times that go back and positions off the globe, as for a file.
    static func track(_ data: Data, start: Date) throws -> ActivityTrack? {
        let set: StreamSet
        do { set = try JSONDecoder().decode(StreamSet.self, from: data) } catch {
            throw ImportProblem("errors.import.stravaAPI.streams")
        }
        guard let times = set.time?.data, !times.isEmpty else { return nil }
        let count = times.count
        func column(_ stream: Stream<Double>?) -> [Double?]? { stream?.data.count == count ? stream?.data : nil }
        let positions = set.latlng?.data.count == count ? set.latlng?.data : nil
        let ele = column(set.altitude), hr = column(set.heartrate), cad = column(set.cadence), power = column(set.watts)
        let speed = column(set.velocitySmooth)
        var recorder = TrackRecorder()
        for index in 0..<count {
            guard let offset = times[index] else { continue }
            var sample = TrackRecorder.Sample(time: start.addingTimeInterval(offset))
            if let pair = positions?[index] ?? nil, pair.count == 2 {
                sample.latitude = pair[0]
                sample.longitude = pair[1]
            }
            sample.elevation = (ele?[index] ?? nil) ?? .nan
            sample.heartRate = (hr?[index] ?? nil) ?? .nan
            sample.cadence = (cad?[index] ?? nil) ?? .nan
            sample.power = (power?[index] ?? nil) ?? .nan
            sample.speed = (speed?[index] ?? nil) ?? .nan
            recorder.add(sample)
        }
        return recorder.track()
    }
}
