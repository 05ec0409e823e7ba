import Foundation
import UsergraphCore
import UsergraphStore

/// The fingerprint of every page of the published site, kept beside the output folder
/// (`._site.pages`) and trusted only for the folder it was written with (its inode and times,
/// as `BuildStamp` checks them): a page whose fingerprint is unchanged is kept as it is, its
/// file hard-linked into the next site instead of rendered again.
struct PageManifest: Sendable {
    private static let header = "usergraph-pages-1"
    let fingerprints: [String: PageFingerprint]

    static let empty = PageManifest(fingerprints: [:])

    static func path(forOutput output: String) -> String {
        let parent = (output as NSString).deletingLastPathComponent
        return parent + "/." + (output as NSString).lastPathComponent + ".pages"
    }

    /// The manifest of the site in `output`, or an empty one when there is none, it is damaged,
    /// or the folder is not the one it was written for (then every page is rendered).
    static func load(output: String) -> PageManifest {
        guard let data = FileManager.default.contents(atPath: path(forOutput: output)),
              let identity = BuildStamp.folderIdentity(of: output) else { return .empty }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(header + " " + identity) else { return .empty }
        var fingerprints: [String: PageFingerprint] = [:]
        fingerprints.reserveCapacity(lines.count)
        for line in lines {
            guard let space = line.firstIndex(of: " "), let fingerprint = PageFingerprint(hex: line[..<space]) else { return .empty }
            fingerprints[String(line[line.index(after: space)...])] = fingerprint
        }
        return PageManifest(fingerprints: fingerprints)
    }

    /// Records the published pages; failing to is harmless (the next build renders them all).
    static func save(_ pages: [(path: String, fingerprint: PageFingerprint?)], output: String) {
        guard let identity = BuildStamp.folderIdentity(of: output) else { return }
        var text = header + " " + identity + "\n"
        for page in pages {
            guard let fingerprint = page.fingerprint else { continue }
            text += fingerprint.hex + " " + page.path + "\n"
        }
        try? AtomicFile.write(Data(text.utf8), to: path(forOutput: output))
    }

    static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}
