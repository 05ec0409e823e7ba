import Foundation
import UsergraphCore

/// Fast paths for the store's files, read straight from their bytes by `JSONBytesReader`: the
/// statistics, users, repositories and starred answers, and the owner's records (workouts,
/// meals, steps, weights). On a 10,000-user store JSONDecoder spent a quarter of a rebuild on
/// the answers, and at 100,000 users its map of the users file was most of the peak memory.
/// Each returns nil for anything it does not expect, and the caller decodes with JSONDecoder,
/// which then says what and where; so the two agree on every file these accept. Unknown fields
/// are skipped, as the Codable types skip them, except in a record that keeps them
/// (`UnknownFields`): a file with one is JSONDecoder's to read.
enum StoreDecoders {
    /// `{"statistics": [{"user_id": 1, "type": "view", "dates": [10092024, …]}, …]}`.
    static func statistics(_ reader: inout JSONBytesReader) -> [StatisticsEntry]? {
        reader.field("statistics") { $0.list(statisticsEntry) }
    }

    /// `{"users": [{"id": 1, "sex": "M", "username": …, "isOnline": true, "age": 30, "files": […]}, …]}`.
    static func users(_ reader: inout JSONBytesReader) -> [DirectoryUser]? {
        reader.field("users") { $0.list(user) }
    }

    /// `GET /users/{login}/repos`: a list of repositories.
    static func repositories(_ reader: inout JSONBytesReader) -> [Repository]? {
        reader.list(repository)
    }

    /// `GET /users/{login}/starred` (star+json): a list of `{"starred_at": …, "repo": {…}}`.
    static func starred(_ reader: inout JSONBytesReader) -> [StarredItem]? {
        reader.list(starredItem)
    }

    /// `workouts.json`: `[{"id": …, "type": …, "start": …, "duration": 3600, …}, …]`. JSONDecoder
    /// took 6 % of a rebuild's CPU for 1,000 workouts.
    static func workouts(_ reader: inout JSONBytesReader) -> [Workout]? {
        reader.list(workout)
    }

    /// `meals.json`: `[{"id": …, "date": …, "kind": …, "foods": [{"name": …, "kcal": 250}, …]}, …]`.
    /// Three meals a day for a few years are thousands of records.
    static func meals(_ reader: inout JSONBytesReader) -> [Meal]? {
        reader.list(meal)
    }

    /// `steps.json`: `[{"date": "2026-11-20", "steps": 8042}, …]`, a record a day.
    static func steps(_ reader: inout JSONBytesReader) -> [StepsRecord]? {
        reader.list(stepsRecord)
    }

    /// `weights.json`: `[{"date": "2026-11-20", "kg": 71.4}, …]`.
    static func weights(_ reader: inout JSONBytesReader) -> [WeightRecord]? {
        reader.list(weightRecord)
    }

    /// A whole store file, `{"source": …, "fetchedAt": …, "validators": {…}, "data": …}`, its
    /// `data` read by `payload` in the same pass.
    static func envelope<T: Sendable>(_ data: Data, payload: (inout JSONBytesReader) -> T?) -> Cached<T>? {
        JSONBytesReader.read(data) { reader -> Cached<T>? in
            var source: String?, fetchedAt: String?, validators: [String: [String: String]]??, value: T?
            guard
                reader.record({ reader, key in
                    switch key {
                    case "source": source = reader.string(); return .field(0, source)
                    case "fetchedAt": fetchedAt = reader.string(); return .field(1, fetchedAt)
                    case "validators": validators = reader.optional { $0.dictionary { $0.dictionary { $0.string() } } }; return .field(2, validators)
                    case "data": value = payload(&reader); return .field(3, value)
                    default: return .unknown
                    }
                }), source != nil, let fetchedAt, let value
            else { return nil }
            return Cached(value, fetchedAt: fetchedAt)
        }
    }

    static func statisticsEntry(_ reader: inout JSONBytesReader) -> StatisticsEntry? {
        var userId: Int?, type: String?, dates: [Int]?
        guard
            reader.record({ reader, key in
                switch key {
                case "user_id": userId = reader.integer(); return .field(0, userId)
                case "type": type = reader.string(); return .field(1, type)
                case "dates": dates = reader.list { $0.integer() }; return .field(2, dates)
                default: return .unknown
                }
            }), let userId, let type, let dates
        else { return nil }
        return StatisticsEntry(userId: userId, type: type, dates: dates)
    }

    static func user(_ reader: inout JSONBytesReader) -> DirectoryUser? {
        var id: Int?, sex: String?, username: String?, isOnline: Bool?, age: Int?, files: [UserFile]??
        guard
            reader.record({ reader, key in
                switch key {
                case "id": id = reader.integer(); return .field(0, id)
                case "sex": sex = reader.string(); return .field(1, sex)
                case "username": username = reader.string(); return .field(2, username)
                case "isOnline": isOnline = reader.bool(); return .field(3, isOnline)
                case "age": age = reader.integer(); return .field(4, age)
                case "files": files = reader.optional { $0.list(userFile) }; return .field(5, files)
                default: return .unknown
                }
            }), let id, let sex, let username, let isOnline, let age
        else { return nil }
        return DirectoryUser(id: id, sex: sex, username: username, isOnline: isOnline, age: age, files: files ?? nil)
    }

    static func userFile(_ reader: inout JSONBytesReader) -> UserFile? {
        var id: Int?, url: String?, type: String?
        guard
            reader.record({ reader, key in
                switch key {
                case "id": id = reader.integer(); return .field(0, id)
                case "url": url = reader.string(); return .field(1, url)
                case "type": type = reader.string(); return .field(2, type)
                default: return .unknown
                }
            }), let id, let url, let type
        else { return nil }
        return UserFile(id: id, url: url, type: type)
    }

    static func starredItem(_ reader: inout JSONBytesReader) -> StarredItem? {
        var starredAt: String??, repo: Repository?
        guard
            reader.record({ reader, key in
                switch key {
                case "starred_at": starredAt = reader.optional { $0.string() }; return .field(0, starredAt)
                case "repo": repo = repository(&reader); return .field(1, repo)
                default: return .unknown
                }
            }), let repo
        else { return nil }
        return StarredItem(starredAt: starredAt ?? nil, repo: repo)
    }

    static func repository(_ reader: inout JSONBytesReader) -> Repository? {
        var id: Int??, name: String?, fullName: String??, htmlURL: String??, description: String??, language: String??
        var stargazersCount: Int??, forksCount: Int??, fork: Bool??, archived: Bool??, updatedAt: String??, pushedAt: String??
        var owner: Repository.Owner??
        guard
            reader.record({ reader, key in
                switch key {
                case "id": id = reader.optional { $0.integer() }; return .field(0, id)
                case "name": name = reader.string(); return .field(1, name)
                case "full_name": fullName = reader.optional { $0.string() }; return .field(2, fullName)
                case "html_url": htmlURL = reader.optional { $0.string() }; return .field(3, htmlURL)
                case "description": description = reader.optional { $0.string() }; return .field(4, description)
                case "language": language = reader.optional { $0.string() }; return .field(5, language)
                case "stargazers_count": stargazersCount = reader.optional { $0.integer() }; return .field(6, stargazersCount)
                case "forks_count": forksCount = reader.optional { $0.integer() }; return .field(7, forksCount)
                case "fork": fork = reader.optional { $0.bool() }; return .field(8, fork)
                case "archived": archived = reader.optional { $0.bool() }; return .field(9, archived)
                case "updated_at": updatedAt = reader.optional { $0.string() }; return .field(10, updatedAt)
                case "pushed_at": pushedAt = reader.optional { $0.string() }; return .field(11, pushedAt)
                case "owner": owner = reader.optional(repositoryOwner); return .field(12, owner)
                default: return .unknown
                }
            }), let name
        else { return nil }
        return Repository(
            id: id ?? nil, name: name, fullName: fullName ?? nil, htmlURL: htmlURL ?? nil, description: description ?? nil,
            language: language ?? nil, stargazersCount: stargazersCount ?? nil, forksCount: forksCount ?? nil,
            fork: fork ?? nil, archived: archived ?? nil, updatedAt: updatedAt ?? nil, pushedAt: pushedAt ?? nil,
            owner: owner ?? nil)
    }

    /// A workout; nil for one holding a field this version does not know, which only
    /// JSONDecoder keeps (`UnknownFields`).
    static func workout(_ reader: inout JSONBytesReader) -> Workout? {
        var id: String?, type: String?, start: String?, duration: Int?, calories: Int??, exercises: Int??, notes: String??
        var distance: Double??, source: RecordSource??, alsoFrom: [RecordSource]??, movingTime: Int??, name: String??
        var elevationGain: Double??, elevationLoss: Double??, avgHeartRate: Int??, maxHeartRate: Int??
        guard
            reader.record({ reader, key in
                switch key {
                case "id": id = reader.string(); return .field(0, id)
                case "type": type = reader.string(); return .field(1, type)
                case "start": start = reader.string(); return .field(2, start)
                case "duration": duration = reader.integer(); return .field(3, duration)
                case "calories": calories = reader.optional { $0.integer() }; return .field(4, calories)
                case "exercises": exercises = reader.optional { $0.integer() }; return .field(5, exercises)
                case "notes": notes = reader.optional { $0.string() }; return .field(6, notes)
                case "distance": distance = reader.optional { $0.double() }; return .field(7, distance)
                case "source": source = reader.optional(recordSource); return .field(8, source)
                case "alsoFrom": alsoFrom = reader.optional { $0.list(recordSource) }; return .field(9, alsoFrom)
                case "movingTime": movingTime = reader.optional { $0.integer() }; return .field(10, movingTime)
                case "name": name = reader.optional { $0.string() }; return .field(11, name)
                case "elevationGain": elevationGain = reader.optional { $0.double() }; return .field(12, elevationGain)
                case "elevationLoss": elevationLoss = reader.optional { $0.double() }; return .field(13, elevationLoss)
                case "avgHeartRate": avgHeartRate = reader.optional { $0.integer() }; return .field(14, avgHeartRate)
                case "maxHeartRate": maxHeartRate = reader.optional { $0.integer() }; return .field(15, maxHeartRate)
                default: return .refused
                }
            }), let id, let type, let start, let duration
        else { return nil }
        var workout = Workout(
            id: id, type: type, start: start, duration: duration, calories: calories ?? nil, exercises: exercises ?? nil,
            notes: notes ?? nil, distance: distance ?? nil, source: source ?? nil)
        workout.alsoFrom = alsoFrom ?? nil
        workout.movingTime = movingTime ?? nil
        workout.name = name ?? nil
        workout.elevationGain = elevationGain ?? nil
        workout.elevationLoss = elevationLoss ?? nil
        workout.avgHeartRate = avgHeartRate ?? nil
        workout.maxHeartRate = maxHeartRate ?? nil
        return workout
    }

    /// A meal and its foods; nil, like a workout, when either holds a field this version does
    /// not know.
    static func meal(_ reader: inout JSONBytesReader) -> Meal? {
        var id: String?, date: String?, kind: String?, time: String??, foods: [Food]?, source: RecordSource??
        guard
            reader.record({ reader, key in
                switch key {
                case "id": id = reader.string(); return .field(0, id)
                case "date": date = reader.string(); return .field(1, date)
                case "kind": kind = reader.string(); return .field(2, kind)
                case "time": time = reader.optional { $0.string() }; return .field(3, time)
                case "foods": foods = reader.list(food); return .field(4, foods)
                case "source": source = reader.optional(recordSource); return .field(5, source)
                default: return .refused
                }
            }), let id, let date, let kind, let foods
        else { return nil }
        return Meal(id: id, date: date, kind: kind, time: time ?? nil, foods: foods, source: source ?? nil)
    }

    static func food(_ reader: inout JSONBytesReader) -> Food? {
        var name: String?, kcal: Double?, grams: Double??, protein: Double??, fat: Double??, carbs: Double??
        guard
            reader.record({ reader, key in
                switch key {
                case "name": name = reader.string(); return .field(0, name)
                case "kcal": kcal = reader.double(); return .field(1, kcal)
                case "grams": grams = reader.optional { $0.double() }; return .field(2, grams)
                case "protein": protein = reader.optional { $0.double() }; return .field(3, protein)
                case "fat": fat = reader.optional { $0.double() }; return .field(4, fat)
                case "carbs": carbs = reader.optional { $0.double() }; return .field(5, carbs)
                default: return .refused
                }
            }), let name, let kcal
        else { return nil }
        return Food(name: name, kcal: kcal, grams: grams ?? nil, protein: protein ?? nil, fat: fat ?? nil, carbs: carbs ?? nil)
    }

    static func stepsRecord(_ reader: inout JSONBytesReader) -> StepsRecord? {
        var date: String?, steps: Int?, source: RecordSource??
        guard
            reader.record({ reader, key in
                switch key {
                case "date": date = reader.string(); return .field(0, date)
                case "steps": steps = reader.integer(); return .field(1, steps)
                case "source": source = reader.optional(recordSource); return .field(2, source)
                default: return .refused
                }
            }), let date, let steps
        else { return nil }
        return StepsRecord(date: date, steps: steps, source: source ?? nil)
    }

    static func weightRecord(_ reader: inout JSONBytesReader) -> WeightRecord? {
        var date: String?, kg: Double?, source: RecordSource??
        guard
            reader.record({ reader, key in
                switch key {
                case "date": date = reader.string(); return .field(0, date)
                case "kg": kg = reader.double(); return .field(1, kg)
                case "source": source = reader.optional(recordSource); return .field(2, source)
                default: return .refused
                }
            }), let date, let kg
        else { return nil }
        return WeightRecord(date: date, kg: kg, source: source ?? nil)
    }

    static func recordSource(_ reader: inout JSONBytesReader) -> RecordSource? {
        var kind: String?, id: String?
        guard
            reader.record({ reader, key in
                switch key {
                case "kind": kind = reader.string(); return .field(0, kind)
                case "id": id = reader.string(); return .field(1, id)
                default: return .unknown
                }
            }), let kind, let id
        else { return nil }
        return RecordSource(kind: kind, id: id)
    }

    static func repositoryOwner(_ reader: inout JSONBytesReader) -> Repository.Owner? {
        var login: String?
        guard
            reader.record({ reader, key in
                guard case "login" = key else { return .unknown }
                login = reader.string()
                return .field(0, login)
            }), let login
        else { return nil }
        return Repository.Owner(login: login)
    }
}

extension JSONBytesReader {
    /// An object of any keys whose values `read` reads.
    mutating func dictionary<T>(_ read: (inout JSONBytesReader) -> T?) -> [String: T]? {
        var values: [String: T] = [:]
        let ok = object { reader, key in
            // A repeated key is JSONDecoder's to read.
            guard let value = read(&reader), values.updateValue(value, forKey: String(decoding: key.bytes, as: UTF8.self)) == nil else { return false }
            return true
        }
        return ok ? values : nil
    }

    /// An object with one field that matters, `key`, read by `read`; the others are skipped.
    mutating func field<T>(_ key: StaticString, _ read: (inout JSONBytesReader) -> T?) -> T? {
        var value: T?
        guard
            record({ reader, name in
                guard key ~= name else { return .unknown }
                value = read(&reader)
                return .field(0, value)
            })
        else { return nil }
        return value
    }
}
