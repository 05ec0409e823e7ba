import Foundation

/// Work started on a thread of its own while the caller goes on, such as the sharing pictures
/// (librsvg takes a tenth of a second for the social card) drawn while the pages render:
/// `value()` waits for it and returns its result or throws its error.
final class BackgroundJob<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, Error>?

    init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async {
            self.result = Result(catching: work)
            self.done.signal()
        }
    }

    /// Waits for the job; later calls return at once.
    func value() throws -> Value {
        // The semaphore orders the job's write of `result` before this read.
        done.wait()
        done.signal()
        guard let result else { preconditionFailure("a finished job has a result") }
        return try result.get()
    }
}

/// Work split over all cores.
enum Parallel {
    /// `transform` of each of `0..<count`, in order, computed on all cores in chunks of
    /// `chunk` (few enough that the locking does not show).
    static func map<T: Sendable>(_ count: Int, chunk: Int = 256, _ transform: @Sendable (Int) -> T) -> [T] {
        let chunks = (count + chunk - 1) / chunk
        let parts = Parts<T>(chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            parts.set(index, (index * chunk..<min(count, (index + 1) * chunk)).map(transform))
        }
        return parts.joined
    }
}

/// The chunks of a `Parallel.map`, filled in by its threads.
private final class Parts<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [[T]]

    init(_ count: Int) { parts = Array(repeating: [], count: count) }

    func set(_ index: Int, _ part: [T]) { lock.withLock { parts[index] = part } }

    var joined: [T] { lock.withLock { Array(parts.joined()) } }
}
