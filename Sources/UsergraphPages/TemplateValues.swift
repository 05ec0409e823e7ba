import Mustache
import UsergraphCore
import UsergraphStats

/// A count or amount in a template: `{{views}}` writes it in the language's digits
/// (12,345 / 12 345), `{{t.count.views(views)}}` says it with its noun in the right form.
package struct TemplateNumber: MustacheNodeValue {
    package let value: Double
    package let places: Int
    package let strings: Strings

    package var renderText: String {
        places == 0 ? strings.format.number(Int(value)) : strings.format.number(value, places: places)
    }

    package var isNull: Bool { false }

    package func transform(_ name: String) -> Any? {
        if name.hasPrefix("t.") {
            let key = String(name.dropFirst(2))
            return places == 0 ? strings.plural(key, Int(value)) : strings.plural(key, value, places: places)
        }
        return Int(value).transform(name)
    }

    /// `value`: the plain number, for attributes and CSS.
    package func child(named name: String) -> Any? {
        name == "value" ? (places == 0 ? String(Int(value)) : String(value)) : nil
    }
}

/// A day in a template: `{{since}}` → November 20, 2026 / 20 ноября 2026 г.; `{{since.iso}}`
/// → 2026-11-20 (for `<time datetime>`), `{{since.short}}` → Nov 20.
package struct TemplateDate: MustacheNodeValue {
    package let day: Day
    package let format: LanguageFormat

    package var renderText: String { format.date(day) }
    package var isNull: Bool { false }

    package func child(named name: String) -> Any? {
        switch name {
        case "iso": day.iso
        case "short": format.shortDate(day)
        case "long": format.date(day)
        default: nil
        }
    }
}

/// A month in a template: `{{month}}` → November 2026 / Ноябрь 2026; `{{month.iso}}` → 2026-11.
package struct TemplateMonth: MustacheNodeValue {
    package let month: Month
    package let format: LanguageFormat

    package var renderText: String { format.monthYear(month) }
    package var isNull: Bool { false }

    package func child(named name: String) -> Any? {
        switch name {
        case "iso": month.iso
        case "short": format.monthShort(month.month) + " " + String(month.year)
        default: nil
        }
    }
}

/// A duration in a template: `{{duration}}` → 1 h 20 min / 1 ч 20 мин (whole minutes);
/// `hours`, `minutes` (numbers), `hasHours` and `seconds` for a layout of one's own.
package struct TemplateDuration: MustacheNodeValue {
    package let seconds: Int
    package let strings: Strings

    package var renderText: String { strings.format.duration(seconds: seconds) }
    package var isNull: Bool { false }

    package func child(named name: String) -> Any? {
        let minutes = Format.minutes(seconds)
        switch name {
        case "hours": return MustacheNode(TemplateNumber(value: Double(minutes / 60), places: 0, strings: strings))
        case "minutes": return MustacheNode(TemplateNumber(value: Double(minutes % 60), places: 0, strings: strings))
        case "totalMinutes": return MustacheNode(TemplateNumber(value: Double(minutes), places: 0, strings: strings))
        case "hasHours": return minutes >= 60
        case "seconds": return seconds
        default: return nil
        }
    }
}

/// Makes the values above for page builders, each in a `MustacheNode` (which templates render
/// without protocol casts).
package struct TemplateValues: Sendable {
    package let strings: Strings
    /// How distances, paces, speeds and heights are shown (`units` in the config).
    package let units: SiteConfig.Units

    package init(strings: Strings, units: SiteConfig.Units = .metric) {
        self.strings = strings
        self.units = units
    }

    package func number(_ value: Int) -> Any { MustacheNode(TemplateNumber(value: Double(value), places: 0, strings: strings)) }
    package func number(_ value: Double, places: Int) -> Any { MustacheNode(TemplateNumber(value: value, places: places, strings: strings)) }

    /// Grams as a food label writes them: whole when whole (180 g), else to 0.1 (52.5 g).
    package func grams(_ value: Double) -> Any {
        let tenth = (value * 10).rounded() / 10
        return number(tenth, places: tenth == tenth.rounded() ? 0 : 1)
    }
    /// Metres in the site's distance unit (kilometres or miles) with one decimal (`12.4`, `12,4`).
    func distance(_ metres: Double) -> Any { number(metres / units.metresPerDistance, places: 1) }
    func distance(_ metres: Int) -> Any { distance(Double(metres)) }
    /// Metres of height (a climb, an elevation) in the site's unit (metres or feet), whole.
    func height(_ metres: Double) -> Any { number(Int((metres / units.metresPerHeight).rounded())) }
    /// Metres per second in the site's unit of speed (km/h or mph), to one decimal.
    func speed(metresPerSecond: Double) -> Any { number(metresPerSecond * 3600 / units.metresPerDistance, places: 1) }

    /// Seconds per kilometre as `5:31` per the site's distance unit: minutes and seconds, as a
    /// watch shows a pace.
    package func pace(secondsPerKm: Double) -> String { pace(Int((secondsPerKm * units.metresPerDistance / 1000).rounded())) }
    /// Seconds (per unit) as `5:31`.
    package func pace(_ seconds: Int) -> String { "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)" }
    /// Seconds as a clock shows a lap: `6:13`, `1:02:10`.
    package func clock(_ seconds: Int) -> String {
        let two = { (n: Int) in (n < 10 ? "0" : "") + String(n) }
        return seconds >= 3600 ? "\(seconds / 3600):" + two(seconds % 3600 / 60) + ":" + two(seconds % 60) : "\(seconds / 60):" + two(seconds % 60)
    }
    package func date(_ day: Day) -> Any { MustacheNode(TemplateDate(day: day, format: strings.format)) }
    package func month(_ month: Month) -> Any { MustacheNode(TemplateMonth(month: month, format: strings.format)) }
    package func duration(_ seconds: Int) -> Any { MustacheNode(TemplateDuration(seconds: seconds, strings: strings)) }
    /// A day from `YYYY-MM-DD`, or the text as it is when it is not one.
    package func date(iso: String) -> Any { Day(iso: iso).map(date) ?? iso }
    package func month(iso: String) -> Any {
        let parts = iso.split(separator: "-")
        guard parts.count == 2, let y = Int(parts[0]), let m = Int(parts[1]), (1...12).contains(m) else { return iso }
        return month(Month(year: y, month: m))
    }
}
