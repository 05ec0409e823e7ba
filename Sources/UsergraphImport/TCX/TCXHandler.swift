import Foundation

/// Follows a Garmin Training Center database (TCX v2; elements matched by local name) and sums
/// up each `<Activity>` as it ends: its start from `<Id>`, its duration, distance and energy
/// from its laps' `TotalTimeSeconds`, `DistanceMeters` and `Calories`. Only a lap's own totals
/// count, not the running `DistanceMeters` of its track points. Activities are read where the
/// schema puts them: under `<Activities>`, directly or in a multisport session's
/// `<FirstSport>`/`<NextSport>`; courses and planned workouts give none.
final class TCXHandler: XMLEventHandler {
    private(set) var activities: [ImportedActivity] = []
    private(set) var activitiesWithoutLaps = 0

    private enum Node { case database, activities, multiSport, sport, activity, id, lap, lapTotal(LapTotal), other }
    private enum LapTotal: String { case time = "TotalTimeSeconds", distance = "DistanceMeters", calories = "Calories" }

    /// One activity as it is read.
    private struct Activity {
        var sport = ""
        var line = 0
        var id = ""
        var laps = 0
        var seconds = 0.0
        var metres: Double?
        var kilocalories: Double?
    }

    private var stack: [Node] = []
    private var activity = Activity()
    private var text = TextCapture()

    func didStart(_ element: String, attributes: [String: String], at location: XMLLocation) throws {
        let node: Node
        switch (stack.last, element) {
        case (nil, "TrainingCenterDatabase"): node = .database
        case (nil, _): throw ImportProblem("errors.import.tcx.notTCX", ["root": String(element.prefix(100))])
        case (.database?, "Activities"): node = .activities
        case (.activities?, "MultiSportSession"): node = .multiSport
        case (.multiSport?, "FirstSport"), (.multiSport?, "NextSport"): node = .sport
        case (.activities?, "Activity"), (.sport?, "Activity"):
            node = .activity
            activity = Activity(sport: attributes["Sport"] ?? "", line: location.line)
        case (.activity?, "Id"):
            node = .id
            text.start()
        case (.activity?, "Lap"):
            node = .lap
            activity.laps += 1
        case (.lap?, _):
            if let total = LapTotal(rawValue: element) {
                node = .lapTotal(total)
                text.start()
            } else {
                node = .other
            }
        default: node = .other
        }
        stack.append(node)
    }

    func didEnd(_ element: String, at location: XMLLocation) throws {
        switch stack.popLast() {
        case .id?:
            activity.id = text.finish()
        case .lapTotal(let total)?:
            let value = text.finish()
            // Sums of durations, distances and energy: a negative or non-finite one is a broken file.
            guard let number = XMLText.decimal(value), number >= 0 else {
                throw ImportProblem("errors.import.tcx.number",
                                    ["line": String(location.line), "element": total.rawValue, "value": String(value.prefix(40))])
            }
            switch total {
            case .time: activity.seconds += number
            case .distance: activity.metres = (activity.metres ?? 0) + number
            case .calories: activity.kilocalories = (activity.kilocalories ?? 0) + number
            }
        case .activity?:
            try finishActivity()
        default: break
        }
    }

    func found(_ string: String) { text.append(string) }

    private func finishActivity() throws {
        guard !activity.id.isEmpty else {
            throw ImportProblem("errors.import.tcx.noID", ["line": String(activity.line)])
        }
        guard let start = XSDDateTime(activity.id) else {
            throw ImportProblem("errors.import.tcx.id", ["line": String(activity.line), "value": String(activity.id.prefix(40))])
        }
        // The schema requires a lap; an activity without one has no duration to give.
        guard activity.laps > 0 else {
            activitiesWithoutLaps += 1
            return
        }
        activities.append(ImportedActivity(
            source: .tcx, sourceID: activity.id, sourceType: activity.sport, start: start.date, utcOffset: start.utcOffset,
            duration: activity.seconds,
            // Zero totals are left out as unknown, as the Strava reader does (an indoor activity
            // writes DistanceMeters 0), so they never make a duplicate look richer when merged.
            distance: activity.metres.flatMap { $0 > 0 ? $0 : nil },
            energy: activity.kilocalories.flatMap { $0 > 0 ? $0 : nil }))
    }
}
