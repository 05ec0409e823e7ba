/// The site owner's own profile (`Store/owner.json`). Every field may be missing until
/// the owner fills it in; dates are `YYYY-MM-DD`.
package struct Owner: Codable, Sendable, Equatable {
    package var email: String?
    package var name: String?
    package var sex: String?
    package var birthDate: String?
    /// A file under `Store/files/` or an http(s) URL.
    package var avatar: String?
    package var createdAt: String?
    package var updatedAt: String?
    /// Centimetres, for the body mass index.
    package var heightCm: Double?
    /// The weight the owner aims for, in kilograms.
    package var targetWeightKg: Double?
    package var unknown = UnknownFields()

    package init(
        email: String? = nil, name: String? = nil, sex: String? = nil, birthDate: String? = nil,
        avatar: String? = nil, createdAt: String? = nil, updatedAt: String? = nil,
        heightCm: Double? = nil, targetWeightKg: Double? = nil
    ) {
        self.email = email; self.name = name; self.sex = sex; self.birthDate = birthDate
        self.avatar = avatar; self.createdAt = createdAt; self.updatedAt = updatedAt
        self.heightCm = heightCm; self.targetWeightKg = targetWeightKg
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case email, name, sex, birthDate, avatar, createdAt, updatedAt, heightCm, targetWeightKg }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        sex = try c.decodeIfPresent(String.self, forKey: .sex)
        birthDate = try c.decodeIfPresent(String.self, forKey: .birthDate)
        avatar = try c.decodeIfPresent(String.self, forKey: .avatar)
        createdAt = try c.decodeIfPresent(String.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(String.self, forKey: .updatedAt)
        heightCm = try c.decodeIfPresent(Double.self, forKey: .heightCm)
        targetWeightKg = try c.decodeIfPresent(Double.self, forKey: .targetWeightKg)
        unknown = try UnknownFields(from: decoder, known: CodingKeys.allCases)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(email, forKey: .email)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(sex, forKey: .sex)
        try c.encodeIfPresent(birthDate, forKey: .birthDate)
        try c.encodeIfPresent(avatar, forKey: .avatar)
        try c.encodeIfPresent(createdAt, forKey: .createdAt)
        try c.encodeIfPresent(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(heightCm, forKey: .heightCm)
        try c.encodeIfPresent(targetWeightKg, forKey: .targetWeightKg)
        try unknown.encode(to: encoder)
    }

    /// Whole years between the birth date and `day`, or nil when the birth date is unknown.
    package func age(on day: Day) -> Int? {
        guard let text = birthDate, let born = Day(iso: text) else { return nil }
        let b = born.components, d = day.components
        var years = d.year - b.year
        if (d.month, d.day) < (b.month, b.day) { years -= 1 }
        return years >= 0 ? years : nil
    }
}
