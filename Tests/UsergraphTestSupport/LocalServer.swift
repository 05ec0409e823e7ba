import FlyingFox
import FlyingSocks
import Foundation

/// A real HTTP server on 127.0.0.1 (a free port) for the remote clients to talk to, with a
/// log of every request it received.
package final class LocalServer: Sendable {
    package struct Request: Sendable {
        /// Path and query as sent: `/user/1958953/repos?per_page=30&page=2`.
        package var target: String
        package var path: String
        /// Header names lowercased.
        package var headers: [String: String]
        package var method = "GET"
        package var body = Data()
        package func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    package let port: UInt16
    package let log: RequestLog
    private let server: HTTPServer
    private let task: Task<Void, any Error>

    package var base: String { "http://127.0.0.1:\(port)" }

    private init(server: HTTPServer, port: UInt16, log: RequestLog, task: Task<Void, any Error>) {
        self.server = server; self.port = port; self.log = log; self.task = task
    }

    package static func start(_ respond: @escaping @Sendable (Request) async -> HTTPResponse) async throws -> LocalServer {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        let log = RequestLog()
        await server.appendRoute("*") { request in
            var headers: [String: String] = [:]
            for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
            let body = (try? await request.bodyData) ?? Data()
            let recorded = Request(
                target: request.target.rawValue, path: request.path, headers: headers,
                method: request.method.rawValue, body: body)
            log.append(recorded)
            return await respond(recorded)
        }
        let task = Task { try await server.run() }
        // Site builds run off the concurrency pool the server answers on, so it listens at once;
        // but other suites' synchronous tests (a sequence of builds) hold that pool's threads,
        // two on two cores, for as long as they run: 10 s was once not enough beside them. The
        // wait ends as soon as the server listens.
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            throw CocoaError(.featureUnsupported)
        }
        return LocalServer(server: server, port: port, log: log, task: task)
    }

    package func stop() async {
        await server.stop(timeout: 0)
        task.cancel()
    }

    /// A port on 127.0.0.1 that nothing listens on: bound, read, then closed.
    package static func closedPort() throws -> UInt16 {
        let socket = try Socket(domain: AF_INET)
        try socket.bind(to: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0))
        guard case .ip4(_, let port) = try socket.sockname() else { throw CocoaError(.featureUnsupported) }
        try socket.close()
        return port
    }
}

/// The requests a server received, safe to read from the test while the server runs.
package final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [LocalServer.Request] = []

    package func append(_ request: LocalServer.Request) { lock.withLock { entries.append(request) } }

    package var all: [LocalServer.Request] { lock.withLock { entries } }

    package var count: Int { all.count }
}

extension HTTPResponse {
    package static func json(_ status: Int, _ body: Data, headers: [String: String] = [:]) -> HTTPResponse {
        var all = HTTPHeaders()
        all[.contentType] = "application/json; charset=utf-8"
        for (name, value) in headers { all[HTTPHeader(name)] = value }
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: LocalServer.phrase(status)), headers: all, body: body)
    }

    package static func raw(_ status: Int, _ body: Data, headers: [String: String]) -> HTTPResponse {
        var all = HTTPHeaders()
        for (name, value) in headers { all[HTTPHeader(name)] = value }
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: LocalServer.phrase(status)), headers: all, body: body)
    }
}

extension LocalServer {
    package static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// A listener on 127.0.0.1 that accepts connections and never answers: the client's request
/// times out. Accepting happens on a plain thread, so a busy concurrency pool cannot make
/// the count wrong.
package final class SilentServer: @unchecked Sendable {
    package let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []

    package init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard listener >= 0, bound == 0, listen(listener, 16) == 0 else { throw CocoaError(.featureUnsupported) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { return }
                lock.withLock { accepted.append(connection) }
            }
        }
        thread.start()
    }

    package var base: String { "http://127.0.0.1:\(port)" }
    package var connections: Int { lock.withLock { accepted.count } }

    package func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        lock.withLock { for connection in accepted { close(connection) } }
    }
}
