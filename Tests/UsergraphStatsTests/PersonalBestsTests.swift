import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Expected values are worked out by hand from DESIGN.md "History", `bests`.

private func day(_ iso: String) throws -> Day { try #require(Day(iso: iso)) }

@Suite(.scratch) struct PersonalBestsTests {
    private func effort(_ distance: Double, _ seconds: Double) -> BestEffort {
        BestEffort(distance: distance, seconds: seconds, start: 0, end: seconds)
    }

    @Test func theFastestOfEachDistanceWithItsWorkout() throws {
        let workouts = [
            BestsWorkout(
                id: "a", day: try day("2024-05-01"), type: "running", figures: WorkoutFigures(distance: 10_000, elevationGain: 50),
                efforts: [effort(1000, 250), effort(5000, 1300), effort(10_000, 2700)]),
            BestsWorkout(
                id: "b", day: try day("2025-06-01"), type: "running", figures: WorkoutFigures(distance: 5200, elevationGain: 0),
                efforts: [effort(1000, 240.5), effort(5000, 1300)]),
            BestsWorkout(
                id: "c", day: try day("2025-07-01"), type: "cycling", figures: WorkoutFigures(distance: 40_500, elevationGain: 400),
                efforts: [effort(10_000, 1200), effort(20_000, 2500), effort(40_000, 5100)]),
            BestsWorkout(id: "d", day: try day("2025-08-01"), type: "walking", figures: WorkoutFigures(distance: 6000, elevationGain: 0)),
            BestsWorkout(id: "e", day: try day("2025-08-02"), type: "yoga", figures: WorkoutFigures(distance: 0, elevationGain: 0)),
        ]
        let bests = PersonalBests(workouts)
        // 1 km: b's 240.5 beats a's 250. 5 km: a tie at 1,300 s goes to the earlier day, a's.
        #expect(
            bests.efforts["running"] == [
                BestEffortRecord(distance: 1000, seconds: 240.5, workout: "b", day: try day("2025-06-01")),
                BestEffortRecord(distance: 5000, seconds: 1300, workout: "a", day: try day("2024-05-01")),
                BestEffortRecord(distance: 10_000, seconds: 2700, workout: "a", day: try day("2024-05-01")),
            ])
        #expect(bests.efforts["cycling"]?.map(\.distance) == [10_000, 20_000, 40_000])
        #expect(bests.longest["running"] == WorkoutRecord(value: 10_000, workout: "a", day: try day("2024-05-01")))
        #expect(bests.longest["cycling"]?.workout == "c")
        #expect(bests.longest["walking"]?.workout == "d")
        #expect(bests.longest["yoga"] == nil)
        #expect(bests.biggestClimb == WorkoutRecord(value: 400, workout: "c", day: try day("2025-07-01")))

        let years = PersonalBests.byYear(workouts)
        #expect(Set(years.keys) == [2024, 2025])
        // In 2025 alone, b holds 5 km: a's equal time was the year before.
        #expect(years[2025]?.efforts["running"]?.map(\.workout) == ["b", "b"])
        #expect(years[2024]?.biggestClimb?.workout == "a")
        #expect(years[2024]?.longest["cycling"] == nil)
    }

    @Test func onOneDayTheSmallerIdHoldsATie() throws {
        let same = try day("2025-06-01")
        let workouts = ["z", "m"].map {
            BestsWorkout(id: $0, day: same, type: "running", figures: WorkoutFigures(distance: 400, elevationGain: 0), efforts: [effort(400, 80)])
        }
        let bests = PersonalBests(workouts)
        #expect(bests.efforts["running"]?.first?.workout == "m")
        #expect(bests.longest["running"]?.workout == "m")
        #expect(bests.biggestClimb == nil)
        #expect(PersonalBests(workouts.reversed()) == bests)
    }

    @Test func figuresComeFromTheFieldElseTheTrack() {
        var workout = Workout(id: "w", type: "running", start: "2025-06-01T07:00:00+03:00", duration: 1800, distance: 5000)
        let track = TrackFigures(distance: 5100, elevationGain: 30)
        #expect(WorkoutFigures(workout, track: track) == WorkoutFigures(distance: 5000, elevationGain: 30))
        workout.distance = nil
        workout.elevationGain = 12
        #expect(WorkoutFigures(workout, track: track) == WorkoutFigures(distance: 5100, elevationGain: 12))
        #expect(WorkoutFigures(workout) == WorkoutFigures(distance: 0, elevationGain: 12))
    }
}
