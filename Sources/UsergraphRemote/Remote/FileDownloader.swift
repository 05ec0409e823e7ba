import Foundation
import UsergraphCore
import UsergraphStore

/// Downloads avatars and user files into `Store/files/`, each once, named by the SHA-256 of
/// its URL plus an extension from its content type (the names `StoredFiles` resolves).
///
/// Only raster images are kept: the content type must name one and the first bytes must
/// match it. SVG is refused on purpose: a downloaded SVG opened from the site's own folder
/// could run script there.
struct FileDownloader: Sendable {
    struct Outcome: Sendable, Equatable {
        package var saved = 0
        /// URLs that could not be stored, with the reason; their pages show a placeholder.
        package var failures: [Failure] = []
        var total: Int { saved + failures.count }
    }

    struct Failure: Sendable, Equatable {
        var url: String
        var reason: Message
    }

    static let extensions: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/jpg": "jpg", "image/gif": "gif",
        "image/webp": "webp", "image/avif": "avif",
    ]

    private let transport: HTTPTransport
    let folder: String

    init(folder: String, transport: HTTPTransport) {
        self.folder = folder
        self.transport = transport
    }

    /// The URLs not stored yet, in order, without repeats; only http(s) ones are ever fetched.
    func missing(_ urls: [String]) -> [String] {
        let stored = StoredFiles(folder: folder)
        var seen = Set<String>()
        return urls.filter { url in
            URLCheck.isAbsoluteHTTP(url) && stored.file(forURL: url) == nil && seen.insert(url).inserted
        }
    }

    /// Downloads each URL in turn; a failure is recorded and the next one is tried.
    func download(_ urls: [String], progress: @Sendable (Int, Int) -> Void = { _, _ in }) async -> Outcome {
        var outcome = Outcome()
        for (index, url) in urls.enumerated() {
            progress(index + 1, urls.count)
            do {
                try await fetch(url)
                outcome.saved += 1
            } catch let failure as DownloadFailure {
                outcome.failures.append(Failure(url: url, reason: failure.reason))
            } catch {
                outcome.failures.append(Failure(url: url, reason: Message("errors.download.notSaved")))
            }
        }
        return outcome
    }

    private struct DownloadFailure: Error { var reason: Message }

    private func fetch(_ text: String) async throws {
        guard let url = URL(string: text) else { throw DownloadFailure(reason: Message("errors.download.notURL")) }
        let request = RemoteRequest(
            url: url,
            headers: ["Accept": "image/png, image/jpeg, image/gif, image/webp, image/avif", "User-Agent": transport.options.userAgent],
            maxBytes: transport.options.maxFileBytes,
            acceptsContentType: { FileDownloader.fileExtension(contentType: $0) != nil })
        let response: RemoteResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            throw DownloadFailure(reason: FileDownloader.describe(error))
        }
        guard response.status == 200 else { throw DownloadFailure(reason: Message("errors.download.status", ["status": String(response.status)])) }
        guard let ext = FileDownloader.fileExtension(contentType: response.header("content-type")) else {
            throw DownloadFailure(reason: Message("errors.download.notImage"))
        }
        guard FileDownloader.looksLike(ext, response.body) else {
            throw DownloadFailure(reason: Message("errors.download.wrongBytes", ["format": ext.uppercased()]))
        }
        do {
            try AtomicFile.write(response.body, to: folder + "/" + SHA256.hex(text) + "." + ext)
        } catch let error as UsergraphError {
            throw DownloadFailure(reason: error.sentence)
        }
    }

    static func fileExtension(contentType: String?) -> String? {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
        return extensions[type]
    }

    /// The format's signature at the start of the file.
    static func looksLike(_ ext: String, _ body: Data) -> Bool {
        let b = [UInt8](body.prefix(16))
        func starts(_ s: [UInt8], at offset: Int = 0) -> Bool { b.count >= offset + s.count && Array(b[offset..<offset + s.count]) == s }
        switch ext {
        case "png": return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case "jpg": return starts([0xFF, 0xD8, 0xFF])
        case "gif": return starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
        case "webp": return starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)
        case "avif": return starts(Array("ftyp".utf8), at: 4)
        default: return false
        }
    }

    static func describe(_ error: TransportError) -> Message {
        switch error {
        case .timedOut: Message("errors.download.timeout")
        case .cannotConnect(let why): why
        case .tooLarge(let limit): Message("errors.download.tooLarge", nested: ["size": RemoteFailure.size(limit)])
        case .refusedContentType(let type?): Message("errors.download.contentType", ["type": type])
        case .refusedContentType(nil): Message("errors.download.noContentType")
        case .failed(let why): why
        }
    }
}
