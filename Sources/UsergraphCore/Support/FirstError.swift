import Foundation

/// The first error raised by any of the threads.
package final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var error: Error?

    package init() {}

    package var isSet: Bool { lock.withLock { error != nil } }
    package var value: Error? { lock.withLock { error } }
    package func set(_ new: Error) { lock.withLock { if error == nil { error = new } } }
}
