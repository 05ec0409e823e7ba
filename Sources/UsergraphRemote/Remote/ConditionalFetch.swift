import Foundation
import UsergraphCore
import UsergraphStore

/// The outcome of a fetch: nothing changed (every page answered 304), or the new JSON.
enum Fetched: Sendable {
    case unchanged(PageValidators)
    /// The API's JSON verbatim; a paginated list is its pages' arrays joined in order.
    case changed(Data, PageValidators)
}

/// Fetches one collection, page by page along `rel="next"` links, with conditional requests.
///
/// Pages are only meaningful together, and a 304 has no body: so a walk whose pages all
/// answer 304 keeps the cached data, and a walk where some page changed after others
/// answered 304 starts again without validators, to get every page's body in one consistent
/// pass. Validators are sent until the first 200.
struct ConditionalFetch<Page: Decodable>: Sendable {
    let transport: HTTPTransport
    let service: RemoteService
    /// The request headers for a URL (the token only goes to the API's own origin).
    let headers: @Sendable (URL) -> [String: String]
    /// A list API follows `rel="next"` and joins the pages; a single document does not.
    let paginated: Bool
    let progress: @Sendable (Int) -> Void
    static var maxPages: Int { 1000 }

    func run(first: String, previous: PageValidators?) async throws -> Fetched {
        if let outcome = try await walk(first: first, previous: previous) { return outcome }
        guard let outcome = try await walk(first: first, previous: nil) else {
            throw RemoteFailure(.failed(Message("errors.remote.pagesChanged")), url: first, service: service)
        }
        return outcome
    }

    /// One pass; nil when the pass has to start again without validators.
    private func walk(first: String, previous: PageValidators?) async throws -> Fetched? {
        var next: String? = first
        var bodies: [Data] = []
        var validators: PageValidators = [:]
        var unchangedPages = 0
        var visited = Set<String>()
        while let current = next {
            guard visited.insert(current).inserted, visited.count <= Self.maxPages else {
                throw RemoteFailure(.tooManyPages(visited.count - 1), url: current, service: service)
            }
            progress(visited.count)
            guard let url = URL(string: current), url.scheme != nil else {
                throw RemoteFailure(
                    .badBody(Message("errors.remote.badNext", ["link": current])),
                    url: current, service: service)
            }
            let sent = bodies.isEmpty ? previous?[current] : nil
            let response = try await get(url, validators: sent)
            switch response.status {
            case 200:
                if unchangedPages > 0 { return nil }
                try validate(response.body, url: current)
                bodies.append(response.body)
                next = paginated ? LinkHeader.target(response.header("link"), relation: "next") : nil
                validators[current] = Self.validators(of: response, next: next, keeping: nil)
            case 304 where sent != nil:
                unchangedPages += 1
                next = paginated ? (LinkHeader.target(response.header("link"), relation: "next") ?? sent?["next"]) : nil
                validators[current] = Self.validators(of: response, next: next, keeping: sent)
            case 304:
                throw RemoteFailure(.unexpectedStatus(304), url: current, service: service)
            default:
                throw ResponseReading.failure(for: response, service: service)
            }
        }
        if bodies.isEmpty {
            // Every page answered 304: the cached data stands, if the chain walked is the cached one.
            return Set(validators.keys) == Set((previous ?? [:]).keys) ? .unchanged(validators) : nil
        }
        return .changed(paginated ? JSONArrays.join(bodies) : bodies[0], validators)
    }

    private func get(_ url: URL, validators: [String: String]?) async throws -> RemoteResponse {
        var headers = headers(url)
        if let etag = validators?["etag"] { headers["If-None-Match"] = etag }
        if let modified = validators?["lastModified"] { headers["If-Modified-Since"] = modified }
        do {
            return try await transport.send(RemoteRequest(url: url, headers: headers, maxBytes: transport.options.maxBodyBytes))
        } catch {
            throw ResponseReading.failure(error, url: url, service: service)
        }
    }

    private func validate(_ body: Data, url: String) throws {
        do {
            if paginated { _ = try JSONDecoder().decode([Page].self, from: body) } else { _ = try JSONDecoder().decode(Page.self, from: body) }
        } catch let error as DecodingError {
            throw RemoteFailure(.badBody(Self.describe(error, body: body)), url: url, service: service)
        }
    }

    /// Where an answer goes wrong, in the words of the store's own errors.
    static func describe(_ error: DecodingError, body: Data) -> Message {
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
            if body.isEmpty { return Message("errors.remote.empty") }
            if let problem = JSONSyntax.firstError(in: body) {
                return Message(
                    "errors.remote.notJSONAt", ["line": String(problem.line), "column": String(problem.column)], nested: ["problem": problem.message])
            }
            return Message("errors.remote.notJSON")
        }
        return JSONFile.describe(error, data: body)
    }

    static func validators(of response: RemoteResponse, next: String?, keeping old: [String: String]?) -> [String: String] {
        var entry: [String: String] = [:]
        if let etag = response.header("etag") ?? old?["etag"] { entry["etag"] = etag }
        if let modified = response.header("last-modified") ?? old?["lastModified"] { entry["lastModified"] = modified }
        if let next { entry["next"] = next }
        return entry
    }
}

/// Joins JSON arrays (each already validated) into one, keeping every element's bytes.
enum JSONArrays {
    static func join(_ arrays: [Data]) -> Data {
        var out = Data("[".utf8)
        var first = true
        for array in arrays {
            let inner = innerBytes(array)
            guard !inner.isEmpty else { continue }
            if !first { out.append(UInt8(ascii: ",")) }
            out.append(inner)
            first = false
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// What lies between the outer `[` and `]`, without surrounding white space.
    static func innerBytes(_ array: Data) -> Data {
        let bytes = [UInt8](array)
        let space: Set<UInt8> = [32, 9, 10, 13]
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")), let close = bytes.lastIndex(of: UInt8(ascii: "]")), open < close else {
            return Data()
        }
        var start = open + 1, end = close
        while start < end, space.contains(bytes[start]) { start += 1 }
        while end > start, space.contains(bytes[end - 1]) { end -= 1 }
        return Data(bytes[start..<end])
    }
}
