import FlyingFox
import FlyingSocks
import Foundation
import UsergraphCore

/// `usergraph serve`: the site folder over HTTP on 127.0.0.1 only, for a local preview.
public struct PreviewServer: Sendable {
    public let files: SiteFiles
    public let port: UInt16

    public init(folder: String, port: UInt16) throws {
        files = try SiteFiles(folder: folder)
        self.port = port
    }

    /// Serves until the task is cancelled. `ready` gets the port really bound (useful with 0).
    public func run(ready: @escaping @Sendable (UInt16) -> Void) async throws {
        // IPv4 127.0.0.1 explicitly: `.loopback` means ::1, which `localhost` may not reach.
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        let server = HTTPServer(address: address, logger: .disabled, handler: Handler(files: files))
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

    struct Handler: HTTPHandler {
        let files: SiteFiles

        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            // The raw target: FlyingFox's `path` drops the trailing slash that tells a folder.
            let answer = files.answer(method: request.method.rawValue, path: request.target.path())
            var headers: HTTPHeaders = [
                .contentType: answer.contentType, .contentLength: String(answer.body.count),
                HTTPHeader("Cache-Control"): "no-cache",
            ]
            if let location = answer.location { headers[.location] = location }
            if answer.status == 405 { headers[HTTPHeader("Allow")] = "GET, HEAD" }
            return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(answer.status)),
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
