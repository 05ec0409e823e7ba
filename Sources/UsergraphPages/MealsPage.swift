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
                context(site, days: days, stepsByDay: stepsByDay, number: number, pageCount: pageCount)
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

    package static func context(_ site: SiteData, days: [MealDay], stepsByDay: [Int: Int], number: Int, pageCount: Int) -> [String: Any] {
        let page = SitePath.mealsPage(number)
        let v = site.values
        let slice = days.dropFirst((number - 1) * daysPerPage).prefix(daysPerPage)
        var context: [String: Any] = [
            "links": Links.context(from: page),
            "hasData": !days.isEmpty,
            "count": v.number(days.reduce(0) { $0 + $1.meals.count }),
            "dayCount": v.number(days.count),
            "statistics": page.link(to: .statistics),
            "days": slice.map { dayContext($0, steps: stepsByDay[$0.day.number], site: site) },
        ]
        context["pagination"] = Pagination.context(number: number, total: pageCount, from: page, path: SitePath.mealsPage)
        return context
    }

    static func dayContext(_ mealDay: MealDay, steps: Int?, site: SiteData) -> [String: Any] {
        let v = site.values
        var total = FoodTotals()
        let meals = mealDay.meals.map { meal -> [String: Any] in
            var mealTotal = FoodTotals()
            let foods = meal.foods.map { food -> [String: Any] in
                mealTotal.add(food)
                var row: [String: Any] = ["name": food.name, "kcal": v.number(Int(FoodTotals.finite(food.kcal).rounded()))]
                if let grams = food.grams, grams.isFinite { row["grams"] = v.grams(grams) }
                if let value = food.protein, value.isFinite { row["protein"] = v.grams(value) }
                if let value = food.fat, value.isFinite { row["fat"] = v.grams(value) }
                if let value = food.carbs, value.isFinite { row["carbs"] = v.grams(value) }
                return row
            }
            total.add(mealTotal)
            var row: [String: Any] = [
                "kind": site.strings.optionalText("mealKinds." + meal.kind) ?? meal.kind, "kindId": meal.kind,
                "kcal": v.number(Int(mealTotal.kcal.rounded())), "foods": foods, "id": String(meal.id.prefix(8)),
            ]
            if let time = meal.time { row["time"] = time }
            return row
        }
        // The day's sums sit under `total`: a food without protein must not show the day's
        // protein, which a Mustache section would find one level up under the same name.
        var context: [String: Any] = [
            "date": v.date(mealDay.day),
            "total": [
                "kcal": v.number(Int(total.kcal.rounded())), "protein": v.grams(total.protein), "fat": v.grams(total.fat),
                "carbs": v.grams(total.carbs),
            ] as [String: Any],
            "meals": meals,
        ]
        if let steps { context["steps"] = v.number(steps) }
        return context
    }
}
