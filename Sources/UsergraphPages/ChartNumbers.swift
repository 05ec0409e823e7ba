import UsergraphCharts
import UsergraphCore

extension LanguageFormat {
    /// The language's marks for the numbers charts draw.
    package var chartNumbers: ChartNumberFormat {
        ChartNumberFormat(decimalSeparator: decimalSeparator, groupSeparator: groupSeparator, percentSuffix: percentSign)
    }
}
