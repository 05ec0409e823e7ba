import Foundation
import Testing

/// The real `usergraph` executable, built beside the test bundle by `swift test`.
package enum Executable {
    /// The first line a process writes to `pipe` (all it wrote, when it ends before one).
    package static func firstLine(of pipe: Pipe) throws -> String {
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return String(decoding: data, as: UTF8.self)
    }

    package static let path: String = {
        let fallback = TestPaths.repository + "/.build/debug/usergraph"
        let candidates: [String] = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("usergraph").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("usergraph").path,
        ].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? fallback
    }()

    package struct Result {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// Starts the executable with pipes for stdout and stderr (so it is never on a terminal).
    package static func start(
        _ arguments: [String], in folder: String, environment: [String: String] = [:], binary: String? = nil
    ) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary ?? path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Runs the executable (or `binary`, another program) to its end.
    package static func run(_ arguments: [String], in folder: String, environment: [String: String] = [:], binary: String? = nil) throws -> Result {
        let (process, out, err) = try start(arguments, in: folder, environment: environment, binary: binary)
        return finish(process, out, err)
    }

    /// Reads both pipes to their end (concurrently, so neither fills up) and waits for the exit.
    package static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        let errData = LockedData()
        let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self))
    }
}

package final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    package var isSet: Bool { lock.withLock { data != nil } }
    package var value: Data { lock.withLock { data ?? Data() } }
    package func set(_ new: Data) { lock.withLock { data = new } }
}

/// A bare HTTP/1.1 client over a socket, so a test can send paths exactly as written
/// (`/../`, `%2e%2e`) without a URL library tidying them first.
package enum RawHTTP {
    package struct Response {
        package var status: Int
        package var headers: [String: String]
        package var body: Data
    }

    package static func request(_ path: String, port: UInt16) throws -> Response {
        try request("GET", path, port: port)
    }

    package static func request(_ method: String, _ path: String, port: UInt16) throws -> Response {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EIO) }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(socketFD, $0, strlen($0), 0) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socketFD, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let split = received.range(of: Data("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
        let head = String(decoding: received[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(received[split.upperBound...]))
    }
}
