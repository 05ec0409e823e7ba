import UsergraphCharts

/// Deterministic sample data: no randomness, so goldens never drift.
enum Sample {
    static let languages = [
        ChartPoint(label: "Swift", value: 14), ChartPoint(label: "Python", value: 7),
        ChartPoint(label: "C", value: 3), ChartPoint(label: "Shell", value: 1),
        ChartPoint(label: "Objective-C++", value: 0),
    ]
    static let ageLabels = ["18-21", "22-25", "26-30", "31-35", "36-40", "41-50", "51+"]
    static let men = ChartSeries(name: "Men", values: [3, 8, 12, 9, 4, 2, 1])
    static let women = ChartSeries(name: "Women", values: [5, 6, 10, 7, 5, 3, 0])
    static let weightChange = [
        ChartPoint(label: "7 days", value: -0.3), ChartPoint(label: "30 days", value: -0.8),
        ChartPoint(label: "90 days", value: 1.25), ChartPoint(label: "1 year", value: -4.6),
    ]
    static let hostile = [
        ChartPoint(label: "<script>alert('x')</script>", value: 2),
        ChartPoint(label: "Tom & \"Jerry\"", value: 1),
        ChartPoint(label: "Очень длинное название языка программирования", value: 3),
        ChartPoint(label: "tab\there\u{1}", value: .nan),
    ]
    static let weekly: [Double] = [2, 3, 1, 0, 4, 5, 3, 2, 6, 4, 3, 5]
    static let weights: [Double] = [74.2, 74.0, 73.8, 73.9, 73.5, 73.1, 73.3, 72.9, 72.8, 72.4]
    static let deltas: [Double] = [-0.5, -1.2, 0.4, 1.8, -2.6, 0.0, 0.9, -0.3]
    /// 400 values with a slow wave and a weekly bump, longer than any width used.
    static let long: [Double] = (0..<400).map { (i: Int) -> Double in
        let noise = Double((i * 7919) % 13)
        let wave = Double(i % 50) / 5
        let bump: Double = i % 7 == 5 ? 6 : 0
        return noise + wave + bump
    }
    /// 363 days from a Monday (the last week partial): busier on weekdays and towards the end.
    static let year: [Double] = (0..<363).map { (i: Int) -> Double in
        let base = (i * i * 31 + i * 17 + i / 7) % 9
        return base < 4 ? 0 : Double(base - 3 + i / 120)
    }
    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let ruDayNames = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]
    /// Month names on the weeks a month starts in (the year starts on Monday 2025-11-24).
    static let monthStarts: [Int: String] = [
        1: "Dec", 6: "Jan", 10: "Feb", 14: "Mar", 18: "Apr", 23: "May", 27: "Jun", 31: "Jul",
        36: "Aug", 40: "Sep", 44: "Oct", 49: "Nov",
    ]
    static let weekLabels: [String] = (0..<52).map { monthStarts[$0] ?? "" }

    static func heatDays(_ values: [Double]) -> [HeatmapDay] {
        values.enumerated().map { i, v in
            HeatmapDay(value: v, title: "day \(i + 1): \(Int(v)) workouts")
        }
    }
}
