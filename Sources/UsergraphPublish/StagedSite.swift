import CSystem
import Foundation
import UsergraphCore
import UsergraphStore

/// A site being written. Files go into a staging folder in the output's state folder
/// (`.usergraph/_site/` for `_site`, see `StateFolder`), which then takes the output's place in
/// one atomic exchange, so the output always holds a complete site: the old one or the new one,
/// whenever the process dies.
///
/// A file whose bytes equal the published one is hard-linked from it rather than written, so
/// it keeps its inode and timestamp and hosts and rsync see no change.
///
/// The old site's folders, emptied of files, are kept in the state folder (`spare`) and
/// become the next staging folder, so a rebuild makes no folders: at 10,000 users that is
/// 10,000 `mkdir` calls, and ext4 without a journal spends a long time finding inodes for new
/// folders right after as many were removed.
package final class StagedSite: @unchecked Sendable {
    /// How the staged file came to be.
    package enum Outcome: Sendable { case written, kept }

    package let output: String
    package let folder: String
    private let lock = NSLock()
    private var staged = Set<String>()
    /// The staged paths that are not pages (assets, pictures, feeds, stored files), in the
    /// order they came: the manifest lists them beside the pages without a set difference.
    private var others: [String] = []
    private var madeFolders = Set<String>()
    /// The staging folder, open from before the first write to the publish: `syncfs` on it
    /// reports every write-back error on its file system since it was opened.
    private let descriptor: Int32
    /// Writes what is staged to disk while the build goes on (see `WriteBack`).
    private let writeBack: WriteBack
    /// The published site's folder, open from the start (-1 when there is none yet): it stays
    /// that folder until the publish swaps it out.
    private let publishedDescriptor: Int32
    private var written = 0
    private var kept = 0
    /// Whether a stored file had to be copied rather than linked (see `storedFilesAreLinks`).
    private var copiedStoredFile = false
    /// The files the staging folder started with, when it is the site before last, kept whole
    /// beside the output (see `SpareList`); empty when it started with folders only.
    private let reused: Set<String>
    /// Whether `reused` lists exactly what the staging folder held, folders included.
    private let exact: Bool
    /// Whether the staging folder was made new, so it holds no folder the site does not use.
    private let fresh: Bool
    /// The old site `publish` made the spare: its files, those the new site lacks, and its
    /// stored files' `PageManifest.storedFiles`; for `saveSpareList`.
    private var spare: (previous: Set<String>, extra: [String], storedFiles: String?)?

    /// Makes a staging folder beside `output` (the last build's spare, or a new one), after
    /// clearing what a killed run left. `rebuild` false empties the spare of its files first, so
    /// every file of the new site is staged afresh (`build --force`).
    /// `list`: what `SpareList.load` read of the spare (loaded by the caller, on another thread
    /// while the store is read).
    package init(output: String, rebuild: Bool = true, spareList list: SpareList?) throws {
        self.output = output
        try StagedSite.clearLeftovers(output: output)
        folder = StagedSite.beside(output, "staging-\(getpid())")
        let spare = StagedSite.sparePath(forOutput: output)
        SpareList.remove(output: output)
        var reused = Set<String>(), exact = false
        fresh = rename(spare, folder) != 0
        if fresh {
            try StagedSite.makeFolders(folder)
        } else if let list, rebuild, list.exact {
            reused = list.files
            exact = true
        } else if list?.exact != false {
            // A spare whose files are not known for sure (a run killed after the swap), or not
            // wanted (`--force`): emptied of them, as a list of folders only is.
            _ = FileTree.removeFiles(in: folder)
        }
        self.reused = reused
        self.exact = exact
        spareStoredFiles = exact ? list?.storedFiles : nil
        publishedDescriptor = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            FileTree.remove(folder)
            throw UsergraphError("errors.publish.failed", ["path": output, "reason": reason])
        }
        writeBack = WriteBack(descriptor: descriptor)
    }

    deinit {
        writeBack.finish()
        close(descriptor)
        if publishedDescriptor >= 0 { close(publishedDescriptor) }
    }

    /// `NAME` in the output's state folder (`StateFolder`).
    package static func beside(_ output: String, _ name: String) -> String {
        StateFolder.file(name, forOutput: output)
    }

    static func sparePath(forOutput output: String) -> String {
        beside(output, "spare")
    }

    /// The relative paths staged so far.
    package var paths: Set<String> { lock.withLock { staged } }

    /// The paths among `paths` staged as something other than a page.
    package var otherPaths: [String] { lock.withLock { others } }

    /// Whether every file staged with `put(fileNamed:)` is a link to its source file (none had
    /// to be copied), so far.
    package var storedFilesAreLinks: Bool { lock.withLock { !copiedStoredFile } }

    /// The spare's `SpareList.storedFiles`, when the staging folder is the reused spare.
    package let spareStoredFiles: String?

    /// Stages one file. Safe to call from many threads at once; each path only once. `page`:
    /// whether it is one of the site's pages (see `otherPaths`).
    @discardableResult
    package func put(_ data: Data, at relative: String, page: Bool = false) throws -> Outcome {
        let target = folder + "/" + relative
        let spare = try place(relative)
        let outcome: Outcome
        if StagedSite.sameBytes(data, asFileAt: output + "/" + relative),
            (spare != nil && isPublishedFile(spareHas: relative, keptLastTime: false)) || link(relative, in: publishedDescriptor, to: relative)
        {
            outcome = .kept
        } else {
            try StagedSite.writeFile(data, to: target)
            writeBack.staged(data.count)
            outcome = .written
        }
        insert(outcome, at: relative, spare: spare, page: page)
        return outcome
    }

    /// A folder files are staged from, open so that each file is found from it rather than by
    /// walking its whole path.
    package struct SourceFolder: Sendable {
        package let path: String
        fileprivate let descriptor: Int32

        /// Nil when the folder cannot be opened.
        package init?(_ path: String) {
            self.path = path
            descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
        }

        package func close() { _ = Glibc.close(descriptor) }
    }

    /// Stages a file that is already on disk, such as a stored image, by hard-linking it: it is
    /// neither read nor copied, and while it does not change it keeps the published file's inode.
    /// The store only ever replaces files by renaming, so the link never sees a half-written file.
    /// Where a link cannot be made (another file system), the bytes are staged instead.
    /// `inodes`: the file's inode in the source folder (nil when it is no regular file there),
    /// and, on the same file system, the inode of the staging folder's and the published site's
    /// file at `relative`, as their folders list them: a file already there is left alone.
    @discardableResult
    package func put(
        fileNamed name: String, in source: SourceFolder, at relative: String,
        inodes: (source: UInt64?, staged: UInt64?, published: UInt64?)
    ) throws -> Outcome {
        let spare = try place(relative)
        let inPlace = spare != nil && inodes.source != nil && inodes.staged == inodes.source
        guard inPlace || link(name, in: source.descriptor, to: relative) else {
            guard let data = FileManager.default.contents(atPath: source.path + "/" + name) else {
                throw UsergraphError("errors.build.storedFile", ["path": source.path + "/" + name])
            }
            lock.withLock { copiedStoredFile = true }
            return try put(data, at: relative)
        }
        let outcome: Outcome = inodes.source != nil && inodes.published == inodes.source ? .kept : .written
        insert(outcome, at: relative, spare: spare, page: false)
        return outcome
    }

    /// Stages the stored files among `paths` that the reused spare holds, as they are, with no
    /// system call: for a caller that knows the spare's and the published site's stored files
    /// to be links to the same unchanged store folder (`spareStoredFiles`). Returns the paths
    /// the spare lacks, for the caller to stage one by one.
    package func keepLinkedFiles(_ paths: [String]) -> [String] {
        var lacking: [String] = []
        var held: [String] = []
        held.reserveCapacity(paths.count)
        for path in paths {
            if let spare = reused.firstIndex(of: path) { held.append(reused[spare]) } else { lacking.append(path) }
        }
        lock.withLock {
            for path in held { staged.insert(path) }
            others += held
            kept += held.count
        }
        return lacking
    }

    /// Keeps the published file at `relative` as it is, hard-linked into the new site without
    /// being read: for a page whose fingerprint says it would come out the same. False when
    /// there is no such file or no link can be made; the caller then renders the page.
    /// `keptLastTime`: the last build kept this page too (`FingerprintTable.entry`).
    package func keep(_ relative: String, keptLastTime: Bool = false) throws -> Bool {
        let spare = try place(relative)
        guard
            (spare != nil && isPublishedFile(spareHas: relative, keptLastTime: keptLastTime))
                || link(relative, in: publishedDescriptor, to: relative)
        else {
            return false
        }
        insert(.kept, at: relative, spare: spare, page: true)
        return true
    }

    /// Whether the staging folder's entry at `relative`, a path the spare holds, already is the
    /// published file (the same inode: a file the last two builds both kept, which
    /// `keptLastTime` says without looking), so there is nothing to stage.
    private func isPublishedFile(spareHas relative: String, keptLastTime: Bool) -> Bool {
        keptLastTime || StagedSite.sameFile(output + "/" + relative, folder + "/" + relative)
    }

    static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        return lstat(a, &x) == 0 && lstat(b, &y) == 0 && x.st_ino == y.st_ino && x.st_dev == y.st_dev
            && (x.st_mode & S_IFMT) == S_IFREG
    }

    /// The reused spare's entry for `relative`, looked up once for each file staged (20,000 a
    /// rebuild at 10,000 users): a path the spare holds has its folder there already, else the
    /// folder is made here.
    private func place(_ relative: String) throws -> Set<String>.Index? {
        let spare = reused.firstIndex(of: relative)
        if spare == nil { try makeFolder(for: relative) }
        return spare
    }

    /// Records a staged file. The spare's string for a path it has: at 100,000 users the site's
    /// paths are 200,000 strings, and the staged set would otherwise hold a second copy of each.
    private func insert(_ outcome: Outcome, at relative: String, spare: Set<String>.Index?, page: Bool) {
        let path = spare.map { reused[$0] } ?? relative
        lock.withLock {
            staged.insert(path)
            if !page { others.append(path) }
            if outcome == .kept { kept += 1 } else { written += 1 }
        }
    }

    /// Swaps the staged site in and removes the old one. Returns the counts for the report.
    /// `previous`: every file of the site in the output, when known (the last build's manifest);
    /// the old site is then kept whole as the next build's spare instead of emptied.
    /// `previousStoredFiles`: the manifest's `storedFiles`, kept in the spare's list.
    package func publish(previous: Set<String>? = nil, previousStoredFiles: String? = nil) throws -> PublishCounts {
        removeUnstaged()
        pruneFolders()
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fm.fileExists(atPath: output, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw UsergraphError("errors.publish.outputIsFile", ["path": output])
        }
        // Durable first, then visible: were the swap to reach the disk before the staged files
        // and folders, a power cut could leave empty or missing files under the output's name.
        // One syncfs writes every file this build wrote, every folder that gained or lost an
        // entry and the link counts of linked files, and waits for the disk once: on a 10,000-
        // user site it cost a fraction of what an fsync of each written file and changed folder
        // on both cores did (figures in the commit). The price: it also writes what other
        // programs left unwritten on the same file system. Most of it is on disk by now (see
        // `WriteBack`): a stopped write-back says the error it met, which this one would not.
        if let failure = writeBack.finish() {
            errno = failure
            throw syncFailure(folder)
        }
        guard csystem_syncfs(descriptor) == 0 else { throw syncFailure(folder) }
        TestStop.at(.synced)
        try swap(replacing: exists)
        TestStop.at(.exchanged)
        // The swap itself is an entry change in the output's parent; until that folder is synced
        // a power cut can bring the old site back, or (after two renames) no site at all.
        let parent = (output as NSString).deletingLastPathComponent
        guard AtomicFile.syncFolder(parent) else {
            let failure = syncFailure(parent)
            // Put the output back as it was (the caller then discards the staging folder).
            if exists { try? swap(replacing: true) } else { _ = rename(output, folder) }
            throw failure
        }
        // The staging path now holds the old site (if there was one); a kill here leaves it for
        // the next run to clear. Its files the new site lacks are the ones this build removed.
        let staged = paths
        var removed = 0
        if exists, let previous {
            // The old site stays whole as the next build's spare: it will only need what changed.
            let extra = Array(previous.subtracting(staged))
            removed = extra.count
            TestStop.at(.cleared)
            if rename(folder, StagedSite.sparePath(forOutput: output)) == 0 {
                lock.withLock { spare = (previous, extra, previousStoredFiles) }
            } else {
                FileTree.remove(folder)
            }
        } else if exists {
            let emptied = FileTree.removeFiles(in: folder) { if !staged.contains($0) { removed += 1 } }
            TestStop.at(.cleared)
            if emptied, rename(folder, StagedSite.sparePath(forOutput: output)) == 0 {
                SpareList.save([], exact: false, output: output)
            } else {
                FileTree.remove(folder)
            }
        }
        TestStop.at(.done)
        return lock.withLock { PublishCounts(written: written, kept: kept, removed: removed) }
    }

    /// Lists the old site `publish` kept as the spare (see `SpareList`), once the new site's
    /// manifest is written: as the changes to what the manifest `token` names lists, which must
    /// be exactly the staged paths, or in full without one. A run killed before this leaves no
    /// list, and the next build empties the spare of its files.
    package func saveSpareList(against token: String?) {
        guard let spare = lock.withLock({ spare }) else { return }
        guard let token else {
            SpareList.save(spare.previous, exact: true, storedFiles: spare.storedFiles, output: output)
            return
        }
        let staged = paths
        // As many as the new site has and the old lacks: found only when there are any.
        let missing = staged.count - spare.previous.count + spare.extra.count == 0 ? [] : staged.filter { !spare.previous.contains($0) }
        SpareList.save(against: token, extra: spare.extra, missing: missing, storedFiles: spare.storedFiles, output: output)
    }

    /// Puts the staged site in the output's place, and the old site (if any) in the staging
    /// folder's; with an old site, running it again puts both back.
    private func swap(replacing exists: Bool) throws {
        if !exists {
            guard rename(folder, output) == 0 else {
                throw UsergraphError("errors.publish.failed", ["path": output, "reason": String(cString: strerror(errno))])
            }
        } else if csystem_exchange_paths(folder, output) != 0 {
            try swapWithRenames()
        }
    }

    /// The error for a failed sync of `path` (errno still holding the reason): nothing is
    /// published, so the site in the output is the one that was there.
    private func syncFailure(_ path: String) -> UsergraphError {
        StagedSite.syncFailure(path, output: output)
    }

    static func syncFailure(_ path: String, output: String) -> UsergraphError {
        UsergraphError("errors.publish.sync", ["path": path, "output": output, "reason": String(cString: strerror(errno))])
    }

    /// Throws the staging folder away after a failed build; the output was never touched.
    package func discard() {
        writeBack.finish()
        FileTree.remove(folder)
    }

    /// Where the kernel or file system cannot exchange two folders: move the old one aside,
    /// then the new one in. A kill between the two renames leaves no output; `clearLeftovers` puts the
    /// old site back on the next run.
    private func swapWithRenames() throws {
        let old = StagedSite.beside(output, "old-\(getpid())")
        guard rename(output, old) == 0 else {
            throw UsergraphError("errors.publish.moveAside", ["path": output, "reason": String(cString: strerror(errno))])
        }
        guard rename(folder, output) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(old, output)
            throw UsergraphError("errors.publish.failed", ["path": output, "reason": reason])
        }
        // Keep `folder` meaning "the old site" for the caller's cleanup.
        _ = rename(old, folder)
    }

    /// Removes the reused spare's files the new site does not have (a user who is gone), and
    /// the folders that leaves empty. The spare was a published site, which has no empty
    /// folders, so only the folders of the files removed can be empty now: each is tried, the
    /// deepest first, and `rmdir` leaves those that still hold something.
    private func removeUnstaged() {
        let staged = paths
        var emptied = Set<String>()
        for file in reused where !staged.contains(file) {
            unlink(folder + "/" + file)
            var path = FileTree.parent(file)
            while !path.isEmpty, emptied.insert(path).inserted { path = FileTree.parent(path) }
        }
        for path in emptied.sorted(by: { $0.utf8.count > $1.utf8.count }) { rmdir(folder + "/" + path) }
    }

    /// Removes the folders of a spare emptied of its files that this site does not use (a user
    /// who is gone, say), so the published site has no empty folders. A reused spare's are
    /// pruned by `removeUnstaged`.
    private func pruneFolders() {
        // A new staging folder holds only the folders its files were staged in: listing
        // thousands of them would find nothing.
        guard !exact, !fresh else { return }
        var needed: Set<String> = [""]
        for made in lock.withLock({ madeFolders }) {
            var path = made
            while !path.isEmpty, needed.insert(path).inserted { path = FileTree.parent(path) }
        }
        func prune(_ relative: String) {
            for name in FileTree.folders(in: relative.isEmpty ? folder : folder + "/" + relative) {
                let child = relative.isEmpty ? name : relative + "/" + name
                if needed.contains(child) { prune(child) } else { FileTree.remove(folder + "/" + child) }
            }
        }
        prune("")
    }

    /// A hard link at `relative` in the staging folder to `name` in the open folder `source`
    /// (the published site, the store's files), replacing whatever a reused folder has there.
    /// Both are found from open folders: full paths walked every folder of them each time.
    private func link(_ name: String, in source: Int32, to relative: String) -> Bool {
        if linkat(source, name, descriptor, relative, 0) == 0 { return true }
        return errno == EEXIST && unlinkat(descriptor, relative, 0) == 0 && linkat(source, name, descriptor, relative, 0) == 0
    }

    /// Makes the folder of `relative`, a path the reused spare does not hold (one it holds has
    /// its folder there already).
    private func makeFolder(for relative: String) throws {
        let folderPart = FileTree.parent(relative)
        guard !folderPart.isEmpty else { return }
        let needed = lock.withLock { !madeFolders.contains(folderPart) }
        guard needed else { return }
        try StagedSite.makeFolders(folder + "/" + folderPart)
        lock.withLock { _ = madeFolders.insert(folderPart) }
    }

    /// `mkdir -p` with one system call when the parent is there, as it almost always is:
    /// FileManager's version stats every component of the path first.
    static func makeFolders(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        if errno == ENOENT {
            try makeFolders((path as NSString).deletingLastPathComponent)
            if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        }
        throw UsergraphError("errors.store.write", ["path": path, "reason": String(cString: strerror(errno))])
    }

    /// Whether the regular file at `path` holds exactly `data`, read in chunks and compared as
    /// they come, so a file that differs early is not read to its end.
    static func sameBytes(_ data: Data, asFileAt path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == data.count else { return false }
        var chunk = [UInt8](repeating: 0, count: min(max(data.count, 1), 1 << 16))
        return data.withUnsafeBytes { (expected: UnsafeRawBufferPointer) -> Bool in
            var offset = 0
            while offset < expected.count {
                guard let base = expected.baseAddress else { return false }
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, expected.count - offset)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0, chunk.withUnsafeBytes({ $0.baseAddress.map { memcmp(base + offset, $0, count) } ?? 1 }) == 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// A plain write: the staging folder is private until the exchange, so no temp-and-rename.
    static func writeFile(_ data: Data, to path: String) throws {
        var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        var overwriting = false
        if descriptor < 0, errno == EEXIST {
            // An entry of the reused spare. One that no other name links (a page the last
            // build wrote anew) is written over: making a new file instead costs the file
            // system an inode, which on ext4 was most of the time a rebuild that rewrites
            // every user page took. Any other entry may be a hard link to a published file,
            // which must not be written through, so it is replaced by a new file. Only a
            // regular file is opened (opening a FIFO or a device to write may block or act).
            var info = stat()
            let regular = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_nlink == 1
            let existing = regular ? open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) : -1
            if existing >= 0, fstat(existing, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 {
                descriptor = existing
                overwriting = true
            } else {
                if existing >= 0 { close(existing) }
                if unlink(path) == 0 { descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            }
        }
        guard descriptor >= 0 else { throw writeError(path) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let count = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw writeError(path)
                }
                offset += count
            }
        }
        // Written over from the start: what the old file had beyond the new bytes goes.
        if overwriting, ftruncate(descriptor, off_t(data.count)) != 0 { throw writeError(path) }
    }

    private static func writeError(_ path: String) -> UsergraphError {
        UsergraphError("errors.store.write", ["path": path, "reason": String(cString: strerror(errno))])
    }

    /// Clears what a killed run left in the state folder: staging folders, and an old site moved
    /// aside by `swapWithRenames`, which goes back in place if the output is missing. Also
    /// removes what versions before the state folder kept beside the output (`._site.spare`, a
    /// whole copy of the site, and `._site.stamp`, `._site.pages`, …).
    package static func clearLeftovers(output: String) throws {
        let parent = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        let state = StateFolder.folder(forOutput: output)
        let fm = FileManager.default
        try fm.createDirectory(atPath: state, withIntermediateDirectories: true)
        let leftovers = ((try? fm.contentsOfDirectory(atPath: state)) ?? []).sorted()
        let earlier = ((try? fm.contentsOfDirectory(atPath: parent)) ?? []).filter { $0.hasPrefix("." + name + ".") }.sorted()
        if !fm.fileExists(atPath: output) {
            if let old = leftovers.last(where: { $0.hasPrefix("old-") }) {
                _ = rename(state + "/" + old, output)
            } else if let old = earlier.last(where: { $0.hasPrefix("." + name + ".old-") }) {
                _ = rename(parent + "/" + old, output)
            }
        }
        for leftover in leftovers where leftover.hasPrefix("staging-") || leftover.hasPrefix("old-") {
            FileTree.remove(state + "/" + leftover)
        }
        for file in earlier {
            FileTree.remove(parent + "/" + file)
        }
    }
}

/// What a publish changed, for the closing line of `build`.
package struct PublishCounts: Sendable, Equatable {
    package var written: Int
    package var kept: Int
    package var removed: Int

    package init(written: Int, kept: Int, removed: Int) {
        self.written = written; self.kept = kept; self.removed = removed
    }
}
