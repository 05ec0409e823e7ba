import UsergraphCore

/// The latest body weight, its change over 30 and 90 days, and, where the owner gave a height
/// and a target, the body mass index and the distance to the target.
struct WeightStats {
    var summary: WeightSummary
    var series: [WeightPoint]

    init(records: [WeightRecord], asOf: Day, owner: Owner? = nil) {
        // Records with a date that does not parse belong to no day and are left out; the
        // store validates dates on write, so this only guards against hand edits.
        let dated = records.enumerated().compactMap { index, record -> (index: Int, point: WeightPoint)? in
            guard let day = Day(iso: record.date), day <= asOf else { return nil }
            return (index, WeightPoint(day: day, kg: record.kg))
        }
        // Same-day records keep their file order, so "the last record" of a day is the last written.
        series = dated.sorted { ($0.point.day, $0.index) < ($1.point.day, $1.index) }.map(\.point)

        let target = owner?.targetWeightKg.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        guard let latest = series.last else {
            summary = WeightSummary(latest: nil, change30: nil, change90: nil, target: target)
            return
        }
        summary = WeightSummary(
            latest: latest.kg,
            change30: Self.change(from: Self.nearest(in: series, to: asOf.adding(days: -30), within: 15), to: latest),
            change90: Self.change(from: Self.nearest(in: series, to: asOf.adding(days: -90), within: 45), to: latest),
            bmi: owner?.heightCm.flatMap { Self.bodyMassIndex(kg: latest.kg, heightCm: $0) },
            target: target,
            toTarget: target.map { Self.rounded(latest.kg - $0) })
    }

    /// kg / m², to 0.1; nil for a height no person has (the store is hand-editable).
    static func bodyMassIndex(kg: Double, heightCm: Double) -> Double? {
        guard heightCm.isFinite, heightCm >= 50, heightCm <= 300 else { return nil }
        let metres = heightCm / 100
        return rounded(kg / (metres * metres))
    }

    /// `series` is sorted by day; binary search keeps a long history cheap.
    static func last(in series: [WeightPoint], onOrBefore day: Day) -> WeightPoint? {
        var low = 0, high = series.count
        while low < high {
            let mid = (low + high) / 2
            if series[mid].day <= day { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? series[low - 1] : nil
    }

    /// The record nearest to `day` among those at most `within` days from it (ties: the
    /// earlier; of one day, the last written); nil when there is none. A change "in 30 days"
    /// against a record of five years ago would be no such change (DESIGN.md).
    static func nearest(in series: [WeightPoint], to day: Day, within: Int) -> WeightPoint? {
        let before = last(in: series, onOrBefore: day)
        let after = first(in: series, after: day)
        let candidates = [before, after].compactMap { $0 }.filter { abs($0.day.number - day.number) <= within }
        return candidates.min { abs($0.day.number - day.number) < abs($1.day.number - day.number) }
    }

    /// The first record of the first day after `day`.
    static func first(in series: [WeightPoint], after day: Day) -> WeightPoint? {
        var low = 0, high = series.count
        while low < high {
            let mid = (low + high) / 2
            if series[mid].day <= day { low = mid + 1 } else { high = mid }
        }
        return low < series.count ? series[low] : nil
    }

    static func change(from earlier: WeightPoint?, to latest: WeightPoint) -> Double? {
        guard let earlier else { return nil }
        return rounded(latest.kg - earlier.kg)
    }

    /// To 0.1 kg; `+ 0` turns a -0.0 (from a tiny loss) into 0 so the JSON never says `-0`.
    static func rounded(_ kg: Double) -> Double {
        (kg * 10).rounded() / 10 + 0
    }
}
