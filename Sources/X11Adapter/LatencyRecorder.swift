import Foundation
import PaintCore

/// Input to photons, the app's share: from the moment a motion event is taken off the X
/// connection to the moment the frame showing it has been put on screen (after the server
/// has finished reading the shared image).
final class LatencyRecorder {
    private let clock = SystemClock()
    private var waiting: [Double] = []
    private var samples: [Double] = []
    private var batchStart = 0.0

    /// The run loop found input waiting: everything read in this pass arrived no later than now.
    func batchBegan() { batchStart = clock.now }

    /// A motion event of the current batch (stamped with the batch's start: an upper bound).
    func arrived() { waiting.append(batchStart) }

    func presented() {
        guard !waiting.isEmpty else { return }
        let now = clock.now
        samples += waiting.map { now - $0 }
        waiting.removeAll(keepingCapacity: true)
    }

    func report() {
        guard !samples.isEmpty else {
            print("latency: no motion events")
            return
        }
        let sorted = samples.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1e6 }
        print(String(format: "latency: %d motion events, p50 %.0f µs, p99 %.0f µs, max %.0f µs",
                     sorted.count, percentile(0.5), percentile(0.99), sorted.last! * 1e6))
    }
}
