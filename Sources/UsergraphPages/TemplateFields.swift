/// The keys a template is given from a `Model`, each written once: its name, its kind and how
/// its value is got from the model.
///
/// Both sides of a page's data come from this one table: `context(_:)` makes the dictionary the
/// template renders, and `schema` is what `TemplateKeyCheck` checks the template's names
/// against, so a key cannot be given without being declared, nor declared without being given.
///
/// A key ending in `?` is one the page leaves out when it has nothing to say (a bio, the
/// previous page): its reader returns nil then. A key without one is always there.
package struct TemplateFields<Model>: Sendable {
    package struct Field: Sendable {
        let key: String
        let kind: TemplateSchema.Field
        let get: @Sendable (Model) -> Any?

        /// `key` with its kind; `get` gives the value as the template sees it.
        package init(_ key: String, _ value: TemplateSchema.Value, _ get: @escaping @Sendable (Model) -> Any?) {
            let optional = key.hasSuffix("?")
            self.init(key: optional ? String(key.dropLast()) : key, kind: TemplateSchema.Field(value: value, optional: optional), get: get)
        }

        init(key: String, kind: TemplateSchema.Field, get: @escaping @Sendable (Model) -> Any?) {
            self.key = key; self.kind = kind; self.get = get
        }
    }

    let fields: [Field]

    package init(_ fields: [Field]) { self.fields = fields }

    /// The keys, for the template check.
    package var schema: TemplateSchema {
        TemplateSchema(fields: Dictionary(fields.map { ($0.key, $0.kind) }) { _, new in new })
    }

    /// The template's dictionary for `model`.
    package func context(_ model: Model) -> [String: Any] {
        var context = [String: Any](minimumCapacity: fields.count)
        for field in fields {
            if let value = field.get(model) { context[field.key] = value }
        }
        return context
    }

    /// These fields, got from a model that holds this one (a user's page holds their card).
    package func reading<Outer>(_ inner: @escaping @Sendable (Outer) -> Model) -> TemplateFields<Outer> {
        TemplateFields<Outer>(
            fields.map { field in
                let get = field.get
                return TemplateFields<Outer>.Field(key: field.key, kind: field.kind) { get(inner($0)) }
            })
    }

    /// These fields and `more`'s.
    package static func + (fields: TemplateFields, more: TemplateFields) -> TemplateFields {
        TemplateFields(fields.fields + more.fields)
    }
}

extension TemplateFields.Field {
    /// Text from the data, escaped where the template inserts it.
    package static func text(_ key: String, _ get: @escaping @Sendable (Model) -> String?) -> Self { Self(key, .text, get) }
    /// HTML usergraph made (an avatar, a chart), inserted as it is.
    package static func html(_ key: String, _ get: @escaping @Sendable (Model) -> String?) -> Self { Self(key, .html, get) }
    /// A plain whole number: an id, a size in pixels.
    package static func int(_ key: String, _ get: @escaping @Sendable (Model) -> Int?) -> Self { Self(key, .int, get) }
    package static func flag(_ key: String, _ get: @escaping @Sendable (Model) -> Bool?) -> Self { Self(key, .flag, get) }
    /// A `TemplateValues.number`.
    package static func number(_ key: String, _ get: @escaping @Sendable (Model) -> Any?) -> Self { Self(key, .number, get) }
    /// A `TemplateValues.date`, or the text of one the data wrote wrongly.
    package static func date(_ key: String, _ get: @escaping @Sendable (Model) -> Any?) -> Self { Self(key, .date, get) }
    package static func month(_ key: String, _ get: @escaping @Sendable (Model) -> Any?) -> Self { Self(key, .month, get) }
    package static func duration(_ key: String, _ get: @escaping @Sendable (Model) -> Any?) -> Self { Self(key, .duration, get) }

    /// An object made by `fields` from what `get` returns.
    package static func object<Inner>(
        _ key: String, _ fields: TemplateFields<Inner>, _ get: @escaping @Sendable (Model) -> Inner?
    ) -> Self {
        Self(key, .object(fields.schema)) { model in get(model).map(fields.context) }
    }

    /// A list of objects, each made by `fields`.
    package static func list<Inner>(
        _ key: String, _ fields: TemplateFields<Inner>, _ get: @escaping @Sendable (Model) -> [Inner]?
    ) -> Self {
        Self(key, .list(fields.schema)) { model in get(model).map { $0.map(fields.context) } }
    }

    /// An object made elsewhere (the links, made once per depth), with its keys.
    package static func object(_ key: String, keys: TemplateSchema, _ get: @escaping @Sendable (Model) -> [String: Any]?) -> Self {
        Self(key, .object(keys), get)
    }
}

/// Text a page shows only when there is some: nil for nil and for "".
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}

/// One item of a list and the site it is shown on: what most lists' fields read.
package struct OnSite<Value> {
    let site: SiteData
    let value: Value
}

extension SiteData {
    /// Each of `items` with this site, for a list's fields.
    func each<Value>(_ items: [Value]) -> [OnSite<Value>] { items.map { OnSite(site: self, value: $0) } }
}
