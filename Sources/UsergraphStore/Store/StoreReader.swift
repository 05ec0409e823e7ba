import Foundation
import UsergraphCore

/// The store's layout on disk, in one place.
package struct StoreLayout: Sendable {
    package let root: String

    package init(root: String) { self.root = root }

    package var owner: String { root + "/owner.json" }
    package var workouts: String { root + "/workouts.json" }
    package var weights: String { root + "/weights.json" }
    package var steps: String { root + "/steps.json" }
    package var meals: String { root + "/meals.json" }
    package var basalEnergy: String { root + "/basal.json" }
    package var timer: String { root + "/timer.json" }
    package var profile: String { root + "/github/profile.json" }
    package var repositories: String { root + "/github/repos.json" }
    package var starred: String { root + "/github/starred.json" }
    package var pinned: String { root + "/github/pinned.json" }
    package var contributions: String { root + "/github/contributions.json" }
    package var languages: String { root + "/github/languages.json" }
    package var users: String { root + "/users.json" }
    package var statistics: String { root + "/statistics.json" }
    package var files: String { root + "/files" }
    /// One file per workout with a track (`TrackFiles`).
    package var tracks: String { root + "/tracks" }
    /// What the inbox folders (`import.folders`) held when they were last read (`InboxLedger`).
    package var inbox: String { root + "/inbox.json" }
}

/// Reads the whole store once into a `Snapshot`. A missing file is a missing collection;
/// a file that does not parse stops the run with its path, line and column.
package enum StoreReader {
    package static func read(_ layout: StoreLayout) throws -> Snapshot {
        try begin(layout).finish()
    }

    /// Reads every file but the starred repositories, which go on being decoded on a thread of
    /// their own until `StoreRead.finish`: the largest file of a GitHub store (12 MB at 10,000
    /// users) and read by no statistic, so they decode while the caller counts.
    /// `directory` false: the users and their visits are left unread (`users` and `statistics`
    /// are nil); `starred` false: the starred repositories. For a build that has what it needs
    /// of them already (see `readDirectory`, `readStarred`).
    package static func begin(_ layout: StoreLayout, directory: Bool = true, starred readsStarred: Bool = true) -> StoreRead {
        // The files are independent, so they are decoded at once on all cores, largest first.
        // When several are broken, the error is the one a file-by-file read would meet first.
        let starred = BackgroundJob { readsStarred ? try readStarred(layout) : nil }
        let owner = Decoded<Owner?>(nil), workouts = Decoded<[Workout]>([]), weights = Decoded<[WeightRecord]>([])
        let profile = Decoded<Cached<GitHubProfile>?>(nil), repositories = Decoded<Cached<[Repository]>?>(nil)
        let users = Decoded<Cached<[DirectoryUser]>?>(nil)
        let statistics = Decoded<Cached<[StatisticsEntry]>?>(nil), steps = Decoded<[StepsRecord]>([])
        let meals = Decoded<[Meal]>([]), basalEnergy = Decoded<[BasalEnergyRecord]>([])
        let pinned = Decoded<Cached<[PinnedRepository]>?>(nil), contributions = Decoded<Cached<ContributionCalendar>?>(nil)
        let languages = Decoded<Cached<[RepositoryLanguages]>?>(nil)
        typealias Job = (order: Int, run: @Sendable () throws -> Void)
        var first: [Job] = [
            (
                4,
                {
                    repositories.value =
                        try fast(StoreDecoders.repositories, at: layout.repositories)
                        ?? cached([Repository].self, at: layout.repositories)
                }
            )
        ]
        if directory {
            first.append((7, { statistics.value = try readStatistics(layout) }))
            first.append((6, { users.value = try readUsers(layout) }))
        }
        let rest: [Job] = [
            (1, { workouts.value = try records(StoreDecoders.workouts, at: layout.workouts) }),
            (2, { weights.value = try records(StoreDecoders.weights, at: layout.weights) }),
            (3, { profile.value = try cached(GitHubProfile.self, at: layout.profile) }),
            (0, { owner.value = try JSONFile.read(Owner.self, at: layout.owner) }),
            (8, { steps.value = try records(StoreDecoders.steps, at: layout.steps) }),
            (9, { meals.value = try records(StoreDecoders.meals, at: layout.meals) }),
            // A few hundred small records a year: JSONDecoder is fast enough.
            (13, { basalEnergy.value = try JSONFile.read([BasalEnergyRecord].self, at: layout.basalEnergy) ?? [] }),
            (
                10,
                {
                    pinned.value = try cached(PinnedItemsAnswer.self, at: layout.pinned).map {
                        Cached($0.value.user.pinnedItems.nodes, fetchedAt: $0.fetchedAt)
                    }
                }
            ),
            (
                11,
                {
                    contributions.value = try cached(ContributionsAnswer.self, at: layout.contributions).map {
                        Cached($0.value.user.contributionsCollection.contributionCalendar, fetchedAt: $0.fetchedAt)
                    }
                }
            ),
            (
                12,
                {
                    languages.value = try cached(LanguagesAnswer.self, at: layout.languages).map {
                        Cached($0.value.user.repositories.nodes, fetchedAt: $0.fetchedAt)
                    }
                }
            ),
        ]
        let jobs = first + rest
        let failures = Decoded<[(order: Int, error: Error)]>([])
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            do { try jobs[index].run() } catch { lock.withLock { failures.value.append((jobs[index].order, error)) } }
        }
        var snapshot = Snapshot(
            owner: owner.value, workouts: workouts.value, weights: weights.value, steps: steps.value, meals: meals.value,
            profile: profile.value, repositories: repositories.value, starred: nil, users: users.value,
            statistics: statistics.value, pinned: pinned.value, contributions: contributions.value,
            languageSizes: languages.value)
        snapshot.basalEnergy = basalEnergy.value
        return StoreRead(partial: snapshot, failures: failures.value, starred: starred)
    }

    /// The users and their visits alone, decoded at once: what `begin(_:directory: false)` left.
    package static func readDirectory(_ layout: StoreLayout) throws -> (users: Cached<[DirectoryUser]>?, statistics: Cached<[StatisticsEntry]>?) {
        let statistics = BackgroundJob { try readStatistics(layout) }
        let users = try readUsers(layout)
        return (users, try statistics.value())
    }

    /// The starred repositories alone: what `begin(_:starred: false)` left.
    package static func readStarred(_ layout: StoreLayout) throws -> Cached<[StarredItem]>? {
        try fast(StoreDecoders.starred, at: layout.starred) ?? cached([StarredItem].self, at: layout.starred)
    }

    private static func readUsers(_ layout: StoreLayout) throws -> Cached<[DirectoryUser]>? {
        try fast(StoreDecoders.users, at: layout.users)
            ?? cached(UsersResponse.self, at: layout.users).map { Cached($0.value.users, fetchedAt: $0.fetchedAt) }
    }

    private static func readStatistics(_ layout: StoreLayout) throws -> Cached<[StatisticsEntry]>? {
        try fast(StoreDecoders.statistics, at: layout.statistics)
            ?? cached(StatisticsResponse.self, at: layout.statistics).map { Cached($0.value.statistics, fetchedAt: $0.fetchedAt) }
    }

    /// A cached collection through one of `StoreDecoders`; nil when it cannot say (JSONDecoder
    /// then reads the file and reports what is wrong with it, or that it is missing).
    static func fast<T: Sendable>(_ payload: (inout JSONBytesReader) -> T?, at path: String) -> Cached<T>? {
        guard let bytes = contents(atPath: path) else { return nil }
        return StoreDecoders.envelope(bytes, payload: payload)
    }

    /// The bytes of the file at `path`, or nil when it cannot be read. A big file is read into
    /// memory mapped with all its pages at once: read into ordinary memory, the 25 MB of a
    /// 10,000-user store took one page fault per 4 KB, a twentieth of a rebuild's time. Not
    /// the file itself mapped: a file cut short while mapped kills the process.
    static func contents(atPath path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 1 << 20 else {
            return FileManager.default.contents(atPath: path)
        }
        // One byte more than the size, to see a file that grew since.
        let capacity = Int(info.st_size) + 1
        guard let buffer = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0),
            buffer != MAP_FAILED
        else { return FileManager.default.contents(atPath: path) }
        let (count, failed) = FileBytes.fill(buffer, capacity: capacity, from: descriptor)
        guard !failed else {
            munmap(buffer, capacity)
            return nil
        }
        guard count < capacity else {
            munmap(buffer, capacity)
            return FileManager.default.contents(atPath: path)
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .custom { pointer, _ in munmap(pointer, capacity) })
    }

    /// A list of the owner's records (no envelope) through one of `StoreDecoders`, else
    /// JSONDecoder (which keeps the fields this version does not know, or says what is wrong);
    /// empty when the file is missing.
    static func records<T: Codable & Sendable>(_ payload: (inout JSONBytesReader) -> [T]?, at path: String) throws -> [T] {
        if let bytes = contents(atPath: path), let records = JSONBytesReader.read(bytes, payload) { return records }
        return try JSONFile.read([T].self, at: path) ?? []
    }

    static func cached<T: Codable & Sendable>(_ type: T.Type, at path: String) throws -> Cached<T>? {
        guard let envelope = try JSONFile.read(Envelope<T>.self, at: path) else { return nil }
        return Cached(envelope.data, fetchedAt: envelope.fetchedAt)
    }
}

/// A store read but for its starred repositories (see `StoreReader.begin`).
package struct StoreRead: Sendable {
    private let partial: Snapshot
    private let failures: [(order: Int, error: Error)]
    private let starred: BackgroundJob<Cached<[StarredItem]>?>

    /// The starred repositories' order among the files, for the first error of several.
    private static let starredOrder = 5

    fileprivate init(partial: Snapshot, failures: [(order: Int, error: Error)], starred: BackgroundJob<Cached<[StarredItem]>?>) {
        self.partial = partial; self.failures = failures; self.starred = starred
    }

    /// The snapshot without its starred repositories (`starred` is nil), as soon as the other
    /// files are read. Throws what `finish` would, waiting for the starred ones only then.
    package func withoutStarred() throws -> Snapshot {
        if !failures.isEmpty { _ = try finish() }
        return partial
    }

    /// The whole snapshot, once the starred repositories are decoded.
    package func finish() throws -> Snapshot {
        var all = failures
        var snapshot = partial
        do { snapshot.starred = try starred.value() } catch { all.append((Self.starredOrder, error)) }
        if let first = all.min(by: { $0.order < $1.order }) { throw first.error }
        return snapshot
    }
}

/// One decoded file, written by one thread while `StoreReader.read` waits for them all.
private final class Decoded<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Files downloaded into `Store/files/`, found by the hash of the URL they came from.
package struct StoredFiles: Sendable {
    /// SHA-256 of the source URL (or of an owner-supplied file's bytes) → what follows the
    /// hash in the file's name (`.svg`). Binary keys and short suffixes: at 100,000 files, two
    /// 64-byte strings per file were 22 MB of a build's peak memory.
    private let byHash: [FileHash: Entry]
    package let folder: String
    /// The device the folder is on (nil when it cannot be read): an inode names a file only there.
    package let device: UInt64?

    /// The rest of a stored file's name, and its inode as the folder lists it (0 when it is no
    /// regular file).
    fileprivate struct Entry {
        let suffix: String
        let inode: UInt64
    }

    package init(folder: String) {
        self.folder = folder
        var map: [FileHash: Entry] = [:]
        var info = stat()
        // Read with readdir and parsed from the name's bytes: FileManager's list of 100,000
        // names as strings was 33 MB of a build's peak, for keys of 32 bytes.
        if let directory = opendir(folder) {
            defer { closedir(directory) }
            Self.forEachStoredName(in: directory) { hash, suffix, entry in
                map[hash] = Entry(suffix: suffix, inode: Self.regularFileInode(entry, named: hash.hex + suffix, in: directory) ?? 0)
            }
            device = fstat(dirfd(directory), &info) == 0 ? UInt64(info.st_dev) : nil
        } else {
            device = nil
        }
        byHash = map
    }

    /// The folder as a listing made earlier found it (see `listing`).
    package init(folder: String, device: UInt64?, listing: Listing) {
        self.folder = folder
        self.device = device
        byHash = listing.byHash
    }

    /// A listing made earlier, read back one entry at a time: at 100,000 files, holding their
    /// names as strings first was 10 MB of a rebuild's peak.
    package struct Listing {
        fileprivate var byHash: [FileHash: Entry] = [:]

        package init(capacity: Int) { byHash.reserveCapacity(capacity) }

        /// Adds the file named `name` with its inode (0 for an entry that is no regular file).
        /// False for a name no stored file has, a slash in it (it would not be one folder's
        /// entry, and is never made into a path) included.
        package mutating func add(name: UnsafeBufferPointer<UInt8>, inode: UInt64) -> Bool {
            guard !name.contains(UInt8(ascii: "/")), let (hash, suffix) = StoredFiles.split(name) else { return false }
            byHash[hash] = Entry(suffix: suffix, inode: inode)
            return true
        }
    }

    /// Each stored file's name and inode (0 for an entry that is no regular file), in no
    /// order: what `init(folder:device:listing:)` takes back.
    package var listing: some Sequence<(name: String, inode: UInt64)> {
        byHash.lazy.map { (name: $0.key.hex + $0.value.suffix, inode: $0.value.inode) }
    }

    /// The pixel size of the stored file `name` (a name this folder lists), read from its
    /// header when a page asks: the one read a page makes, and the store's to make.
    package func imageSize(ofFile name: Substring) -> ImageSize? {
        ImageSize.read(path: folder + "/" + name)
    }

    /// The inode of the stored file `key`, if it is a regular file.
    package func inode(of key: FileHash) -> UInt64? {
        byHash[key].flatMap { $0.inode == 0 ? nil : $0.inode }
    }

    /// The inode of a folder's entry that is a regular file (looked up only where the file
    /// system does not say the entry's type).
    private static func regularFileInode(
        _ entry: UnsafeMutablePointer<dirent>, named name: @autoclosure () -> String,
        in directory: OpaquePointer
    ) -> UInt64? {
        let type = Int32(entry.pointee.d_type)
        var file = stat()
        let isFile =
            type == Int32(DT_REG)
            || (type == Int32(DT_UNKNOWN)
                && fstatat(dirfd(directory), name(), &file, AT_SYMLINK_NOFOLLOW) == 0 && (file.st_mode & S_IFMT) == S_IFREG)
        return isFile ? UInt64(entry.pointee.d_ino) : nil
    }

    /// The stored file for a remote URL, if it was downloaded: what follows its hash in its
    /// name, and its inode. A new inode is new bytes under the same name (what a page that
    /// shows the picture's size must be rendered again for).
    package func entry(forURL url: String) -> (suffix: String, inode: UInt64)? {
        byHash[FileHash(SHA256.digest(Array(url.utf8)))].map { ($0.suffix, $0.inode) }
    }

    /// Calls `body` with each entry of the open folder named as a stored file is: its hash, the
    /// rest of its name, and the entry.
    private static func forEachStoredName(in directory: OpaquePointer, _ body: (FileHash, String, UnsafeMutablePointer<dirent>) -> Void) {
        while let entry = readdir(directory) {
            let parsed = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = raw.bindMemory(to: UInt8.self)
                let length = name.firstIndex(of: 0) ?? name.count
                return split(UnsafeBufferPointer(rebasing: name[..<length]))
            }
            if let (hash, suffix) = parsed { body(hash, suffix, entry) }
        }
    }

    /// A name's hash (the 64 lowercase hex digits before its last dot, or all of it) and the rest.
    private static func split(_ name: UnsafeBufferPointer<UInt8>) -> (FileHash, String)? {
        let dot = name.lastIndex(of: UInt8(ascii: ".")) ?? name.count
        guard let hash = FileHash(hex: UnsafeBufferPointer(rebasing: name[..<dot])) else { return nil }
        return (hash, String(decoding: UnsafeBufferPointer(rebasing: name[dot...]), as: UTF8.self))
    }

    /// The stored file for a remote URL, if it was downloaded.
    package func file(forURL url: String) -> String? { key(forURL: url).flatMap(name(of:)) }

    /// A store-relative path such as `files/<hash>.svg`, if it names an existing stored file.
    package func file(forStorePath path: String) -> String? { key(forStorePath: path).flatMap(name(of:)) }

    var allNames: [String] { byHash.map { $0.key.hex + $0.value.suffix }.sorted() }

    /// The key of the stored file for a remote URL, if it was downloaded: 32 bytes to hold
    /// instead of a name (at 100,000 users the names of the pages' files were 10 MB).
    package func key(forURL url: String) -> FileHash? {
        let hash = FileHash(SHA256.digest(Array(url.utf8)))
        return byHash[hash] == nil ? nil : hash
    }

    /// The key of the stored file a store-relative path names, if it exists.
    package func key(forStorePath path: String) -> FileHash? {
        guard path.hasPrefix("files/") else { return nil }
        var name = String(path.dropFirst("files/".count))
        guard !name.contains("/"), !name.hasPrefix("."), let (hash, suffix) = name.withUTF8({ Self.split($0) }),
            byHash[hash]?.suffix == suffix
        else { return nil }
        return hash
    }

    /// The file's name in the folder.
    package func name(of key: FileHash) -> String? { byHash[key].map { key.hex + $0.suffix } }

    /// The regular files of `path` named as this store's files are (the same hash and suffix),
    /// with their inodes, read from the folder's entries: staging 10,000 avatars took three
    /// lookups each to learn what three folders list. Nil when the folder cannot be read.
    package func inodes(inFolder path: String) -> FolderInodes? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var info = stat()
        guard fstat(dirfd(directory), &info) == 0 else { return nil }
        var entries: [(key: UInt64, inode: UInt64)] = []
        Self.forEachStoredName(in: directory) { hash, suffix, entry in
            guard byHash[hash]?.suffix == suffix, let inode = Self.regularFileInode(entry, named: hash.hex + suffix, in: directory) else { return }
            entries.append((hash.words.0, inode))
        }
        return FolderInodes(device: UInt64(info.st_dev), entries: entries)
    }
}

/// The inodes of a folder's stored files (see `StoredFiles.inodes(inFolder:)`), by the first
/// 64 bits of their hash: 16 bytes a file. A prefix two files share is dropped, so neither is
/// ever taken for the other; asking for either finds nothing.
package struct FolderInodes: Sendable {
    package let device: UInt64
    private let keys: [UInt64]
    private let inodes: [UInt64]

    init(device: UInt64, entries: [(key: UInt64, inode: UInt64)]) {
        self.device = device
        let sorted = entries.sorted { $0.key < $1.key }
        var keys: [UInt64] = [], inodes: [UInt64] = []
        keys.reserveCapacity(sorted.count); inodes.reserveCapacity(sorted.count)
        for (index, entry) in sorted.enumerated() {
            let shared =
                (index > 0 && sorted[index - 1].key == entry.key)
                || (index + 1 < sorted.count && sorted[index + 1].key == entry.key)
            if !shared { keys.append(entry.key); inodes.append(entry.inode) }
        }
        self.keys = keys
        self.inodes = inodes
    }

    /// The inode of the stored file `key` in the folder, if it is there.
    package func inode(of key: FileHash) -> UInt64? {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key.words.0 { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key.words.0 ? inodes[low] : nil
    }
}

/// A SHA-256 digest as four words, the key of a stored file; ordered by its words.
package struct FileHash: Hashable, Comparable, Sendable {
    let words: (UInt64, UInt64, UInt64, UInt64)

    init(_ digest: [UInt32]) {
        func word(_ index: Int) -> UInt64 { UInt64(digest[2 * index]) << 32 | UInt64(digest[2 * index + 1]) }
        words = (word(0), word(1), word(2), word(3))
    }

    /// Exactly 64 lowercase hex digits, as `SHA256.hex` writes them; nil for anything else.
    /// Word by word, a digit by subtraction: a build parses the names of up to four folders of
    /// 10,000 stored files at 10,000 users.
    init?(hex bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 64 else { return nil }
        func word(_ start: Int) -> UInt64? {
            var value: UInt64 = 0
            for byte in bytes[start..<start + 16] {
                let decimal = byte &- UInt8(ascii: "0"), letter = byte &- UInt8(ascii: "a")
                guard decimal < 10 || letter < 6 else { return nil }
                value = value << 4 | UInt64(decimal < 10 ? decimal : letter + 10)
            }
            return value
        }
        guard let first = word(0), let second = word(16), let third = word(32), let fourth = word(48) else { return nil }
        words = (first, second, third, fourth)
    }

    var hex: String {
        String(unsafeUninitializedCapacity: 64) { text in
            var index = 0
            for word in [words.0, words.1, words.2, words.3] {
                for shift in stride(from: 60, through: 0, by: -4) {
                    let digit = UInt8(truncatingIfNeeded: word >> UInt64(shift)) & 0xF
                    text[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                    index += 1
                }
            }
            return index
        }
    }

    package static func == (a: FileHash, b: FileHash) -> Bool { a.words == b.words }

    package static func < (a: FileHash, b: FileHash) -> Bool { a.words < b.words }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(words.0); hasher.combine(words.1); hasher.combine(words.2); hasher.combine(words.3)
    }
}
