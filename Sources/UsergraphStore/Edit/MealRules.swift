import Foundation
import UsergraphCore

/// `meal add` as typed: nothing trusted yet.
package struct MealInput: Sendable {
    package var kind: String
    package var date: String?
    package var time: String?
    package var foods: [FoodInput]

    package init(kind: String, date: String? = nil, time: String? = nil, foods: [FoodInput]) {
        self.kind = kind; self.date = date; self.time = time; self.foods = foods
    }
}

/// One `--food "NAME"` with the numbers that follow it on the command line.
package struct FoodInput: Sendable, Equatable {
    /// nil for numbers given before any `--food`.
    package var name: String?
    package var kcal: String?
    package var grams: String?
    package var protein: String?
    package var fat: String?
    package var carbs: String?
    /// Options given twice for this food, as typed (`--kcal`).
    package var repeated: [String] = []

    package init(name: String?, kcal: String? = nil, grams: String? = nil, protein: String? = nil, fat: String? = nil, carbs: String? = nil) {
        self.name = name; self.kcal = kcal; self.grams = grams; self.protein = protein; self.fat = fat; self.carbs = carbs
    }
}

/// What a meal may hold.
package enum MealRules {
    static let kcal = 0.0...10_000
    static let grams = 0.0...5000
    static let macro = 0.0...1000
    static let nameLength = 200
    static let foodLimit = 100

    /// The options that belong to the `--food` before them.
    package static let foodOptions = ["--kcal", "--grams", "--protein", "--fat", "--carbs"]

    /// Groups a command line's `--food NAME` and the numbers after each, in the order typed
    /// (ArgumentParser gathers repeated options into arrays and forgets their order). Both
    /// `--kcal 250` and `--kcal=250` are read; a value is taken as it is, even `-5`, so that
    /// it is reported as a negative amount rather than as an unknown option.
    package static func foods(inArguments arguments: [String]) -> [FoodInput] {
        var foods: [FoodInput] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            let (option, inline) = split(argument)
            guard option == "--food" || foodOptions.contains(option) else { index += 1; continue }
            var value = inline
            if value == nil, index + 1 < arguments.count {
                value = arguments[index + 1]
                index += 1
            }
            index += 1
            guard let value else { continue }
            if option == "--food" {
                foods.append(FoodInput(name: value))
                continue
            }
            if foods.isEmpty { foods.append(FoodInput(name: nil)) }
            let last = foods.count - 1
            let keyPath: WritableKeyPath<FoodInput, String?> =
                switch option {
                case "--kcal": \.kcal
                case "--grams": \.grams
                case "--protein": \.protein
                case "--fat": \.fat
                default: \.carbs
                }
            if foods[last][keyPath: keyPath] != nil { foods[last].repeated.append(option) }
            foods[last][keyPath: keyPath] = value
        }
        return foods
    }

    private static func split(_ argument: String) -> (option: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The meal to store, or every problem with the input at once (exit 64). Without a date
    /// the meal is today's; a time today may not be later than `now`.
    package static func validate(_ input: MealInput, id: String, now: Date, zone: TimeZone) throws -> Meal {
        var problems = InputProblems()
        let today = Day(now, in: zone)
        let kind = input.kind.trimmingCharacters(in: .whitespaces).lowercased()
        if !Meal.kinds.contains(kind) { problems.add(option: "--kind", Message("errors.meal.kind", ["value": input.kind])) }

        let day = DayText.check(input.date, today: today, problems: &problems)
        var time: String?
        if let raw = input.time {
            let typed = raw.trimmingCharacters(in: .whitespaces)
            if typed.count == 5, typed.allSatisfy({ $0 == ":" || ($0.isASCII && $0.isNumber) }),
                let seconds = TimeText.secondsOfDay(Substring(typed))
            {
                let text = Day.pad(seconds / 3600, 2) + ":" + Day.pad(seconds / 60 % 60, 2)
                let nowText = String(Timestamp.format(now, in: zone).dropFirst(11).prefix(5))
                if day == today, text > nowText { problems.add(option: "--time", Message("errors.meal.futureTime", ["value": text])) }
                time = text
            } else {
                problems.add(option: "--time", Message("errors.meal.time", ["value": raw]))
            }
        }

        if !input.foods.contains(where: { $0.name != nil }) { problems.add(Message("errors.meal.noFood")) }
        if input.foods.count > foodLimit { problems.add(Message("errors.meal.tooManyFoods", ["limit": String(foodLimit)])) }
        var foods: [Food] = []
        var position = 0
        for food in input.foods {
            // Numbers typed before any --food are no food: the foods are counted as typed.
            if food.name != nil { position += 1 }
            if let checked = check(food, position: position, problems: &problems) { foods.append(checked) }
        }
        try problems.check()
        return Meal(id: id, date: day.iso, kind: kind, time: time, foods: foods)
    }

    /// One food, or nil with its problems added, each naming the food by place and name.
    static func check(_ food: FoodInput, position: Int, problems: inout InputProblems) -> Food? {
        guard let rawName = food.name else {
            let given = [("--kcal", food.kcal), ("--grams", food.grams), ("--protein", food.protein), ("--fat", food.fat), ("--carbs", food.carbs)]
            for case let (option, value?) in given {
                problems.add(Message("errors.meal.beforeFood", ["option": option, "value": value]))
            }
            return nil
        }
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        var own = InputProblems()
        if name.isEmpty {
            own.add(option: "--food", Message("errors.meal.emptyName"))
        } else if name.count > nameLength {
            own.add(option: "--food", InputLimits.tooLong(name.count, limit: nameLength))
        } else if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            own.add(option: "--food", Message("errors.meal.nameControl"))
        }
        for option in food.repeated { own.add(option: option, Message("errors.meal.repeated")) }
        func amount(_ raw: String?, _ option: String, places: Int, range: ClosedRange<Double>) -> Double? {
            guard let raw else { return nil }
            switch DecimalText.parse(raw, places: places, range: range) {
            case .success(let value): return value
            case .failure(let problem): own.add(option: option, problem.message); return nil
            }
        }
        if food.kcal == nil { own.add(option: "--kcal", Message("errors.meal.noKcal")) }
        let kcal = amount(food.kcal, "--kcal", places: 1, range: kcal)
        let grams = amount(food.grams, "--grams", places: 1, range: grams)
        let protein = amount(food.protein, "--protein", places: 1, range: macro)
        let fat = amount(food.fat, "--fat", places: 1, range: macro)
        let carbs = amount(food.carbs, "--carbs", places: 1, range: macro)
        guard own.isEmpty, let kcal else {
            let label =
                name.isEmpty
                ? Message("errors.meal.foodNumber", ["n": String(position)])
                : Message("errors.meal.foodNamed", ["n": String(position), "name": String(name.prefix(40))])
            for line in own.lines { problems.add(Message("errors.meal.food", nested: ["food": label, "problem": line])) }
            return nil
        }
        return Food(name: name, kcal: kcal, grams: grams, protein: protein, fat: fat, carbs: carbs)
    }

    /// A meal's energy, for what the commands say.
    package static func kcal(_ meal: Meal) -> Int {
        Int(meal.foods.reduce(0.0) { $0 + ($1.kcal.isFinite ? $1.kcal : 0) }.rounded())
    }
}
