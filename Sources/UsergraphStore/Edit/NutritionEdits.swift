import Foundation
import UsergraphCore

extension StoreEditor {
    // MARK: meals.json

    /// Records a checked meal. The same kind at the same day and time with the same foods is
    /// refused: it is the same command run twice, not a second meal.
    package func addMeal(_ meal: Meal) throws {
        var meals = try OwnerRecords.meals(layout)
        if let twin = meals.first(where: {
            $0.id == meal.id
                || ($0.date == meal.date && $0.kind == meal.kind && $0.time == meal.time && $0.foods == meal.foods)
        }) {
            throw UsergraphError("errors.meal.twin", ["kind": twin.kind, "date": twin.date, "id": String(twin.id.prefix(8))])
        }
        meals.append(meal)
        try JSONFile.write(meals, to: layout.meals)
    }

    /// Deletes the meal whose id is `id` or starts with it; every other record stays as it was,
    /// fields usergraph does not know included.
    @discardableResult
    package func deleteMeal(_ id: String) throws -> Meal {
        var meals = try OwnerRecords.meals(layout)
        let target = try MealQuery.find(id, in: meals)
        meals.removeAll { $0.id == target.id }
        try JSONFile.write(meals, to: layout.meals)
        return target
    }

    // MARK: steps.json

    package enum StepsOutcome: Equatable, Sendable {
        case added
        case replaced(StepsRecord)
        case unchanged
    }

    /// One record a day: a typed one replaces the day's record, imported or not (the person
    /// knows best), keeping any field usergraph does not know.
    package func recordSteps(_ record: StepsRecord) throws -> StepsOutcome {
        var records = try JSONFile.read([StepsRecord].self, at: layout.steps) ?? []
        let outcome: StepsOutcome
        if let index = records.firstIndex(where: { $0.date == record.date }) {
            let old = records[index]
            if old.steps == record.steps && old.source == nil { return .unchanged }
            records[index].steps = record.steps
            records[index].source = nil
            outcome = .replaced(old)
        } else {
            records.append(record)
            outcome = .added
        }
        records.sort { $0.date < $1.date }
        try JSONFile.write(records, to: layout.steps)
        return outcome
    }
}

extension OwnerRecords {
    package static func meals(_ layout: StoreLayout) throws -> [Meal] {
        try JSONFile.read([Meal].self, at: layout.meals) ?? []
    }

    package static func steps(_ layout: StoreLayout) throws -> [StepsRecord] {
        (try JSONFile.read([StepsRecord].self, at: layout.steps) ?? []).sorted { $0.date < $1.date }
    }
}

package enum MealQuery {
    /// The one meal whose id is `id` or starts with it (at least 4 characters).
    package static func find(_ id: String, in meals: [Meal]) throws -> Meal {
        try RecordID.find(
            id, in: meals, id: \.id,
            messages: RecordID.Messages(
                short: "errors.meal.shortID", missing: "errors.meal.noID", ambiguous: "errors.meal.ambiguousID", count: "count.meals"))
    }

    /// Newest first: by day, then by time (a meal without one after those with one), then id;
    /// only days `from`…`to` when given.
    package static func filter(_ meals: [Meal], from: Day?, to: Day?) -> [Meal] {
        meals.filter { meal in
            guard let day = Day(iso: meal.date) else { return from == nil && to == nil }
            if let from, day < from { return false }
            if let to, day > to { return false }
            return true
        }
        .sorted { a, b in
            if a.date != b.date { return a.date > b.date }
            if a.time != b.time { return (a.time ?? "") > (b.time ?? "") }
            return a.id < b.id
        }
    }
}
