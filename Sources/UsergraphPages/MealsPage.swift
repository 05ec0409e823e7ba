import UsergraphCore
import UsergraphStats

/// `/meals/` (paginated by days: `/meals/page/N/`): what was eaten day by day, newest day
/// first, each day's meals in the order they were eaten, with their foods.
package enum MealsPage {
    /// Days a page shows: two weeks, so a month of meals is three short pages.
    /// A week a page: a day of three meals is some 900 px tall on a phone, and no page may be
    /// over 8,000 px there.
    static let daysPerPage = 7

    /// The meals of one day, in eating order.
    package struct MealDay {
        package var day: Day
        package var meals: [Meal]
    }

    package static func sources(_ site: SiteData) -> [PageSource] {
        let days = mealDays(site.snapshot.meals, through: site.asOf)
        let stepsByDay = Dictionary(
            site.snapshot.steps.compactMap { record in Day(iso: record.date).map { ($0.number, record.steps) } },
            uniquingKeysWith: { _, later in later })
        let pageCount = max(1, (days.count + daysPerPage - 1) / daysPerPage)
        return (1...pageCount).map { number in
            PageSource(path: .mealsPage(number), template: "meals", section: .meals) {
                fields.context(MealsList(site: site, days: days, stepsByDay: stepsByDay, number: number, pageCount: pageCount))
            }
        }
    }

    /// Days with meals up to the as-of day (as everywhere, what comes after it is left out),
    /// newest first; a meal whose date does not parse belongs to no day. Within a day, meals with
    /// a time come in time order, then those without in the order of their kind.
    static func mealDays(_ meals: [Meal], through asOf: Day) -> [MealDay] {
        var byDay: [Int: [Meal]] = [:]
        for meal in meals {
            guard let day = Day(iso: meal.date), day <= asOf else { continue }
            byDay[day.number, default: []].append(meal)
        }
        return byDay.keys.sorted(by: >).map { number in
            let meals = (byDay[number] ?? []).enumerated().sorted { a, b in
                order(a.element, a.offset) < order(b.element, b.offset)
            }.map(\.element)
            return MealDay(day: Day(number: number), meals: meals)
        }
    }

    /// Sort key within a day: timed meals by time, then untimed ones by kind, then file order.
    private static func order(_ meal: Meal, _ index: Int) -> (Int, String, Int, Int) {
        if let time = meal.time { return (0, time, 0, index) }
        return (1, "", Meal.kinds.firstIndex(of: meal.kind) ?? Meal.kinds.count, index)
    }

    /// Page `number` of the days with meals.
    struct MealsList {
        let site: SiteData
        let days: [MealDay]
        let stepsByDay: [Int: Int]
        let number: Int
        let pageCount: Int

        var page: SitePath { .mealsPage(number) }
    }

    static let fields = TemplateFields<MealsList>([
        .object("links", keys: Links.keys) { Links.context(from: $0.page) },
        .flag("hasData") { !$0.days.isEmpty },
        .number("count") { $0.site.values.number($0.days.reduce(0) { $0 + $1.meals.count }) },
        .number("dayCount") { $0.site.values.number($0.days.count) },
        .text("statistics") { $0.page.link(to: .statistics) },
        .list("days", dayFields) { list in
            list.days.dropFirst((list.number - 1) * daysPerPage).prefix(daysPerPage).map {
                ShownDay($0, steps: list.stepsByDay[$0.day.number], site: list.site)
            }
        },
        .object("pagination?", Pagination.fields) { Pagination(number: $0.number, total: $0.pageCount, from: $0.page, path: SitePath.mealsPage) },
    ])

    /// A day as its page shows it: each meal with its sums, and the day's.
    struct ShownDay {
        let day: Day
        let steps: Int?
        let site: SiteData
        let meals: [(meal: Meal, total: FoodTotals)]
        let total: FoodTotals

        init(_ mealDay: MealDay, steps: Int?, site: SiteData) {
            day = mealDay.day; self.steps = steps; self.site = site
            meals = mealDay.meals.map { meal in
                var total = FoodTotals()
                for food in meal.foods { total.add(food) }
                return (meal, total)
            }
            var total = FoodTotals()
            for meal in meals { total.add(meal.total) }
            self.total = total
        }
    }

    static let dayFields = TemplateFields<ShownDay>([
        .date("date") { $0.site.values.date($0.day) },
        // The day's sums sit under `total`: a food without protein must not show the day's
        // protein, which a Mustache section would find one level up under the same name.
        .object("total", totalFields) { ($0.site.values, $0.total) },
        .list("meals", mealFields) { day in day.meals.map { (day.site, $0.meal, $0.total) } },
        .number("steps?") { day in day.steps.map(day.site.values.number) },
    ])

    static let totalFields = TemplateFields<(values: TemplateValues, total: FoodTotals)>([
        .number("kcal") { $0.values.number(Int($0.total.kcal.rounded())) },
        .number("protein") { $0.values.grams($0.total.protein) },
        .number("fat") { $0.values.grams($0.total.fat) },
        .number("carbs") { $0.values.grams($0.total.carbs) },
    ])

    static let mealFields = TemplateFields<(site: SiteData, meal: Meal, total: FoodTotals)>([
        .text("kind") { $0.site.strings.optionalText("mealKinds." + $0.meal.kind) ?? $0.meal.kind },
        .text("kindId") { $0.meal.kind },
        .text("time?") { $0.meal.time },
        .number("kcal") { $0.site.values.number(Int($0.total.kcal.rounded())) },
        .text("id") { String($0.meal.id.prefix(8)) },
        .list("foods", foodFields) { meal in meal.meal.foods.map { (meal.site.values, $0) } },
    ])

    static let foodFields = TemplateFields<(values: TemplateValues, food: Food)>([
        .text("name") { $0.food.name },
        .number("kcal") { $0.values.number(Int(FoodTotals.finite($0.food.kcal).rounded())) },
        .number("grams?") { grams($0.food.grams, $0.values) },
        .number("protein?") { grams($0.food.protein, $0.values) },
        .number("fat?") { grams($0.food.fat, $0.values) },
        .number("carbs?") { grams($0.food.carbs, $0.values) },
    ])

    /// A food's amount when it has a finite one.
    static func grams(_ value: Double?, _ values: TemplateValues) -> Any? {
        guard let value, value.isFinite else { return nil }
        return values.grams(value)
    }
}
