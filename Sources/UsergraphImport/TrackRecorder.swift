import Foundation
import UsergraphCore

/// An activity's samples as a reader found them, with times counted from `start`: in memory
/// (`samples`) while one file is read, then in a file of the import's scratch folder (`file`),
/// so that ten years of tracks are never in memory at once. The track's own `start` text is
/// written by the merge, which knows the offset the workout is shown in.
package struct ActivityTrack: Sendable, Equatable {
    package var start: Date
    package var samples: Track?
    package var file: String?
    /// How rich it is, to choose between two tracks of one activity: its measures, then its samples.
    package var richness: Richness

    package struct Richness: Sendable, Equatable, Comparable {
        package var columns: Int
        package var count: Int

        package static func < (a: Richness, b: Richness) -> Bool { (a.columns, a.count) < (b.columns, b.count) }
    }

    package init(start: Date, samples: Track) {
        self.start = start; self.samples = samples
        richness = Richness(columns: samples.columns.count, count: samples.count)
    }
}

/// Collects one activity's samples in the order a reader meets them, into columns.
///
/// A sample without a time cannot be placed and is left out, and so is one whose time goes
/// back (a clock that stepped): a track's times never decrease. A column is made when its first
/// value arrives, with NaN for the samples before it; a measure no sample has makes no column.
/// Past `Track.maxSamples` the track is dropped whole (`tooLong`): the activity keeps its totals.
struct TrackRecorder {
    /// One sample's values; NaN for what it does not have.
    struct Sample {
        var time: Date?
        var latitude = Double.nan, longitude = Double.nan, elevation = Double.nan
        var heartRate = Double.nan, cadence = Double.nan, power = Double.nan, speed = Double.nan

        /// Its value of the column at `index` of `Track.Column.allCases` (no array a sample).
        fileprivate func value(_ index: Int) -> Double {
            switch index {
            case 0: latitude
            case 1: longitude
            case 2: elevation
            case 3: heartRate
            case 4: cadence
            case 5: power
            default: speed
            }
        }
    }

    private var start: Date?
    private var t: [Double] = []
    /// In `Track.Column.allCases` order; nil for a column no sample has had yet.
    private var columns = [[Double]?](repeating: nil, count: Track.Column.allCases.count)
    private(set) var tooLong = false

    var isEmpty: Bool { t.isEmpty }

    mutating func add(_ sample: Sample) {
        guard let time = sample.time, !tooLong else { return }
        let start = self.start ?? time
        self.start = start
        let offset = time.timeIntervalSince(start)
        guard offset >= (t.last ?? 0), offset.isFinite else { return }
        guard t.count < Track.maxSamples else {
            tooLong = true
            return
        }
        var sample = sample
        // A position is both coordinates on the globe, or none.
        if !(abs(sample.latitude) <= 90 && abs(sample.longitude) <= 180) {
            sample.latitude = .nan
            sample.longitude = .nan
        }
        for index in columns.indices {
            let value = sample.value(index).isFinite ? sample.value(index) : .nan
            if columns[index] == nil {
                guard !value.isNaN else { continue }
                columns[index] = [Double](repeating: .nan, count: t.count)
            }
            columns[index]?.append(value)
        }
        t.append(offset)
    }

    /// The samples, or nil for none, for a track of times alone, or for one past the cap.
    func track() -> ActivityTrack? {
        guard let start, !tooLong else { return nil }
        var track = Track(start: "", t: t)
        for (column, values) in zip(Track.Column.allCases, columns) {
            if let values { track.columns[column] = values }
        }
        guard !track.columns.isEmpty else { return nil }
        return ActivityTrack(start: start, samples: track)
    }
}
