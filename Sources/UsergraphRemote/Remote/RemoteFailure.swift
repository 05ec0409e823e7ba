import Foundation
import UsergraphCore

/// Who a request went to, for wording failures: the service's name, the config key that
/// points at it, and for GitHub the login and whether a token was sent.
struct RemoteService: Sendable, Equatable {
    /// As it reads inside a sentence: `GitHub`, `the users API`.
    var name: Message
    /// As it reads at the start of one: `GitHub`, `The users API`.
    var subject: Message
    var configKey: String
    var login: String?
    var hasToken: Bool
    /// Seconds a request may stay silent (quoted in timeout messages).
    var timeout: TimeInterval

    static func gitHub(login: String, hasToken: Bool, timeout: TimeInterval) -> RemoteService {
        let name = Message("notes.services.github")
        return RemoteService(name: name, subject: name, configKey: "github.apiURL", login: login, hasToken: hasToken, timeout: timeout)
    }

    static func api(name: Message, subject: Message, configKey: String, timeout: TimeInterval) -> RemoteService {
        RemoteService(name: name, subject: subject, configKey: configKey, login: nil, hasToken: false, timeout: timeout)
    }
}

/// A fetch that failed, with the one sentence a person reads.
struct RemoteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        case notFound
        case unauthorized
        /// A 401 from another host a redirect led to, which the token is never sent to.
        case unauthorizedElsewhere(from: String)
        case rateLimited(resetsAt: Date?, retryAfterSeconds: Int?)
        case forbidden(String?)
        case serverError(status: Int, attempts: Int)
        case timedOut(attempts: Int)
        case cannotConnect(Message)
        case badBody(Message)
        case tooLarge(limit: Int)
        case unexpectedStatus(Int)
        case tooManyPages(Int)
        /// A GraphQL query answered with more pages than usergraph walks (see `GitHubGraphQL.maxPages`).
        case tooManyQueryPages(Int)
        /// A GraphQL answer with an `errors` array: the first error's message (cleaned), and how many there were.
        case queryRefused(message: String?, count: Int)
        case failed(Message)
    }

    var reason: Reason
    var url: String
    var service: RemoteService

    init(_ reason: Reason, url: String, service: RemoteService) {
        self.reason = reason; self.url = url; self.service = service
    }

    /// True when every other request to the same service would fail the same way, so a run
    /// stops asking that service instead of hammering it.
    var stopsService: Bool {
        switch reason {
        // A refused query concerns that query: the other GitHub sources may still answer.
        case .badBody, .tooLarge, .tooManyPages, .tooManyQueryPages, .queryRefused, .unexpectedStatus, .forbidden: false
        default: true
        }
    }

    var description: String { message }

    /// The sentence in English.
    var message: String { sentence.description }

    /// The sentence, sayable in the site's language.
    var sentence: Message {
        let name = service.name, subject = service.subject
        let at: [String: String] = ["url": url, "key": service.configKey]
        switch reason {
        case .notFound:
            if let login = service.login {
                return Message("errors.remote.noUser", ["login": login, "url": url])
            }
            return Message("errors.remote.notFound", at, nested: ["service": subject])
        case .unauthorized:
            if service.hasToken {
                return Message("errors.remote.badToken", at, nested: ["service": subject])
            }
            return Message("errors.remote.credentials", at, nested: ["service": subject])
        case .unauthorizedElsewhere(let from):
            return Message(
                "errors.remote.redirectedElsewhere", ["url": url, "from": from, "key": service.configKey],
                nested: ["service": subject])
        case .rateLimited(let resetsAt, let retryAfter):
            var when = Message.verbatim("")
            if let resetsAt {
                when = Message("errors.remote.resetsAt", nested: ["time": RemoteFailure.clock(resetsAt)])
            } else if let retryAfter {
                when = Message("errors.remote.retryIn", nested: ["seconds": .count("count.seconds", retryAfter)])
            }
            let token =
                service.login != nil && !service.hasToken
                ? Message("errors.remote.tokenRaises") : .verbatim("")
            return Message("errors.remote.rateLimit", at, nested: ["service": subject, "when": when, "token": token])
        case .forbidden(let detail):
            if let detail {
                return Message("errors.remote.forbiddenDetail", ["url": url, "detail": detail], nested: ["service": subject])
            }
            return Message("errors.remote.forbidden", at, nested: ["service": subject])
        case .serverError(let status, let attempts):
            return Message(
                "errors.remote.serverError", ["url": url, "status": RemoteFailure.status(status)],
                nested: ["service": subject, "times": .count("count.times", attempts)])
        case .timedOut(let attempts):
            return Message(
                "errors.remote.timeout", ["url": url],
                nested: [
                    "service": subject, "seconds": RemoteFailure.seconds(service.timeout),
                    "tries": .count("count.tries", attempts),
                ])
        case .cannotConnect(let why):
            let host = URL(string: url).map(RemoteURL.hostAndPort) ?? url
            return Message("errors.remote.cannotConnect", ["host": host, "key": service.configKey], nested: ["service": name, "reason": why])
        case .badBody(let detail):
            return Message("errors.remote.badBody", ["url": url], nested: ["service": name, "reason": detail])
        case .tooLarge(let limit):
            return Message("errors.remote.tooLarge", ["url": url], nested: ["service": name, "size": RemoteFailure.size(limit)])
        case .unexpectedStatus(let status):
            return Message("errors.remote.unexpectedStatus", ["url": url, "status": RemoteFailure.status(status)], nested: ["service": subject])
        case .tooManyPages(let pages):
            return Message("errors.remote.tooManyPages", ["url": url], nested: ["service": subject, "pages": .count("count.pages", pages)])
        case .tooManyQueryPages(let pages):
            return Message("errors.remote.tooManyQueryPages", ["url": url], nested: ["service": subject, "pages": .count("count.pages", pages)])
        case .queryRefused(let message, let count):
            guard let message else {
                return Message("errors.remote.queryRefusedBare", ["url": url], nested: ["service": subject, "errors": .count("count.errors", count)])
            }
            if count > 1 {
                return Message(
                    "errors.remote.queryRefusedMany", ["url": url, "message": message],
                    nested: ["service": subject, "errors": .count("count.errors", count)])
            }
            return Message("errors.remote.queryRefused", ["url": url, "message": message], nested: ["service": subject])
        case .failed(let why):
            return Message("errors.remote.failed", ["url": url], nested: ["service": name, "reason": why])
        }
    }

    static func seconds(_ t: TimeInterval) -> Message {
        t == t.rounded() && t < Double(Int.max)
            ? .count("count.seconds", Int(t))
            : .count("count.seconds", t, places: 1)
    }

    /// `5 MB`, `64 KB`: a size limit as a person reads it.
    static func size(_ bytes: Int) -> Message {
        if bytes >= 1 << 20 { return Message("notes.units.megabytes", nested: ["n": .number(bytes / (1 << 20))]) }
        if bytes >= 1 << 10 { return Message("notes.units.kilobytes", nested: ["n": .number(bytes / (1 << 10))]) }
        return .count("count.bytes", bytes)
    }

    /// `October 26, 2019, 02:01:26 UTC`: the day in the language's words, the time in UTC.
    static func clock(_ date: Date) -> Message {
        let utc = TimeZone(identifier: "UTC") ?? .current
        let text = Timestamp.format(date, in: utc)
        return Message(
            "notes.dateTimeUTC", ["time": String(text.dropFirst(11).prefix(8))],
            nested: ["date": .date(Day(date, in: utc))])
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
        case 404: "Not Found"
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
        case 401 where response.redirectedFrom != nil: reason = .unauthorizedElsewhere(from: response.redirectedFrom?.absoluteString ?? "")
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
        return clean(message)
    }

    /// A server's words made fit for one line of a message: no control characters, at most
    /// 160 characters; nil when nothing is left.
    static func clean(_ message: String) -> String? {
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
        case .refusedContentType(let type): reason = .badBody(Message("errors.remote.contentType", ["type": type ?? "missing"]))
        case .failed(let why): reason = .failed(why)
        case nil: reason = .failed(error is CancellationError ? Message("errors.remote.runCancelled") : .verbatim("\(type(of: error))"))
        }
        return RemoteFailure(reason, url: url.absoluteString, service: service)
    }
}
