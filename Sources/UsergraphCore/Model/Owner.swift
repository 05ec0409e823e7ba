/// The site owner's own profile (`Store/owner.json`). Every field may be missing until
/// the owner fills it in; dates are `YYYY-MM-DD`.
public struct Owner: Codable, Sendable, Equatable {
    public var email: String?
    public var name: String?
    public var sex: String?
    public var birthDate: String?
    /// A file under `Store/files/` or an http(s) URL.
    public var avatar: String?
    public var createdAt: String?
    public var updatedAt: String?

    public init(email: String? = nil, name: String? = nil, sex: String? = nil, birthDate: String? = nil,
                avatar: String? = nil, createdAt: String? = nil, updatedAt: String? = nil) {
        self.email = email; self.name = name; self.sex = sex; self.birthDate = birthDate
        self.avatar = avatar; self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    /// Whole years between the birth date and `day`, or nil when the birth date is unknown.
    public func age(on day: Day) -> Int? {
        guard let text = birthDate, let born = Day(iso: text) else { return nil }
        let b = born.components, d = day.components
        var years = d.year - b.year
        if (d.month, d.day) < (b.month, b.day) { years -= 1 }
        return years >= 0 ? years : nil
    }
}
