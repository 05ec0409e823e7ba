import Foundation

/// A test hook, not a feature. When the environment variable `USERGRAPH_INTERNAL_TEST_STOP_AT`
/// names a point of the build (`pages:40`, `swap:synced`, `swap:exchanged`, `swap:cleared`,
/// `swap:done`), the process stops itself there with SIGSTOP, so that the kill test can SIGKILL
/// it at a moment counted in the build's own progress instead of guessed from the clock, which
/// on a loaded machine lands every kill before the swap. Unset, as it always is outside the
/// tests, a point costs one comparison.
package enum TestStop {
    package enum Point: String { case synced = "swap:synced", exchanged = "swap:exchanged", cleared = "swap:cleared", done = "swap:done" }

    private static let requested = ProcessInfo.processInfo.environment["USERGRAPH_INTERNAL_TEST_STOP_AT"]
    private static let afterPages = requested.flatMap { $0.hasPrefix("pages:") ? Int($0.dropFirst("pages:".count)) : nil }

    package static func at(_ point: Point) {
        if requested == point.rawValue { raise(SIGSTOP) }
    }

    /// Called with the number of pages staged so far, from whichever thread staged the last one.
    package static func pagesStaged(_ count: Int) {
        if count == afterPages { raise(SIGSTOP) }
    }
}
