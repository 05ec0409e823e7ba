import Foundation
import UsergraphCore

/// A MyFitnessPal-style nutrition export ("Nutrition Summary": Reports → Export): one row per
/// meal of a day, with its totals. MyFitnessPal writes `Date,Meal,Calories,Fat (g),Saturated
/// Fat,…,Carbohydrates (g),Fiber,Sugar,Protein (g),Vitamin A,…,Iron,Note`, some exports with a
/// `Time` column after `Meal` (`10:00 AM`, often empty) and then one row per diary entry, so
/// several rows of one day and meal; other apps that copy it keep `Date`, `Meal` and
/// `Calories`. Columns are found by name, whatever their order and case, with or without a
/// unit in parentheses; the others are left alone. The rows name no food, so each row is one
/// food named after the diary, with the row's numbers, and the rows of one day and meal one
/// meal (`ImportMerge.diaryMeals`).
enum NutritionCSVReader {
    /// The food a row becomes: the diary's totals, not a food anyone would name.
    static let foodName = "MyFitnessPal"

    /// True when a CSV's first line is such a header (`Date`, `Meal` and `Calories` among its
    /// columns, quoted or not).
    static func isHeader(_ line: Substring) -> Bool {
        var rows = CSVRows(Data(line.utf8))
        let names = Set(((try? rows.next()) ?? []).map(Columns.normalized))
        return names.isSuperset(of: ["date", "meal", "calories"])
    }

    static func read(_ data: Data) throws -> [ImportedMeal] {
        var rows = CSVRows(data)
        guard let header = try rows.next() else { throw ImportProblem("errors.import.nutrition.empty") }
        let columns = Columns(header)
        guard let date = columns["date"], let meal = columns["meal"], let calories = columns["calories"] else {
            throw ImportProblem("errors.import.nutrition.columns")
        }
        let time = columns["time"], fat = columns["fat"], protein = columns["protein"], carbs = columns["carbohydrates"] ?? columns["carbs"]
        var meals: [ImportedMeal] = []
        while let row = try rows.next() {
            let line = rows.line
            func field(_ index: Int?) -> String? { CSVRows.field(index, of: row) }
            if row.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }  // a blank line
            guard let dayText = field(date), let day = Day(iso: dayText) else {
                throw ImportProblem("errors.import.nutrition.date", ["line": String(line), "column": header[date], "value": field(date) ?? ""])
            }
            guard let mealName = field(meal) else { throw ImportProblem("errors.import.nutrition.meal", ["line": String(line)]) }
            func amount(_ index: Int?, _ name: String, required: Bool = false) throws -> Double? {
                guard let text = field(index) else {
                    if required { throw ImportProblem("errors.import.nutrition.number", ["line": String(line), "column": name, "value": ""]) }
                    return nil
                }
                guard let value = Double(text.replacingOccurrences(of: ",", with: "")), value.isFinite, value >= 0, value <= 100_000 else {
                    throw ImportProblem("errors.import.nutrition.number", ["line": String(line), "column": name, "value": text])
                }
                return (value * 10).rounded() / 10
            }
            let food = Food(
                name: foodName, kcal: try amount(calories, header[calories], required: true) ?? 0,
                protein: try amount(protein, protein.map { header[$0] } ?? ""), fat: try amount(fat, fat.map { header[$0] } ?? ""),
                carbs: try amount(carbs, carbs.map { header[$0] } ?? ""))
            meals.append(
                ImportedMeal(
                    day: day, kind: kind(mealName), time: field(time).flatMap(clock), food: food,
                    sourceID: day.iso + "|" + mealName.lowercased()))
        }
        return meals
    }

    /// `Breakfast`, `Lunch`, `Dinner`, `Snacks`; any other meal a diary names (`Meal 5`,
    /// `Pre-workout`) is a snack.
    static func kind(_ meal: String) -> String {
        switch meal.lowercased() {
        case "breakfast": "breakfast"
        case "lunch": "lunch"
        case "dinner", "supper": "dinner"
        default: "snack"
        }
    }

    /// `13:05`, `1:05 PM`, `07:45:00` as `HH:MM`; anything else is no time.
    static func clock(_ text: String) -> String? {
        let upper = text.uppercased()
        let pm = upper.hasSuffix("PM"), am = upper.hasSuffix("AM")
        let digits = (pm || am) ? String(upper.dropLast(2)).trimmingCharacters(in: .whitespaces) : upper
        let parts = digits.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), let h = parts[0], let m = parts[1], (0..<60).contains(m) else { return nil }
        let hour: Int
        if pm || am {
            guard (1...12).contains(h) else { return nil }
            hour = h % 12 + (pm ? 12 : 0)
        } else {
            guard (0..<24).contains(h) else { return nil }
            hour = h
        }
        return Day.pad(hour, 2) + ":" + Day.pad(m, 2)
    }

    /// Header names, lower-cased and without a unit (`Fat (g)` → `fat`), to column indices.
    struct Columns {
        private var indices: [String: Int] = [:]

        init(_ header: [String]) {
            for (index, name) in header.enumerated() where indices[Self.normalized(name)] == nil {
                indices[Self.normalized(name)] = index
            }
        }

        subscript(name: String) -> Int? { indices[name] }

        static func normalized(_ name: String) -> String {
            var text = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            if let open = text.firstIndex(of: "(") { text = String(text[..<open]) }
            return text.trimmingCharacters(in: .whitespaces).lowercased()
        }
    }
}
