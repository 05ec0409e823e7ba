import UsergraphCore

extension Strings {
    /// A workout type's name in the site's language (`workoutTypes` in the strings file), else
    /// a readable form of the type as the store writes it: `table-tennis` as "Table tennis",
    /// `strava-type-23` as "Strava type 23". Every page, chart and the report name types so.
    package func workoutTypeName(_ type: String) -> String {
        if let name = optionalText("workoutTypes." + type) { return name }
        let words = type.split(separator: "-").joined(separator: " ")
        guard let first = words.first else { return type }
        return first.uppercased() + words.dropFirst()
    }
}
