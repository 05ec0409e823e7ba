import UsergraphCore

/// What a track says of a workout's distance and climb, for a workout whose record lacks them:
/// the two numbers of `TrackSummary` the history needs, so that a caller can keep them without
/// keeping the track.
package struct TrackFigures: Sendable, Equatable {
    /// Metres; nil without a fix.
    package var distance: Double?
    /// Metres; nil without an elevation.
    package var elevationGain: Double?

    package init(distance: Double?, elevationGain: Double?) {
        self.distance = distance; self.elevationGain = elevationGain
    }

    package init(_ summary: TrackSummary) {
        self.init(distance: summary.distance, elevationGain: summary.elevationGain)
    }
}

/// A workout's distance and climb as the history counts them (DESIGN.md "History", `years`):
/// its own field, else its track's, else 0. One rule for the years, the longest workouts, the
/// biggest climb and the Eddington days, so that they never disagree about one workout.
package struct WorkoutFigures: Sendable, Equatable {
    /// Metres, 0 when unknown.
    package var distance: Double
    /// Metres, 0 when unknown.
    package var elevationGain: Double

    package init(distance: Double, elevationGain: Double) {
        self.distance = distance; self.elevationGain = elevationGain
    }

    /// `track`: what the workout's track says, nil without a track.
    package init(_ workout: Workout, track: TrackFigures? = nil) {
        self.init(
            distance: workout.distance ?? track?.distance ?? 0,
            elevationGain: workout.elevationGain ?? track?.elevationGain ?? 0)
    }
}
