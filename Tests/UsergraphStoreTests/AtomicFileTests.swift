import Foundation
import Testing
import UsergraphStore
import UsergraphTestSupport

@Suite struct AtomicFileTests {
    /// A write keeps the old file under a second name until the folder is synced; after the
    /// write, new or over an old file, that name and the temporary file are gone.
    @Test func aWriteLeavesOnlyTheFileWithTheNewBytes() throws {
        let folder = try TestPaths.scratch("atomic")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/weights.json"
        try AtomicFile.write(Data("old".utf8), to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["weights.json"])
        try AtomicFile.write(Data("new".utf8), to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["weights.json"])
        #expect(try TestPaths.read(path) == "new")
    }
}
