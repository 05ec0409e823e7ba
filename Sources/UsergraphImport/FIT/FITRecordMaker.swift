/// Makes usergraph's imported records from what a FIT buffer holds: one activity per
/// `session` (a multisport file has one per leg; see `FITSessionFallback` for a file without
/// sessions), one weight per `weight_scale` message.
///
/// A record's `sourceID` is `serial-timeCreated-time`: the device's serial number and the
/// file's creation time from `file_id`, and the session's start (or the weight's time), all
/// as raw FIT seconds, so that importing the file again, or the same file gzipped, gives the
/// same ids. A file whose `file_id` lacks them uses `time-size-crc`, the buffer's size and CRC
/// instead.
struct FITRecordMaker {
    let contents: FITContents
    /// `size-crc` of the buffer, for a file without a usable `file_id`.
    let contentID: String

    /// Sessions and weights that no date could be given (a device time nothing places).
    private(set) var undated = 0

    init(contents: FITContents, contentID: String) {
        self.contents = contents
        self.contentID = contentID
    }

    mutating func activities() -> [ImportedActivity] {
        var activities: [ImportedActivity] = []
        for session in FITSessionFallback.sessions(of: contents) {
            guard let start = Self.start(of: session) else { continue }
            let clock = FITClock(contents.activity(of: session.file))
            guard let placed = clock.place(start) else {
                undated += 1
                continue
            }
            let measured = session.end.flatMap { $0 >= start ? Double($0 - start) : nil }
            var activity =
                ImportedActivity(
                    source: .fit, sourceID: sourceID(file: session.file, time: start),
                    sourceType: FITProfile.sourceType(sport: session.sport, subSport: session.subSport),
                    start: placed.date, utcOffset: placed.utcOffset,
                    duration: session.elapsed ?? measured ?? session.timer ?? 0, movingTime: session.timer,
                    // Zero stands for "not measured" here, as in the other readers (a strength
                    // session has no distance; many apps write no calories).
                    distance: session.distance.flatMap { $0 > 0 ? $0 : nil },
                    energy: session.calories.flatMap { $0 > 0 ? $0 : nil })
            let end = session.end ?? start &+ UInt32(clamping: Int((session.elapsed ?? 0).rounded()))
            activity.track = samples(of: session.file, from: start, through: end, clock: clock)
            activities.append(activity)
        }
        return activities
    }

    /// The records of file `file` from `start` through `end` (a session's span: a multisport
    /// file's legs each get their own), placed by the file's clock.
    private func samples(of file: Int, from start: UInt32, through end: UInt32, clock: FITClock) -> ActivityTrack? {
        var recorder = TrackRecorder()
        for record in contents.records where record.file == file && record.time >= start && record.time <= end {
            var sample = record.sample
            sample.time = clock.place(record.time)?.date
            recorder.add(sample)
        }
        return recorder.track()
    }

    mutating func weights() -> [ImportedWeight] {
        var weights: [ImportedWeight] = []
        for weight in contents.weights {
            guard let time = weight.time, let kg = weight.kg, kg > 0 else { continue }
            // A scale has no wall clock to give: its weights are shown in the site's zone.
            guard let placed = FITClock(nil).place(time) else {
                undated += 1
                continue
            }
            weights.append(
                ImportedWeight(
                    source: .fit, sourceID: sourceID(file: weight.file, time: time),
                    time: placed.date, kg: kg))
        }
        return weights
    }

    /// `start_time`, or the end less the elapsed time where a writer left the start out.
    private static func start(of session: FITContents.Totals) -> UInt32? {
        session.start ?? FITClock.time(session.elapsed, before: session.end)
    }

    private func sourceID(file: Int, time: UInt32) -> String {
        if let id = contents.fileID(of: file), let serial = id.serial, let created = id.timeCreated {
            return "\(serial)-\(created)-\(time)"
        }
        return "\(time)-\(contentID)"
    }
}
