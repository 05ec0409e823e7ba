import Foundation

/// Writes a rendered site: everything goes into a staging folder beside the output folder,
/// which then replaces the old output with renames, so a reader never sees a half-written site.
public struct SiteWriter {
    public let output: String

    public init(output: String) { self.output = output }

    var parent: String { (output as NSString).deletingLastPathComponent }
    var name: String { (output as NSString).lastPathComponent }

    /// Makes a fresh staging folder, removing any left by a killed run.
    public func makeStaging() throws -> String {
        let fm = FileManager.default
        try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
        for leftover in (try? fm.contentsOfDirectory(atPath: parent)) ?? [] where leftover.hasPrefix("." + name + ".staging-") || leftover.hasPrefix("." + name + ".old-") {
            try? fm.removeItem(atPath: parent + "/" + leftover)
        }
        let staging = parent + "/." + name + ".staging-\(getpid())"
        try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
        return staging
    }

    /// Swaps the staging folder in: old output aside, staging in place, old removed.
    public func publish(staging: String) throws {
        let fm = FileManager.default
        let old = parent + "/." + name + ".old-\(getpid())"
        var isDirectory: ObjCBool = false
        let exists = fm.fileExists(atPath: output, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw UsergraphError("The output path \(output) is a file, not a folder; nothing was published.")
        }
        if exists, rename(output, old) != 0 {
            throw UsergraphError("Cannot move the old site at \(output) aside: \(String(cString: strerror(errno))).")
        }
        guard rename(staging, output) == 0 else {
            let reason = String(cString: strerror(errno))
            if exists { _ = rename(old, output) }
            throw UsergraphError("Cannot publish the site to \(output): \(reason).")
        }
        if exists { try? fm.removeItem(atPath: old) }
    }

    /// Writes one file under `root`, making its folders.
    public static func write(_ data: Data, to relative: String, under root: String) throws {
        let path = root + "/" + relative
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw UsergraphError("Cannot write \(path).")
        }
    }

    /// Copies a folder's files (not hidden ones) into `root`, keeping the tree.
    public static func copyTree(from source: String, to root: String, into prefix: String = "") throws -> Int {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue else { return 0 }
        var count = 0
        guard let walker = fm.enumerator(atPath: source) else { return 0 }
        while let item = walker.nextObject() as? String {
            if (item as NSString).lastPathComponent.hasPrefix(".") { walker.skipDescendants(); continue }
            let from = source + "/" + item
            var dir: ObjCBool = false
            guard fm.fileExists(atPath: from, isDirectory: &dir), !dir.boolValue else { continue }
            let to = root + "/" + prefix + item
            try fm.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try fm.copyItem(atPath: from, toPath: to)
            count += 1
        }
        return count
    }
}
