import Testing
@testable import UsergraphImport

/// The kind of an export is told from its head's bytes before its text is searched.
@Suite struct ExportKindByteSearchTests {
    @Test func namesAreFoundAnywhereInTheHead() {
        let padding = String(repeating: "<!-- x -->", count: 6000)
        #expect(ExportReader.kind(of: Array("<?xml version=\"1.0\"?>\n\(padding)<gpx".utf8)) == .gpx)
        #expect(ExportReader.kind(of: Array("<gpx version=\"1.1\">".utf8)) == .gpx)
        #expect(ExportReader.kind(of: Array("\(padding)<gp".utf8)) == nil)
        #expect(ExportReader.kind(of: Array("<TrainingCenterDatabase><gpx".utf8)) == .tcx)
        #expect(ExportReader.kind(of: Array("<!DOCTYPE HealthData [ ]><gpx".utf8)) == .appleHealth)
        #expect(ExportReader.kind(of: []) == nil)
    }
}
