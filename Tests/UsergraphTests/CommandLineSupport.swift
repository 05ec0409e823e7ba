import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
@testable import UsergraphStore
@testable import UsergraphRemote
@testable import UsergraphSite
@testable import UsergraphCommands

/// Runs the real `usergraph` executable in a site folder, the way a person or cron would.
struct UsergraphCLI {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `.build/debug/usergraph` beside the test bundle. The test target depends on the
    /// executable target, which makes `swift test` link it too. Should a build leave it behind
    /// anyway, an executable older than an object file it is linked from is reported instead
    /// of tested (building it from here cannot work: SwiftPM holds its lock while tests run).
    static let executable: Result<String, CommandLineToolMissing> = {
        let folder = Bundle.main.executableURL?.deletingLastPathComponent().path ?? TestPaths.repository + "/.build/debug"
        let path = folder + "/usergraph"
        let fm = FileManager.default
        func modified(_ path: String) -> Date? { (try? fm.attributesOfItem(atPath: path))?[.modificationDate] as? Date }
        guard let built = modified(path) else {
            return .failure(CommandLineToolMissing(message: "no executable at \(path); run `swift build` (make test does) before `swift test`"))
        }
        for module in ["usergraph", "UsergraphKit", "UsergraphCharts"] {
            let objects = folder + "/" + module + ".build"
            for name in (try? fm.contentsOfDirectory(atPath: objects)) ?? [] where name.hasSuffix(".o") {
                if let date = modified(objects + "/" + name), date > built {
                    return .failure(CommandLineToolMissing(message: "\(path) is older than \(module).build/\(name); run `swift build` (make test does) before `swift test`"))
                }
            }
        }
        return .success(path)
    }()

    let site: String

    /// Deletes the scratch site.
    func remove() { try? FileManager.default.removeItem(atPath: site) }

    /// Runs `usergraph ARGS` in the site with the clock pinned to `now` (when given) and
    /// stdin from /dev/null, i.e. off a terminal.
    @discardableResult
    func run(_ arguments: [String], now: String? = nil, stdin: FileHandle? = nil, stderr: FileHandle? = nil) throws -> Run {
        let process = try launch(arguments, now: now, stdin: stdin, stderr: stderr)
        process.process.waitUntilExit()
        return process.finish()
    }

    struct Launched {
        let process: Process
        let outPath: String
        let errPath: String

        func finish() -> Run {
            let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
            let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
            return Run(status: process.terminationStatus, stdout: out, stderr: err)
        }
    }

    func launch(_ arguments: [String], now: String? = nil, stdin: FileHandle? = nil, stderr: FileHandle? = nil) throws -> Launched {
        let executable = try Self.executable.get()
        let scratch = NSTemporaryDirectory() + "usergraph-run-\(UUID().uuidString)"
        for path in [scratch + ".out", scratch + ".err"] where !FileManager.default.createFile(atPath: path, contents: nil) {
            throw CommandLineToolMissing(message: "cannot create \(path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: site)
        var environment = ProcessInfo.processInfo.environment
        environment["USERGRAPH_NOW"] = now
        process.environment = environment
        process.standardInput = stdin ?? FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + ".out"))
        process.standardError = try stderr ?? FileHandle(forWritingTo: URL(fileURLWithPath: scratch + ".err"))
        try process.run()
        return Launched(process: process, outPath: scratch + ".out", errPath: scratch + ".err")
    }
}

struct CommandLineToolMissing: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Every file of a folder with its bytes and modification time, to prove an edit touched nothing.
struct FolderSnapshot: Equatable {
    var files: [String: Data]
    var mtimes: [String: Date]

    init(_ root: String) {
        var files: [String: Data] = [:], mtimes: [String: Date] = [:]
        let fm = FileManager.default
        let walker = fm.enumerator(atPath: root)
        while let item = walker?.nextObject() as? String {
            let path = root + "/" + item
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[item] = fm.contents(atPath: path)
            mtimes[item] = (try? fm.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        self.files = files
        self.mtimes = mtimes
    }
}

/// A pseudo-terminal, so a test can be the person at the keyboard.
final class PseudoTerminal {
    let master: Int32
    let slave: FileHandle

    init() throws {
        // posix_openpt and friends are not in Swift's Glibc module (they need _XOPEN_SOURCE), so
        // they are looked up in the C library that is already loaded.
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let libc = dlopen(nil, RTLD_NOW)
        guard let a = dlsym(libc, "posix_openpt"), let b = dlsym(libc, "grantpt"), let c = dlsym(libc, "unlockpt"),
              let d = dlsym(libc, "ptsname")
        else { throw CommandLineToolMissing(message: "no pseudo-terminal functions in the C library") }
        master = unsafeBitCast(a, to: OpenPT.self)(O_RDWR | O_NOCTTY)
        guard master >= 0, unsafeBitCast(b, to: OpenPT.self)(master) == 0, unsafeBitCast(c, to: OpenPT.self)(master) == 0,
              let name = unsafeBitCast(d, to: PTSName.self)(master)
        else { throw CommandLineToolMissing(message: "cannot open a pseudo-terminal") }
        let fd = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw CommandLineToolMissing(message: "cannot open the terminal side of the pseudo-terminal") }
        slave = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    func type(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    /// What the program wrote to the terminal so far (it is waiting or done).
    func drain() -> String {
        var out = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 200) > 0 {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    deinit { close(master) }
}
