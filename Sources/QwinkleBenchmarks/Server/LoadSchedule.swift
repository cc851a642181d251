import NIOCore

/// When a run's phases end: requests sent before `measureFrom` warm the server up and are not counted; no request is
/// sent after `end`; one still unanswered at `hardEnd` counts as an error and its connection is closed.
struct LoadSchedule: Sendable {
    /// When counting starts.
    let measureFrom: NIODeadline
    /// When sending stops.
    let end: NIODeadline
    /// When waiting for the last answers stops.
    let hardEnd: NIODeadline

    /// A schedule starting now: `warmUp`, then `duration` measured, then up to `grace` for the last answers.
    /// The grace is long because a request given up on still runs in the server and would slow the next route.
    init(warmUp: TimeAmount, duration: TimeAmount, grace: TimeAmount = .seconds(120)) {
        measureFrom = .now() + warmUp
        end = measureFrom + duration
        hardEnd = end + grace
    }
}
