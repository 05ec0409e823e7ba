import Foundation

/// Plain folder copies for `init`, which makes a new project and has nothing to publish.
public enum FileTree {
    /// The files of a folder (hidden ones only when asked), as paths relative to it, sorted.
    public static func files(in source: String, includingHidden: Bool = false) -> [String] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue,
              let walker = fm.enumerator(atPath: source) else { return [] }
        var files: [String] = []
        while let item = walker.nextObject() as? String {
            if !includingHidden, (item as NSString).lastPathComponent.hasPrefix(".") { walker.skipDescendants(); continue }
            var dir: ObjCBool = false
            guard fm.fileExists(atPath: source + "/" + item, isDirectory: &dir), !dir.boolValue else { continue }
            files.append(item)
        }
        return files.sorted()
    }

    /// Copies a folder's files (not hidden ones) into `root`, keeping the tree.
    @discardableResult
    public static func copy(from source: String, to root: String) throws -> Int {
        let fm = FileManager.default
        let files = files(in: source)
        for item in files {
            let to = root + "/" + item
            try fm.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try fm.copyItem(atPath: source + "/" + item, toPath: to)
        }
        return files.count
    }
}
