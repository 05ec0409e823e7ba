/// The sessions of a FIT activity, also where the file wrote none: some writers (older
/// devices, apps that stop early, files cut short and repaired) leave out the `session`
/// message but keep the laps or the closing `activity` message. A FIT file of the chain that
/// has those then gives one activity: from its first lap's start, as long as its laps (their
/// times, distance and energy summed), or, without laps, the `activity` message's time in
/// motion, ending at its timestamp.
enum FITSessionFallback {
    static func sessions(of contents: FITContents) -> [FITContents.Totals] {
        guard contents.sessions.isEmpty else { return contents.sessions }
        let files = Set(contents.laps.map(\.file)).union(contents.activities.keys).sorted()
        return files.compactMap { file in
            totals(
                laps: contents.laps.filter { $0.file == file }, activity: contents.activities[file],
                sport: contents.sports[file], file: file)
        }
    }

    private static func totals(
        laps: [FITContents.Totals], activity: FITContents.Activity?,
        sport: (sport: UInt32?, subSport: UInt32?)?, file: Int
    ) -> FITContents.Totals? {
        let timer = activity?.timer ?? sum(laps.map(\.timer))
        let end = activity?.timestamp ?? laps.compactMap(\.end).max()
        guard let start = laps.compactMap(\.start).min() ?? FITClock.time(timer, before: end) else { return nil }
        let named = laps.first { $0.sport != nil }.map { ($0.sport, $0.subSport) } ?? sport.map { ($0.sport, $0.subSport) }
        return FITContents.Totals(
            file: file, start: start, end: end, sport: named?.0, subSport: named?.1,
            // The laps' own times before the span to the end: a watch writes its closing
            // messages when it saves, which may be a while after the last lap ended.
            elapsed: sum(laps.map(\.elapsed)) ?? end.flatMap { $0 >= start ? Double($0 - start) : nil } ?? timer,
            timer: timer, distance: sum(laps.map(\.distance)), calories: sum(laps.map(\.calories)))
    }

    /// The sum of the values given, nil where none is.
    private static func sum(_ values: [Double?]) -> Double? {
        let present = values.compactMap { $0 }
        return present.isEmpty ? nil : present.reduce(0, +)
    }
}
