import Foundation
import UsergraphCore

/// The image formats an avatar may be, told by the file's bytes, never by its name.
enum ImageKind: String, Sendable, CaseIterable {
    case png, jpeg, webp, svg

    var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    static func detect(_ data: Data) -> ImageKind? {
        let b = [UInt8](data.prefix(16))
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return .webp }
        if SVGCheck.rootIsSVG(data) { return .svg }
        return nil
    }
}

/// SVG is text, so "is it an SVG" means: UTF-8 whose first element is `<svg>`, after an
/// optional BOM, XML declaration, comments and doctype.
enum SVGCheck {
    static func rootIsSVG(_ data: Data) -> Bool {
        guard let whole = String(data: data, encoding: .utf8) else { return false }
        var text = Substring(whole)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        while true {
            text = text.drop(while: { $0.isWhitespace })
            if text.hasPrefix("<?") || text.hasPrefix("<!DOCTYPE") || text.hasPrefix("<!doctype") {
                guard let end = text.firstIndex(of: ">") else { return false }
                text = text[text.index(after: end)...]
            } else if text.hasPrefix("<!--") {
                guard let end = text.range(of: "-->") else { return false }
                text = text[end.upperBound...]
            } else {
                break
            }
        }
        guard text.hasPrefix("<svg") else { return false }
        let next = text.dropFirst(4).first
        return next.map { $0.isWhitespace || $0 == ">" || $0 == "/" } ?? false
    }

    /// An SVG opened on its own runs its scripts; an avatar has no need of any.
    static func activeContent(_ data: Data) -> Message? {
        let text = String(decoding: data, as: UTF8.self).lowercased()
        if text.contains("<script") { return Message("errors.avatar.script") }
        if text.contains("<foreignobject") { return Message("errors.avatar.foreignObject") }
        if text.contains("javascript:") { return Message("errors.avatar.javascript") }
        if text.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) != nil { return Message("errors.avatar.eventHandler") }
        return nil
    }
}
