import Foundation
import UsergraphCore

/// `owner set` as typed: every field optional, nothing trusted yet.
package struct OwnerInput: Sendable {
    package var email: String?
    package var name: String?
    package var sex: String?
    package var birthDate: String?
    /// A path to an image file.
    package var avatar: String?
    /// Centimetres.
    package var height: String?
    /// Kilograms.
    package var targetWeight: String?

    package init(
        email: String? = nil, name: String? = nil, sex: String? = nil, birthDate: String? = nil, avatar: String? = nil,
        height: String? = nil, targetWeight: String? = nil
    ) {
        self.email = email; self.name = name; self.sex = sex; self.birthDate = birthDate; self.avatar = avatar
        self.height = height; self.targetWeight = targetWeight
    }

    package var isEmpty: Bool {
        email == nil && name == nil && sex == nil && birthDate == nil && avatar == nil && height == nil && targetWeight == nil
    }
}

/// An image that passed the avatar checks, with the store path it will have.
package struct AvatarImage: Sendable, Equatable {
    var data: Data
    var kind: ImageKind
    /// `files/<sha256 of the bytes>.<ext>`: the same picture is stored once, whatever its name.
    var storePath: String

    init(data: Data, kind: ImageKind) {
        self.data = data
        self.kind = kind
        self.storePath = "files/" + SHA256.hex(data) + "." + kind.fileExtension
    }
}

/// A checked change to the owner's profile; nil fields stay as they are.
package struct OwnerChange: Sendable, Equatable {
    var email: String?
    var name: String?
    var sex: String?
    var birthDate: String?
    var avatar: AvatarImage?
    var heightCm: Double?
    var targetWeightKg: Double?

    func applied(to owner: Owner) -> Owner {
        var next = owner
        if let email { next.email = email }
        if let name { next.name = name }
        if let sex { next.sex = sex }
        if let birthDate { next.birthDate = birthDate }
        if let avatar { next.avatar = avatar.storePath }
        if let heightCm { next.heightCm = heightCm }
        if let targetWeightKg { next.targetWeightKg = targetWeightKg }
        return next
    }
}

/// What an owner profile may hold.
package enum OwnerRules {
    static let avatarLimit = 2 * 1024 * 1024
    /// GitHub's terms start at 13; past 120 the year is a typo.
    static let ages = 13...120
    static let nameLength = 100
    /// The shortest and the tallest adults on record, rounded out.
    static let heights = 50.0...272

    /// The checked change, or every problem with the input at once (exit 64). Reads the
    /// avatar file, if one is named; nothing else touches the disk.
    package static func validate(_ input: OwnerInput, today: Day) throws -> OwnerChange {
        var problems = InputProblems()
        if input.isEmpty {
            problems.add(Message("errors.owner.nothingToSet"))
        }
        var change = OwnerChange()
        if let raw = input.email {
            let email = raw.trimmingCharacters(in: .whitespaces)
            if let why = EmailAddress.problem(email) {
                problems.add(option: "--email", Message("errors.owner.email", ["value": raw], nested: ["reason": why]))
            } else {
                change.email = email
            }
        }
        if let raw = input.name {
            let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty {
                problems.add(option: "--name", Message("errors.owner.emptyName"))
            } else if name.count > nameLength {
                problems.add(option: "--name", InputLimits.tooLong(name.count, limit: nameLength))
            } else if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                problems.add(option: "--name", Message("errors.owner.nameControl"))
            } else {
                change.name = name
            }
        }
        if let raw = input.sex {
            if let sex = sex(raw) {
                change.sex = sex
            } else {
                problems.add(option: "--sex", Message("errors.owner.sex", ["value": raw]))
            }
        }
        if let raw = input.birthDate {
            if let why = birthDateProblem(raw, today: today) {
                problems.add(option: "--birth-date", Message("errors.owner.birthDate", ["value": raw], nested: ["reason": why]))
            } else {
                change.birthDate = raw
            }
        }
        if let path = input.avatar {
            switch avatar(at: path) {
            case .success(let image): change.avatar = image
            case .failure(let problem): problems.add(option: "--avatar", problem.reason)
            }
        }
        if let raw = input.height {
            switch DecimalText.parse(raw, places: 1, range: heights) {
            case .success(let value): change.heightCm = value
            case .failure(let problem): problems.add(option: "--height", problem.message)
            }
        }
        if let raw = input.targetWeight {
            change.targetWeightKg = WeightRules.kilograms(raw, option: "--target-weight", problems: &problems)
        }
        try problems.check()
        return change
    }

    /// `M` or `W`, as the store and the users API write sex; a few spellings are accepted.
    package static func sex(_ raw: String) -> String? {
        switch raw.trimmingCharacters(in: .whitespaces).lowercased() {
        case "m", "man", "male": "M"
        case "w", "f", "woman", "female": "W"
        default: nil
        }
    }

    static func birthDateProblem(_ text: String, today: Day) -> Message? {
        guard let day = Day(iso: text) else { return Message("errors.owner.birthDateFormat") }
        if day >= today { return Message("errors.owner.birthDateFuture") }
        guard let age = Owner(birthDate: text).age(on: today), ages.contains(age) else {
            return Message("errors.owner.birthDateAge", ["min": String(ages.lowerBound), "max": String(ages.upperBound)])
        }
        return nil
    }

    package struct Problem: Error, Sendable {
        package var reason: Message
        package var message: String { reason.description }
    }

    /// Reads and checks an avatar file: it exists, is under the size limit, and its bytes
    /// are a PNG, JPEG, WebP or a script-free SVG.
    package static func avatar(at path: String) -> Result<AvatarImage, Problem> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(Problem(reason: Message("errors.avatar.noFile", ["path": path]))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(Problem(reason: Message("errors.avatar.notFile", ["path": path]))) }
        guard info.st_size <= avatarLimit else {
            return .failure(Problem(reason: tooBig(path, bytes: Int(info.st_size))))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Problem(reason: Message("errors.avatar.unreadable", ["path": path])))
        }
        return avatar(data, name: path)
    }

    /// The same checks on bytes already read.
    package static func avatar(_ data: Data, name: String) -> Result<AvatarImage, Problem> {
        guard data.count <= avatarLimit else {
            return .failure(Problem(reason: tooBig(name, bytes: data.count)))
        }
        guard let kind = ImageKind.detect(data) else {
            return .failure(Problem(reason: Message("errors.avatar.notImage", ["path": name])))
        }
        if kind == .svg, let active = SVGCheck.activeContent(data) {
            return .failure(Problem(reason: Message("errors.avatar.activeSVG", ["path": name], nested: ["content": active])))
        }
        return .success(AvatarImage(data: data, kind: kind))
    }

    static func tooBig(_ path: String, bytes: Int) -> Message {
        Message(
            "errors.avatar.tooBig", ["path": path],
            nested: ["size": megabytes(bytes), "limit": megabytes(avatarLimit)])
    }

    static func megabytes(_ bytes: Int) -> Message {
        Message("notes.units.megabytes", nested: ["n": .decimal(Double(bytes) / 1_048_576, places: 1)])
    }
}

extension Owner {
    /// The `owner set` options still needed for the profile to count as filled.
    var missingForProfile: [String] {
        var missing: [String] = []
        if (email ?? "").isEmpty { missing.append("--email") }
        if (name ?? "").isEmpty { missing.append("--name") }
        if (sex ?? "").isEmpty { missing.append("--sex") }
        if (birthDate ?? "").isEmpty { missing.append("--birth-date") }
        return missing
    }

    /// E-mail, name, sex and birth date are all set.
    package var isFilled: Bool { missingForProfile.isEmpty }

    /// Whether every field the site shows (`owner.public`) is there.
    package func isFilled(showing shown: [String]) -> Bool { missing(showing: shown).isEmpty }

    /// The `owner set` options of the fields the site shows that are missing.
    func missing(showing shown: [String]) -> [String] {
        let field = ["--email": "email", "--name": "name", "--sex": "sex", "--birth-date": "age"]
        return missingForProfile.filter { field[$0].map(shown.contains) ?? true }
    }
}

/// The hint `build` prints while the owner's profile is not filled.
package enum OwnerProfile {
    static let placeholders = ["--email": "ADDRESS", "--name": "\"YOUR NAME\"", "--sex": "M|W", "--birth-date": "YYYY-MM-DD"]

    /// nil when the profile is filled (or the store cannot be read: the build reported that).
    /// `showing`: the fields the site shows (`owner.public`); nil for all of them.
    package static func fillHint(store: String, showing shown: [String]? = nil) -> Message? {
        let owner: Owner
        do { owner = try JSONFile.read(Owner.self, at: StoreLayout(root: store).owner) ?? Owner() } catch { return nil }
        return fillHint(for: owner, showing: shown)
    }

    package static func fillHint(for owner: Owner, showing shown: [String]? = nil) -> Message? {
        let missing = shown.map(owner.missing(showing:)) ?? owner.missingForProfile
        guard !missing.isEmpty else { return nil }
        let command = missing.map { $0 + " " + (placeholders[$0] ?? "…") }.joined(separator: " ")
        return Message("notes.owner.fillHint", ["options": command])
    }
}

/// Wordings that several input checks share.
enum InputLimits {
    /// `1001 characters is too long; the limit is 1000.`
    static func tooLong(_ length: Int, limit: Int) -> Message {
        Message("errors.input.tooLong", nested: ["length": .count("count.characters", length), "limit": .number(limit)])
    }
}
