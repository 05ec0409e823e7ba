import Foundation

/// Runs long synchronous work (a site build renders on every core) on a thread of its own and
/// waits for it without holding a thread of the small concurrency pool, which the async parts
/// (the loader's requests, a preview server, a test's local API) need meanwhile.
enum OwnThread {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
