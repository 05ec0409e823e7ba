import Mustache
import MustacheOurs

struct Rng { var s: UInt64; mutating func next() -> UInt64 { s &+= 0x9E3779B97F4A7C15; var z = s; z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) &* 0x94D049BB133111EB; return z ^ (z >> 31) }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) } }

let keys = ["a", "b", "c", "d"]
func name(_ r: inout Rng) -> String {
    switch r.int(8) { case 0: return "."; case 1, 2: return keys[r.int(4)] + "." + keys[r.int(4)]; case 3: return keys[r.int(4)] + "." + keys[r.int(4)] + "." + keys[r.int(4)]; default: return keys[r.int(4)] }
}
func text(_ r: inout Rng) -> String { ["x", " ", "<&>", "\n", "  \n", "\"q'", "é", "line\n  "][r.int(8)] }
func template(_ r: inout Rng, depth: Int, partials: Bool = true) -> String {
    var out = ""
    for _ in 0..<(1 + r.int(5)) {
        switch r.int(depth > 3 ? 6 : 10) {
        case 0, 1: out += text(&r)
        case 2: out += "{{" + name(&r) + "}}"
        case 3: out += "{{{" + name(&r) + "}}}"
        case 4: out += "{{&" + name(&r) + "}}"
        case 5: out += "{{! note }}"
        case 6, 7:
            let n = name(&r) == "." ? "a" : name(&r)
            let standalone = r.int(2) == 0
            out += (standalone ? "\n  {{#" + n + "}}\n" : "{{#" + n + "}}") + template(&r, depth: depth + 1, partials: partials) + (standalone ? "\n{{/" + n + "}}\n" : "{{/" + n + "}}")
        case 8:
            let n = keys[r.int(4)]
            out += "{{^" + n + "}}" + template(&r, depth: depth + 1, partials: partials) + "{{/" + n + "}}"
        default: out += !partials ? "{{a}}" : r.int(2) == 0 ? "{{>p}}" : "  {{>p}}\n"
        }
    }
    return out
}
func value(_ r: inout Rng, depth: Int) -> Any {
    switch r.int(depth > 2 ? 6 : 11) {
    case 0: return ["Anna", "<b>&\"'", "", "0", "é\u{301}"][r.int(5)]
    case 1: return r.int(5) - 1
    case 2: return [0.5, 1.0, -2.25][r.int(3)]
    case 3: return r.int(2) == 0
    case 4: return ["a": r.int(2) == 0, "b": true] as [String: Bool]
    case 5: return Optional<String>.none as Any
    case 6, 7: return object(&r, depth: depth + 1)
    case 8: return (0..<r.int(4)).map { _ in object(&r, depth: depth + 1) }
    case 9: return (0..<r.int(4)).map { _ in ["x", "<y>", ""][r.int(3)] }
    default: return (0..<r.int(4)).map { _ in value(&r, depth: depth + 1) } as [Any]
    }
}
func object(_ r: inout Rng, depth: Int) -> [String: Any] {
    var d: [String: Any] = [:]
    for k in keys where r.int(3) != 0 { d[k] = value(&r, depth: depth) }
    return d
}
var rng = Rng(s: UInt64(CommandLine.arguments.dropFirst().first.flatMap { UInt64($0) } ?? 1))
var same = 0, differ = 0, bothFail = 0
let count = Int(CommandLine.arguments.dropFirst(2).first ?? "20000") ?? 20000
for i in 0..<count {
    let t = template(&rng, depth: 0), p = template(&rng, depth: 2, partials: false)
    let data = object(&rng, depth: 0)
    let a: String?, b: String?
    do {
        let lib = Mustache.MustacheLibrary(templates: ["t": try Mustache.MustacheTemplate(string: t), "p": try Mustache.MustacheTemplate(string: p)])
        a = lib.render(data, withTemplate: "t")
    } catch { a = "ERR \(error)" }
    do {
        let lib = MustacheOurs.MustacheLibrary(templates: ["t": try MustacheOurs.MustacheTemplate(string: t), "p": try MustacheOurs.MustacheTemplate(string: p)])
        b = lib.render(data, withTemplate: "t")
    } catch { b = "ERR \(error)" }
    if a == b { same += 1 } else {
        differ += 1
        if differ <= 5 { print("DIFF #\(i)\n template: \(t.debugDescription)\n partial: \(p.debugDescription)\n data: \(data)\n original: \(String(describing: a).debugDescription)\n ours: \(String(describing: b).debugDescription)") }
    }
}
print("same \(same), different \(differ)")
