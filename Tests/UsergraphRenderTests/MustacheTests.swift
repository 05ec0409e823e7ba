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

    /// A value with text, children and (maybe) transforms, as a page's numbers and dates are.
    struct Value: MustacheNodeValue, MustacheTransformable {
        let text: String
        var isNull = false
        var transforms = true
        var renderText: String { text }
        func child(named name: String) -> Any? {
            switch name {
            case "iso": "2026-11-28"
            case "inner": Value(text: "in<ner>")
            case "flag": true
            default: nil
            }
        }
        func transform(_ name: String) -> Any? { transforms && name == "shout" ? text.uppercased() : nil }
    }

    /// A value without transforms, as a date is: its `transform` is `MustacheNodeValue`'s.
    struct Plain: MustacheNodeValue {
        var renderText: String { "plain" }
        var isNull: Bool { false }
        func child(named name: String) -> Any? { name == "iso" ? "p-iso" : nil }
    }

    /// A `MustacheNode` is found by its exact type and skips the library's protocol casts: it
    /// must render, be entered, looked into and transformed exactly as its value, handed in
    /// unboxed, goes the library's general way.
    @Test func aNodeRendersAsItsValueDoes() throws {
        let templates = [
            "{{v}}|{{{v}}}|{{&v}}", "{{v.iso}}|{{v.inner}}|{{v.inner.iso}}|{{v.missing}}|{{v.flag}}",
            "{{#v}}[{{iso}} {{name}} {{.}}]{{/v}}{{^v}}none{{/v}}", "{{shout(v)}}|{{shout(v.inner)}}|{{other(v)}}",
            "{{#v.flag}}F{{/v.flag}}{{#v.inner}}<{{iso}}>{{/v.inner}}", "{{#list}}{{.}}/{{iso}};{{/list}}",
            "{{#v}}{{#flag}}{{name}}{{/flag}}{{/v}}", "{{#shout(v)}}{{.}}{{/shout(v)}}",
        ]
        let values: [Value] = [Value(text: "A & <b>"), Value(text: "null", isNull: true), Value(text: "fixed", transforms: false)]
        for template in templates {
            for value in values {
                let boxed: [String: Any] = ["v": MustacheNode(value), "list": [MustacheNode(value), MustacheNode(Plain())] as [Any], "name": "N"]
                let plain: [String: Any] = ["v": value, "list": [value, Plain()] as [Any], "name": "N"]
                #expect(try render(template, boxed) == render(template, plain), "\(template) with \(value.text)")
            }
        }
        let plainBoxed: [String: Any] = ["d": MustacheNode(Plain())]
        #expect(try render("{{d}} {{d.iso}} [{{shout(d)}}] {{#d}}{{iso}}{{/d}}", plainBoxed) == "plain p-iso [] p-iso")
        #expect(try render("{{v}} {{v.inner}}", ["v": MustacheNode(Value(text: "A & <b>"))]) == "A &amp; &lt;b&gt; in&lt;ner&gt;")
    }
}
