import Foundation

/// Who a request went to, for wording failures: the service's name, the config key that
/// points at it, and for GitHub the login and whether a token was sent.
public struct RemoteService: Sendable, Equatable {
    /// As it reads inside a sentence: `GitHub`, `the users API`.
    public var name: String
    public var configKey: String
    public var login: String?
    public var hasToken: Bool
    /// Seconds a request may stay silent (quoted in timeout messages).
    public var timeout: TimeInterval

    public static func gitHub(login: String, hasToken: Bool, timeout: TimeInterval) -> RemoteService {
        RemoteService(name: "GitHub", configKey: "github.apiURL", login: login, hasToken: hasToken, timeout: timeout)
    }

    public static func api(_ name: String, configKey: String, timeout: TimeInterval) -> RemoteService {
        RemoteService(name: name, configKey: configKey, login: nil, hasToken: false, timeout: timeout)
    }
}

/// A fetch that failed, with the one sentence a person reads.
public struct RemoteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case notFound
        case unauthorized
        case rateLimited(resetsAt: Date?, retryAfterSeconds: Int?)
        case forbidden(String?)
        case serverError(status: Int, attempts: Int)
        case timedOut(attempts: Int)
        case cannotConnect(String)
        case badBody(String)
        case tooLarge(limit: Int)
        case unexpectedStatus(Int)
        case tooManyPages(Int)
        case failed(String)
    }

    public var reason: Reason
    public var url: String
    public var service: RemoteService

    public init(_ reason: Reason, url: String, service: RemoteService) {
        self.reason = reason; self.url = url; self.service = service
    }

    /// True when every other request to the same service would fail the same way, so a run
    /// stops asking that service instead of hammering it.
    public var stopsService: Bool {
        switch reason {
        case .badBody, .tooLarge, .tooManyPages, .unexpectedStatus, .forbidden: false
        default: true
        }
    }

    public var description: String { message }

    public var message: String {
        let name = service.name
        // At the start of a sentence.
        let subject = name.prefix(1).uppercased() + name.dropFirst()
        switch reason {
        case .notFound:
            if let login = service.login {
                return "GitHub has no user `\(login)` (404 Not Found at \(url)); check `github.login` in usergraph.yml."
            }
            return "\(subject) answered 404 Not Found at \(url); check `\(service.configKey)` in usergraph.yml."
        case .unauthorized:
            if service.hasToken {
                return "\(subject) refused the token in GITHUB_TOKEN (401 Bad credentials at \(url)); replace it, or unset the variable to fetch without one."
            }
            return "\(subject) asks for credentials (401 Unauthorized at \(url)); set GITHUB_TOKEN to a token it accepts."
        case .rateLimited(let resetsAt, let retryAfter):
            var text = "\(subject)'s rate limit is exhausted (at \(url))"
            if let resetsAt {
                text += "; it resets at \(RemoteFailure.clock(resetsAt))"
            } else if let retryAfter {
                text += "; try again in \(retryAfter) second\(retryAfter == 1 ? "" : "s")"
            }
            if service.login != nil, !service.hasToken { text += ", and a token in GITHUB_TOKEN raises the limit" }
            return text + "."
        case .forbidden(let detail):
            return "\(subject) refused access to \(url) (403 Forbidden\(detail.map { ": " + $0 } ?? ""))."
        case .serverError(let status, let attempts):
            return "\(subject) answered \(RemoteFailure.status(status)) at \(url) \(RemoteFailure.times(attempts)); try again later."
        case .timedOut(let attempts):
            return "\(subject) did not answer within \(RemoteFailure.seconds(service.timeout)) at \(url) (\(attempts) tr\(attempts == 1 ? "y" : "ies")); try again later."
        case .cannotConnect(let why):
            let host = URL(string: url).map(RemoteURL.hostAndPort) ?? url
            return "Cannot connect to \(name) at \(host) (\(why)); check `\(service.configKey)` in usergraph.yml and the network."
        case .badBody(let detail):
            return "The answer from \(name) at \(url) is not the JSON usergraph expects: \(detail)"
        case .tooLarge(let limit):
            return "The answer from \(name) at \(url) is larger than \(RemoteFailure.size(limit)), more than usergraph accepts."
        case .unexpectedStatus(let status):
            return "\(subject) answered \(RemoteFailure.status(status)) at \(url), which usergraph does not expect."
        case .tooManyPages(let pages):
            return "\(subject) kept sending `next` links after \(pages) pages at \(url); usergraph stopped following them."
        case .failed(let why):
            return "The request to \(name) at \(url) failed: \(why)."
        }
    }

    static func times(_ n: Int) -> String { n == 1 ? "once" : n == 2 ? "twice" : "\(n) times" }

    static func seconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? "\(Int(t)) second\(t == 1 ? "" : "s")" : "\(t) seconds"
    }

    /// `5 MB`, `64 KB`: a size limit as a person reads it.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes / (1 << 20)) MB" : bytes >= 1 << 10 ? "\(bytes / (1 << 10)) KB" : "\(bytes) bytes"
    }

    static func clock(_ date: Date) -> String {
        let text = Timestamp.format(date, in: TimeZone(identifier: "UTC") ?? .current)
        return text.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }

    /// `502 Bad Gateway`: the code with its reason phrase where usergraph knows it.
    static func status(_ status: Int) -> String {
        statusText(status).map { "\(status) \($0)" } ?? "\(status)"
    }

    static func statusText(_ status: Int) -> String? {
        switch status {
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 400: "Bad Request"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 409: "Conflict"
        case 410: "Gone"
        case 422: "Unprocessable Entity"
        default: nil
        }
    }
}

/// Reads an HTTP answer that is neither 200 nor 304 as the failure it means.
enum ResponseReading {
    static func failure(for response: RemoteResponse, service: RemoteService) -> RemoteFailure {
        let url = response.url.absoluteString
        let reason: RemoteFailure.Reason
        switch response.status {
        case 401: reason = .unauthorized
        case 404: reason = .notFound
        case 403 where isRateLimit(response), 429:
            reason = .rateLimited(resetsAt: resetTime(response), retryAfterSeconds: retryAfter(response))
        case 403: reason = .forbidden(bodyMessage(response.body))
        case 500...599: reason = .serverError(status: response.status, attempts: response.attempts)
        default: reason = .unexpectedStatus(response.status)
        }
        return RemoteFailure(reason, url: url, service: service)
    }

    /// GitHub's primary limit says `X-RateLimit-Remaining: 0`; a secondary one sends
    /// `Retry-After`; both say so in the body's message. Any other 403 is a refusal.
    static func isRateLimit(_ response: RemoteResponse) -> Bool {
        if response.header("x-ratelimit-remaining") == "0" || response.header("retry-after") != nil { return true }
        return bodyMessage(response.body)?.lowercased().contains("rate limit") ?? false
    }

    /// When the limit resets: `X-RateLimit-Reset` (epoch seconds), else an HTTP-date `Retry-After`.
    static func resetTime(_ response: RemoteResponse) -> Date? {
        if let text = response.header("x-ratelimit-reset"), let epoch = Double(text.trimmingCharacters(in: .whitespaces)) {
            return Date(timeIntervalSince1970: epoch)
        }
        if let text = response.header("retry-after"), Int(text.trimmingCharacters(in: .whitespaces)) == nil {
            return httpDate(text)
        }
        return nil
    }

    static func retryAfter(_ response: RemoteResponse) -> Int? {
        response.header("retry-after").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }

    /// The `message` of a JSON error body, shortened and stripped of control characters.
    static func bodyMessage(_ body: Data) -> String? {
        struct ErrorBody: Decodable { var message: String? }
        guard let message = (try? JSONDecoder().decode(ErrorBody.self, from: body))?.message else { return nil }
        let clean = String(String.UnicodeScalarView(message.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }))
        let trimmed = clean.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > 160 ? String(trimmed.prefix(160)) + "…" : trimmed
    }

    static func failure(_ error: any Error, url: URL, service: RemoteService) -> RemoteFailure {
        let reason: RemoteFailure.Reason
        switch error as? TransportError {
        case .timedOut(let attempts): reason = .timedOut(attempts: attempts)
        case .cannotConnect(let why): reason = .cannotConnect(why)
        case .tooLarge(let limit): reason = .tooLarge(limit: limit)
        case .refusedContentType(let type): reason = .badBody("its content type is \(type ?? "missing").")
        case .failed(let why): reason = .failed(why)
        case nil: reason = .failed(error is CancellationError ? "the run was cancelled" : "\(type(of: error))")
        }
        return RemoteFailure(reason, url: url.absoluteString, service: service)
    }
}
