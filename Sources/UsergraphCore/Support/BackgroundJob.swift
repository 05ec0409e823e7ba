import Foundation

/// Work started on a thread of its own while the caller goes on, such as the sharing pictures
/// (librsvg takes a tenth of a second for the social card) drawn while the pages render:
/// `value()` waits for it and returns its result or throws its error.
package final class BackgroundJob<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, Error>?

    package init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async {
            self.result = Result(catching: work)
            self.done.signal()
        }
    }

    /// Waits for the job; later calls return at once.
    package func value() throws -> Value {
        // The semaphore orders the job's write of `result` before this read.
        done.wait()
        done.signal()
        guard let result else { preconditionFailure("a finished job has a result") }
        return try result.get()
    }
}
