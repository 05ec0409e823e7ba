import CSystem
import Foundation
import Synchronization

/// Writes a staging folder's file system to disk while the build is still staging, so that the
/// publish's `syncfs` waits only for the last few megabytes: a full build at 10,000 users waited
/// about 0.2 s there, with little for the cores to do, for some 70 MB it could have written
/// while the pages rendered.
/// A thread of its own is started at the first `staged` that passes `batch` bytes, so a rebuild
/// that writes a few pages starts none; each `syncfs` writes everything staged by then.
package final class WriteBack: Sendable {
    /// Bytes staged between two `syncfs`: each writes the folders' and inodes' blocks again too.
    static let batch = 8 << 20

    private struct State {
        var pending = 0
        var started = false
        var finished = false
        /// The first failed `syncfs`'s `errno`: the kernel reports a write-back error once for
        /// each open descriptor, so the publish's own `syncfs` would not see it again.
        var failure: Int32?
        var flushes = 0
    }

    private let descriptor: Int32
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    /// `descriptor`: open on the staging folder until `finish()` returns.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Counts `bytes` just written; past a batch, has them written to disk.
    package func staged(_ bytes: Int) {
        let (start, due) = state.withLock { state -> (Bool, Bool) in
            guard !state.finished else { return (false, false) }
            state.pending += bytes
            guard state.pending >= Self.batch else { return (false, false) }
            state.pending = 0
            defer { state.started = true }
            return (!state.started, true)
        }
        if start { Thread { [self] in run() }.start() }
        if due { wake.signal() }
    }

    private func run() {
        while true {
            wake.wait()
            if state.withLock({ $0.finished }) { break }
            let failure = csystem_syncfs(descriptor) == 0 ? nil : errno
            state.withLock { state in
                state.flushes += 1
                state.failure = state.failure ?? failure
            }
        }
        stopped.signal()
    }

    /// How many `syncfs` the thread has made.
    var flushes: Int { state.withLock { $0.flushes } }

    /// Stops the thread (after the `syncfs` it is in, if any) and returns the `errno` of the
    /// first one that failed. Later calls return the same at once.
    @discardableResult
    package func finish() -> Int32? {
        let wasRunning = state.withLock { state -> Bool in
            defer { state.finished = true }
            return state.started && !state.finished
        }
        if wasRunning {
            wake.signal()
            stopped.wait()
        }
        return state.withLock { $0.failure }
    }
}
