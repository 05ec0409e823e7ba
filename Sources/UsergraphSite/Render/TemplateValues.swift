import Mustache
import UsergraphCore
import UsergraphStats

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
final class TemplateWords: @unchecked Sendable {
    /// Never changed after `init`, so every rendering thread can read it.
    let tree: [String: Any]

    init(_ strings: Strings) {
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

/// A count or amount in a template: `{{views}}` writes it in the language's digits
/// (12,345 / 12 345), `{{t.count.views(views)}}` says it with its noun in the right form.
struct TemplateNumber: MustacheCustomRenderable, MustacheTransformable, MustacheParent {
    let value: Double
    let places: Int
    let strings: Strings

    var renderText: String {
        places == 0 ? strings.format.number(Int(value)) : strings.format.number(value, places: places)
    }

    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        if name.hasPrefix("t.") {
            let key = String(name.dropFirst(2))
            return places == 0 ? strings.plural(key, Int(value)) : strings.plural(key, value, places: places)
        }
        return Int(value).transform(name)
    }

    /// `value`: the plain number, for attributes and CSS.
    func child(named name: String) -> Any? {
        name == "value" ? (places == 0 ? String(Int(value)) : String(value)) : nil
    }
}

/// A day in a template: `{{since}}` → November 20, 2026 / 20 ноября 2026 г.; `{{since.iso}}`
/// → 2026-11-20 (for `<time datetime>`), `{{since.short}}` → Nov 20.
struct TemplateDate: MustacheCustomRenderable, MustacheParent {
    let day: Day
    let format: LanguageFormat

    var renderText: String { format.date(day) }
    var isNull: Bool { false }

    func child(named name: String) -> Any? {
        switch name {
        case "iso": day.iso
        case "short": format.shortDate(day)
        case "long": format.date(day)
        default: nil
        }
    }
}

/// A month in a template: `{{month}}` → November 2026 / Ноябрь 2026; `{{month.iso}}` → 2026-11.
struct TemplateMonth: MustacheCustomRenderable, MustacheParent {
    let month: Month
    let format: LanguageFormat

    var renderText: String { format.monthYear(month) }
    var isNull: Bool { false }

    func child(named name: String) -> Any? {
        switch name {
        case "iso": month.iso
        case "short": format.monthShort(month.month) + " " + String(month.year)
        default: nil
        }
    }
}

/// A duration in a template: `{{duration}}` → 1 h 20 min / 1 ч 20 мин (whole minutes);
/// `hours`, `minutes` (numbers), `hasHours` and `seconds` for a layout of one's own.
struct TemplateDuration: MustacheCustomRenderable, MustacheParent {
    let seconds: Int
    let strings: Strings

    var renderText: String { strings.format.duration(seconds: seconds) }
    var isNull: Bool { false }

    func child(named name: String) -> Any? {
        let minutes = Format.minutes(seconds)
        switch name {
        case "hours": return TemplateNumber(value: Double(minutes / 60), places: 0, strings: strings)
        case "minutes": return TemplateNumber(value: Double(minutes % 60), places: 0, strings: strings)
        case "totalMinutes": return TemplateNumber(value: Double(minutes), places: 0, strings: strings)
        case "hasHours": return minutes >= 60
        case "seconds": return seconds
        default: return nil
        }
    }
}

/// Makes the values above for page builders.
struct TemplateValues: Sendable {
    let strings: Strings

    init(strings: Strings) { self.strings = strings }

    func number(_ value: Int) -> Any { TemplateNumber(value: Double(value), places: 0, strings: strings) }
    func number(_ value: Double, places: Int) -> Any { TemplateNumber(value: value, places: places, strings: strings) }

    /// Metres as kilometres with one decimal (`12.4`, `12,4`).
    /// Grams as a food label writes them: whole when whole (180 g), else to 0.1 (52.5 g).
    func grams(_ value: Double) -> Any {
        let tenth = (value * 10).rounded() / 10
        return number(tenth, places: tenth == tenth.rounded() ? 0 : 1)
    }
    func kilometres(_ metres: Double) -> Any { number(metres / 1000, places: 1) }
    func kilometres(_ metres: Int) -> Any { kilometres(Double(metres)) }

    /// Seconds per kilometre as `5:31`: minutes and seconds, as a watch shows a pace.
    func pace(_ secondsPerKm: Int) -> String { "\(secondsPerKm / 60):" + (secondsPerKm % 60 < 10 ? "0" : "") + "\(secondsPerKm % 60)" }
    func date(_ day: Day) -> Any { TemplateDate(day: day, format: strings.format) }
    func month(_ month: Month) -> Any { TemplateMonth(month: month, format: strings.format) }
    func duration(_ seconds: Int) -> Any { TemplateDuration(seconds: seconds, strings: strings) }
    /// A day from `YYYY-MM-DD`, or the text as it is when it is not one.
    func date(iso: String) -> Any { Day(iso: iso).map(date) ?? iso }
    func month(iso: String) -> Any {
        let parts = iso.split(separator: "-")
        guard parts.count == 2, let y = Int(parts[0]), let m = Int(parts[1]), (1...12).contains(m) else { return iso }
        return month(Month(year: y, month: m))
    }
}
