import Foundation
import Testing
import UsergraphTestSupport

@Suite(.scratch) struct TrimmingTests {
    /// Our trim must cut exactly what Foundation's `.whitespacesAndNewlines` cuts, for every
    /// scalar of the Basic Multilingual Plane and a few beyond.
    @Test func trimsExactlyWhatFoundationTrims() {
        var scalars = (0...0xFFFF).compactMap { Unicode.Scalar(UInt32($0)) }
        scalars += [Unicode.Scalar(0x1F600), Unicode.Scalar(0x10FFFF)].compactMap { $0 }
        var differences: [String] = []
        for scalar in scalars {
            let s = String(scalar)
            for text in [s + "a" + s + "b" + s, s + s, s, "a" + s] where text.trimmingWhitespace() != text.trimmingCharacters(in: .whitespacesAndNewlines) {
                differences.append(String(format: "U+%04X", scalar.value))
            }
        }
        #expect(differences.isEmpty, "differs for \(Set(differences).sorted().prefix(10))")
        #expect(" \u{301}Anna \n".trimmingWhitespace() == "\u{301}Anna")
        #expect("".trimmingWhitespace() == "")
        #expect("\t\n ".trimmingWhitespace() == "")
    }
}
