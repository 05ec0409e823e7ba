import Mustache
import Testing
import UsergraphTestSupport

/// The vendored swift-mustache takes fast paths for the values usergraph's pages are made of
/// (`[String: Any]`, `String`, `Int`, `Bool`, ASCII dotted names). These pin what those paths
/// must still give, beside the values that go the library's general way.
@Suite(.scratch) struct MustacheTests {
    func render(_ template: String, _ data: Any, partials: [String: String] = [:]) throws -> String {
        var templates = ["t": try MustacheTemplate(string: template)]
        for (name, text) in partials { templates[name] = try MustacheTemplate(string: text) }
        return MustacheLibrary(templates: templates).render(data, withTemplate: "t") ?? "(no template)"
    }

    @Test func valuesRenderAsText() throws {
        let data: [String: Any] = ["s": "text", "i": -42, "d": 1.5, "b": true, "o": Optional<String>.some("opt") as Any]
        #expect(try render("{{s}} {{i}} {{d}} {{b}} {{o}} [{{missing}}]", data) == "text -42 1.5 true opt []")
        #expect(try render("{{{s}}} {{&i}}", data) == "text -42")
    }

    @Test func htmlEscapingCoversFiveCharactersAndLeavesTheRest() throws {
        let data = ["v": "<a href=\"x\">'&'</a> Привет 🎉"]
        #expect(try render("{{v}}", data) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt; Привет 🎉")
        #expect(try render("{{{v}}}", data) == "<a href=\"x\">'&'</a> Привет 🎉")
        #expect(try render("{{% CONTENT_TYPE: TEXT}}{{v}}", data) == "<a href=\"x\">'&'</a> Привет 🎉")
    }

    @Test func dottedNamesResolveAgainstTheirParentOnly() throws {
        let data: [String: Any] = ["a": ["b": ["c": "deep"]] as [String: Any], "c": "top", "x-y_z?": ["w": "odd"] as [String: Any]]
        #expect(try render("{{a.b.c}}|{{a.c}}|{{a.b.missing}}|{{x-y_z?.w}}|{{a..b.c}}", data) == "deep|||odd|deep")
        #expect(try render("{{#a}}{{b.c}}{{c}}{{.c}}{{/a}}", data) == "deeptop")
    }

    @Test func sectionsOfEveryKind() throws {
        let data: [String: Any] = [
            "yes": true, "no": false, "object": ["name": "inner"] as [String: Any], "empty": [[String: Any]](),
            "list": [["n": 1], ["n": 2]] as [[String: Any]], "strings": ["x", "y"], "nav": ["users": true],
            "name": "outer",
        ]
        #expect(try render("{{#yes}}Y{{name}}{{/yes}}{{#no}}N{{/no}}{{^no}}!N{{/no}}{{^yes}}!Y{{/yes}}", data) == "Youter!N")
        #expect(try render("{{#object}}{{name}}{{/object}}{{^object}}none{{/object}}", data) == "inner")
        #expect(try render("{{#list}}{{n}}{{name}},{{/list}}{{^empty}}empty{{/empty}}", data) == "1outer,2outer,empty")
        #expect(try render("{{#strings}}<{{.}}>{{/strings}}", data) == "<x><y>")
        // A dictionary of another value type (the layout's `nav`) goes the general way.
        #expect(try render("{{#nav.users}}current{{/nav.users}}{{#nav.profile}}wrong{{/nav.profile}}", data) == "current")
    }

    /// Lambda texts are parsed once and kept: the same text must still render each context's
    /// data, escaped as the template around it escapes.
    @Test func lambdaTemplatesRenderEachContext() throws {
        let lambda = MustacheLambda { "<b>{{name}}</b>" }
        #expect(try render("{{lambda}}", ["lambda": lambda, "name": "Anna & Co"]) == "&lt;b&gt;Anna &amp; Co&lt;/b&gt;")
        #expect(try render("{{% CONTENT_TYPE: TEXT}}{{lambda}}", ["lambda": lambda, "name": "Anna & Co"]) == "<b>Anna & Co</b>")
        #expect(try render("{{lambda}}", ["lambda": lambda, "name": "Boris"]) == "&lt;b&gt;Boris&lt;/b&gt;")
        #expect(
            try render("{{#list}}{{lambda}};{{/list}}", ["lambda": lambda, "list": [["name": "x"], ["name": "y"]]])
                == "&lt;b&gt;x&lt;/b&gt;;&lt;b&gt;y&lt;/b&gt;;")
    }

    struct Parent: MustacheParent {
        func child(named name: String) -> Any? { name == "greeting" ? "hi" : nil }
    }

    struct Renderable: MustacheCustomRenderable {
        var renderText: String { "<custom>" }
        var isNull: Bool { false }
    }

    @Test func customValuesStillGoTheLibrarysWay() throws {
        let data: [String: Any] = [
            "parent": Parent(), "custom": Renderable(), "lambda": MustacheLambda { "{{name}}!" }, "name": "Anna",
        ]
        #expect(try render("{{parent.greeting}} {{#parent}}{{greeting}}{{/parent}}", data) == "hi hi")
        #expect(try render("{{custom}} {{{custom}}}", data) == "&lt;custom&gt; <custom>")
        #expect(try render("{{lambda}}", data) == "Anna!")
        #expect(try render("{{#list}}{{> item}}{{/list}}", ["list": [["v": "a"], ["v": "b"]]], partials: ["item": "[{{v}}]"]) == "[a][b]")
    }
}
