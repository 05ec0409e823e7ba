/// The dietary records read so far, each food record once.
///
/// Health writes a record that belongs to a food (`<Correlation type="HKCorrelationTypeIdentifierFood">`)
/// twice: inside the correlation and again at the top level (the DTD says so). The two copies are
/// the same record when their type, start, end, value and source agree; the copy kept carries the
/// correlation. Each top-level record pairs with at most one correlation copy and the other way
/// round, so two identical foods eaten at the same moment stay two.
struct NutrientLedger {
    /// What makes two copies the same record.
    struct Key: Hashable {
        var nutrient: HealthNutrient
        var start: HealthDate
        var end: HealthDate
        var amountBits: UInt64
        var source: Int
    }

    private(set) var nutrients: [ImportedNutrient] = []
    /// Copies read on one side and not yet paired with one from the other: the latest of each
    /// key, and for each record the one before it with the same key (-1: none).
    private var unpairedTopLevel: [Key: Int] = [:]
    private var unpairedInCorrelation: [Key: Int] = [:]
    private var previousSame: [Int] = []
    /// Copies dropped because their twin was already recorded.
    private(set) var duplicates = 0

    /// A record read at the top level.
    mutating func addTopLevel(_ nutrient: ImportedNutrient, key: Key) {
        if take(key, from: .inCorrelation) != nil {
            duplicates += 1
            return
        }
        append(nutrient, key: key, to: .topLevel)
    }

    /// A record read inside food correlation `correlation`; returns where it is kept, so that
    /// the correlation's food name can be added when the correlation ends.
    mutating func addInCorrelation(_ nutrient: ImportedNutrient, key: Key, correlation: Int) -> Int {
        if let twin = take(key, from: .topLevel) {
            duplicates += 1
            nutrients[twin].correlation = correlation
            if nutrients[twin].food == nil { nutrients[twin].food = nutrient.food }
            return twin
        }
        var copy = nutrient
        copy.correlation = correlation
        return append(copy, key: key, to: .inCorrelation)
    }

    /// Names the food of a record kept, where the record itself named none.
    mutating func setFood(_ food: String, at index: Int) {
        guard nutrients.indices.contains(index), nutrients[index].food == nil else { return }
        nutrients[index].food = food
    }

    private enum Side { case topLevel, inCorrelation }

    @discardableResult
    private mutating func append(_ nutrient: ImportedNutrient, key: Key, to side: Side) -> Int {
        let index = nutrients.count
        nutrients.append(nutrient)
        let previous = setLatest(index, for: key, on: side)
        previousSame.append(previous ?? -1)
        return index
    }

    private mutating func take(_ key: Key, from side: Side) -> Int? {
        let latest = side == .topLevel ? unpairedTopLevel[key] : unpairedInCorrelation[key]
        guard let index = latest, previousSame.indices.contains(index) else { return nil }
        let previous = previousSame[index]
        setLatest(previous >= 0 ? previous : nil, for: key, on: side)
        return index
    }

    /// Sets (or, with nil, removes) the latest unpaired record of `key` on `side`; returns the one
    /// it replaces.
    @discardableResult
    private mutating func setLatest(_ index: Int?, for key: Key, on side: Side) -> Int? {
        switch side {
        case .topLevel:
            if let index { return unpairedTopLevel.updateValue(index, forKey: key) }
            return unpairedTopLevel.removeValue(forKey: key)
        case .inCorrelation:
            if let index { return unpairedInCorrelation.updateValue(index, forKey: key) }
            return unpairedInCorrelation.removeValue(forKey: key)
        }
    }
}

/// The dietary record types usergraph imports, with the name `ImportedNutrient` gives each.
enum HealthNutrient: String, Hashable {
    case energy = "kcal", protein, fat, carbs
}
