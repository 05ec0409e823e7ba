import Foundation
import UsergraphCore

extension ExportReader {
    /// The activities of one file a synced service kept (intervals.icu hands back the file the
    /// device uploaded, gzipped or not), read by the same readers as `usergraph import` so that
    /// its numbers and track are a file import's. Only GPX, TCX and FIT (plain or gzipped) are
    /// taken: a service's file is one activity, never an archive or a health export. The samples
    /// stay in memory (one activity). A file that is none of these gives nothing; one that is
    /// broken throws its reader's `ImportProblem`.
    package func readDownloaded(_ data: Data, name: String) throws -> [ImportedActivity] {
        guard data.count <= Self.fileLimit else { throw ImportProblem("errors.import.sync.fileTooLarge") }
        guard let kind = Self.kind(of: Array(data.prefix(Self.headSize))), [.gpx, .tcx, .fit, .gzip].contains(kind) else { return [] }
        var contents = ImportedContents()
        try read(data, kind: kind, name: name, into: &contents, staging: false)
        return filtered(contents).activities
    }
}
