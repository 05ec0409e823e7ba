import Foundation
import FoundationNetworking
import UsergraphCore

/// What one external link answered when it was last checked.
package struct LinkStatus: Codable, Sendable, Equatable {
    package enum State: String, Codable, Sendable {
        /// 2xx or 3xx.
        case ok
        /// Another status, or no answer at all.
        case broken
        /// The host asked us to come back later (429, or 503 with Retry-After) beyond what we wait.
        case limited
    }

    package var state: State
    package var status: Int?
    /// Why there was no usable answer, in English (a network error).
    package var reason: String?
    /// ISO 8601, when it was checked.
    package var checkedAt: String

    package init(state: State, status: Int? = nil, reason: String? = nil, checkedAt: String) {
        self.state = state; self.status = status; self.reason = reason; self.checkedAt = checkedAt
    }
}

/// Checks external links politely: a few requests at once, at most one request per host per
/// `hostInterval`, a `Retry-After` honoured up to `maxRetryAfter` seconds (once), and results
/// younger than `maxAge` taken from the cache instead of asked again, so a nightly cron run
/// does not hammer the hosts it links to.
package struct LinkProbe: Sendable {
    package var concurrency: Int
    package var hostInterval: TimeInterval
    package var maxRetryAfter: TimeInterval
    package var maxAge: TimeInterval
    package var options: TransportOptions

    package init(
        concurrency: Int = 4, hostInterval: TimeInterval = 1, maxRetryAfter: TimeInterval = 30,
        maxAge: TimeInterval = 24 * 3600, options: TransportOptions = TransportOptions(timeout: 15, attempts: 2)
    ) {
        self.concurrency = max(1, concurrency); self.hostInterval = hostInterval
        self.maxRetryAfter = maxRetryAfter; self.maxAge = maxAge; self.options = options
    }

    /// The status of each URL: from `cache` when fresh (a limited one never is), else asked now.
    package func check(_ urls: [String], cache: [String: LinkStatus], now: Date = Date()) async -> [String: LinkStatus] {
        var results: [String: LinkStatus] = [:]
        var queue: [URL] = []
        for text in urls {
            if let cached = cache[text], cached.state != .limited, let at = Timestamp.parse(cached.checkedAt),
                now.timeIntervalSince(at) < maxAge
            {
                results[text] = cached
            } else if let url = URL(string: text) {
                queue.append(url)
            } else {
                results[text] = LinkStatus(state: .broken, reason: Message("errors.download.notURL").description, checkedAt: Self.stamp(now))
            }
        }
        let work = WorkQueue(queue)
        let pacer = HostPacer(interval: hostInterval)
        let probe = self
        await withTaskGroup(of: [(String, LinkStatus)].self) { group in
            for _ in 0..<min(concurrency, queue.count) {
                group.addTask {
                    // One transport per worker: each sends one request at a time.
                    let transport = HTTPTransport(options: probe.options)
                    var done: [(String, LinkStatus)] = []
                    while let url = await work.next() {
                        done.append((url.absoluteString, await probe.status(of: url, transport: transport, pacer: pacer)))
                    }
                    return done
                }
            }
            for await done in group { for (url, status) in done { results[url] = status } }
        }
        return results
    }

    func status(of url: URL, transport: HTTPTransport, pacer: HostPacer) async -> LinkStatus {
        var waited = false
        while true {
            await pacer.wait(for: url.host ?? "")
            let request = RemoteRequest(url: url, headers: ["User-Agent": options.userAgent, "Accept": "text/html,*/*"], maxBytes: 1 << 20)
            let stamp = { Self.stamp(Date()) }
            do {
                let response = try await transport.send(request)
                let limited = response.status == 429 || (response.status == 503 && response.header("Retry-After") != nil)
                if limited {
                    let delay = Self.retryAfter(response.header("Retry-After")) ?? maxRetryAfter + 1
                    if !waited, delay <= maxRetryAfter {
                        waited = true
                        try? await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
                        continue
                    }
                    return LinkStatus(state: .limited, status: response.status, checkedAt: stamp())
                }
                let ok = (200...399).contains(response.status)
                return LinkStatus(state: ok ? .ok : .broken, status: response.status, checkedAt: stamp())
            } catch TransportError.tooLarge {
                // It answered with a body larger than we read: the page is there.
                return LinkStatus(state: .ok, status: 200, checkedAt: stamp())
            } catch let error as TransportError {
                return LinkStatus(state: .broken, reason: Self.describe(error), checkedAt: stamp())
            } catch {
                return LinkStatus(state: .broken, reason: String(describing: error), checkedAt: stamp())
            }
        }
    }

    /// Seconds from a Retry-After header: a number of seconds or an HTTP date.
    static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = TimeInterval(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSince(now)) }
    }

    static func describe(_ error: TransportError) -> String {
        switch error {
        case .timedOut: Message("errors.download.timeout").description
        case .cannotConnect(let message), .failed(let message): message.description
        case .tooLarge, .refusedContentType: Message("errors.download.notSaved").description
        }
    }

    static func stamp(_ date: Date) -> String { Timestamp.format(date, in: TimeZone(identifier: "UTC") ?? .current) }
}

/// The URLs still to check, shared by the workers.
actor WorkQueue {
    private var items: [URL]
    init(_ items: [URL]) { self.items = items.reversed() }
    func next() -> URL? { items.popLast() }
}

/// At most one request per host per `interval`, however many workers ask.
actor HostPacer {
    private let interval: TimeInterval
    private var nextSlot: [String: Date] = [:]

    init(interval: TimeInterval) { self.interval = interval }

    func wait(for host: String) async {
        let now = Date()
        let slot = max(now, nextSlot[host] ?? now)
        nextSlot[host] = slot.addingTimeInterval(interval)
        let delay = slot.timeIntervalSince(now)
        if delay > 0 { try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
    }
}
