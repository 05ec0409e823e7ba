import UsergraphCore

/// A track's average and highest heart rate, over the samples that have one.
package struct HeartRateSummary: Sendable, Equatable {
    /// Beats per minute: the mean, rounded to a whole bpm (halves up).
    package var average: Int
    /// Beats per minute: the highest sample, rounded the same way.
    package var maximum: Int

    package init(average: Int, maximum: Int) {
        self.average = average; self.maximum = maximum
    }

    /// Nil when no sample has a heart rate.
    package init?(track: Track) {
        guard let rates = track[.hr] else { return nil }
        var sum = 0.0, count = 0, highest = -Double.infinity
        for rate in rates where !rate.isNaN {
            sum += rate
            count += 1
            highest = max(highest, rate)
        }
        // `exactly`: a value no Int holds (a corrupt file) makes the summary unknown, not a trap.
        guard count > 0, let average = Int(exactly: (sum / Double(count)).rounded()), let maximum = Int(exactly: highest.rounded())
        else { return nil }
        self.init(average: average, maximum: maximum)
    }
}
