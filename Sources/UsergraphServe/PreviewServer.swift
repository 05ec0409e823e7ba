import FlyingFox
import FlyingSocks
import Foundation
import UsergraphCore

/// `usergraph serve`: the site folder over HTTP on 127.0.0.1 only, for a local preview.
package struct PreviewServer: Sendable {
    package let files: SiteFiles
    package let port: UInt16
    /// Set by `serve --watch`: pages get the reload script and `/__usergraph/wait` answers.
    package let live: LiveReload?

    package init(folder: String, port: UInt16, live: LiveReload? = nil) throws {
        files = try SiteFiles(folder: folder)
        self.port = port
        self.live = live
    }

    /// Serves until the task is cancelled. `ready` gets the port really bound (useful with 0).
    package func run(ready: @escaping @Sendable (UInt16) -> Void) async throws {
        // IPv4 127.0.0.1 explicitly: `.loopback` means ::1, which `localhost` may not reach.
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        let server = HTTPServer(address: address, timeout: 60, logger: .disabled, handler: Handler(files: files, live: live))
        let announce = Task {
            try await server.waitUntilListening()
            if case let .ip4(_, port) = await server.listeningAddress { ready(port) }
        }
        defer { announce.cancel() }
        do {
            try await server.run()
        } catch let error as SocketError {
            if case let .failed(_, code, _) = error, code == EADDRINUSE {
                throw UsergraphError("errors.serve.portInUse", ["port": String(port)])
            }
            throw UsergraphError("errors.serve.failed", ["port": String(port), "reason": error.localizedDescription])
        }
    }

    package struct Handler: HTTPHandler {
        let files: SiteFiles
        let live: LiveReload?

        /// How long a page's wait for the next build is held open before it asks again.
        static let waitSeconds: TimeInterval = 25

        package func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            if let live, request.path == "/__usergraph/wait" {
                let since = request.query["since"].flatMap(Int.init) ?? 0
                let state = await live.wait(since: since, timeout: Self.waitSeconds)
                let body = LiveReload.json(version: state.version, error: state.error)
                return HTTPResponse(
                    statusCode: .ok,
                    headers: [
                        .contentType: "application/json", .contentLength: String(body.count), HTTPHeader("Cache-Control"): "no-store",
                    ], body: body)
            }
            // The raw target: FlyingFox's `path` drops the trailing slash that tells a folder.
            var answer = files.answer(method: request.method.rawValue, path: request.target.path())
            if let live, answer.contentType.hasPrefix("text/html") {
                let (version, error) = (await live.version, await live.error)
                answer.body = LiveReload.inject(into: answer.body, version: version, error: error)
            }
            var headers: HTTPHeaders = [
                .contentType: answer.contentType, .contentLength: String(answer.body.count),
                HTTPHeader("Cache-Control"): "no-cache",
            ]
            if let location = answer.location { headers[.location] = location }
            if answer.status == 405 { headers[HTTPHeader("Allow")] = "GET, HEAD" }
            return HTTPResponse(
                statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(answer.status)),
                headers: headers, body: request.method == .HEAD ? Data() : answer.body)
        }

        static func phrase(_ status: Int) -> String {
            switch status {
            case 200: "OK"
            case 301: "Moved Permanently"
            case 404: "Not Found"
            case 405: "Method Not Allowed"
            default: "Error"
            }
        }
    }
}
