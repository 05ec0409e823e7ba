import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Every expected value below is worked out by hand from DESIGN.md ("Additions"), not read back
// from the code. The as-of day D is 2026-11-20 in Moscow (UTC+3 all year).

private func day(_ iso: String) throws -> Day { try #require(Day(iso: iso)) }

private func compute(_ snapshot: Snapshot, goal: Int = 10_000) throws -> StatisticsResult {
    Statistics.compute(
        snapshot, asOf: try day("2026-11-20"), timeZone: try #require(TimeZone(identifier: "Europe/Moscow")),
        stepsGoal: goal)
}

private func meal(_ date: String, time: String? = nil, _ foods: [Food]) -> Meal {
    Meal(id: UUID().uuidString, date: date, kind: "lunch", time: time, foods: foods)
}

@Suite(.scratch) struct NutritionStatsTests {
    @Test func aDayWithNoMealsIsZeroAndAWeekWithNoneHasNoAverage() throws {
        let n = try compute(Snapshot()).report.nutrition
        #expect(n.today == DayIntake(kcal: 0, protein: 0, fat: 0, carbs: 0))
        #expect(n.average7 == nil)
        #expect(n.burned7 == 0)
        // No owner: the body's own use is unknown, and so is the balance (not a wrong number).
        #expect(n.basal7 == nil && n.balance7 == nil)
        #expect(n.macros7 == Macros(protein: 0, fat: 0, carbs: 0))
        #expect(n.daily.count == 14)
        #expect(n.daily.first?.date == "2026-11-07")
        #expect(n.daily.last?.date == "2026-11-20")
        #expect(n.daily.allSatisfy { $0.kcal == 0 && $0.burned == 0 })
    }

    @Test func todaySumsEveryFoodOfEveryMealAndFoodsWithoutMacrosAddOnlyEnergy() throws {
        let snapshot = Snapshot(meals: [
            meal(
                "2026-11-20",
                [
                    Food(name: "Oats", kcal: 300.4, grams: 80, protein: 10.25, fat: 5, carbs: 54),
                    Food(name: "Coffee", kcal: 2),
                ]),
            meal("2026-11-20", [Food(name: "Soup", kcal: 250, protein: 12.1, carbs: 20)]),
        ])
        let n = try compute(snapshot).report.nutrition
        // 300.4 + 2 + 250 = 552.4 → 552; protein 10.25 + 12.1 = 22.35 → 22.4 (to 0.1);
        // fat 5 (the soup gives none); carbs 54 + 20 = 74.
        #expect(n.today == DayIntake(kcal: 552, protein: 22.4, fat: 5, carbs: 74))
        // One day of the seven has meals: 552.4 / 1.
        #expect(n.average7 == 552)
    }

    @Test func aMealAt2330BelongsToItsOwnDayAndSoDoesALateWorkout() throws {
        // The meal is recorded on the 19th at 23:30 local time; it must not move to the 20th.
        // The workout starts 20:30Z on the 19th, which is 23:30 on the 19th in Moscow.
        let snapshot = Snapshot(
            workouts: [Workout(id: "w", type: "running", start: "2026-11-19T20:30:00Z", duration: 1800, calories: 300)],
            meals: [meal("2026-11-19", time: "23:30", [Food(name: "Late snack", kcal: 400)])])
        let n = try compute(snapshot).report.nutrition
        #expect(n.today.kcal == 0)
        let nineteenth = try #require(n.daily.first { $0.date == "2026-11-19" })
        #expect(nineteenth.kcal == 400)
        #expect(nineteenth.burned == 300)
        #expect(n.daily.last == DailyIntake(date: "2026-11-20", kcal: 0, burned: 0))
    }

    @Test func theSevenDayWindowEndsOnDAndStartsSixDaysBefore() throws {
        let snapshot = Snapshot(
            workouts: [
                Workout(id: "a", type: "running", start: "2026-11-14T07:00:00+03:00", duration: 1800, calories: 500),  // D-6: in
                Workout(id: "b", type: "running", start: "2026-11-13T07:00:00+03:00", duration: 1800, calories: 700),  // D-7: out
                Workout(id: "c", type: "running", start: "2026-11-21T07:00:00+03:00", duration: 1800, calories: 900),  // after D
            ],
            meals: [
                meal("2026-11-14", [Food(name: "A", kcal: 2000, protein: 100, fat: 50, carbs: 200)]),  // D-6: in
                meal("2026-11-13", [Food(name: "B", kcal: 3000, protein: 10, fat: 10, carbs: 10)]),  // D-7: out of the 7 days
                meal("2026-11-07", [Food(name: "C", kcal: 1000)]),  // D-13: first of the 14
                meal("2026-11-06", [Food(name: "D", kcal: 5000)]),  // D-14: nowhere
                meal("2026-11-20", [Food(name: "E", kcal: 1500, protein: 50.05, fat: 20, carbs: 100)]),
                meal("2026-11-21", [Food(name: "F", kcal: 9999)]),  // after D
            ])
        let n = try compute(snapshot).report.nutrition
        // Two days with meals in the seven: (2000 + 1500) / 2 = 1750.
        #expect(n.average7 == 1750)
        #expect(n.burned7 == 500)
        #expect(n.balance7 == nil)
        // protein 100 + 50.05 = 150.05 → 150.1 (150.05 × 10 = 1500.5 rounds half away from zero).
        #expect(n.macros7 == Macros(protein: 150.1, fat: 70, carbs: 300))
        #expect(n.daily.map(\.kcal) == [1000, 0, 0, 0, 0, 0, 3000, 2000, 0, 0, 0, 0, 0, 1500])
        #expect(n.daily.map(\.burned) == [0, 0, 0, 0, 0, 0, 700, 500, 0, 0, 0, 0, 0, 0])
    }
}

/// The energy balance counts the body's own use (DESIGN.md, "Energy balance").
@Suite(.scratch) struct EnergyBalanceTests {
    @Test func basalEnergyIsMifflinStJeorFromTheOwnerAndTheWeightOfEachDay() throws {
        // A man born 1990-11-17, 180 cm: 35 years old until 2026-11-16, 36 from 2026-11-17.
        let owner = Owner(sex: "M", birthDate: "1990-11-17", heightCm: 180)
        let snapshot = Snapshot(
            owner: owner,
            workouts: [Workout(id: "a", type: "running", start: "2026-11-18T07:00:00+03:00", duration: 1800, calories: 400)],
            weights: [WeightRecord(date: "2026-11-01", kg: 80), WeightRecord(date: "2026-11-19", kg: 79)],
            meals: [meal("2026-11-18", [Food(name: "A", kcal: 14_000)])])
        let n = try compute(snapshot).report.nutrition
        // 10·kg + 6.25·180 + 5 − 5·age: 11-14…11-16 at 80 kg, age 35: 800 + 1125 + 5 − 175 = 1755;
        // 11-17, 11-18 at 80 kg, age 36: 1750; 11-19, 11-20 at 79 kg, age 36: 1740.
        #expect(n.daily.suffix(7).map(\.basal) == [1755, 1755, 1755, 1750, 1750, 1740, 1740])
        #expect(n.basal7 == 3 * 1755 + 2 * 1750 + 2 * 1740)
        #expect(n.balance7 == 14_000 - 400 - (3 * 1755 + 2 * 1750 + 2 * 1740))
        // A woman of the same numbers: − 161 instead of + 5.
        var woman = snapshot
        woman.owner?.sex = "W"
        #expect(try compute(woman).report.nutrition.daily.last?.basal == 1740 - 166)
    }

    /// Apple Health's basal energy, where imported, is the day's; Mifflin–St Jeor fills the rest.
    @Test func importedBasalEnergyComesFirst() throws {
        var snapshot = Snapshot(
            owner: Owner(sex: "M", birthDate: "1990-11-17", heightCm: 180),
            weights: [WeightRecord(date: "2026-11-01", kg: 80)])
        snapshot.basalEnergy = [BasalEnergyRecord(date: "2026-11-20", kcal: 1900), BasalEnergyRecord(date: "2026-11-19", kcal: 1850)]
        let n = try compute(snapshot).report.nutrition
        #expect(n.daily.suffix(3).map(\.basal) == [1750, 1850, 1900])
        // Without an owner, the imported days alone cannot make a week.
        snapshot.owner = nil
        #expect(try compute(snapshot).report.nutrition.basal7 == nil)
    }

    @Test func withoutHeightSexBirthDateOrAWeightTheBalanceIsUnknown() throws {
        let full = Owner(sex: "W", birthDate: "1990-01-01", heightCm: 165)
        let weights = [WeightRecord(date: "2026-11-01", kg: 60)]
        var owners = [Owner(sex: "W", birthDate: "1990-01-01"), Owner(sex: "W", heightCm: 165), Owner(birthDate: "1990-01-01", heightCm: 165)]
        owners.append(Owner(sex: "X", birthDate: "1990-01-01", heightCm: 165))
        for owner in owners {
            #expect(try compute(Snapshot(owner: owner, weights: weights)).report.nutrition.balance7 == nil)
        }
        // A weight recorded only on D−3 leaves the four days before it unknown, and so the week.
        #expect(try compute(Snapshot(owner: full, weights: [WeightRecord(date: "2026-11-17", kg: 60)])).report.nutrition.balance7 == nil)
        #expect(try compute(Snapshot(owner: full, weights: weights)).report.nutrition.balance7 != nil)
    }
}

@Suite(.scratch) struct StepsStatsTests {
    @Test func noRecordsMeansNullTodayAndAverageAndThirtyZeroDays() throws {
        let s = try compute(Snapshot()).report.steps
        #expect(s.today == nil)
        #expect(s.average30 == nil)
        #expect(s.goal == 10_000)
        #expect(s.daysAtGoal30 == 0)
        #expect(s.daily.count == 30)
        #expect(s.daily.first?.date == "2026-10-22")
        #expect(s.daily.last?.date == "2026-11-20")
        #expect(s.daily.allSatisfy { $0.steps == 0 })
    }

    @Test func theGoalMetExactlyCountsAndTheAverageIsOverRecordedDaysOnly() throws {
        let snapshot = Snapshot(steps: [
            StepsRecord(date: "2026-11-20", steps: 8000),
            StepsRecord(date: "2026-11-19", steps: 10_000),  // exactly the goal: counts
            StepsRecord(date: "2026-11-18", steps: 9_999),  // one short: does not
            StepsRecord(date: "2026-10-22", steps: 12_001),  // D-29: the window's first day
            StepsRecord(date: "2026-10-21", steps: 50_000),  // D-30: outside
            StepsRecord(date: "2026-11-21", steps: 50_000),  // after D
        ])
        let s = try compute(snapshot).report.steps
        #expect(s.today == 8000)
        // (8000 + 10000 + 9999 + 12001) / 4 = 40000 / 4 = 10000.
        #expect(s.average30 == 10_000)
        #expect(s.daysAtGoal30 == 2)
        #expect(s.daily.first == DailySteps(date: "2026-10-22", steps: 12_001))
        #expect(s.daily.last == DailySteps(date: "2026-11-20", steps: 8000))
        #expect(s.daily.filter { $0.steps > 0 }.count == 4)
    }

    @Test func theGoalComesFromTheConfig() throws {
        let snapshot = Snapshot(steps: [StepsRecord(date: "2026-11-20", steps: 6000), StepsRecord(date: "2026-11-19", steps: 5999)])
        let s = try compute(snapshot, goal: 6000).report.steps
        #expect(s.goal == 6000)
        #expect(s.daysAtGoal30 == 1)
        // (6000 + 5999) / 2 = 5999.5 → 6000.
        #expect(s.average30 == 6000)
    }
}

@Suite(.scratch) struct BodyMassIndexTests {
    @Test func bmiAndDistanceToTargetUseTheLatestWeight() throws {
        let snapshot = Snapshot(
            owner: Owner(heightCm: 168, targetWeightKg: 68),
            weights: [WeightRecord(date: "2026-11-01", kg: 80), WeightRecord(date: "2026-11-20", kg: 72.4)])
        let w = try compute(snapshot).report.weight
        // 72.4 / 1.68² = 72.4 / 2.8224 = 25.652… → 25.7; 72.4 − 68 = 4.4 still to lose.
        #expect(w.bmi == 25.7)
        #expect(w.target == 68)
        #expect(w.toTarget == 4.4)
    }

    @Test func withoutAHeightOrAWeightThereIsNoBMI() throws {
        let noHeight = try compute(Snapshot(owner: Owner(targetWeightKg: 75), weights: [WeightRecord(date: "2026-11-20", kg: 72.4)]))
        #expect(noHeight.report.weight.bmi == nil)
        // Below the target: the distance is negative.
        #expect(noHeight.report.weight.toTarget == -2.6)
        let noWeight = try compute(Snapshot(owner: Owner(heightCm: 168, targetWeightKg: 75))).report.weight
        #expect(noWeight.bmi == nil)
        #expect(noWeight.target == 75)
        #expect(noWeight.toTarget == nil)
    }
}
