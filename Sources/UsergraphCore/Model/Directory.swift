/// The users API: `{"users": [...]}`.
public struct UsersResponse: Codable, Sendable, Equatable {
    public var users: [DirectoryUser]
}

public struct DirectoryUser: Codable, Sendable, Equatable {
    public var id: Int
    /// `"M"` or `"W"`; any other value is kept as its own category.
    public var sex: String
    public var username: String
    public var isOnline: Bool
    public var age: Int
    public var files: [UserFile]?

    public init(id: Int, sex: String, username: String, isOnline: Bool, age: Int, files: [UserFile]?) {
        self.id = id; self.sex = sex; self.username = username; self.isOnline = isOnline
        self.age = age; self.files = files
    }

    /// The first file whose type is `avatar`.
    public var avatar: UserFile? { files?.first { $0.type == "avatar" } }
}

public struct UserFile: Codable, Sendable, Equatable {
    public var id: Int
    public var url: String
    public var type: String

    public init(id: Int, url: String, type: String) { self.id = id; self.url = url; self.type = type }
}

/// The statistics API: `{"statistics": [...]}`.
public struct StatisticsResponse: Codable, Sendable, Equatable {
    public var statistics: [StatisticsEntry]
}

public struct StatisticsEntry: Codable, Sendable, Equatable {
    public var userId: Int
    /// `view`, `subscription` or `unsubscription`.
    public var type: String
    /// `ddMMyyyy` integers with no leading zero on the day; see `EventDate`.
    public var dates: [Int]

    public init(userId: Int, type: String, dates: [Int]) { self.userId = userId; self.type = type; self.dates = dates }

    enum CodingKeys: String, CodingKey {
        case userId = "user_id", type, dates
    }
}

/// The statistics API's dates: `10092024` is 10 Sep 2024, `1092024` is 1 Sep 2024.
public enum EventDate {
    /// Left-pads to 8 digits and reads `ddMMyyyy`; nil when that is not a real day.
    public static func parse(_ value: Int) -> Day? {
        guard value > 0, value <= 99_99_9999 else { return nil }
        let year = value % 10_000
        let month = value / 10_000 % 100
        let day = value / 1_000_000
        guard year >= 1900 else { return nil }
        return Day(year: year, month: month, day: day)
    }
}
