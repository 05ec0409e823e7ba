/// The keys a template may use, with what each holds.
///
/// Page contexts are `[String: Any]`, and Mustache renders a name it cannot find as nothing, so
/// a misspelt `{{owner.nmae}}` would pass unseen. Each page's fields (`TemplateFields`) give
/// its schema beside its context, `PageKeys` lists them by template, and `TemplateKeyCheck`
/// checks every name a template uses against them.
///
/// Written as a dictionary literal where a schema is not made by fields (the kinds' children,
/// the tests). A key ending in `?` is one a page leaves out when it has nothing to say (a bio,
/// the previous page), so templates test it with a section.
package struct TemplateSchema: Sendable, ExpressibleByDictionaryLiteral {
    /// What a key holds: what a template may write after it (`date.iso`) or inside its section.
    package enum Value: Sendable {
        /// Text from data, escaped where it is inserted: `{{name}}`.
        case text
        /// HTML usergraph made (avatars, charts): `{{{avatar}}}`.
        case html
        /// A plain whole number (ids, page numbers, hues).
        case int
        case flag
        /// The values of `TemplateValues`, with the children their `child(named:)` gives.
        case number, date, month, duration
        case object(TemplateSchema)
        /// A list of objects: inside its section, the keys of one item.
        case list(TemplateSchema)

        /// The keys inside the value, for a dotted name after it or a section over it.
        package var keys: TemplateSchema {
            switch self {
            case .text, .html, .int, .flag: [:]
            case .number: ["value": .text]
            case .date: ["iso": .text, "short": .text, "long": .text]
            case .month: ["iso": .text, "short": .text]
            case .duration: ["hours": .number, "minutes": .number, "totalMinutes": .number, "hasHours": .flag, "seconds": .int]
            case .object(let schema), .list(let schema): schema
            }
        }
    }

    package struct Field: Sendable {
        package let value: Value
        package let optional: Bool

        package init(value: Value, optional: Bool) {
            self.value = value
            self.optional = optional
        }
    }

    package let fields: [String: Field]

    package init(fields: [String: Field]) { self.fields = fields }

    package init(dictionaryLiteral elements: (String, Value)...) {
        var fields: [String: Field] = [:]
        for (key, value) in elements {
            let optional = key.hasSuffix("?")
            fields[optional ? String(key.dropLast()) : key] = Field(value: value, optional: optional)
        }
        self.fields = fields
    }

    package subscript(key: String) -> Value? { fields[key]?.value }

    /// These keys and `other`'s; `other` wins where both have one.
    package func adding(_ other: TemplateSchema) -> TemplateSchema {
        TemplateSchema(fields: fields.merging(other.fields) { _, new in new })
    }
}
