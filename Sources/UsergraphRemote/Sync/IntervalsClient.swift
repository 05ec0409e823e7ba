import Foundation
import UsergraphCore

/// One activity of intervals.icu's list (`GET /athlete/{id}/activities`), the fields usergraph
/// reads; the list's JSON is kept verbatim in the store's cache.
package struct IntervalsActivity: Decodable, Sendable, Equatable {
    package var id: String
    /// `2026-11-19T07:30:00`: the local time of the start, without an offset.
    package var startDateLocal: String?
    /// Strava's words: `Run`, `Ride`.
    package var type: String?
    package var name: String?
    /// Where intervals.icu got it: `GARMIN_CONNECT`, `UPLOAD`, `MANUAL`, `STRAVA`…
    package var source: String?
    /// `2026-11-19T04:30:00Z`: the start in UTC.
    package var startDate: String?
    /// Seconds, metres, kilocalories: what a workout without a file is made of.
    package var elapsedTime: Double?
    package var movingTime: Double?
    package var distance: Double?
    package var calories: Double?

    enum CodingKeys: String, CodingKey {
        case id, type, name, source, distance, calories
        case startDateLocal = "start_date_local"
        case startDate = "start_date"
        case elapsedTime = "elapsed_time"
        case movingTime = "moving_time"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // The id is a string (`i12345678`); older answers gave a number.
        if let text = try? c.decode(String.self, forKey: .id) {
            id = text
        } else {
            id = String(try c.decode(Int64.self, forKey: .id))
        }
        startDateLocal = try? c.decodeIfPresent(String.self, forKey: .startDateLocal)
        type = try? c.decodeIfPresent(String.self, forKey: .type)
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        source = try? c.decodeIfPresent(String.self, forKey: .source)
        startDate = try? c.decodeIfPresent(String.self, forKey: .startDate)
        elapsedTime = try? c.decodeIfPresent(Double.self, forKey: .elapsedTime)
        movingTime = try? c.decodeIfPresent(Double.self, forKey: .movingTime)
        distance = try? c.decodeIfPresent(Double.self, forKey: .distance)
        calories = try? c.decodeIfPresent(Double.self, forKey: .calories)
    }

    /// intervals.icu does not hand out the files of activities it got from Strava (Strava's
    /// terms): those are left to the Strava archive or the Strava source.
    package var hasFile: Bool { source?.uppercased() != "STRAVA" }
}

/// intervals.icu's API (https://intervals.icu/api-docs.html): the activity list by dates and
/// each activity's original file. HTTP Basic auth, user `API_KEY`, the key as the password.
package struct IntervalsClient: Sendable {
    let api: String
    let athlete: String
    private let key: String
    private let transport: HTTPTransport

    /// The list's answer is a JSON array of some 2 KB an activity: a year is well under this.
    static let maxListBytes = 16 << 20
    /// An original file: an hours-long FIT with every sensor is a few MB.
    static let maxFileBytes = 32 << 20

    package init(api: String, athlete: String, key: String, options: TransportOptions = TransportOptions()) {
        self.api = api; self.athlete = athlete; self.key = key
        transport = HTTPTransport(options: options)
    }

    var service: RemoteService {
        .api(
            name: Message("notes.services.intervals"), subject: Message("notes.services.intervalsSubject"), configKey: "intervals.apiURL",
            timeout: transport.options.timeout)
    }

    private var headers: [String: String] {
        [
            "Authorization": "Basic " + Data("API_KEY:\(key)".utf8).base64EncodedString(),
            "Accept": "application/json", "User-Agent": transport.options.userAgent,
        ]
    }

    /// The list's address without its dates: what the store's cache says it came from.
    package var listSource: String { SyncText.join(api, "/athlete/\(athlete)/activities") }

    /// The activities that started from `oldest` to `newest` (days in the athlete's zone, both
    /// included), and the answer's bytes.
    package func activities(oldest: Day, newest: Day) async throws -> (data: Data, activities: [IntervalsActivity]) {
        let address = listSource + "?oldest=\(oldest.iso)&newest=\(newest.iso)"
        let body = try await get(address, maxBytes: Self.maxListBytes)
        return (body, try SyncText.list(of: IntervalsActivity.self, from: body, address: address, service: service))
    }

    /// The file the device uploaded (intervals.icu sends it gzipped: the readers unpack it);
    /// nil for an activity that has none (entered by hand: 404).
    package func file(_ id: String) async throws -> Data? {
        let id = try SyncText.plainID(id)
        return try await get(SyncText.join(api, "/activity/\(id)/file"), maxBytes: Self.maxFileBytes, missingIsNil: true)
    }

    private func get(_ address: String, maxBytes: Int) async throws -> Data {
        try await get(address, maxBytes: maxBytes, missingIsNil: false) ?? Data()
    }

    private func get(_ address: String, maxBytes: Int, missingIsNil: Bool) async throws -> Data? {
        guard let url = URL(string: address) else { throw SyncFailure(Message("errors.sync.badURL", ["url": address])) }
        let response: RemoteResponse
        do {
            response = try await transport.send(RemoteRequest(url: url, headers: headers, maxBytes: maxBytes))
        } catch {
            throw SyncFailure(ResponseReading.failure(error, url: url, service: service))
        }
        switch response.status {
        case 200: return response.body
        case 404 where missingIsNil: return nil
        // intervals.icu answers a wrong key, and a key for another athlete, with 401 or 403.
        case 401, 403:
            throw SyncFailure(Message("errors.sync.intervalsKey", ["url": address, "status": String(response.status)]))
        default: throw SyncFailure(ResponseReading.failure(for: response, service: service))
        }
    }
}
