import Foundation
import UsergraphCore
import UsergraphPages
import UsergraphStore

/// The fingerprint of every page of the published site, kept beside the output folder
/// (`.usergraph/_site/pages`) and trusted only for the folder it was written with (its `FolderStamp`):
/// a page whose fingerprint is unchanged is kept as it is, its file hard-linked into the next
/// site instead of rendered again.
package struct PageManifest: Sendable {
    /// A page as the manifest lists it.
    package typealias Entry = (path: String, fingerprint: PageFingerprint, kept: Bool)
    private static let header = "usergraph-pages-4"
    package let fingerprints: FingerprintTable
    /// Every file of the published site, pages and the rest; nil when not known.
    package let files: Set<String>?
    /// The store's `files/` folder (`FolderStamp`) that every stored file of the
    /// published site is a link into; nil when not known, or when one of them is a copy.
    package let storedFiles: String?
    /// Each `KeptFamily`'s pages (those in its folder), in the order they were made, with their
    /// fingerprints: what a build that keeps the family whole keeps. None for a family one of
    /// whose pages has no fingerprint.
    package var families: [KeptFamily: [Entry]] = [:]
    /// The published site's stored files (`files/…`).
    package var storedFilePaths: [String] = []
    /// The manifest file's identity (its size, modification time and inode) when it was read:
    /// what a spare's list written as changes to this manifest names (see `SpareList`).
    package var token: String?

    package static let empty = PageManifest(fingerprints: FingerprintTable([]), files: nil, storedFiles: nil)

    package static func path(forOutput output: String) -> String {
        StagedSite.beside(output, "pages")
    }

    /// The manifest of the site in `output`, or an empty one when there is none, it is damaged,
    /// or the folder is not the one it was written for (then every page is rendered).
    package static func load(output: String) -> PageManifest {
        guard let identity = FolderStamp.of(output) else { return .empty }
        let token = token(output: output)
        var fingerprints: [(UInt64, PageFingerprint, Bool)] = []
        var files = Set<String>()
        var storedFiles: String?
        var families: [KeptFamily: [Entry]] = [:]
        var broken = Set<KeptFamily>()
        var storedFilePaths: [String] = []
        let read = ListFile.read(
            path(forOutput: output),
            header: { line in
                guard let stamp = ListFile.field(of: line, between: header, and: identity) else { return false }
                storedFiles = stamp
                return true
            },
            count: { lines in
                files.reserveCapacity(lines)
                fingerprints.reserveCapacity(lines)
            }
        ) { line in
            guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return false }
            let file = String(decoding: UnsafeBufferPointer(rebasing: line[(space + 1)...]), as: UTF8.self)
            files.insert(file)
            let family = KeptFamily.allCases.first { file.hasPrefix($0.folder) }
            var digits = line[..<space]
            if digits.count == 1, digits.first == UInt8(ascii: "-") {
                if let family { broken.insert(family) } else if file.hasPrefix(storedFolder) { storedFilePaths.append(file) }
                return true
            }
            let kept = digits.first == UInt8(ascii: "k")
            if kept { digits = digits.dropFirst() }
            guard let fingerprint = PageFingerprint(hexBytes: digits) else { return false }
            fingerprints.append((FingerprintTable.key(file), fingerprint, kept))
            if let family { families[family, default: []].append((file, fingerprint, kept)) }
            return true
        }
        guard read else { return .empty }
        var manifest = PageManifest(fingerprints: FingerprintTable(fingerprints), files: files, storedFiles: storedFiles)
        manifest.families = families.filter { !broken.contains($0.key) }
        manifest.storedFilePaths = storedFilePaths
        manifest.token = token
        return manifest
    }

    /// The identity of the manifest file beside `output`, or nil when there is none.
    package static func token(output: String) -> String? {
        FileIdentity.words(of: path(forOutput: output)).map { $0.map(String.init).joined(separator: ".") }
    }

    /// The folder of the site's stored files.
    static let storedFolder = "files/"

    /// Records the published site: its pages' fingerprints and its other files (`others`);
    /// together they are every file it has. Failing to is harmless (the next build renders
    /// every page). Written as staged, unsorted: sorting and the set difference that found the
    /// other files were 5 % of a one-user rebuild at 10,000 users.
    /// `storedFiles`: see the property. `inserting`: kept families' entries, each written (as
    /// kept) after the first `position` pages, where its pages would have been made.
    /// Returns how many files it listed (0 when it wrote nothing).
    @discardableResult
    package static func save(
        _ pages: some Sequence<(path: String, fingerprint: PageFingerprint?, kept: Bool)>,
        inserting kept: [(position: Int, entries: [Entry])] = [], others: [String], storedFiles: String?, output: String
    ) -> Int {
        guard let identity = FolderStamp.of(output) else { return 0 }
        var listed = 0
        ListFile.write(to: path(forOutput: output), header: ListFile.header(header, field: storedFiles, identity)) { writer in
            func write(_ path: String, _ fingerprint: PageFingerprint?, kept: Bool) {
                listed += 1
                if let fingerprint {
                    if kept { writer.part("k") }
                    writer.part(hex: fingerprint.high)
                    writer.part(":")
                    writer.part(hex: fingerprint.low)
                    writer.part(" ")
                } else {
                    writer.part("- ")
                }
                writer.line(path)
            }
            var insertions = kept.sorted { $0.position < $1.position }[...]
            func insert(upTo written: Int) {
                while let next = insertions.first, next.position <= written {
                    for entry in next.entries { write(entry.path, entry.fingerprint, kept: true) }
                    insertions.removeFirst()
                }
            }
            var written = 0
            for page in pages {
                insert(upTo: written)
                write(page.path, page.fingerprint, kept: page.kept)
                written += 1
            }
            insert(upTo: .max)
            for file in others { write(file, nil, kept: false) }
        }
        return listed
    }

    package static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}

/// The pages' fingerprints, each found by a 64-bit hash of its path (FNV-1a) in a sorted
/// array: 25 bytes a page, where a dictionary keyed by path took 84 at 100,000 pages (its
/// table is sized in powers of two). Two paths with one hash are both left out, so both pages
/// render; and a page could never be kept on another's fingerprint anyway, since every
/// fingerprint covers its page's path. With each, whether that build kept the page from the
/// site before it (so that site, now the spare, holds the very same file): found in the same
/// lookup, not in a set of 10,000 paths of its own.
package struct FingerprintTable: Sendable {
    private let keys: [UInt64]
    private let values: [PageFingerprint]
    private let kept: [Bool]

    package init(_ entries: [(UInt64, PageFingerprint, Bool)]) {
        let sorted = entries.sorted { $0.0 < $1.0 }
        var keys: [UInt64] = [], values: [PageFingerprint] = [], kept: [Bool] = []
        keys.reserveCapacity(sorted.count); values.reserveCapacity(sorted.count); kept.reserveCapacity(sorted.count)
        var index = 0
        while index < sorted.count {
            var end = index + 1
            while end < sorted.count, sorted[end].0 == sorted[index].0 { end += 1 }
            if end == index + 1 { keys.append(sorted[index].0); values.append(sorted[index].1); kept.append(sorted[index].2) }
            index = end
        }
        self.keys = keys; self.values = values; self.kept = kept
    }

    package static func key(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    package var count: Int { keys.count }
    package var isEmpty: Bool { keys.isEmpty }

    package subscript(path: String) -> PageFingerprint? { entry(path)?.fingerprint }

    /// The page's fingerprint, and whether its build kept it from the site before.
    package func entry(_ path: String) -> (fingerprint: PageFingerprint, kept: Bool)? {
        let key = Self.key(path)
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? (values[low], kept[low]) : nil
    }
}
