/// One meal (`Store/meals.json`): a day, a kind and the foods eaten.
package struct Meal: Codable, Sendable, Equatable {
    package var id: String
    /// `YYYY-MM-DD`.
    package var date: String
    /// `breakfast`, `lunch`, `dinner` or `snack`.
    package var kind: String
    /// `HH:MM`, where known.
    package var time: String?
    package var foods: [Food]
    /// The export it was imported from; nil for one typed in.
    package var source: RecordSource?
    package var unknown = UnknownFields()

    /// The kinds a meal may be, in the order of a day.
    package static let kinds = ["breakfast", "lunch", "dinner", "snack"]

    package init(id: String, date: String, kind: String, time: String? = nil, foods: [Food], source: RecordSource? = nil) {
        self.id = id; self.date = date; self.kind = kind; self.time = time; self.foods = foods; self.source = source
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case id, date, kind, time, foods, source }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        date = try c.decode(String.self, forKey: .date)
        kind = try c.decode(String.self, forKey: .kind)
        time = try c.decodeIfPresent(String.self, forKey: .time)
        foods = try c.decode([Food].self, forKey: .foods)
        source = try c.decodeIfPresent(RecordSource.self, forKey: .source)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(date, forKey: .date)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(time, forKey: .time)
        try c.encode(foods, forKey: .foods)
        try c.encodeIfPresent(source, forKey: .source)
        try unknown.encode(to: encoder)
    }
}

/// A food of a meal: its energy, and grams of it and of its macros where known. Like a record,
/// it keeps the fields usergraph does not know (`salt`, `fiber` written by another tool).
package struct Food: Codable, Sendable, Equatable {
    package var name: String
    package var kcal: Double
    package var grams: Double?
    package var protein: Double?
    package var fat: Double?
    package var carbs: Double?
    package var unknown = UnknownFields()

    package init(name: String, kcal: Double, grams: Double? = nil, protein: Double? = nil, fat: Double? = nil, carbs: Double? = nil) {
        self.name = name; self.kcal = kcal; self.grams = grams; self.protein = protein; self.fat = fat; self.carbs = carbs
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, kcal, grams, protein, fat, carbs }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        kcal = try c.decode(Double.self, forKey: .kcal)
        grams = try c.decodeIfPresent(Double.self, forKey: .grams)
        protein = try c.decodeIfPresent(Double.self, forKey: .protein)
        fat = try c.decodeIfPresent(Double.self, forKey: .fat)
        carbs = try c.decodeIfPresent(Double.self, forKey: .carbs)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(kcal, forKey: .kcal)
        try c.encodeIfPresent(grams, forKey: .grams)
        try c.encodeIfPresent(protein, forKey: .protein)
        try c.encodeIfPresent(fat, forKey: .fat)
        try c.encodeIfPresent(carbs, forKey: .carbs)
        try unknown.encode(to: encoder)
    }
}
