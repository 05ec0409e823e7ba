/// The steps of one day (`Store/steps.json`): one record a day, the day's chosen total.
package struct StepsRecord: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    package var date: String
    package var steps: Int
    /// The export it was imported from (`id`: the device whose total was chosen); nil for a
    /// day typed in.
    package var source: RecordSource?
    package var unknown = UnknownFields()

    package init(date: String, steps: Int, source: RecordSource? = nil) { self.date = date; self.steps = steps; self.source = source }

    enum CodingKeys: String, CodingKey, CaseIterable { case date, steps, source }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        date = try c.decode(String.self, forKey: .date)
        steps = try c.decode(Int.self, forKey: .steps)
        source = try c.decodeIfPresent(RecordSource.self, forKey: .source)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(date, forKey: .date)
        try c.encode(steps, forKey: .steps)
        try c.encodeIfPresent(source, forKey: .source)
        try unknown.encode(to: encoder)
    }
}

/// The body's own energy use on one day (`Store/basal.json`), from Apple Health's
/// `BasalEnergyBurned` records: per day, each device's sum, the largest device's total.
package struct BasalEnergyRecord: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    package var date: String
    /// Kilocalories, whole.
    package var kcal: Int
    /// The export it was imported from (`id`: the device whose total was chosen).
    package var source: RecordSource?
    package var unknown = UnknownFields()

    package init(date: String, kcal: Int, source: RecordSource? = nil) { self.date = date; self.kcal = kcal; self.source = source }

    enum CodingKeys: String, CodingKey, CaseIterable { case date, kcal, source }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        date = try c.decode(String.self, forKey: .date)
        kcal = try c.decode(Int.self, forKey: .kcal)
        source = try c.decodeIfPresent(RecordSource.self, forKey: .source)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(date, forKey: .date)
        try c.encode(kcal, forKey: .kcal)
        try c.encodeIfPresent(source, forKey: .source)
        try unknown.encode(to: encoder)
    }
}
