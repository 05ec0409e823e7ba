import Foundation

/// Shared arithmetic of values for pages and reports; how they are written is the language's
/// (`LanguageFormat`).
package enum Format {
    /// Whole minutes, rounded to the nearest.
    package static func minutes(_ seconds: Int) -> Int { (seconds + 30) / 60 }

    /// `72.4`: a plain decimal with a point, whatever the language (for the edit commands'
    /// messages until they speak the site's language through `LanguageFormat`).
    package static func decimal(_ value: Double, places: Int = 1) -> String {
        let scale = pow(10.0, Double(places))
        let rounded = (value * scale).rounded() / scale
        var text = String(format: "%.\(places)f", rounded)
        if text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }
        return text
    }
}
