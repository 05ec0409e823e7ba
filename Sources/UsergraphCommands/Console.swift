import Foundation
import UsergraphCore
import UsergraphStore

/// What a command sees of the world and says to it: its output, its diagnostics and its input,
/// whether each is a terminal, the folder it runs in, the environment and the clock.
/// `Console.system()` is the process's own; a test makes one that records, so a command runs
/// in-process and what it printed is compared.
///
/// It also carries the language the command speaks once the config or `--language` says which
/// (there is no global for it), so every message of a run is said in the site's language.
public final class Console: @unchecked Sendable {
    /// Where the words go and where answers come from.
    public struct Streams: Sendable {
        public var out: @Sendable (String) -> Void
        public var err: @Sendable (String) -> Void
        public var readLine: @Sendable () -> String?

        public init(
            out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
            readLine: @escaping @Sendable () -> String?
        ) {
            self.out = out; self.err = err; self.readLine = readLine
        }
    }

    /// Which of stdin, stdout and stderr a person is at.
    public struct Terminals: Sendable, Equatable {
        public var stdin: Bool
        public var stdout: Bool
        public var stderr: Bool

        public init(stdin: Bool = false, stdout: Bool = false, stderr: Bool = false) {
            self.stdin = stdin; self.stdout = stdout; self.stderr = stderr
        }

        public static let none = Terminals()
        public static let all = Terminals(stdin: true, stdout: true, stderr: true)
    }

    /// The folder relative paths on the command line resolve against.
    public let directory: String
    public let environment: [String: String]
    public let terminals: Terminals
    private let streams: Streams
    private let clock: @Sendable () -> Date
    private let started: Date
    private let lock = NSLock()
    private var words: Strings?
    /// Languages asked for since the strings were last read, oldest first.
    private var asked: [(language: String, theme: ThemeFiles)] = []

    public init(
        directory: String, environment: [String: String], terminals: Terminals, streams: Streams,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.environment = environment
        self.terminals = terminals
        self.streams = streams
        self.clock = clock
        self.started = clock()
    }

    /// The process's own console: its working folder, environment, standard streams and clock.
    public static func system() -> Console {
        Console(
            directory: FileManager.default.currentDirectoryPath,
            environment: ProcessInfo.processInfo.environment,
            terminals: Terminals(stdin: isatty(STDIN_FILENO) == 1, stdout: isatty(STDOUT_FILENO) == 1, stderr: isatty(STDERR_FILENO) == 1),
            streams: Streams(
                out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                err: { FileHandle.standardError.write(Data($0.utf8)) },
                readLine: { Swift.readLine() }
            )
        )
    }

    // MARK: - Language

    /// The words of the language the command speaks; nil (English) until a config or
    /// `--language` names one.
    package var strings: Strings? {
        lock.withLock {
            // The newest language asked for whose strings load; the ones before it go with it.
            while let (language, theme) = asked.popLast() {
                if let loaded = try? Strings.load(theme: theme, language: language) {
                    words = loaded
                    asked = []
                }
            }
            return words
        }
    }

    /// Speaks `language` from now on; a theme without its strings leaves the last ones. The
    /// strings are read when something is first said: a cron build that succeeds says nothing,
    /// and parsing them was a tenth of a build with nothing to do.
    func speak(_ language: String, theme: ThemeFiles) {
        lock.withLock { asked.append((language, theme)) }
    }

    /// A message in the language the command speaks.
    func say(_ message: Message) -> String { message.text(strings) }

    func date(_ day: Day) -> String { strings?.format.date(day) ?? day.iso }

    func number(_ value: Int) -> String { strings?.format.number(value) ?? String(value) }

    // MARK: - Output

    /// A line of the command's result, on stdout.
    func line(_ text: String) { streams.out(text + "\n") }

    /// A message on stdout, in the language the command speaks.
    func line(_ message: Message) { line(say(message)) }

    /// Text on stdout as it is.
    func write(_ text: String) { streams.out(text) }

    /// JSON on stdout, as the store writes it.
    func json(_ value: some Encodable) throws { streams.out(String(decoding: try JSONFile.encode(value), as: UTF8.self)) }

    /// `usergraph: MESSAGE` on stderr.
    func error(_ text: String) { streams.err("usergraph: " + text + "\n") }

    /// A note for a person on stderr.
    func note(_ text: String) { streams.err(text + "\n") }

    /// A message on stderr, in the language the command speaks.
    func note(_ message: Message) { note(say(message)) }

    /// Text on stderr as it is (the progress line redraws itself).
    func writeDiagnostic(_ text: String) { streams.err(text) }

    /// A person is watching when either output goes to a terminal; under cron neither does.
    var isInteractive: Bool { terminals.stdout || terminals.stderr }

    /// An answer typed at the prompt, nil at the end of input.
    func readLine() -> String? { streams.readLine() }

    // MARK: - Paths and time

    /// `path` from the command line made absolute against the command's folder.
    func resolve(_ path: String) -> String { SiteConfig.resolve(path, against: directory) }

    /// The time edits and the timer see. `USERGRAPH_NOW` (ISO-8601 with an offset) pins it, so
    /// tests and replays get exact, repeatable counts; a `ticking` clock (`status --watch`)
    /// goes on from it.
    func now(ticking: Bool = false) throws -> Date {
        let real = clock()
        guard let text = environment["USERGRAPH_NOW"], !text.isEmpty else { return real }
        guard let base = Timestamp.parse(text) else {
            throw UsergraphError("errors.options.now", ["value": text], kind: .usage)
        }
        return ticking ? base.addingTimeInterval(real.timeIntervalSince(started)) : base
    }
}
