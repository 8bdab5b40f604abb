import CMachine
import Foundation
import Synchronization

/// Threads kept for sharing row bands between the cores. Dispatch's concurrentPerform woke a
/// sleeping worker for every call, and on this VM a wake-up cost more than a small band saves:
/// splitting 100 µs of work in two took 79 µs. These workers spin for a short while after each
/// job, so a run of fills (a thousand shapes, a gesture's frames) finds them awake, and park
/// after it, so an idle app uses no CPU.
@usableFromInline
final class BandWorkers: @unchecked Sendable {
    @usableFromInline static let shared = BandWorkers(threads: RowBands.availableCores - 1)

    /// One call's work: iterations are taken in turn by whoever is free, the caller too.
    private final class Job: @unchecked Sendable {
        let iterations: Int
        /// Cleared by the caller once every iteration is done, so nothing calls it later.
        var body: ((Int) -> Void)?
        let next = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        /// Signalled by whoever finishes the last iteration, for a caller that stopped spinning.
        let done = DispatchSemaphore(value: 0)

        init(iterations: Int, body: @escaping (Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        /// Runs iterations until none are left.
        func work() {
            while true {
                let index = next.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
                guard index < iterations else { return }
                call(index)
                if finished.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == iterations { done.signal() }
            }
        }

        /// Not inlined, so the reference taken to call `body` is let go before the iteration
        /// counts as finished: the caller's closure must have no other owner when run returns.
        @inline(never)
        private func call(_ index: Int) {
            body?(index)
        }
    }

    /// How many workers there are (the caller makes one more).
    let threads: Int
    private let generation = Atomic<Int>(0)
    private let current = Mutex<Job?>(nil)
    private let parking = NSCondition()
    private var parked = 0 // guarded by `parking`
    /// How many times a parked worker has woken (for a job; tests read it to see the wake-up).
    private let wakes = Atomic<Int>(0)
    var wakeCount: Int { wakes.load(ordering: .relaxed) }
    /// How many workers sleep now (the rest spin or work).
    var parkedWorkers: Int {
        parking.lock()
        defer { parking.unlock() }
        return parked
    }
    /// How long a caller waiting for the last band spins before it sleeps: the band is usually
    /// moments from done.
    private static let spinNanoseconds: UInt64 = 50_000
    /// How long a worker spins after a job before it parks: the gap between one frame's bands and
    /// the next frame's while a gesture goes on (a 125 Hz mouse sends an event every 8 ms). A
    /// parked worker, woken, often waited on the caller's own core until the caller's render was
    /// over (`perf sched` over a 4K drag: p75 2.0 ms, p90 3.1 ms), so the caller drew both bands
    /// of the photo in two frames of three that hour. Spinning through the gaps: the drag's p50
    /// 5.2-5.4 ms → 3.8-4.3 ms, the pinch's within its noise (BENCHMARKS.md). Once the frames
    /// stop the worker parks: idle costs nothing. (The first
    /// workers, before they yielded, spun 0.5 ms and took the time the X server needed on two
    /// cores; these yield every fourth look.)
    private static let workerSpinNanoseconds: UInt64 = 20_000_000

    private init(threads: Int) {
        self.threads = threads
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "x11paint-band-\(index + 1)"
            thread.start()
        }
    }

    /// Runs `body(0..<iterations)` on the caller and the workers, returning when all are done.
    @usableFromInline func run(iterations: Int, _ body: (Int) -> Void) {
        guard threads > 0, iterations > 1 else {
            for index in 0..<iterations { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let job = Job(iterations: iterations, body: body)
            current.withLock { $0 = job }
            generation.wrappingAdd(1, ordering: .releasing)
            parking.lock()
            if parked > 0 { parking.broadcast() }
            parking.unlock()
            job.work()
            // The last band is usually moments from done; for a long one the caller sleeps and
            // gives the core back (yielding in a loop kept it busy for the whole band).
            let deadline = Self.now() + Self.spinNanoseconds
            var looks = 0
            while job.finished.load(ordering: .acquiring) < iterations {
                guard Self.now() < deadline else {
                    job.done.wait()
                    break
                }
                Self.spin()
                looks &+= 1
                if looks & 3 == 0 { sched_yield() }
            }
            job.body = nil
            // Another caller's job may have been posted since: that one stays.
            current.withLock { if $0 === job { $0 = nil } }
        }
    }

    private func serve() {
        var seen = generation.load(ordering: .acquiring)
        while true {
            let deadline = Self.now() + Self.workerSpinNanoseconds
            var looks = 0
            while generation.load(ordering: .acquiring) == seen {
                if Self.now() < deadline {
                    Self.spin()
                    looks &+= 1
                    if looks & 3 != 0 { continue }
                    // On the caller's own core (where the scheduler sometimes puts it) spinning
                    // would take the caller's time: 1000 small fills took 33 ms so, 19 ms with
                    // this yield, 11 ms on two cores either way.
                    sched_yield()
                    continue
                }
                parking.lock()
                parked += 1
                while generation.load(ordering: .acquiring) == seen { parking.wait() }
                parked -= 1
                parking.unlock()
                wakes.wrappingAdd(1, ordering: .relaxed)
            }
            seen = generation.load(ordering: .acquiring)
            current.withLock { $0 }?.work()
        }
    }

    /// A few pauses between looks at the job (a pause is 25 ns on this CPU, 40 on others), and
    /// the core offered to others every fourth look: sixteen pauses and a yield every look
    /// noticed a band's start or end a microsecond late, a few percent of a small shape's fill
    /// (BENCHMARKS.md).
    @inline(__always)
    private static func spin() {
        for _ in 0..<4 { machine_spin_pause() }
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
