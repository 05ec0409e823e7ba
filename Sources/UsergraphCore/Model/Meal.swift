/// One meal (`Store/meals.json`): a day, a kind and the foods eaten.
public struct Meal: Codable, Sendable, Equatable {
    public var id: String
    /// `YYYY-MM-DD`.
    public var date: String
    /// `breakfast`, `lunch`, `dinner` or `snack`.
    public var kind: String
    /// `HH:MM`, where known.
    public var time: String?
    public var foods: [Food]
    /// The export it was imported from; nil for one typed in.
    public var source: RecordSource?
    public var unknown = UnknownFields()

    /// The kinds a meal may be, in the order of a day.
    public static let kinds = ["breakfast", "lunch", "dinner", "snack"]

    public init(id: String, date: String, kind: String, time: String? = nil, foods: [Food], source: RecordSource? = nil) {
        self.id = id; self.date = date; self.kind = kind; self.time = time; self.foods = foods; self.source = source
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case id, date, kind, time, foods, source }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        date = try c.decode(String.self, forKey: .date)
        kind = try c.decode(String.self, forKey: .kind)
        time = try c.decodeIfPresent(String.self, forKey: .time)
        foods = try c.decode([Food].self, forKey: .foods)
        source = try c.decodeIfPresent(RecordSource.self, forKey: .source)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    public func encode(to encoder: any Encoder) throws {
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
public struct Food: Codable, Sendable, Equatable {
    public var name: String
    public var kcal: Double
    public var grams: Double?
    public var protein: Double?
    public var fat: Double?
    public var carbs: Double?
    public var unknown = UnknownFields()

    public init(name: String, kcal: Double, grams: Double? = nil, protein: Double? = nil, fat: Double? = nil, carbs: Double? = nil) {
        self.name = name; self.kcal = kcal; self.grams = grams; self.protein = protein; self.fat = fat; self.carbs = carbs
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, kcal, grams, protein, fat, carbs }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        kcal = try c.decode(Double.self, forKey: .kcal)
        grams = try c.decodeIfPresent(Double.self, forKey: .grams)
        protein = try c.decodeIfPresent(Double.self, forKey: .protein)
        fat = try c.decodeIfPresent(Double.self, forKey: .fat)
        carbs = try c.decodeIfPresent(Double.self, forKey: .carbs)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    public func encode(to encoder: any Encoder) throws {
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
