/// The keys each page kind gives its template (see `TemplateSchema`), all in one file: it is
/// what a theme author may use, and `TemplateKeysTests` keeps it in step with the builders (every
/// key a builder puts in a context is here) and with the templates (every name they use is here).
package enum PageKeys {
    /// A page template's name → the keys its builder provides.
    package static let pages: [String: TemplateSchema] = [
        "profile": ProfilePage.keys,
        "users": UsersPages.listKeys,
        "user": UsersPages.userKeys,
        "repositories": RepositoryPages.repositoriesKeys,
        "starred": RepositoryPages.starredKeys,
        "statistics": StatisticsPage.keys,
        "meals": MealsPage.keys,
        "404": ["links": .object(Links.keys)],
        "cards": [
            "links": .object(Links.keys), "absolute": .flag, "site": .text,
            "cards": .list([
                "name": .text, "title": .text, "description": .text, "width": .int, "height": .int, "auto": .text, "light": .text,
                "dark": .text, "lightPNG": .text, "darkPNG": .text, "markdown": .text, "html": .text,
            ]),
        ],
    ]

    /// What `SiteBuild.shell` gives the layout; `assets` are the keys of the theme's own files
    /// (`PublicAssets.keys`).
    package static func shell(assets: TemplateSchema) -> TemplateSchema {
        [
            "siteTitle": .text, "lang": .text, "asOf?": .date, "baseURL?": .text, "canonical?": .text, "noindex": .flag,
            "share": .object(["image": .text, "imageAlt": .text]),
            "root": .text, "links": .object(Links.keys), "assets": .object(assets),
            "nav": .object(
                TemplateSchema(
                    fields: Dictionary(
                        uniqueKeysWithValues: Section.allCases.map {
                            ($0.rawValue, TemplateSchema.Field(value: .flag, optional: true))
                        }))),
            "on": .object(on),
        ]
    }

    /// `on` in every template: the sections shown (`SiteData.on`), each there only when true.
    package static let on = TemplateSchema(
        fields: Dictionary(
            uniqueKeysWithValues: SiteData.onKeys.map {
                ($0, TemplateSchema.Field(value: .flag, optional: true))
            }))

    /// What the layout sees: the shell, and what `Theme.render` adds for the page `page`.
    package static func layout(page: TemplateSchema, assets: TemplateSchema) -> TemplateSchema {
        shell(assets: assets).adding(["content": .html, "title": .text, "description?": .text, "page": .object(page)])
    }
}

extension Links {
    package static let keys: TemplateSchema = [
        "home": .text, "users": .text, "repositories": .text, "starred": .text, "statistics": .text, "meals": .text,
        "cards": .text, "root": .text,
    ]
}

extension ProfilePage {
    package static let keys: TemplateSchema = [
        "links": .object(Links.keys),
        "owner?": .object([
            "name?": .text, "email?": .text, "age?": .number, "isMan?": .flag, "isWoman?": .flag, "otherSex?": .flag,
            "avatar": .html, "filled": .flag,
        ]),
        "github?": .object([
            "login": .text, "name?": .text, "bio?": .text, "location?": .text, "company?": .text, "blog?": .text,
            "url?": .text, "since?": .date, "followers": .number, "following": .number, "publicRepos": .number,
            "avatar": .html, "fetchedOn": .date,
        ]),
        "week": .object([
            "count": .number, "duration": .duration, "calories": .number, "distance": .number, "hasDistance": .flag,
            "hasWorkouts": .flag, "workouts": .list(WorkoutRow.keys),
        ]),
        "streak": .object(["current": .number, "longest": .number, "alive": .flag]),
        "level": .object(["level": .number, "points": .number, "toNext": .number]),
        "totals": .object(["count": .number, "duration": .duration, "calories": .number]),
        "today": .object([
            "date": .date, "kcal": .number, "hasMeals": .flag, "workouts": .number, "burned": .number, "goal": .number,
            "steps?": .number, "stepsAtGoal?": .flag,
        ]),
        "pinned": .object([
            "repositories": .list(RepositoryPages.cardKeys), "hasAny": .flag, "fromConfig": .flag, "fromGitHub": .flag, "popular": .flag,
        ]),
        "contributions": .object([
            "hasData": .flag, "chart?": .html, "lastYear?": .number, "current?": .number, "longest?": .number, "alive?": .flag,
            "months?": .list(["month": .month, "count": .number]), "fetchedOn?": .date,
            "busiestDay?": .object(["date": .date, "count": .number]),
        ]),
    ]
}

extension WorkoutRow {
    package static let keys: TemplateSchema = [
        "type": .text, "typeId": .text, "duration": .duration, "date?": .date, "time?": .text,
        "calories?": .number, "distance?": .number, "exercises?": .number, "notes?": .text,
    ]
}

extension UsersPages {
    static let cardKeys: TemplateSchema = [
        "id": .int, "username": .text, "age": .number, "online": .flag, "url": .text, "avatar": .html,
        "isMan?": .flag, "isWoman?": .flag, "otherSex?": .flag,
    ]

    static let listKeys: TemplateSchema = [
        "links": .object(Links.keys), "hasData": .flag, "count": .number, "online": .number, "first?": .number, "last?": .number,
        "fetchedOn?": .date, "users?": .list(cardKeys),
        "pagination?": .object(Pagination.keys),
        "filters?": .list(["name": .text, "options": .list(["label": .text, "url": .text, "current": .flag])]),
        "filtered?": .flag, "matching?": .number, "searchURL?": .text, "search?": .flag,
        "indexScripts?": .list(["url": .text]), "shownAtMost?": .int,
    ]

    static let userKeys: TemplateSchema = cardKeys.adding([
        "links": .object(Links.keys), "back": .text, "hasFiles": .flag,
        "files": .list([
            "id": .int, "type": .text, "typeName": .text, "isAvatar": .flag, "local?": .flag, "src?": .text, "width?": .int, "height?": .int, "remote?": .text,
        ]),
        "activity": .object([
            "views": .number, "subscriptions": .number, "unsubscriptions": .number, "hasVisited": .flag, "lastVisit?": .date,
        ]),
    ])
}

extension RepositoryPages {
    static let cardKeys: TemplateSchema = [
        "name": .text, "fullName": .text, "url?": .text, "description?": .text, "language?": .text, "languageColor?": .text,
        "stars": .number, "forks": .number, "isFork": .flag, "archived": .flag, "updatedOn?": .date,
    ]

    static let tabsKeys: TemplateSchema = [
        "repositories": .text, "starred": .text, "onRepositories": .flag, "onStarred": .flag,
    ]

    static let repositoriesKeys: TemplateSchema = [
        "links": .object(Links.keys), "hasData": .flag, "count": .number, "stars": .number, "forks": .number,
        "sources": .number, "forkRepositories": .number, "onSources": .flag, "onForks": .flag, "listCount": .number,
        "first": .number, "last": .number, "kinds": .object(["sources": .text, "forks": .text]),
        "sorts": .list(["url": .text, "current": .flag, "byPush": .flag, "byStars": .flag, "byName": .flag]),
        "byStars": .flag, "byName": .flag, "pagination?": .object(Pagination.keys),
        "login?": .text, "fetchedOn?": .date, "tabs": .object(tabsKeys), "repositories": .list(cardKeys),
    ]

    static let starredKeys: TemplateSchema = [
        "links": .object(Links.keys), "hasData": .flag, "count": .number, "listCount": .number, "first": .number, "last": .number,
        "pagination?": .object(Pagination.keys), "fetchedOn?": .date, "tabs": .object(tabsKeys),
        "starred": .list(cardKeys.adding(["starredOn?": .date])),
    ]
}

extension StatisticsPage {
    package static let keys: TemplateSchema = [
        "links": .object(Links.keys),
        "asOf": .date,
        "charts": .object([
            "weekly": .html, "types": .html, "heatmap": .html, "weight": .html, "sex": .html, "age": .html, "views": .html,
            "languages": .html, "intake": .html, "macros": .html, "steps": .html, "viewsWeekly": .html, "viewsMonthly": .html,
        ]),
        "workouts": .object([
            "count": .number, "duration": .duration, "calories": .number, "distance": .number, "hasDistance": .flag,
            "paces": .list(["type": .text, "typeId": .text, "pace": .text]),
            "speeds": .list(["type": .text, "typeId": .text, "speed": .number]),
            "currentStreak": .number, "longestStreak": .number,
            "points": .number, "level": .number, "hasWorkouts": .flag, "activeDays": .number,
            "achievements": .list(["id": .text, "name": .text]), "hasAchievements": .flag,
            "byType": .list(["type": .text, "typeId": .text, "count": .number, "duration": .duration, "distance": .number]),
            "weekly": .list(["weekStart": .date, "count": .number, "duration": .duration, "distance": .number]),
            "monthly": .list(["month": .month, "count": .number, "duration": .duration]),
        ]),
        "weight": .object([
            "hasData": .flag, "records": .number, "latest?": .number, "change30?": .text, "change90?": .text,
            "series": .list(["date": .date, "kg": .number]),
            "bmi?": .number, "target?": .number, "toTarget?": .number, "aboveTarget?": .flag, "belowTarget?": .flag,
            "atTarget?": .flag,
        ]),
        "nutrition": .object([
            "hasData": .flag, "meals": .text, "average7?": .number, "burned7": .number, "basal7?": .number, "balance7?": .text,
            "today": .object(["kcal": .number, "protein": .number, "fat": .number, "carbs": .number]),
            "macros7": .list(["name": .text, "grams": .number, "percent": .number]),
            "daily": .list(["date": .date, "kcal": .number, "burned": .number, "balance": .text]),
        ]),
        "steps": .object([
            "hasData": .flag, "goal": .number, "daysAtGoal30": .number, "today?": .number, "todayAtGoal?": .flag,
            "todayPercent?": .number, "average30?": .number,
            "daily": .list(["date": .date, "steps": .number, "atGoal": .flag]),
        ]),
        "users": .object([
            "hasData": .flag, "hasVisits": .flag, "count": .number, "online": .number,
            "men": .number, "women": .number, "other": .number,
            "ageBuckets": .list(["bucket": .text, "men": .number, "women": .number, "total": .number]),
            "daily": .list(["date": .date, "views": .number, "unique": .number]),
            "views30": .number,
            "topVisitors": .list(["id": .int, "views": .number, "username?": .text, "url?": .text, "avatar": .html]),
            "hasTopVisitors": .flag, "visitorsAsCounts": .flag, "subscriptions": .number, "unsubscriptions": .number, "netSubscribers": .number,
            "visitors": .object([
                "monthToDate": .number, "previousMonthToDate": .number, "change": .number, "grew?": .flag, "fell?": .flag, "same?": .flag,
            ]),
            "weekly": .list(["weekStart": .date, "views": .number, "unique": .number]),
            "monthly": .list(["month": .month, "views": .number, "unique": .number]),
            "periods": .list([
                "id": .text, "label": .text, "men": .number, "women": .number, "count": .number, "checked": .flag,
                "ageBuckets": .list(["bucket": .text, "men": .number, "women": .number, "total": .number]),
                "chartSex": .html, "chartAge": .html,
            ]),
        ]),
        "repositories": .object([
            "hasData": .flag, "count": .number, "stars": .number, "forks": .number, "sources": .number,
            "languages": .list(["language": .text, "count": .number]), "byBytes": .flag,
            "languageBytes": .list(["language": .text, "size": .text, "share": .text]),
        ]),
    ]
}

extension MealsPage {
    static let foodKeys: TemplateSchema = [
        "name": .text, "kcal": .number, "grams?": .number, "protein?": .number, "fat?": .number, "carbs?": .number,
    ]

    package static let keys: TemplateSchema = [
        "links": .object(Links.keys), "hasData": .flag, "count": .number, "dayCount": .number, "statistics": .text,
        "days": .list([
            "date": .date, "total": .object(["kcal": .number, "protein": .number, "fat": .number, "carbs": .number]),
            "steps?": .number,
            "meals": .list([
                "kind": .text, "kindId": .text, "time?": .text, "kcal": .number, "id": .text, "foods": .list(foodKeys),
            ]),
        ]),
        "pagination?": .object(Pagination.keys),
    ]
}
