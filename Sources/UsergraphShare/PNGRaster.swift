import CRsvg
import Foundation
import UsergraphCore

/// SVG to PNG through librsvg and cairo: the social card and the icons, which social sites and
/// home screens only take as PNG. Our own SVG only; librsvg loads no external file for it
/// (images are inlined as data URIs), and a failure is one sentence naming what was drawn.
package enum PNGRaster {
    /// One picture to draw: where it goes in the site and what it is drawn from.
    package struct Job: Sendable {
        package let file: String
        package let svg: String
        package let width: Int
        package let height: Int
    }

    /// Draws the jobs on all cores (each has its own librsvg handle and cairo surface), each
    /// reused from the published site when drawn from the same SVG; results in the jobs' order.
    /// `published` nil (`build --force`): every picture is drawn again.
    package static func render(_ jobs: [Job], published: String?) throws -> [(file: String, data: Data)] {
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
                let png = try png(
                    svg: job.svg, width: job.width, height: job.height, what: job.file,
                    previous: published.map { $0 + "/" + job.file })
                results.lock.withLock { results.data[i] = png }
            } catch {
                failures.set(error)
            }
        }
        if let error = failures.value { throw error }
        return jobs.indices.compactMap { i in results.data[i].map { (jobs[i].file, $0) } }
    }

    /// Loads the libraries and draws one letter, so fontconfig has read its settings and font
    /// lists: the first picture of a run took 15 ms more than the others for that (the
    /// libraries' loading, and fontconfig's, which every thread shares), and a rebuild draws
    /// its pictures last. Errors are left for the pictures themselves to say.
    package static func prepare() {
        let letter =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><text y=\"8\" font-size=\"8\""
            + " font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\">0</text></svg>"
        _ = try? png(svg: letter, width: 8, height: 8, what: "")
    }

    /// The PNG of `svg`, or the file at `previous` when that was drawn from the same SVG at the
    /// same size: each PNG records a hash of its source in a `tEXt` chunk, so a rebuild whose
    /// pictures did not change reuses them instead of starting librsvg (about 0.2 s, 30 MB).
    /// The source is what is drawn of it (`drawn`): a new workout on a day that already had
    /// some changes the calendar card's tooltips, not its picture; and what draws it
    /// (`DrawingEnvironment`): other fonts draw other pixels.
    package static func png(svg: String, width: Int, height: Int, what: String, previous: String?) throws -> Data {
        let drawn = drawn(svg)
        let stamp = SHA256.hex(Data("\(width)x\(height)\n\(DrawingEnvironment.stamp)\n\(drawn)".utf8))
        if let previous, let data = FileManager.default.contents(atPath: previous), PNGStamp.read(data) == stamp {
            return data
        }
        return PNGStamp.write(stamp, into: try png(svg: drawn, width: width, height: height, what: what))
    }

    /// `svg` without its `title` and `desc` elements, which are never drawn; as it is when it
    /// holds a comment or CDATA section (`<!`), in which such a tag would be text.
    package static func drawn(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        guard bytes[...].firstIndex(ofBytes: Array("<!".utf8)) == nil else { return svg }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var at = 0
        while at < bytes.count {
            if bytes[at] == UInt8(ascii: "<"), let end = metadataEnd(bytes, at) {
                at = end
            } else {
                kept.append(bytes[at])
                at += 1
            }
        }
        return kept.count == bytes.count ? svg : String(decoding: kept, as: UTF8.self)
    }

    /// The elements `drawn` leaves out: each start tag's bytes (without its `>` or attributes)
    /// and its end tag.
    private static let metadata = ["title", "desc"].map { (open: Array("<\($0)".utf8), close: Array("</\($0)>".utf8)) }

    /// Where the `title` or `desc` element that starts at `start` ends (after its end tag); nil
    /// for any other tag, or one never closed.
    private static func metadataEnd(_ bytes: [UInt8], _ start: Int) -> Int? {
        for tag in metadata {
            let after = start + tag.open.count
            guard after < bytes.count, bytes[start..<after].elementsEqual(tag.open),
                bytes[after] == UInt8(ascii: ">") || bytes[after] == UInt8(ascii: " ")
            else { continue }
            return bytes[after...].firstIndex(ofBytes: tag.close).map { $0 + tag.close.count }
        }
        return nil
    }

    /// Draws `svg` scaled to fill `width` × `height` pixels and encodes it as PNG.
    /// - Parameter what: names the picture in an error (`social.png`).
    package static func png(svg: String, width: Int, height: Int, what: String) throws -> Data {
        let draw: Library
        switch Library.loaded {
        case .success(let library): draw = library
        case .failure(let problem): throw UsergraphError("errors.publish.png", ["what": what, "reason": problem.reason])
        }
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(svg.utf8)
        let made = bytes.withUnsafeBufferPointer { buffer in
            draw.handleNewFromData(buffer.baseAddress, buffer.count, &error)
        }
        guard let handle = made else { throw failure(what, error, draw) }
        defer { draw.objectUnref(UnsafeMutableRawPointer(handle)) }

        // The pixels in memory mapped with all its pages, zeroed (transparent) and writable at
        // once: in a surface of cairo's own, each page was first mapped to the shared zero page
        // and then copied on its first write, with the other cores' address caches flushed each
        // time (a quarter of the time a picture took).
        let stride = Int(draw.formatStrideForWidth(CAIRO_FORMAT_ARGB32, Int32(width)))
        let size = max(1, stride * height)
        guard stride > 0, let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0),
            memory != MAP_FAILED
        else { throw failure(what, CAIRO_STATUS_NO_MEMORY, draw) }
        defer { munmap(memory, size) }
        // cairo always returns an object; a failure is its status. Destroyed before the pixels
        // are unmapped (the deferred calls run last first).
        let surface = draw.imageSurfaceCreateForData(
            memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
            Int32(stride))
        defer { draw.surfaceDestroy(surface) }
        let cr = draw.create(surface)
        defer { draw.destroy(cr) }
        let status = draw.status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw failure(what, status, draw) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard draw.handleRenderDocument(handle, cr, &viewport, &error) != 0 else { throw failure(what, error, draw) }
        draw.surfaceFlush(surface)
        // The surface draws into `memory`, rows `stride` bytes apart.
        guard let png = PNGEncoder.encode(argb: memory, width: width, height: height, stride: stride) else {
            throw failure(what, CAIRO_STATUS_NO_MEMORY, draw)
        }
        return png
    }

    /// librsvg's, cairo's and GLib's functions, found when the first picture is drawn (see
    /// `Sources/CRsvg/shim.h`): a run that draws nothing never loads them.
    package struct Library: @unchecked Sendable {
        // Function pointers into libraries that stay loaded: safe to call from any thread, as
        // each picture has its own handle and surface.
        let handleNewFromData: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> OpaquePointer?
        let handleRenderDocument:
            @convention(c) (
                OpaquePointer?, OpaquePointer?, UnsafePointer<RsvgRectangle>?,
                UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
            ) -> Int32
        let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void
        let errorFree: @convention(c) (UnsafeMutablePointer<GError>?) -> Void
        let imageSurfaceCreateForData: @convention(c) (UnsafeMutablePointer<UInt8>?, cairo_format_t, Int32, Int32, Int32) -> OpaquePointer?
        let formatStrideForWidth: @convention(c) (cairo_format_t, Int32) -> Int32
        let surfaceDestroy: @convention(c) (OpaquePointer?) -> Void
        let surfaceFlush: @convention(c) (OpaquePointer?) -> Void
        package let create: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let destroy: @convention(c) (OpaquePointer?) -> Void
        package let status: @convention(c) (OpaquePointer?) -> cairo_status_t
        let statusToString: @convention(c) (cairo_status_t) -> UnsafePointer<CChar>?

        package struct Problem: Error { let reason: String }

        /// Loaded once, on first use; the loader's own words when a library or function is missing.
        package static let loaded = Result { () throws(Problem) in try Library() }

        /// Each function is found by its C name and has the type of the field it fills.
        private init() throws(Problem) {
            func problem(_ name: String) -> Problem {
                Problem(reason: dlerror().map { String(cString: $0) } ?? name + " cannot be found")
            }
            func open(_ name: String) throws(Problem) -> UnsafeMutableRawPointer {
                guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { throw problem(name) }
                return library
            }
            func find<Function>(_ library: UnsafeMutableRawPointer, _ name: String) throws(Problem) -> Function {
                guard let symbol = dlsym(library, name) else { throw problem(name) }
                return unsafeBitCast(symbol, to: Function.self)
            }
            // Loaded for the life of the process.
            let rsvg = try open("librsvg-2.so.2"), cairo = try open("libcairo.so.2")
            let gobject = try open("libgobject-2.0.so.0"), glib = try open("libglib-2.0.so.0")
            handleNewFromData = try find(rsvg, "rsvg_handle_new_from_data")
            handleRenderDocument = try find(rsvg, "rsvg_handle_render_document")
            objectUnref = try find(gobject, "g_object_unref")
            errorFree = try find(glib, "g_error_free")
            imageSurfaceCreateForData = try find(cairo, "cairo_image_surface_create_for_data")
            formatStrideForWidth = try find(cairo, "cairo_format_stride_for_width")
            surfaceDestroy = try find(cairo, "cairo_surface_destroy")
            surfaceFlush = try find(cairo, "cairo_surface_flush")
            create = try find(cairo, "cairo_create")
            destroy = try find(cairo, "cairo_destroy")
            status = try find(cairo, "cairo_status")
            statusToString = try find(cairo, "cairo_status_to_string")
        }
    }

    private static func failure(_ what: String, _ status: cairo_status_t, _ draw: Library) -> UsergraphError {
        UsergraphError(
            "errors.publish.png", ["what": what, "reason": draw.statusToString(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)"])
    }

    private static func failure(_ what: String, _ error: UnsafeMutablePointer<GError>?, _ draw: Library) -> UsergraphError {
        defer { if let error { draw.errorFree(error) } }
        // librsvg always sets the error when it fails; its text is the reason.
        let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? ""
        // libxml's text ends in a newline and may hold more: the message stays one line.
        return UsergraphError(
            "errors.publish.png",
            [
                "what": what,
                "reason": reason.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces),
            ])
    }
}
