import Foundation
import UsergraphCore

/// What was eaten against what was burned, as of one day (DESIGN.md, "Additions"). A meal
/// belongs to the day it was recorded on, whatever its time; a workout to the day it started on
/// in the site's zone.
struct NutritionStats {
    /// Days in the intake-against-burned series.
    static let dailyDays = 14
    /// Days of the averages, the balance and the macro split.
    static let weekDays = 7

    var summary: NutritionSummary

    /// `burnedByDay`: workout kilocalories by day number, for at least the 14 days ending on `asOf`;
    /// `basal`: the body's own use on a day, nil when unknown.
    init(meals: [Meal], burnedByDay: [Int: Int], basal: BasalEnergy, asOf: Day) {
        let firstDaily = asOf.adding(days: -(Self.dailyDays - 1))
        let firstWeek = asOf.adding(days: -(Self.weekDays - 1))
        var eaten: [Int: FoodTotals] = [:]
        for meal in meals {
            guard let day = Day(iso: meal.date), day >= firstDaily, day <= asOf else { continue }
            var intake = eaten[day.number] ?? FoodTotals()
            for food in meal.foods { intake.add(food) }
            eaten[day.number] = intake
        }
        let week = (firstWeek.number...asOf.number)
        let weekIntake = week.reduce(into: FoodTotals()) { total, day in eaten[day].map { total.add($0) } }
        let daysWithMeals = week.reduce(0) { $0 + (eaten[$1] == nil ? 0 : 1) }
        let burned7 = week.reduce(0) { $0 + (burnedByDay[$1] ?? 0) }
        // Unknown for one day is unknown for the week: a balance without a day's basal energy
        // would be off by some 1,500 kcal.
        let basalDays = week.map { basal.kcal(on: Day(number: $0)) }
        let basal7 = basalDays.contains(nil) ? nil : basalDays.reduce(0) { $0 + ($1 ?? 0) }
        let today = eaten[asOf.number] ?? FoodTotals()
        summary = NutritionSummary(
            today: DayIntake(
                kcal: Int(today.kcal.rounded()), protein: Self.tenth(today.protein), fat: Self.tenth(today.fat),
                carbs: Self.tenth(today.carbs)),
            average7: daysWithMeals == 0 ? nil : Int((weekIntake.kcal / Double(daysWithMeals)).rounded()),
            burned7: burned7,
            basal7: basal7,
            balance7: basal7.map { Int(weekIntake.kcal.rounded()) - burned7 - $0 },
            macros7: Macros(protein: Self.tenth(weekIntake.protein), fat: Self.tenth(weekIntake.fat), carbs: Self.tenth(weekIntake.carbs)),
            daily: (firstDaily.number...asOf.number).map {
                DailyIntake(
                    date: Day(number: $0).iso, kcal: Int((eaten[$0]?.kcal ?? 0).rounded()), burned: burnedByDay[$0] ?? 0,
                    basal: basal.kcal(on: Day(number: $0)))
            })
    }

    /// Rounded to 0.1 g; `+ 0` keeps a `-0` out of the JSON.
    static func tenth(_ grams: Double) -> Double { (grams * 10).rounded() / 10 + 0 }
}

/// The body's own energy use on a day (DESIGN.md, "Energy balance"): Apple Health's basal
/// energy of that day where the store has it; else Mifflin–St Jeor from the owner's sex, age on
/// that day, height and latest weight on or before it, 10·kg + 6.25·cm − 5·age + 5 (M) or − 161
/// (W), rounded; unknown without any of them.
struct BasalEnergy {
    let sex: String?
    let heightCm: Double?
    let owner: Owner?
    /// Sorted by day.
    let weights: [WeightPoint]
    /// Imported kilocalories by day number.
    let recorded: [Int: Int]

    init(owner: Owner?, weights: [WeightPoint], recorded: [BasalEnergyRecord] = []) {
        self.owner = owner
        self.sex = owner?.sex
        self.heightCm = owner?.heightCm.flatMap { $0.isFinite && $0 >= 50 && $0 <= 300 ? $0 : nil }
        self.weights = weights
        self.recorded = Dictionary(
            recorded.compactMap { record in
                Day(iso: record.date).flatMap { record.kcal >= 0 ? ($0.number, record.kcal) : nil }
            }, uniquingKeysWith: max)
    }

    func kcal(on day: Day) -> Int? {
        if let kcal = recorded[day.number] { return kcal }
        guard let heightCm, let age = owner?.age(on: day),
            let kg = WeightStats.last(in: weights, onOrBefore: day)?.kg, kg.isFinite, kg > 0
        else { return nil }
        let constant: Double
        switch sex {
        case "M": constant = 5
        case "W": constant = -161
        default: return nil
        }
        return Int((10 * kg + 6.25 * heightCm - 5 * Double(age) + constant).rounded())
    }
}

/// Sums over foods: a meal's, a day's, a week's. A macro a food does not give adds nothing.
package struct FoodTotals: Sendable, Equatable {
    package var kcal = 0.0, protein = 0.0, fat = 0.0, carbs = 0.0

    package init() {}

    package mutating func add(_ food: Food) {
        kcal += Self.finite(food.kcal)
        protein += Self.finite(food.protein ?? 0)
        fat += Self.finite(food.fat ?? 0)
        carbs += Self.finite(food.carbs ?? 0)
    }

    package mutating func add(_ other: FoodTotals) {
        kcal += other.kcal; protein += other.protein; fat += other.fat; carbs += other.carbs
    }

    /// A hand-edited store may hold a negative or huge number; it never turns a sum into NaN.
    package static func finite(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
}
