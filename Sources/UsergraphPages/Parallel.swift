import Foundation

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
