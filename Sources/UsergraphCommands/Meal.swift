import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphStore

struct MealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meal",
        abstract: "Records meals and their foods (Store/meals.json).",
        subcommands: [Add.self, List.self, Delete.self]
    )

    /// `lunch of November 20, 2026 at 13:10, 2 foods, 555 kcal (id 1b2c3d4e)`, the kind in the
    /// console's language.
    static func describe(_ meal: Meal, _ console: Console) -> Message {
        let day: Message = Day(iso: meal.date).map(Message.date) ?? .verbatim(meal.date)
        return Message(
            meal.time == nil ? "notes.meal.describeUntimed" : "notes.meal.describe",
            ["kind": kindName(meal.kind, console), "time": meal.time ?? "", "kcal": String(MealRules.kcal(meal)), "id": String(meal.id.prefix(8))],
            nested: ["date": day, "foods": .count("count.foods", meal.foods.count)])
    }

    /// `lunch`, `обед`: the theme's word for a kind, in lower case as it sits mid-sentence.
    static func kindName(_ kind: String, _ console: Console) -> String {
        console.strings?.optionalText("mealKinds." + kind)?.lowercased() ?? kind
    }

    struct Add: ConsoleCommand, CommandLineAware {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Records a meal: repeat --food with its numbers for each food eaten.",
            discussion: """
                The numbers after a --food belong to it: usergraph meal add --kind lunch --food "Soup" --kcal 250 \
                --food "Bread" --kcal 90 --grams 40. Decimals take a point or a comma (72.5 or 72,5). \
                Exit 64 lists every problem with the input and writes nothing.
                """
        )

        @OptionGroup var options: EditOptions

        @Option(help: ArgumentHelp("breakfast, lunch, dinner or snack.", valueName: "kind"))
        var kind: String

        @Option(help: ArgumentHelp("The day (YYYY-MM-DD, not in the future); today in the site's time zone by default.", valueName: "date"))
        var date: String?

        @Option(help: ArgumentHelp("When it was eaten, HH:MM in the site's time zone.", valueName: "time"))
        var time: String?

        @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("A food's name; repeat for each food.", valueName: "name"))
        var food: [String] = []

        @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("The food's kilocalories (0 to 10000); required for each food.", valueName: "n"))
        var kcal: [String] = []

        @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("How many grams of it (0 to 5000).", valueName: "n"))
        var grams: [String] = []

        @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Grams of protein in it (0 to 1000).", valueName: "n"))
        var protein: [String] = []

        @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Grams of fat in it (0 to 1000).", valueName: "n"))
        var fat: [String] = []

        @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Grams of carbohydrates in it (0 to 1000).", valueName: "n"))
        var carbs: [String] = []

        /// The command line as typed: ArgumentParser keeps each option's values but not which
        /// `--food` a `--kcal` followed, so the foods are grouped from it.
        var commandLine: [String] = []

        enum CodingKeys: String, CodingKey { case options, kind, date, time, food, kcal, grams, protein, fat, carbs }

        func run(_ console: Console) throws {
            let input = MealInput(kind: kind, date: date, time: time, foods: MealRules.foods(inArguments: commandLine))
            let session = try options.begin(console)
            let meal = try MealRules.validate(input, id: UUID().uuidString.lowercased(), now: session.now, zone: session.zone)
            try session.edit { try $0.addMeal(meal) }
            console.line(Message("notes.meal.recorded", nested: ["meal": MealCommand.describe(meal, console)]))
        }
    }

    struct List: ConsoleCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Lists recorded meals with their foods, newest first.")

        @OptionGroup var site: SiteOptions

        @Option(help: ArgumentHelp("Only the meals of this day (YYYY-MM-DD).", valueName: "date"))
        var date: String?

        @Option(help: ArgumentHelp("Only meals on or after this day (YYYY-MM-DD).", valueName: "date"))
        var from: String?

        @Option(help: ArgumentHelp("Only meals on or before this day (YYYY-MM-DD).", valueName: "date"))
        var to: String?

        @Flag(name: .long, help: "Print the meals as JSON, in the store's format.")
        var json = false

        func run(_ console: Console) throws {
            let config = try site.load(console)
            if date != nil, from != nil || to != nil {
                throw UsergraphError("errors.meal.dateAndRange", kind: .usage)
            }
            let day = try parseDay(date, option: "--date")
            let range = try parseDayRange(from: from, to: to)
            let first = range.first ?? day, last = range.last ?? day
            let all = try OwnerRecords.meals(StoreLayout(root: config.store))
            let meals = MealQuery.filter(all, from: first, to: last)
            if json { return try console.json(meals) }
            if meals.isEmpty {
                return console.line(all.isEmpty ? Message("notes.meal.none") : Message("notes.meal.noMatch"))
            }
            var shownDate: String?
            for meal in meals {
                if meal.date != shownDate {
                    if shownDate != nil { console.line("") }
                    let total = meals.filter { $0.date == meal.date }.reduce(0) { $0 + MealRules.kcal($1) }
                    let day: Message = Day(iso: meal.date).map(Message.date) ?? .verbatim(meal.date)
                    console.line(Message("notes.meal.day", nested: ["date": day, "kcal": .number(total)]))
                    shownDate = meal.date
                }
                console.line(
                    "  " + (meal.time ?? "     ") + "  " + MealCommand.kindName(meal.kind, console).padding(toLength: 9, withPad: " ", startingAt: 0)
                        + console.say(Message("notes.units.kcal", ["n": String(MealRules.kcal(meal))])).leftPadded(10)
                        + "  " + String(meal.id.prefix(8)))
                for food in meal.foods { console.line("      " + foodLine(food, console)) }
            }
            if console.terminals.stderr {
                console.note(Message("notes.meal.listed", nested: ["count": .count("count.meals", meals.count)]))
            }
        }

        /// `Rice, 150 g: 215 kcal, protein 5 g, fat 2 g, carbs 45 g`, with what the food has.
        func foodLine(_ food: Food, _ console: Console) -> String {
            func amount(_ value: Double) -> Message { .decimal(value, places: value == value.rounded() ? 0 : 1) }
            var parts = [console.say(Message("notes.units.kcal", nested: ["n": amount(food.kcal)]))]
            for (key, value) in [("notes.meal.protein", food.protein), ("notes.meal.fat", food.fat), ("notes.meal.carbs", food.carbs)] {
                if let value { parts.append(console.say(Message(key, nested: ["n": amount(value)]))) }
            }
            let numbers = parts.joined(separator: console.say(Message("notes.listSeparator")))
            guard let grams = food.grams else { return console.say(Message("notes.meal.food", ["name": food.name, "numbers": numbers])) }
            return console.say(Message("notes.meal.foodGrams", ["name": food.name, "numbers": numbers], nested: ["grams": amount(grams)]))
        }
    }

    struct Delete: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Deletes a recorded meal.",
            discussion: "Asks first on a terminal; elsewhere (scripts, cron) it needs --yes and refuses without it (exit 64)."
        )

        @OptionGroup var options: EditOptions

        @Argument(help: ArgumentHelp("The meal's id, or its first characters (at least 4) as `meal list` shows them.", valueName: "id"))
        var id: String

        @Flag(name: [.short, .long], help: "Delete without asking.")
        var yes = false

        func run(_ console: Console) throws {
            let session = try options.begin(console)
            // Asked before taking the lock, so a person thinking it over does not hold up a cron build.
            let target = try MealQuery.find(id, in: try OwnerRecords.meals(StoreLayout(root: session.config.store)))
            let question = Message("notes.meal.confirmDelete", nested: ["meal": MealCommand.describe(target, console)])
            guard try console.confirmDestructive(console.say(question), yes: yes) else {
                console.note(Message("notes.meal.notDeleted"))
                throw ExitCode.failure
            }
            let deleted = try session.edit { try $0.deleteMeal(target.id) }
            console.line(Message("notes.meal.deleted", nested: ["meal": MealCommand.describe(deleted, console)]))
        }
    }
}
