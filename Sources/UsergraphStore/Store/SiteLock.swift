import Foundation
import Glibc
import UsergraphCore

#if canImport(Glibc)
#endif

/// One run at a time per site: an exclusive `flock` on `.usergraph/lock` beside the config.
/// The kernel drops the lock when the process dies, so a `kill -9` never leaves it stale and
/// the file's presence means nothing by itself.
package final class SiteLock: @unchecked Sendable {
    package let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// The lock file of the site whose config lives in `root`.
    package static func path(forSiteRoot root: String) -> String {
        root + "/.usergraph/lock"
    }

    /// Takes the site's lock. Without `wait`, a lock held by another run is an immediate
    /// `.locked` error (exit 75); with it, blocks until that run ends.
    package static func acquire(siteRoot root: String, wait: Bool = false) throws -> SiteLock {
        let path = path(forSiteRoot: root)
        mkdir(root + "/.usergraph", 0o755)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw UsergraphError("errors.lock.open", ["path": path, "reason": String(cString: strerror(errno))])
        }
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            if code == EWOULDBLOCK {
                throw UsergraphError(
                    "errors.lock.held", ["path": path], kind: .locked)
            }
            throw UsergraphError("errors.lock.failed", ["path": path, "reason": String(cString: strerror(code))])
        }
        // Who holds it, for a person looking at the file; the lock itself is the flock.
        _ = ftruncate(descriptor, 0)
        let note = "\(getpid())\n"
        _ = note.withCString { write(descriptor, $0, strlen($0)) }
        return SiteLock(path: path, descriptor: descriptor)
    }

    /// Gives the lock up early; the deinit does it otherwise.
    package func release() {
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
