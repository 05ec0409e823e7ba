/// The `ImportProblem`s a FIT file can raise, one function per strings key, so that each key
/// and the names of its values are spelled in one place. Byte offsets count from the start of
/// the file as read (after unpacking a `.fit.gz`), in plain digits.
enum FITProblem {
    static func empty() -> ImportProblem {
        ImportProblem("errors.import.fit.empty")
    }

    /// No `.FIT` signature where a FIT header should start: not a FIT file, or junk after one.
    static func signature(at offset: Int) -> ImportProblem {
        ImportProblem("errors.import.fit.signature", ["offset": String(offset)])
    }

    static func headerSize(at offset: Int, size: Int) -> ImportProblem {
        ImportProblem("errors.import.fit.headerSize", ["offset": String(offset), "size": String(size)])
    }

    static func headerCRC(at offset: Int) -> ImportProblem {
        ImportProblem("errors.import.fit.headerCRC", ["offset": String(offset)])
    }

    static func protocolVersion(at offset: Int, major: UInt8, minor: UInt8) -> ImportProblem {
        ImportProblem("errors.import.fit.protocol", ["offset": String(offset), "version": "\(major).\(minor)"])
    }

    /// The checksum of the FIT file that starts at `offset` and whose data ends at `end`.
    static func crc(from offset: Int, to end: Int) -> ImportProblem {
        ImportProblem("errors.import.fit.crc", ["offset": String(offset), "end": String(end)])
    }

    /// The file ends inside the record (or the checksum) that starts at `offset`.
    static func truncated(at offset: Int, size: Int) -> ImportProblem {
        ImportProblem("errors.import.fit.truncated", ["offset": String(offset), "size": String(size)])
    }

    /// A record that starts at `offset` reaches past the data size its header declared.
    static func overrun(at offset: Int, end: Int) -> ImportProblem {
        ImportProblem("errors.import.fit.overrun", ["offset": String(offset), "end": String(end)])
    }

    static func undefinedLocal(at offset: Int, local: Int) -> ImportProblem {
        ImportProblem("errors.import.fit.undefined", ["offset": String(offset), "local": String(local)])
    }

    static func architecture(at offset: Int, value: UInt8) -> ImportProblem {
        ImportProblem("errors.import.fit.architecture", ["offset": String(offset), "value": String(value)])
    }

    static func gzip() -> ImportProblem {
        ImportProblem("errors.import.fit.gzip")
    }

    static func gzipTooLarge(megabytes: Int) -> ImportProblem {
        ImportProblem("errors.import.fit.gzipTooLarge", ["megabytes": String(megabytes)])
    }

    /// Sessions or weights were there, but the device's clock was not set, so none has a date.
    static func undated() -> ImportProblem {
        ImportProblem("errors.import.fit.undated")
    }
}
