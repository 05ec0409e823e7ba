import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
@testable import UsergraphRemote
import UsergraphTestSupport

/// The small pieces of the remote layer, on their own.
@Suite(.scratch) struct RemotePartsTests {
    @Test func linkHeaderGivesTheNextTargetExactlyAsWritten() {
        let header =
            #"<https://api.github.com/user/1958953/repos?per_page=30&page=2>; rel="next", <https://api.github.com/user/1958953/repos?per_page=30&page=6>; rel="last""#
        #expect(LinkHeader.target(header, relation: "next") == "https://api.github.com/user/1958953/repos?per_page=30&page=2")
        #expect(LinkHeader.target(header, relation: "last") == "https://api.github.com/user/1958953/repos?per_page=30&page=6")
        let last = #"<https://api.github.com/user/1/repos?page=5>; rel="prev", <https://api.github.com/user/1/repos?page=1>; rel="first""#
        #expect(LinkHeader.target(last, relation: "next") == nil)
        #expect(LinkHeader.target(nil, relation: "next") == nil)
        // Several relations in one rel, and a comma inside a quoted parameter.
        let odd = #"<https://x.test/a>; title="a, b"; rel="prev first", <https://x.test/b?c=1,2>; rel=next"#
        #expect(LinkHeader.target(odd, relation: "first") == "https://x.test/a")
        #expect(LinkHeader.target(odd, relation: "next") == "https://x.test/b?c=1,2")
    }

    @Test func anEnvelopeKeepsTheAPIsBytesVerbatimAndReadsThemBack() throws {
        let data = Data(#"[{"name":"a \"data\": x","n":1.50,"data":{"k":[1,2]}} ,{"name":"b"}]"#.utf8)
        let bytes = EnvelopeFile.bytes(
            source: "https://api.example/x?per_page=100", fetchedAt: "2026-11-20T06:00:00Z",
            validators: ["https://api.example/x?per_page=100": ["etag": "W/\"1\"", "next": "https://api.example/x?page=2"]],
            data: data)
        let path = try TestPaths.scratch("envelope") + "/repos.json"
        try AtomicFile.write(bytes, to: path)
        let read = try #require(try EnvelopeFile.read(path))
        #expect(read.data == data)  // 1.50 stays 1.50; key order and spacing stay
        #expect(read.source == "https://api.example/x?per_page=100")
        #expect(read.validators["https://api.example/x?per_page=100"]?["etag"] == "W/\"1\"")
        // And it is an ordinary envelope for the store reader.
        let envelope = try JSONFile.decode(Envelope<[Repository]>.self, from: bytes, path: path)
        #expect(envelope.data.map(\.name) == ["a \"data\": x", "b"])
        #expect(try EnvelopeFile.read(path + ".missing") == nil)
    }

    @Test func pagesJoinIntoOneListKeepingEveryElement() {
        let joined = JSONArrays.join([Data("[ {\"a\":1}, {\"a\":2} ]\n".utf8), Data("[]".utf8), Data("[{\"a\":3}]".utf8)])
        #expect(String(decoding: joined, as: UTF8.self) == #"[{"a":1}, {"a":2},{"a":3}]"#)
        #expect(String(decoding: JSONArrays.join([]), as: UTF8.self) == "[]")
    }

    @Test func onlyRasterImagesWhoseBytesMatchTheirTypeAreKept() {
        #expect(FileDownloader.fileExtension(contentType: "image/png") == "png")
        #expect(FileDownloader.fileExtension(contentType: "image/jpeg; charset=binary") == "jpg")
        #expect(FileDownloader.fileExtension(contentType: "image/svg+xml") == nil)
        #expect(FileDownloader.fileExtension(contentType: "text/html") == nil)
        #expect(FileDownloader.fileExtension(contentType: nil) == nil)
        #expect(FileDownloader.looksLike("png", FakeAPIs.png))
        #expect(!FileDownloader.looksLike("jpg", FakeAPIs.png))
        #expect(FileDownloader.looksLike("jpg", Data([0xFF, 0xD8, 0xFF, 0xE0])))
        #expect(FileDownloader.looksLike("gif", Data("GIF89a....".utf8)))
        #expect(!FileDownloader.looksLike("png", Data("<html>".utf8)))
    }

    @Test func sourceListsNameOnlyKnownSources() throws {
        #expect(try RemoteSource.parseList("repos, starred") == [.repos, .starred])
        #expect(throws: UsergraphError.self) { try RemoteSource.parseList("repos,stars") }
        #expect(throws: UsergraphError.self) { try RemoteSource.parseList(" , ") }
    }
}
