import Foundation
import Testing
@testable import UsergraphKit

/// The small pieces of the remote layer, on their own.
@Suite struct RemotePartsTests {
    @Test func linkHeaderGivesTheNextTargetExactlyAsWritten() {
        let header = #"<https://api.github.com/user/1958953/repos?per_page=30&page=2>; rel="next", <https://api.github.com/user/1958953/repos?per_page=30&page=6>; rel="last""#
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
}
