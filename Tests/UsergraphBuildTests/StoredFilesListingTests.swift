import Foundation
import Testing
@testable import UsergraphBuild
@testable import UsergraphStore
import UsergraphTestSupport

/// The store's `files/` folder is listed once and kept beside the output (`StoredFilesListing`):
/// the kept listing must stand for the folder exactly while the folder's stamp is the same,
/// and never once it changed.
@Suite(.scratch) struct StoredFilesListingTests {
    static func name(_ digit: Character, _ suffix: String) -> String { String(repeating: digit, count: 64) + suffix }

    @Test func theKeptListingIsTheFoldersWhileItsStampIsTheSame() throws {
        let root = try TestPaths.scratch("listing")
        let folder = root + "/Store/files", output = root + "/_site"
        for name in [Self.name("a", ".svg"), Self.name("b", ".png"), Self.name("c", ""), "notes.txt"] {
            try TestPaths.write(name, to: folder + "/" + name)
        }
        try FileManager.default.createDirectory(atPath: folder + "/" + Self.name("d", ".svg"), withIntermediateDirectories: true)
        let stamp = try #require(FolderStamp.of(folder))
        let listingPath = StoredFilesListing.path(forOutput: output)

        // Listed, and kept: the same names and inodes as the folder's own listing.
        let listed = StoredFilesListing.files(in: folder, stamp: stamp, output: output)
        let direct = StoredFiles(folder: folder)
        #expect(FileManager.default.fileExists(atPath: listingPath))
        #expect(listed.allNames == direct.allNames && direct.allNames.count == 4)
        let kept = StoredFilesListing.files(in: folder, stamp: stamp, output: output)
        #expect(kept.allNames == direct.allNames && kept.device == direct.device)
        for name in direct.allNames {
            let key = try #require(direct.key(forStorePath: "files/" + name))
            #expect(kept.inode(of: key) == direct.inode(of: key), "\(name)")
        }

        // What the kept listing says is what a rebuild sees, while the stamp holds: a name put
        // in it alone stands for a file in the folder.
        let planted = Self.name("e", ".svg")
        let text = try TestPaths.read(listingPath) + "42 \(planted)\n"
        try TestPaths.write(text, to: listingPath)
        let trusted = StoredFilesListing.files(in: folder, stamp: stamp, output: output)
        #expect(trusted.allNames == (direct.allNames + [planted]).sorted())
        #expect(trusted.inode(of: try #require(trusted.key(forStorePath: "files/" + planted))) == 42)
        #expect(StoredFilesListing.files(in: folder, stamp: stamp, output: output, fresh: true).allNames == direct.allNames)
        // A line that is no stored file's (a slash in its name, an inode that is not a number)
        // makes the whole listing untrusted: the folder is listed.
        for bad in [
            "43 \(Self.name("f", ".svg/../../x"))", "4x \(Self.name("f", ".svg"))", "99999999999999999999999 \(Self.name("f", ".svg"))", "44 notes.txt",
        ] {
            try TestPaths.write(text + bad + "\n", to: listingPath)
            #expect(StoredFilesListing.files(in: folder, stamp: stamp, output: output).allNames == direct.allNames, "\(bad)")
        }

        // A file added changes the stamp: the folder is listed again, and that listing kept.
        try TestPaths.write(text, to: listingPath)
        try TestPaths.write("new", to: folder + "/" + Self.name("9", ".jpg"))
        let newStamp = try #require(FolderStamp.of(folder))
        #expect(newStamp != stamp)
        let relisted = StoredFilesListing.files(in: folder, stamp: newStamp, output: output)
        #expect(relisted.allNames == StoredFiles(folder: folder).allNames && relisted.allNames.count == 5)
        #expect(try TestPaths.read(listingPath).hasPrefix("usergraph-stored-1 ") && !(try TestPaths.read(listingPath).contains(planted)))

        // Another version's listing is not read either.
        try TestPaths.write(
            try TestPaths.read(listingPath).replacingOccurrences(of: "usergraph-stored-1 ", with: "usergraph-stored-0 ") + "42 \(planted)\n",
            to: listingPath)
        #expect(StoredFilesListing.files(in: folder, stamp: newStamp, output: output).allNames == relisted.allNames)
    }
}
