import CCmark
import Foundation

/// CommonMark to HTML through libcmark. Raw HTML is allowed because charts and avatars
/// are HTML that usergraph made; data never reaches here unescaped (see `MarkdownEscaping`).
package enum Markdown {
    package static func html(_ markdown: String) -> String {
        var source = markdown
        return source.withUTF8 { buffer -> String in
            let options = CMARK_OPT_UNSAFE
            guard let base = buffer.baseAddress,
                let output = base.withMemoryRebound(
                    to: CChar.self, capacity: buffer.count,
                    {
                        cmark_markdown_to_html($0, buffer.count, options)
                    })
            else { return "" }
            defer { free(output) }
            return String(cString: output)
        }
    }
}
