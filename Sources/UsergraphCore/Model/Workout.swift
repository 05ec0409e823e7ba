import Foundation

/// Where an imported record came from: the importer's kind (`apple-health`, `gpx`, `tcx`,
/// `fit`, `strava`; `manual` for one typed in) and the source's own id of it.
package struct RecordSource: Codable, Sendable, Hashable {
    package var kind: String
    package var id: String

    package init(kind: String, id: String) { self.kind = kind; self.id = id }
}

/// One recorded workout (`Store/workouts.json`).
package struct Workout: Codable, Sendable, Equatable {
    package var id: String
    package var type: String
    /// ISO-8601 with an offset, kept as written so a rewrite of the store keeps the owner's offset.
    package var start: String
    /// Elapsed whole seconds, from start to end, pauses included (every source gives this).
    package var duration: Int
    /// Whole seconds in motion, where the source knows it (FIT and TCX timer time, Strava's
    /// moving time); pace is counted over it when there is one.
    package var movingTime: Int?
    package var calories: Int?
    package var exercises: Int?
    package var notes: String?
    /// Metres.
    package var distance: Double?
    /// Its own title, where it has one ("Morning run by the river"): from Strava, a GPX or TCX
    /// file, or `workout add --name`.
    package var name: String?
    /// Metres climbed and descended, and the average and highest heart rate, as the source gave
    /// them or as its track says (DESIGN.md "Tracks").
    package var elevationGain: Double?
    package var elevationLoss: Double?
    package var avgHeartRate: Int?
    package var maxHeartRate: Int?
    /// The export it was imported from; nil for one typed in.
    package var source: RecordSource?
    /// Other exports' records of the same activity (a watch workout also on Strava), so a
    /// re-import of those skips it too.
    package var alsoFrom: [RecordSource]?
    package var unknown = UnknownFields()

    package init(
        id: String, type: String, start: String, duration: Int, calories: Int? = nil,
        exercises: Int? = nil, notes: String? = nil, distance: Double? = nil, source: RecordSource? = nil
    ) {
        self.id = id; self.type = type; self.start = start; self.duration = duration
        self.calories = calories; self.exercises = exercises; self.notes = notes
        self.distance = distance; self.source = source
    }

    package var startDate: Date? { Timestamp.parse(start) }

    /// The seconds a pace or speed is counted over: moving time when the source gave one.
    package var pacedSeconds: Int { movingTime.map { $0 > 0 ? $0 : duration } ?? duration }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, start, duration, movingTime, calories, exercises, notes, distance, source, alsoFrom, name
        case elevationGain, elevationLoss, avgHeartRate, maxHeartRate
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        type = try c.decode(String.self, forKey: .type)
        start = try c.decode(String.self, forKey: .start)
        duration = try c.decode(Int.self, forKey: .duration)
        movingTime = try c.decodeIfPresent(Int.self, forKey: .movingTime)
        calories = try c.decodeIfPresent(Int.self, forKey: .calories)
        exercises = try c.decodeIfPresent(Int.self, forKey: .exercises)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        distance = try c.decodeIfPresent(Double.self, forKey: .distance)
        source = try c.decodeIfPresent(RecordSource.self, forKey: .source)
        alsoFrom = try c.decodeIfPresent([RecordSource].self, forKey: .alsoFrom)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        elevationGain = try c.decodeIfPresent(Double.self, forKey: .elevationGain)
        elevationLoss = try c.decodeIfPresent(Double.self, forKey: .elevationLoss)
        avgHeartRate = try c.decodeIfPresent(Int.self, forKey: .avgHeartRate)
        maxHeartRate = try c.decodeIfPresent(Int.self, forKey: .maxHeartRate)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(start, forKey: .start)
        try c.encode(duration, forKey: .duration)
        try c.encodeIfPresent(movingTime, forKey: .movingTime)
        try c.encodeIfPresent(calories, forKey: .calories)
        try c.encodeIfPresent(exercises, forKey: .exercises)
        try c.encodeIfPresent(notes, forKey: .notes)
        try c.encodeIfPresent(distance, forKey: .distance)
        try c.encodeIfPresent(source, forKey: .source)
        try c.encodeIfPresent(alsoFrom, forKey: .alsoFrom)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(elevationGain, forKey: .elevationGain)
        try c.encodeIfPresent(elevationLoss, forKey: .elevationLoss)
        try c.encodeIfPresent(avgHeartRate, forKey: .avgHeartRate)
        try c.encodeIfPresent(maxHeartRate, forKey: .maxHeartRate)
        try unknown.encode(to: encoder)
    }
}

/// One body-weight record (`Store/weights.json`).
package struct WeightRecord: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    package var date: String
    package var kg: Double
    /// The export it was imported from; nil for one typed in.
    package var source: RecordSource?
    package var unknown = UnknownFields()

    package init(date: String, kg: Double, source: RecordSource? = nil) { self.date = date; self.kg = kg; self.source = source }

    enum CodingKeys: String, CodingKey, CaseIterable { case date, kg, source }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        date = try c.decode(String.self, forKey: .date)
        kg = try c.decode(Double.self, forKey: .kg)
        source = try c.decodeIfPresent(RecordSource.self, forKey: .source)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(date, forKey: .date)
        try c.encode(kg, forKey: .kg)
        try c.encodeIfPresent(source, forKey: .source)
        try unknown.encode(to: encoder)
    }
}
