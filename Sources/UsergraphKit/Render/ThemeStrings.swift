import Foundation
import Yams

/// The theme's words that Swift code draws into charts, from `Templates/strings.yml`.
/// A missing key is an error at load time, naming the key and the file, never an empty label.
public struct ThemeStrings: Sendable {
    private let values: [String: String]

    public static let requiredKeys = [
        "chart.noData", "chart.weekly.title", "chart.weekly.desc", "chart.types.title", "chart.types.desc",
        "chart.types.other", "chart.heatmap.title", "chart.heatmap.desc", "chart.heatmap.less", "chart.heatmap.more",
        "chart.heatmap.cell", "chart.weekdays", "chart.weight.title", "chart.weight.desc", "chart.weight.series",
        "chart.sex.title", "chart.sex.desc", "chart.sex.men", "chart.sex.women", "chart.sex.other", "chart.age.title",
        "chart.age.desc", "chart.views.title", "chart.views.desc", "chart.views.views", "chart.views.unique",
        "chart.languages.title", "chart.languages.desc",
    ]

    public init(values: [String: String]) { self.values = values }

    public init(file: String) throws {
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw UsergraphError("The theme's strings file \(file) is missing or not UTF-8 text.")
        }
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw UsergraphError("\(file): \(ConfigLoader.describe(error))")
        }
        var values: [String: String] = [:]
        for (key, value) in node?.mapping ?? [:] {
            if let k = key.string, let v = value.string { values[k] = v }
        }
        for key in Self.requiredKeys where values[key] == nil {
            throw UsergraphError("\(file) has no `\(key)`; add it (see the default theme's strings.yml).")
        }
        self.values = values
    }

    public subscript(_ key: String) -> String { values[key] ?? key }
}
