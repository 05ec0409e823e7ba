/// The users API: `{"users": [...]}`.
package struct UsersResponse: Codable, Sendable, Equatable {
    package var users: [DirectoryUser]

    package init(users: [DirectoryUser]) { self.users = users }
}

package struct DirectoryUser: Codable, Sendable, Equatable {
    package var id: Int
    /// `"M"` or `"W"`; any other value is kept as its own category.
    package var sex: String
    package var username: String
    package var isOnline: Bool
    package var age: Int
    package var files: [UserFile]?

    package init(id: Int, sex: String, username: String, isOnline: Bool, age: Int, files: [UserFile]?) {
        self.id = id; self.sex = sex; self.username = username; self.isOnline = isOnline
        self.age = age; self.files = files
    }

    /// The first file whose type is `avatar`.
    package var avatar: UserFile? { files?.first { $0.type == "avatar" } }
}

package struct UserFile: Codable, Sendable, Equatable {
    package var id: Int
    package var url: String
    package var type: String

    package init(id: Int, url: String, type: String) { self.id = id; self.url = url; self.type = type }
}

/// The statistics API: `{"statistics": [...]}`.
package struct StatisticsResponse: Codable, Sendable, Equatable {
    package var statistics: [StatisticsEntry]

    package init(statistics: [StatisticsEntry]) { self.statistics = statistics }
}

package struct StatisticsEntry: Codable, Sendable, Equatable {
    package var userId: Int
    /// `view`, `subscription` or `unsubscription`.
    package var type: String
    /// `ddMMyyyy` integers with no leading zero on the day; see `EventDate`.
    package var dates: [Int]

    package init(userId: Int, type: String, dates: [Int]) { self.userId = userId; self.type = type; self.dates = dates }

    enum CodingKeys: String, CodingKey {
        case userId = "user_id", type, dates
    }
}

/// The statistics API's dates: `10092024` is 10 Sep 2024, `1092024` is 1 Sep 2024.
package enum EventDate {
    /// Left-pads to 8 digits and reads `ddMMyyyy`; nil when that is not a real day.
    package static func parse(_ value: Int) -> Day? {
        guard value > 0, value <= 99_99_9999 else { return nil }
        let year = value % 10_000
        let month = value / 10_000 % 100
        let day = value / 1_000_000
        guard year >= 1900 else { return nil }
        return Day(year: year, month: month, day: day)
    }
}
