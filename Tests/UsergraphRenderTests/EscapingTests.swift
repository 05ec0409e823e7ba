import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphRender
import UsergraphTestSupport

@Suite(.scratch) struct EscapingTests {
    @Test func markdownEscapingLeavesNoMarkup() {
        let hostile = "<script>alert(1)</script> [x](javascript:alert(1)) *em* _u_ `code` # h\n- item"
        let escaped = MarkdownEscaping.escape(hostile)
        #expect(!escaped.contains("<"))
        #expect(!escaped.contains("["))
        #expect(!escaped.contains("\n"))
        let html = Markdown.html("Text: " + escaped)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<a "))
        #expect(!html.contains("<em>"))
        #expect(!html.contains("<code>"))
        #expect(!html.contains("<li>"))
        // The reader still sees the characters as they were written.
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("*em*"))
        #expect(html.contains("[x](javascript:alert(1))"))
    }

    @Test func plainTextIsUntouched() {
        #expect(MarkdownEscaping.escape("Anna Petrova 2026") == "Anna Petrova 2026")
        #expect(MarkdownEscaping.escape("Привет") == "Привет")
        #expect(MarkdownEscaping.escape("https://github.com/a-b.c") == "https://github.com/a-b.c")
    }

    @Test func blockMarkersAreEscapedOnlyAtTheStart() {
        for value in ["- item", "+ item", "> quote", "2026. A year", "3) three", "    code", "===", "| a | b |", "~~~"] {
            let html = Markdown.html(MarkdownEscaping.escape(value))
            #expect(html.hasPrefix("<p>"), "\(value) became \(html)")
        }
        #expect(MarkdownEscaping.escape("a - b") == "a - b")
    }

    @Test func escapedValuesAreSafeInsideRawHTMLAttributes() {
        let value = MarkdownEscaping.escape("\" onmouseover=\"alert(1)")
        let html = Markdown.html("<p title=\"" + value + "\">x</p>")
        #expect(!html.contains("\" onmouseover"))
    }

    @Test func onlyHTTPAndRelativeURLsBecomeLinks() {
        #expect(URLCheck.safeLink("https://github.com/x") == "https://github.com/x")
        #expect(URLCheck.safeLink("http://example.org") == "http://example.org")
        #expect(URLCheck.safeLink("../users/index.html") == "../users/index.html")
        #expect(URLCheck.safeLink("javascript:alert(1)") == nil)
        #expect(URLCheck.safeLink("JavaScript:alert(1)") == nil)
        #expect(URLCheck.safeLink(" javascript:alert(1)") == nil)
        #expect(URLCheck.safeLink("java\tscript:alert(1)") == nil)
        #expect(URLCheck.safeLink("data:text/html,<b>") == nil)
        #expect(URLCheck.safeLink("//evil.example/x") == nil)
        #expect(URLCheck.safeLink("") == nil)
        #expect(URLCheck.normalizedWebsite("example.org") == "https://example.org")
        #expect(URLCheck.normalizedWebsite("javascript:alert(1)") == nil)
    }

    @Test func htmlEscapingCoversAttributeQuotes() {
        #expect(HTML.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }
}
