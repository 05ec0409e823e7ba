/// Turns the tags of an `export.xml` into records: what each element means, not how it is
/// spelled (that is the scanner's job).
///
/// The export is flat: `<HealthData>` holds records, correlations and workouts (depth 2), which
/// hold metadata, records, statistics and activities (depth 3), and activities their own
/// statistics (depth 4). Everything else is passed over with a count, and children of elements
/// not being read are passed over without a look.
struct HealthExportAssembler {
    /// Seconds since 1970 before which records and workouts are passed over.
    private let since: Double?

    private var workouts: [ImportedActivity] = []
    private var weights: [ImportedWeight] = []
    private var steps: [ImportedSteps] = []
    private var basalEnergy: [ImportedSteps] = []
    private var heartRates = HeartRateRecords()
    private var ledger = NutrientLedger()
    private var skipped = SkipCounter()
    private var beforeSince = 0
    private var sources = ByteStringCache()
    private var foods = ByteStringCache()
    /// Food correlations met so far, those before `since` included: a correlation's ordinal
    /// does not depend on the filter.
    private var foodCorrelations = 0

    /// The elements being read, where they have children to read.
    private var workout: WorkoutBuilder?
    private var correlation: FoodCorrelation?
    private var nutrient: PendingNutrient?

    private struct FoodCorrelation {
        var ordinal: Int
        var food: String?
        /// Where its records are kept in the ledger.
        var members: [Int] = []
    }

    /// A dietary record whose end tag is still to come (its own metadata may name its food).
    private struct PendingNutrient {
        var record: ImportedNutrient
        var key: NutrientLedger.Key
    }

    init(since: Double?) { self.since = since }

    // MARK: - Tags

    mutating func start(_ tag: XMLTag) throws(ReadFailure) {
        switch tag.depth {
        case 1:
            guard tag.nameIs("HealthData") else {
                throw ReadFailure.health("notExport", ["element": tag.name], at: tag.offset(tag.start))
            }
        case 2:
            if tag.nameIs("Record") {
                try record(tag, inCorrelation: false)
            } else if tag.nameIs("Workout") {
                try beginWorkout(tag)
            } else if tag.nameIs("Correlation") {
                try beginCorrelation(tag)
            } else if !tag.nameIs("ExportDate"), !tag.nameIs("Me") {
                skipped.count(tag.nameBytes)
            }
        case 3:
            if workout != nil {
                if tag.nameIs("WorkoutStatistics") {
                    try statistic(tag)
                } else if tag.nameIs("WorkoutActivity") {
                    workout?.inActivity = !tag.isEmptyElement
                }
            } else if correlation != nil {
                if tag.nameIs("Record") {
                    try record(tag, inCorrelation: true)
                } else if tag.nameIs("MetadataEntry"), let food = try foodName(tag) {
                    correlation?.food = food
                }
            } else if nutrient != nil, tag.nameIs("MetadataEntry"), let food = try foodName(tag) {
                nutrient?.record.food = food
            }
        case 4:
            if workout?.inActivity == true, tag.nameIs("WorkoutStatistics") {
                try statistic(tag)
            } else if workout != nil, tag.nameIs("FileReference") {
                try routeFile(tag)
            } else if correlation != nil, nutrient != nil, tag.nameIs("MetadataEntry"), let food = try foodName(tag) {
                nutrient?.record.food = food
            }
        default:
            break
        }
    }

    /// An end tag. Only an element opened by `start` can close at its depth while it is being
    /// read, so the depth says which one it is.
    mutating func end(_ tag: XMLTag) throws(ReadFailure) {
        switch tag.depth {
        case 2:
            if let finished = workout {
                workouts.append(finished.finish())
                workout = nil
            } else if let finished = correlation {
                if let food = finished.food {
                    for index in finished.members { ledger.setFood(food, at: index) }
                }
                correlation = nil
            } else if let pending = nutrient {
                ledger.addTopLevel(pending.record, key: pending.key)
                nutrient = nil
            }
        case 3:
            if workout != nil, tag.nameIs("WorkoutActivity") {
                workout?.inActivity = false
            } else if correlation != nil, let pending = nutrient {
                keepInCorrelation(pending)
                nutrient = nil
            }
        default:
            break
        }
    }

    func contents(bytesRead: Int64) -> AppleHealthContents {
        var contents = AppleHealthContents(
            workouts: workouts, weights: weights, steps: steps, nutrients: ledger.nutrients,
            skipped: skipped.byKind, beforeSince: beforeSince,
            duplicateNutrients: ledger.duplicates, bytesRead: bytesRead)
        contents.basalEnergy = basalEnergy
        contents.heartRates = heartRates
        contents.heartRates.finish()
        return contents
    }

    // MARK: - Records

    /// A `<Record>`: its type decides, before anything else is read, whether it is one to import.
    private mutating func record(_ tag: XMLTag, inCorrelation: Bool) throws(ReadFailure) {
        let typeAttribute = try required("type", of: tag)
        guard let kind = tag.withValue(typeAttribute, { HealthRecordKind($0) }) else {
            // Records inside a correlation are also written at the top level, and counted there.
            if !inCorrelation { tag.withValue(typeAttribute) { skipped.count($0) } }
            return
        }
        // Only dietary records belong to a food; others inside one are read at the top level.
        if inCorrelation { guard case .nutrient = kind else { return } }
        let startAttribute = try required("startDate", of: tag)
        let start = try date(startAttribute, of: tag)
        if let since, Double(start.seconds) < since {
            // A heart rate is not a record of its own, only a workout's samples.
            if case .heartRate = kind {} else if !inCorrelation { beforeSince += 1 }
            return
        }
        let value = try number("value", of: tag)
        let unit = try required("unit", of: tag)
        let source = try sourceNumber(tag)
        switch kind {
        case .bodyMass:
            let kilograms = value * (try factor(unit, of: tag, HealthUnits.kilograms))
            let sourceID = StableHash.hex([sources.strings[source], try tag.string(startAttribute), "HKQuantityTypeIdentifierBodyMass"])
            weights.append(
                ImportedWeight(
                    source: .appleHealth, sourceID: sourceID, time: start.date,
                    utcOffset: Int(start.utcOffset), kg: kilograms))
        case .steps:
            guard tag.withValue(unit, { HealthRecordKind.matches($0, "count") }) else { throw unknownUnit(unit, of: tag) }
            guard value < 1e9, value.rounded() >= 0 else { throw badNumber(try required("value", of: tag), of: tag) }
            steps.append(
                ImportedSteps(
                    device: sources.strings[source], start: start.date,
                    utcOffset: Int(start.utcOffset), count: Int(value.rounded())))
        case .heartRate:
            guard tag.withValue(unit, { HealthRecordKind.matches($0, "count/min") }) else { throw unknownUnit(unit, of: tag) }
            heartRates.add(seconds: start.seconds, bpm: value)
        case .basalEnergy:
            // Counted like steps (a device's records summed per day), in whole kilocalories.
            let kilocalories = value * (try factor(unit, of: tag, HealthUnits.kilocalories))
            guard kilocalories < 1e6 else { throw badNumber(try required("value", of: tag), of: tag) }
            basalEnergy.append(
                ImportedSteps(
                    device: sources.strings[source], start: start.date,
                    utcOffset: Int(start.utcOffset), count: Int(kilocalories.rounded())))
        case .nutrient(let which):
            let amount = value * (try factor(unit, of: tag, which == .energy ? HealthUnits.kilocalories : HealthUnits.grams))
            let end = try date(try required("endDate", of: tag), of: tag)
            let record = ImportedNutrient(
                nutrient: which.rawValue, amount: amount, time: start.date,
                utcOffset: Int(start.utcOffset))
            let key = NutrientLedger.Key(nutrient: which, start: start, end: end, amountBits: amount.bitPattern, source: source)
            let pending = PendingNutrient(record: record, key: key)
            if !tag.isEmptyElement {
                nutrient = pending
            } else if inCorrelation {
                keepInCorrelation(pending)
            } else {
                ledger.addTopLevel(record, key: key)
            }
        }
    }

    private mutating func keepInCorrelation(_ pending: PendingNutrient) {
        guard let ordinal = correlation?.ordinal else { return }
        let index = ledger.addInCorrelation(pending.record, key: pending.key, correlation: ordinal)
        correlation?.members.append(index)
    }

    /// `<Correlation>`: a food's records are read; other kinds (blood pressure…) are counted.
    private mutating func beginCorrelation(_ tag: XMLTag) throws(ReadFailure) {
        let type = try required("type", of: tag)
        guard tag.withValue(type, { HealthRecordKind.matches($0, "HKCorrelationTypeIdentifierFood") }) else {
            tag.withValue(type) { skipped.count($0) }
            return
        }
        let ordinal = foodCorrelations
        foodCorrelations += 1
        if !tag.isEmptyElement { correlation = FoodCorrelation(ordinal: ordinal) }
    }

    /// The food a `<MetadataEntry key="HKFoodType" value="…"/>` names.
    private mutating func foodName(_ tag: XMLTag) throws(ReadFailure) -> String? {
        guard let key = tag.attribute("key"), tag.withValue(key, { HealthRecordKind.matches($0, "HKFoodType") }),
            let value = tag.attribute("value")
        else { return nil }
        let number = try tag.withValue(value) { (bytes) throws(ReadFailure) -> Int in
            try foods.number(bytes) { (bytes) throws(ReadFailure) -> String in try Self.validString(bytes, tag, value) }
        }
        return foods.strings[number]
    }

    // MARK: - Workouts

    private mutating func beginWorkout(_ tag: XMLTag) throws(ReadFailure) {
        let typeAttribute = try required("workoutActivityType", of: tag)
        let startAttribute = try required("startDate", of: tag)
        let start = try date(startAttribute, of: tag)
        if let since, Double(start.seconds) < since {
            beforeSince += 1
            return
        }
        let type = try tag.string(typeAttribute)
        let sourceIndex = try sourceNumber(tag)
        let source = sources.strings[sourceIndex]
        let duration: Double
        if tag.attribute("duration") != nil {
            duration = try number("duration", of: tag) * (try factor(try required("durationUnit", of: tag), of: tag, HealthUnits.seconds))
        } else {
            let end = try date(try required("endDate", of: tag), of: tag)
            duration = Double(max(0, end.seconds - start.seconds))
        }
        var builder = WorkoutBuilder(
            sourceID: StableHash.hex([source, try tag.string(startAttribute), type]), type: type, start: start, duration: duration)
        if tag.attribute("totalDistance") != nil {
            builder.distanceAttribute =
                try number("totalDistance", of: tag)
                * (try factor(try required("totalDistanceUnit", of: tag), of: tag, HealthUnits.metres))
        }
        if tag.attribute("totalEnergyBurned") != nil {
            builder.energyAttribute =
                try number("totalEnergyBurned", of: tag)
                * (try factor(try required("totalEnergyBurnedUnit", of: tag), of: tag, HealthUnits.kilocalories))
        }
        if tag.isEmptyElement {
            workouts.append(builder.finish())
        } else {
            workout = builder
        }
    }

    /// `<FileReference path="/workout-routes/route_….gpx"/>` inside a `<WorkoutRoute>`: the
    /// export's file that holds the workout's route, read after the export (`trackFile`). Only a
    /// path inside the export is kept; it names a file there, never anything else.
    private mutating func routeFile(_ tag: XMLTag) throws(ReadFailure) {
        guard let attribute = tag.attribute("path") else { return }
        var path = try tag.string(attribute)
        if path.hasPrefix("/") { path.removeFirst() }
        if ExportReader.isExportPath(path) { workout?.routeFile = path }
    }

    /// `<WorkoutStatistics type=… sum=… unit=…/>`; those without a sum (heart rate has an
    /// average, minimum and maximum) or of other quantities are passed over.
    private mutating func statistic(_ tag: XMLTag) throws(ReadFailure) {
        let type = try required("type", of: tag)
        guard let statistic = tag.withValue(type, { WorkoutBuilder.Statistic($0) }), tag.attribute("sum") != nil else { return }
        let sum = try number("sum", of: tag)
        let unit = try required("unit", of: tag)
        let converted =
            switch statistic {
            case .distance: sum * (try factor(unit, of: tag, HealthUnits.metres))
            case .energy: sum * (try factor(unit, of: tag, HealthUnits.kilocalories))
            }
        workout?.add(statistic, value: converted)
    }

    // MARK: - Attribute values

    private func required(_ name: StaticString, of tag: XMLTag) throws(ReadFailure) -> XMLAttribute {
        guard let attribute = tag.attribute(name) else {
            throw ReadFailure.health("missingAttribute", ["element": tag.name, "attribute": "\(name)"], at: tag.offset(tag.start))
        }
        return attribute
    }

    private func date(_ attribute: XMLAttribute, of tag: XMLTag) throws(ReadFailure) -> HealthDate {
        guard let date = tag.withValue(attribute, { HealthDate($0) }) else {
            throw ReadFailure.health(
                "badDate", ["value": tag.text(attribute.valueStart, attribute.valueEnd)],
                at: tag.offset(attribute.valueStart))
        }
        return date
    }

    /// A finite, non-negative number: no quantity usergraph reads can be below zero.
    private func number(_ name: StaticString, of tag: XMLTag) throws(ReadFailure) -> Double {
        let attribute = try required(name, of: tag)
        guard let value = tag.withValue(attribute, { HealthNumber.parse($0) }), value >= 0 else {
            throw badNumber(attribute, of: tag)
        }
        return value
    }

    private func badNumber(_ attribute: XMLAttribute, of tag: XMLTag) -> ReadFailure {
        .health(
            "badNumber",
            [
                "value": tag.text(attribute.valueStart, attribute.valueEnd),
                "attribute": tag.text(attribute.nameStart, attribute.nameEnd), "element": tag.name,
            ], at: tag.offset(attribute.valueStart))
    }

    private func factor(
        _ unit: XMLAttribute, of tag: XMLTag,
        _ table: (UnsafeBufferPointer<UInt8>) -> Double?
    ) throws(ReadFailure) -> Double {
        guard let factor = tag.withValue(unit, table) else { throw unknownUnit(unit, of: tag) }
        return factor
    }

    private func unknownUnit(_ unit: XMLAttribute, of tag: XMLTag) -> ReadFailure {
        let type = tag.attribute("type").map { tag.text($0.valueStart, $0.valueEnd) } ?? tag.name
        return .health(
            "unknownUnit", ["unit": tag.text(unit.valueStart, unit.valueEnd), "type": type],
            at: tag.offset(unit.valueStart))
    }

    /// The number of the tag's `sourceName` in `sources` (`source` in exports of iOS 8).
    private mutating func sourceNumber(_ tag: XMLTag) throws(ReadFailure) -> Int {
        let named = tag.attribute("sourceName") ?? tag.attribute("source")
        let attribute = if let named { named } else { try required("sourceName", of: tag) }
        return try tag.withValue(attribute) { (bytes) throws(ReadFailure) -> Int in
            try sources.number(bytes) { (bytes) throws(ReadFailure) -> String in try Self.validString(bytes, tag, attribute) }
        }
    }

    private static func validString(
        _ bytes: UnsafeBufferPointer<UInt8>, _ tag: XMLTag,
        _ attribute: XMLAttribute
    ) throws(ReadFailure) -> String {
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw ReadFailure.xml("invalidUTF8", at: tag.offset(attribute.valueStart))
        }
        return string
    }
}
