import Foundation
import FoundationNetworking
import UsergraphCore

#if canImport(FoundationNetworking)
#endif

/// How the HTTP layer behaves: one place for the timeout, the retries and the size limits, so
/// tests can make retries instant and timeouts short without touching the code paths.
package struct TransportOptions: Sendable {
    /// Seconds a request may take before it counts as timed out (whole, at least 1: FoundationNetworking
    /// times the whole request, not the silence between bytes).
    package var timeout: TimeInterval
    /// Tries in all for a request that times out or gets a 5xx (so `attempts - 1` retries).
    var attempts: Int
    /// Seconds before the first retry; each further retry waits twice as long.
    package var retryDelay: TimeInterval
    var userAgent: String
    /// The largest API answer accepted, in bytes.
    var maxBodyBytes: Int
    /// The largest downloaded image accepted, in bytes.
    var maxFileBytes: Int

    package init(
        timeout: TimeInterval = 30, attempts: Int = 3, retryDelay: TimeInterval = 1,
        userAgent: String = "usergraph/0.1 (+https://github.com/usergraph/usergraph)",
        maxBodyBytes: Int = 64 << 20, maxFileBytes: Int = 5 << 20
    ) {
        // FoundationNetworking hands libcurl whole seconds: a fraction would round to "at once".
        self.timeout = max(1, timeout.rounded(.up)); self.attempts = max(1, attempts); self.retryDelay = retryDelay
        self.userAgent = userAgent; self.maxBodyBytes = maxBodyBytes; self.maxFileBytes = maxFileBytes
    }

    /// The delay before retry number `retry` (1 for the first retry).
    func delay(beforeRetry retry: Int) -> TimeInterval {
        retryDelay * Double(1 << min(retry - 1, 10))
    }
}

/// One request as the clients describe it: a GET, or a POST with a body (GraphQL).
struct RemoteRequest: Sendable {
    var url: URL
    var method: String
    var headers: [String: String]
    var body: Data?
    var maxBytes: Int
    /// When set, a 200 whose Content-Type this refuses is dropped as soon as its headers arrive.
    var acceptsContentType: (@Sendable (String?) -> Bool)?

    init(
        url: URL, method: String = "GET", headers: [String: String], body: Data? = nil, maxBytes: Int,
        acceptsContentType: (@Sendable (String?) -> Bool)? = nil
    ) {
        self.url = url; self.method = method; self.headers = headers; self.body = body
        self.maxBytes = maxBytes; self.acceptsContentType = acceptsContentType
    }
}

/// What came back: the status, the headers (names lowercased) and the whole body.
struct RemoteResponse: Sendable {
    var url: URL
    var status: Int
    var headers: [String: String]
    var body: Data
    /// How many tries it took (more than one after a timeout or a 5xx).
    var attempts: Int
    /// The URL asked for, when a redirect led to another origin (where the token is not sent).
    var redirectedFrom: URL? = nil

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why a request produced no HTTP answer at all.
enum TransportError: Error, Sendable, Equatable {
    case timedOut(attempts: Int)
    case cannotConnect(Message)
    case tooLarge(limit: Int)
    case refusedContentType(String?)
    case failed(Message)
}

/// Requests over URLSession, one at a time, with no cache of its own (an ephemeral configuration
/// and no URLCache), so conditional requests and 304s are ours to handle. Timeouts and 5xx
/// answers are retried a bounded number of times with exponential backoff; nothing else is.
/// Only reads go through here: GETs, and the POSTs of GraphQL queries, which change nothing
/// on the server, so sending one again after a timeout or a 5xx is as safe as a GET.
final class HTTPTransport: Sendable {
    let options: TransportOptions
    private let session: URLSession
    private let delegate: SessionDelegate
    private let gate = Gate()

    init(options: TransportOptions = TransportOptions()) {
        self.options = options
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = options.timeout
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 1
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends the request, retrying timeouts and 5xx answers. The last 5xx is returned as a
    /// response (the caller words it); a last timeout is thrown.
    func send(_ request: RemoteRequest) async throws -> RemoteResponse {
        try await gate.run {
            var attempt = 1
            while true {
                do {
                    var response = try await self.once(request)
                    response.attempts = attempt
                    if (500...599).contains(response.status), attempt < self.options.attempts {
                        try await self.pause(beforeRetry: attempt)
                        attempt += 1
                        continue
                    }
                    return response
                } catch TransportError.timedOut {
                    guard attempt < self.options.attempts else { throw TransportError.timedOut(attempts: attempt) }
                    try await self.pause(beforeRetry: attempt)
                    attempt += 1
                }
            }
        }
    }

    private func pause(beforeRetry retry: Int) async throws {
        let seconds = options.delay(beforeRetry: retry)
        if seconds > 0 { try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)) }
    }

    private func once(_ request: RemoteRequest) async throws -> RemoteResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: options.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task, limit: request.maxBytes, accepts: request.acceptsContentType, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Lets one request through at a time, so a run never has two requests in flight.
private actor Gate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        }
        busy = true
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}

/// URLSession's callbacks for every task of the session, keyed by task: collects the body,
/// enforces the size limit and the content type while the answer arrives, and keeps the
/// Authorization header from following a redirect to another host.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<RemoteResponse, any Error>
        var limit: Int
        var accepts: (@Sendable (String?) -> Bool)?
        var body = Data()
        var failure: TransportError?
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    func register(
        _ task: URLSessionTask, limit: Int, accepts: (@Sendable (String?) -> Bool)?,
        continuation: CheckedContinuation<RemoteResponse, any Error>
    ) {
        lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation, limit: limit, accepts: accepts) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let refusal: TransportError? = lock.withLock {
            guard var entry = pending[dataTask.taskIdentifier] else { return nil }
            var problem: TransportError?
            if let http, http.statusCode == 200, let accepts = entry.accepts {
                let type = http.value(forHTTPHeaderField: "Content-Type")
                if !accepts(type) { problem = .refusedContentType(type) }
            }
            if problem == nil, response.expectedContentLength > Int64(entry.limit) { problem = .tooLarge(limit: entry.limit) }
            entry.failure = problem
            pending[dataTask.taskIdentifier] = entry
            return problem
        }
        completionHandler(refusal == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over: Bool = lock.withLock {
            guard var entry = pending[dataTask.taskIdentifier] else { return false }
            if entry.body.count + data.count > entry.limit {
                entry.failure = .tooLarge(limit: entry.limit)
                pending[dataTask.taskIdentifier] = entry
                return true
            }
            entry.body.append(data)
            pending[dataTask.taskIdentifier] = entry
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        var next = request
        if let from = task.originalRequest?.url, let to = request.url, !RemoteURL.sameOrigin(from, to) {
            next.setValue(nil, forHTTPHeaderField: "Authorization")
        }
        completionHandler(next)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = entry.failure {
            entry.continuation.resume(throwing: failure)
        } else if let error {
            entry.continuation.resume(throwing: SessionDelegate.describe(error))
        } else if let http = task.response as? HTTPURLResponse, let url = http.url ?? task.originalRequest?.url {
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let name = key as? String, let text = value as? String { headers[name.lowercased()] = text }
            }
            var response = RemoteResponse(url: url, status: http.statusCode, headers: headers, body: entry.body, attempts: 1)
            if let asked = task.originalRequest?.url, !RemoteURL.sameOrigin(asked, url) { response.redirectedFrom = asked }
            entry.continuation.resume(returning: response)
        } else {
            entry.continuation.resume(throwing: TransportError.failed(Message("errors.remote.notHTTP")))
        }
    }

    static func describe(_ error: any Error) -> TransportError {
        guard let urlError = error as? URLError else { return .failed(Message("errors.remote.requestFailed")) }
        switch urlError.code {
        case .timedOut: return .timedOut(attempts: 1)
        case .cannotConnectToHost: return .cannotConnect(Message("errors.remote.refused"))
        case .cannotFindHost, .dnsLookupFailed: return .cannotConnect(Message("errors.remote.noHost"))
        case .notConnectedToInternet: return .cannotConnect(Message("errors.remote.offline"))
        case .networkConnectionLost: return .cannotConnect(Message("errors.remote.lost"))
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .cannotConnect(Message("errors.remote.tls"))
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return .failed(Message("errors.remote.redirects"))
        case .cancelled: return .failed(Message("errors.remote.cancelled"))
        default: return .failed(Message("errors.remote.urlError", ["code": String(urlError.code.rawValue)]))
        }
    }
}

/// Small URL helpers shared by the clients.
enum RemoteURL {
    /// Same scheme, host and port: the token may go there.
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }

    /// `host:port` as a person would type it, for messages.
    static func hostAndPort(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
