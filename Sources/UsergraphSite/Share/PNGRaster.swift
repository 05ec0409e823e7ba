import CRsvg
import Foundation
import UsergraphCore

/// SVG to PNG through librsvg and cairo: the social card and the icons, which social sites and
/// home screens only take as PNG. Our own SVG only; librsvg loads no external file for it
/// (images are inlined as data URIs), and a failure is one sentence naming what was drawn.
enum PNGRaster {
    /// One picture to draw: where it goes in the site and what it is drawn from.
    struct Job: Sendable {
        let file: String
        let svg: String
        let width: Int
        let height: Int
    }

    /// Draws the jobs on all cores (each has its own librsvg handle and cairo surface), each
    /// reused from the published site when drawn from the same SVG; results in the jobs' order.
    static func render(_ jobs: [Job], published: String) throws -> [(file: String, data: Data)] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var data: [Data?]
            init(_ count: Int) { data = Array(repeating: nil, count: count) }
        }
        let results = Results(jobs.count)
        let failures = FirstError()
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            guard !failures.isSet else { return }
            let job = jobs[i]
            do {
                let png = try png(svg: job.svg, width: job.width, height: job.height, what: job.file, previous: published + "/" + job.file)
                results.lock.withLock { results.data[i] = png }
            } catch {
                failures.set(error)
            }
        }
        if let error = failures.value { throw error }
        return jobs.indices.compactMap { i in results.data[i].map { (jobs[i].file, $0) } }
    }

    /// The PNG of `svg`, or the file at `previous` when that was drawn from the same SVG at the
    /// same size: each PNG records a hash of its source in a `tEXt` chunk, so a rebuild whose
    /// pictures did not change reuses them instead of starting librsvg (about 0.2 s, 30 MB).
    static func png(svg: String, width: Int, height: Int, what: String, previous: String?) throws -> Data {
        let stamp = SHA256.hex(Data("\(width)x\(height)\n\(svg)".utf8))
        if let previous, let data = FileManager.default.contents(atPath: previous), PNGStamp.read(data) == stamp {
            return data
        }
        return PNGStamp.write(stamp, into: try png(svg: svg, width: width, height: height, what: what))
    }

    /// Draws `svg` scaled to fill `width` × `height` pixels and encodes it as PNG.
    /// - Parameter what: names the picture in an error (`social.png`).
    static func png(svg: String, width: Int, height: Int, what: String) throws -> Data {
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(svg.utf8)
        let made = bytes.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, buffer.count, &error)
        }
        guard let handle = made else { throw failure(what, error) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        // cairo always returns an object; a failure is its status.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw failure(what, status) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else { throw failure(what, error) }
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface),
              let png = PNGEncoder.encode(argb: pixels, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface))) else {
            throw failure(what, CAIRO_STATUS_NO_MEMORY)
        }
        return png
    }

    private static func failure(_ what: String, _ status: cairo_status_t) -> UsergraphError {
        UsergraphError("errors.publish.png", ["what": what, "reason": String(cString: cairo_status_to_string(status))])
    }

    private static func failure(_ what: String, _ error: UnsafeMutablePointer<GError>?) -> UsergraphError {
        defer { if let error { g_error_free(error) } }
        // librsvg always sets the error when it fails; its text is the reason.
        let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? ""
        // libxml's text ends in a newline and may hold more: the message stays one line.
        return UsergraphError("errors.publish.png", [
            "what": what,
            "reason": reason.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces),
        ])
    }
}
