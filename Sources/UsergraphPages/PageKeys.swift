/// The keys each page template is given, as its fields declare them (`TemplateFields`): what a
/// theme author may use, and what `TemplateKeyCheck` checks the templates' names against.
package enum PageKeys {
    /// A page template's name → its keys.
    package static let pages: [String: TemplateSchema] = [
        "profile": ProfilePage.fields.schema,
        "users": UsersPages.listFields.schema,
        "user": UsersPages.userFields.schema,
        "repositories": RepositoryPages.listFields.schema,
        "starred": RepositoryPages.starredFields.schema,
        "statistics": StatisticsPage.fields.schema,
        "meals": MealsPage.fields.schema,
        "workouts": WorkoutPages.listFields.schema,
        "workout": WorkoutPage.fields.schema,
        HistoryPages.template: HistoryPages.yearFields.schema,
        HistoryPages.allTemplate: HistoryPages.fields.schema,
        "404": SitePages.notFoundFields.schema,
        "cards": CardsPage.fields.schema,
    ]

    /// What the layout is given besides the page's own keys (`PageShell`); `assets` are the keys
    /// of the theme's own files (`PublicAssets.keys`).
    package static func shell(assets: TemplateSchema) -> TemplateSchema {
        PageShell.fields.schema.adding(["assets": .object(assets)])
    }

    /// `on` in every template: the sections shown (`SiteData.on`), each there only when true.
    package static let on = TemplateSchema(
        fields: Dictionary(
            uniqueKeysWithValues: SiteData.onKeys.map {
                ($0, TemplateSchema.Field(value: .flag, optional: true))
            }))

    /// `units` in every template: the words of the site's units, as `SiteData.unitWords` makes them.
    package static let unitNames = ["distance", "pace", "speed", "height"]
    package static let units = TemplateSchema(
        fields: Dictionary(uniqueKeysWithValues: unitNames.map { ($0, TemplateSchema.Field(value: .text, optional: false)) }))

    /// What the layout sees: the shell, and what `Theme.render` adds for the page `page`.
    package static func layout(page: TemplateSchema, assets: TemplateSchema) -> TemplateSchema {
        shell(assets: assets).adding(["content": .html, "title": .text, "description?": .text, "page": .object(page)])
    }
}
