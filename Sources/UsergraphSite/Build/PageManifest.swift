import Foundation
import UsergraphCore
import UsergraphStore

/// The fingerprint of every page of the published site, kept beside the output folder
/// (`._site.pages`) and trusted only for the folder it was written with (its inode and times,
/// as `BuildStamp` checks them): a page whose fingerprint is unchanged is kept as it is, its
/// file hard-linked into the next site instead of rendered again.
struct PageManifest: Sendable {
    private static let header = "usergraph-pages-3"
    let fingerprints: [String: PageFingerprint]
    /// Every file of the published site, pages and the rest; nil when not known.
    let files: Set<String>?
    /// The pages that build kept from the site before it (so that site, now the spare, holds
    /// the very same file).
    let kept: Set<String>

    static let empty = PageManifest(fingerprints: [:], files: nil, kept: [])

    static func path(forOutput output: String) -> String {
        StagedSite.beside(output, "pages")
    }

    /// The manifest of the site in `output`, or an empty one when there is none, it is damaged,
    /// or the folder is not the one it was written for (then every page is rendered).
    static func load(output: String) -> PageManifest {
        guard let identity = BuildStamp.folderIdentity(of: output), let (first, lines) = ListFile.read(path(forOutput: output)),
              first == header + " " + identity else { return .empty }
        var fingerprints: [String: PageFingerprint] = [:]
        var files = Set<String>(), kept = Set<String>()
        // Pages only: the other files' lines start with "-" (at 100,000 users, room for all
        // 200,000 lines was 8 MB more than the pages need).
        fingerprints.reserveCapacity(lines.count { $0.utf8.first != UInt8(ascii: "-") })
        files.reserveCapacity(lines.count)
        for line in lines {
            guard let space = line.utf8.firstIndex(of: UInt8(ascii: " ")) else { return .empty }
            let file = String(line[line.utf8.index(after: space)...])
            files.insert(file)
            var digits = line[..<space]
            if digits == "-" { continue }
            if digits.first == "k" { digits = digits.dropFirst(); kept.insert(file) }
            guard let fingerprint = PageFingerprint(hex: digits) else { return .empty }
            fingerprints[file] = fingerprint
        }
        return PageManifest(fingerprints: fingerprints, files: files, kept: kept)
    }

    /// Records the published site: its pages' fingerprints and its other files (`files`, all
    /// of them); failing to is harmless (the next build renders every page).
    static func save(_ pages: some Sequence<(path: String, fingerprint: PageFingerprint?, kept: Bool)>, files: Set<String>, output: String) {
        guard let identity = BuildStamp.folderIdentity(of: output) else { return }
        ListFile.write(to: path(forOutput: output), header: header + " " + identity) { writer in
            var listed = Set<String>()
            listed.reserveCapacity(files.count)
            for page in pages {
                guard let fingerprint = page.fingerprint else { continue }
                writer.line(page.kept ? "k" : "", fingerprint.hex, " ", page.path)
                listed.insert(page.path)
            }
            for file in files.filter({ !listed.contains($0) }).sorted() { writer.line("- ", file) }
        }
    }

    static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}
