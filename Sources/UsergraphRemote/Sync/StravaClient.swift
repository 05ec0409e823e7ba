import Foundation
import UsergraphCore

/// One activity of Strava's list (`SummaryActivity`), the fields usergraph reads.
package struct StravaSummary: Decodable, Sendable, Equatable {
    package var id: String
    package var name: String?
    package var type: String?
    package var sportType: String?
    /// `2026-11-19T04:30:00Z`
    package var startDate: String
    /// Seconds east of UTC.
    package var utcOffset: Double?
    package var elapsedTime: Double
    package var movingTime: Double?
    package var distance: Double?
    /// A manual entry has no streams.
    package var manual: Bool?

    enum CodingKeys: String, CodingKey {
        case id, name, type, distance, manual
        case sportType = "sport_type"
        case startDate = "start_date"
        case utcOffset = "utc_offset"
        case elapsedTime = "elapsed_time"
        case movingTime = "moving_time"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Strava's ids are 64-bit numbers; kept as their digits.
        if let number = try? c.decode(Int64.self, forKey: .id) { id = String(number) } else { id = try c.decode(String.self, forKey: .id) }
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        type = try? c.decodeIfPresent(String.self, forKey: .type)
        sportType = try? c.decodeIfPresent(String.self, forKey: .sportType)
        startDate = try c.decode(String.self, forKey: .startDate)
        utcOffset = try? c.decodeIfPresent(Double.self, forKey: .utcOffset)
        elapsedTime = try c.decode(Double.self, forKey: .elapsedTime)
        movingTime = try? c.decodeIfPresent(Double.self, forKey: .movingTime)
        distance = try? c.decodeIfPresent(Double.self, forKey: .distance)
        manual = try? c.decodeIfPresent(Bool.self, forKey: .manual)
    }
}

/// What Strava's rate-limit headers said last: the 15-minute and daily limits and usage, of
/// all requests (`X-RateLimit-*`) and of reads (`X-ReadRateLimit-*`), whichever is tighter
/// (https://developers.strava.com/docs/rate-limits/).
package struct StravaRateLimit: Sendable, Equatable {
    package var limit15: Int
    package var usage15: Int
    package var limitDay: Int
    package var usageDay: Int

    /// Requests kept in hand: another program of the same application may be counting too.
    static let margin = 2

    /// Whether one more request could go over a limit.
    package var isNear: Bool {
        usage15 + Self.margin >= limit15 || usageDay + Self.margin >= limitDay
    }

    /// The tighter of the overall and the read limits the headers give; nil without them.
    static func read(_ response: RemoteResponse) -> StravaRateLimit? {
        func pair(_ name: String) -> (Int, Int)? {
            guard let text = response.header(name) else { return nil }
            let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count >= 2, let a = parts[0], let b = parts[1], a >= 0, b >= 0 else { return nil }
            return (a, b)
        }
        var found: [StravaRateLimit] = []
        for prefix in ["x-ratelimit", "x-readratelimit"] {
            if let limit = pair(prefix + "-limit"), let usage = pair(prefix + "-usage") {
                found.append(StravaRateLimit(limit15: limit.0, usage15: usage.0, limitDay: limit.1, usageDay: usage.1))
            }
        }
        return found.max { $0.tightness < $1.tightness }
    }

    /// Share of the scarcer window already used.
    private var tightness: Double {
        max(Double(usage15 + Self.margin) / Double(max(limit15, 1)), Double(usageDay + Self.margin) / Double(max(limitDay, 1)))
    }
}

/// Why a Strava run stopped early without failing: the rate limit (said, then the next run
/// goes on from the newest activity it saved).
package struct StravaPaused: Error, Sendable, Equatable {
    package var limit: StravaRateLimit?
}

/// Strava's API v3: the athlete's activities after a time, page by page, and an activity's
/// streams. Reads the rate-limit headers of every answer and refuses to send a request that
/// could go over them (`StravaPaused`), so a run never spends the application's quota.
package final class StravaClient: @unchecked Sendable {
    let api: String
    private let accessToken: String
    private let transport: HTTPTransport
    private let lock = NSLock()
    private var lastLimit: StravaRateLimit?

    /// A page of 200 summaries is some 300 KB.
    static let maxListBytes = 8 << 20
    /// Streams of a day-long activity at 1 Hz: some 10 MB of JSON.
    static let maxStreamBytes = 32 << 20
    package static let perPage = 200
    /// Pages one run walks at most (10,000 activities).
    package static let maxPages = 50

    package init(api: String, accessToken: String, options: TransportOptions = TransportOptions()) {
        self.api = api; self.accessToken = accessToken
        transport = HTTPTransport(options: options)
    }

    static func service(timeout: TimeInterval, key: String = "strava.apiURL") -> RemoteService {
        .api(name: Message("notes.services.strava"), subject: Message("notes.services.stravaSubject"), configKey: key, timeout: timeout)
    }

    /// What the last answer's headers said.
    package var rateLimit: StravaRateLimit? { lock.withLock { lastLimit } }

    /// Strava's answer when the athlete's API access is not active (a subscription is needed).
    static func isInactive(_ body: Data) -> Bool {
        String(decoding: body.prefix(64 << 10), as: UTF8.self).lowercased().contains("inactive")
    }

    package var listSource: String { SyncText.join(api, "/athlete/activities") }

    /// One page of the activities that started after `after` (epoch seconds), oldest first.
    package func activities(after: Int, page: Int, perPage: Int = StravaClient.perPage) async throws -> (data: Data, activities: [StravaSummary]) {
        let address = listSource + "?after=\(after)&per_page=\(perPage)&page=\(page)"
        let body = try await get(address, maxBytes: Self.maxListBytes)
        return (body, try SyncText.list(of: StravaSummary.self, from: body, address: address, service: service))
    }

    /// The streams of an activity (nil for one that has none: 404), as JSON keyed by type.
    package func streams(_ id: String) async throws -> Data? {
        let id = try SyncText.plainID(id)
        let address = SyncText.join(api, "/activities/\(id)/streams?keys=time,latlng,altitude,heartrate,cadence,watts,velocity_smooth&key_by_type=true")
        return try await request(address, maxBytes: Self.maxStreamBytes, missingIsNil: true)
    }

    private var service: RemoteService { Self.service(timeout: transport.options.timeout) }

    private func request(_ address: String, maxBytes: Int, missingIsNil: Bool) async throws -> Data? {
        if let limit = rateLimit, limit.isNear { throw StravaPaused(limit: limit) }
        guard let url = URL(string: address) else { throw SyncFailure(Message("errors.sync.badURL", ["url": address])) }
        let request = RemoteRequest(
            url: url, headers: ["Authorization": "Bearer \(accessToken)", "Accept": "application/json", "User-Agent": transport.options.userAgent],
            maxBytes: maxBytes)
        let response: RemoteResponse
        do { response = try await transport.send(request) } catch {
            throw SyncFailure(ResponseReading.failure(error, url: url, service: service))
        }
        if let limit = StravaRateLimit.read(response) { lock.withLock { lastLimit = limit } }
        switch response.status {
        case 200: return response.body
        case 404 where missingIsNil: return nil
        // Over a limit already (another program of the application spent it): no numbers to quote.
        case 429: throw StravaPaused(limit: nil)
        case 401: throw SyncFailure(Message("errors.sync.stravaUnauthorized", ["url": address]))
        case 403 where Self.isInactive(response.body): throw SyncFailure(Message("errors.sync.stravaInactive"))
        default: throw SyncFailure(ResponseReading.failure(for: response, service: service))
        }
    }

    private func get(_ address: String, maxBytes: Int) async throws -> Data {
        guard let body = try await request(address, maxBytes: maxBytes, missingIsNil: false) else { return Data() }
        return body
    }
}
