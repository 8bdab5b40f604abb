import Foundation
import DrawingBoard

/// Input to photons, the app's share: from the moment the X server made a motion event to
/// the moment the frame showing it has been put on screen (after the server has finished
/// reading the shared image). Each event is stamped with the server's own time (milliseconds)
/// mapped to the local clock, so time an event spent queued while the app was busy (a
/// render, a disk wait) is counted, not hidden.
final class LatencyRecorder {
    private let clock = SystemClock()
    private var waiting: [Double] = []
    private var samples: [Double] = []
    private var batchStart = 0.0
    /// The smallest (local read time - server time) seen: the two clocks' offset plus the
    /// quickest delivery, so a server time plus it is the earliest the event could be read.
    private var offset: Double?

    /// The run loop found input waiting.
    func batchBegan() { batchStart = clock.now }

    /// A motion (or wheel) event read now, made at `serverTime` (ms) by the server.
    func arrived(serverTime: UInt) {
        let made = Double(serverTime) / 1000
        let candidate = clock.now - made
        if offset == nil || candidate < offset! { offset = candidate }
        // The server's clock ticks in whole milliseconds, so `made` may be up to 1 ms early: the
        // event was made no later than made + 1 ms (mapped), and read no later than the batch
        // began. The earlier bound counts time queued while the app was busy, to the
        // millisecond, without inventing latency for events read at once.
        waiting.append(min(made + offset! + 0.001, batchStart))
    }

    /// Pointer events read and not yet shown: how many the frame being presented shows.
    var waitingCount: Int { waiting.count }

    func presented() {
        guard !waiting.isEmpty else { return }
        let now = clock.now
        samples += waiting.map { now - $0 }
        waiting.removeAll(keepingCapacity: true)
    }

    func report() {
        guard !samples.isEmpty else {
            print("latency: no pointer events")
            return
        }
        let sorted = samples.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1e6 }
        print(String(format: "latency: %d pointer events, p50 %.0f µs, p99 %.0f µs, max %.0f µs",
                     sorted.count, percentile(0.5), percentile(0.99), sorted.last! * 1e6))
    }
}
