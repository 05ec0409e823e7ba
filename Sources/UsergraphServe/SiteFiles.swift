import Foundation
import UsergraphCore

/// Answers a preview request from a built site folder, the way a static host would: folders
/// serve their `index.html`, unknown paths the site's `404.html` with status 404, and nothing
/// outside the folder is ever read, whatever the path says (`..`, `%2e%2e`, symlinks, dot files).
package struct SiteFiles: Sendable {
    package struct Answer: Sendable, Equatable {
        var status: Int
        var contentType: String
        package var body: Data
        /// Set for redirects (`/users` → `/users/`).
        var location: String?
    }

    /// The folder, with symlinks resolved, so containment checks compare real paths.
    let root: String

    init(folder: String) throws {
        guard let real = SiteFiles.realPath(folder) else {
            throw UsergraphError("errors.serve.noSite", ["folder": folder])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsergraphError("errors.serve.notFolder", ["folder": folder])
        }
        root = real
    }

    /// The answer to `GET`/`HEAD` of a percent-encoded request path such as `/users/12/`.
    func answer(method: String, path encodedPath: String) -> Answer {
        guard method == "GET" || method == "HEAD" else {
            return Answer(status: 405, contentType: "text/plain; charset=utf-8", body: Data("Only GET and HEAD are served.\n".utf8))
        }
        guard let decoded = encodedPath.removingPercentEncoding, decoded.hasPrefix("/"), !decoded.contains("\0") else {
            return notFound()
        }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        // A segment starting with a dot is `.`, `..` or a hidden file: none of them is a page.
        guard !segments.contains(where: { $0.hasPrefix(".") || $0.contains("\\") }) else { return notFound() }
        let candidate = ([root] + segments.map(String.init)).joined(separator: "/")

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return notFound() }
        if isDirectory.boolValue {
            guard decoded.hasSuffix("/") else {
                return Answer(status: 301, contentType: "text/plain; charset=utf-8", body: Data(), location: encodedPath + "/")
            }
            return file(candidate + "/index.html", status: 200) ?? notFound()
        }
        return file(candidate, status: 200) ?? notFound()
    }

    /// The site's own 404 page when it has one.
    func notFound() -> Answer {
        file(root + "/404.html", status: 404)
            ?? Answer(status: 404, contentType: "text/plain; charset=utf-8", body: Data("Not found.\n".utf8))
    }

    /// A regular file that really lies inside the root, once symlinks are resolved.
    func file(_ path: String, status: Int) -> Answer? {
        guard let real = SiteFiles.realPath(path), real.hasPrefix(root + "/"),
            let data = FileManager.default.contents(atPath: real)
        else { return nil }
        return Answer(status: status, contentType: SiteFiles.contentType(ofFile: real), body: data)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func contentType(ofFile path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "xml": "application/xml; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "gif": "image/gif"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        default: "application/octet-stream"
        }
    }
}
