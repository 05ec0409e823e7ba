import Mustache
import UsergraphCore

/// `t` in templates: the words of the site's language. `{{t.nav.users}}` is a piece of text;
/// a text with `{name}` places is filled from the template's data where it is used
/// (`{{t.common.pageOf}}` with "page {current} of {total}"); a counted phrase is said with its
/// number through a transform, `{{t.count.workouts(week.count)}}` → "5 тренировок".
/// Every `t.` key a template names is checked when the theme loads (`TemplateKeys`).
///
/// Made once per theme as nested dictionaries, which the template library looks up directly
/// (every page looks up dozens of words): a group (`nav`, `chart.weekly`) is a dictionary of
/// its keys; a text is a String, or, with `{name}` places, a lambda whose text Mustache renders
/// as a template in the current context, escaped as the surrounding template escapes; a list is
/// [String]; a counted phrase is absent, since it is only said through a transform. A key that
/// is both a text and a group is the text.
package final class TemplateWords: @unchecked Sendable {
    /// Never changed after `init`, so every rendering thread can read it.
    let tree: [String: Any]

    package init(_ strings: Strings) {
        final class Node {
            var values: [String: Any] = [:]
            var groups: [String: Node] = [:]

            func node(at path: some Sequence<Substring>) -> Node {
                var node = self
                for part in path {
                    let key = String(part)
                    if let next = node.groups[key] {
                        node = next
                    } else {
                        let next = Node()
                        node.groups[key] = next
                        node = next
                    }
                }
                return node
            }

            var dictionary: [String: Any] {
                var result: [String: Any] = [:]
                for (key, group) in groups { result[key] = group.dictionary }
                for (key, value) in values { result[key] = value }
                return result
            }
        }
        let root = Node()
        for group in strings.groups { _ = root.node(at: group.split(separator: ".")) }
        for (key, entry) in strings.entries {
            let value: Any
            switch entry {
            case .text(let text):
                if let template = strings.template(key) { value = MustacheLambda { template } } else { value = text }
            case .list(let items): value = items
            case .plural: continue
            }
            var parts = key.split(separator: ".")
            guard let last = parts.popLast() else { continue }
            root.node(at: parts).values[String(last)] = value
        }
        tree = root.dictionary
    }
}
