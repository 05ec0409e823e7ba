import Foundation

/// Reads Garmin FIT files, `.fit` or gzipped `.fit.gz` (told by gzip's magic bytes, not by the
/// name): the activities of their `session` messages and the body weights of their
/// `weight_scale` messages. Written from the FIT protocol, strictly: a file that is damaged
/// (a CRC that does not match), cut short or malformed throws an `ImportProblem` with an
/// `errors.import.fit.*` key, and nothing in a file can make it read past the end or crash.
/// Every message usergraph does not need is skipped by its definition's size.
package enum FITReader {
    /// The records of one FIT file (or of several chained in it). Throws `ImportProblem`.
    package static func read(_ data: Data) throws -> (activities: [ImportedActivity], weights: [ImportedWeight]) {
        try read(data, limits: FITGzip.Limits())
    }

    /// `read` with the caps on unpacking made smaller by tests.
    static func read(_ data: Data, limits: FITGzip.Limits) throws -> (activities: [ImportedActivity], weights: [ImportedWeight]) {
        var bytes = [UInt8](data)
        if FITGzip.isGzip(bytes) { bytes = try FITGzip.unpack(bytes, limits: limits) }
        var contents = FITContents()
        _ = try FITDecoder(bytes: bytes).decode(FITContents.messages) { contents.add($0) }
        let crc = String(FITCRC.checksum(bytes), radix: 16)
        var maker = FITRecordMaker(contents: contents, contentID: "\(bytes.count)-\(crc)")
        let activities = maker.activities()
        let weights = maker.weights()
        if activities.isEmpty, weights.isEmpty, maker.undated > 0 { throw FITProblem.undated() }
        return (activities, weights)
    }
}
