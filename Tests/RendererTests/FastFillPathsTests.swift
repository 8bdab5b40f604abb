import Foundation
@testable import PaintGraphics
import Synchronization
import XCTest

/// The fast ways of filling shapes must give the general ways' pixels exactly: shapes
/// shared between the cores in bands of rows as on one core, and source-over fills written by
/// the rasterizer's own sink (runs and edge pixels through a colour scaled once per coverage
/// level) as through the general blend.
final class FastFillPathsTests: XCTestCase {
    private func filled(cores: Int, _ draw: (GraphicsContext) -> Void) -> Bitmap {
        let saved = RowBands.cores
        RowBands.cores = cores
        defer { RowBands.cores = saved }
        let bitmap = Bitmap(width: 640, height: 480, color: .white)
        draw(GraphicsContext(bitmap: bitmap))
        return bitmap
    }

    private func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 }
        }
        return count
    }

    func testShapesFilledInBandsMatchOneCorePixelForPixel() {
        var generator = SystemRandomNumberGenerator()
        let polygons = (0..<40).map { _ in
            (0..<9).map { _ in Point(x: Double.random(in: -40...680, using: &generator), y: Double.random(in: -40...520, using: &generator)) }
        }
        let draw: (GraphicsContext) -> Void = { context in
            for (index, points) in polygons.enumerated() {
                context.fillColor = Color(r: index * 6, g: 90, b: 200, a: index % 3 == 0 ? 255 : 140)
                context.fill(.polygon(points), rule: index % 2 == 0 ? .nonZero : .evenOdd)
            }
            // Through an anti-aliased clip too.
            context.clip(to: .ellipse(in: Rect(x: 60, y: 40, width: 500, height: 400)))
            context.fillColor = Color(r: 10, g: 200, b: 30, a: 200)
            context.fill(.polygon(polygons[0]))
        }
        let one = filled(cores: 1, draw), four = filled(cores: 4, draw), two = filled(cores: 2, draw)
        XCTAssertEqual(differingPixels(one, two), 0)
        XCTAssertEqual(differingPixels(one, four), 0)
        XCTAssertGreaterThan(differingPixels(one, Bitmap(width: 640, height: 480, color: .white)), 100_000, "the shapes were drawn")
    }

    func testFillsThroughTheScaledColourMatchTheGeneralBlend() {
        // A clip covering everything sends the same fills down the general path (a clip mask
        // of full coverage changes no number); without it they take the scaled colour's, runs
        // of translucent colours and of partial coverage included.
        var generator = SystemRandomNumberGenerator()
        let shapes = (0..<30).map { index in
            ((0..<7).map { _ in Point(x: Double.random(in: 0...320, using: &generator), y: Double.random(in: 0...240, using: &generator)) },
             Color(r: index * 8, g: 255 - index * 8, b: 120, a: [255, 200, 90, 17][index % 4]))
        }
        func draw(clipped: Bool) -> Bitmap {
            let bitmap = Bitmap(width: 320, height: 240, color: Color(r: 200, g: 180, b: 40, a: 160))
            let context = GraphicsContext(bitmap: bitmap)
            if clipped { context.clip(to: .rect(Rect(x: -10, y: -10, width: 400, height: 300))) }
            for (points, color) in shapes {
                context.fillColor = color
                context.fill(.polygon(points))
            }
            return bitmap
        }
        let general = draw(clipped: true), scaled = draw(clipped: false)
        XCTAssertEqual(differingPixels(general, scaled), 0)
        XCTAssertGreaterThan(differingPixels(general, Bitmap(width: 320, height: 240, color: Color(r: 200, g: 180, b: 40, a: 160))), 20_000)
    }

    func testEveryBandRunsOnceEvenWhenCalledInQuickSuccessionFromSeveralThreads() {
        let callers = 3, runs = 2_000, iterations = 4
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: callers * iterations)
        counts.initialize(repeating: 0, count: callers * iterations)
        defer { counts.deallocate() }
        DispatchQueue.concurrentPerform(iterations: callers) { caller in
            for _ in 0..<runs {
                BandWorkers.shared.run(iterations: iterations) { index in
                    counts[caller * iterations + index] += 1
                }
            }
        }
        for index in 0..<callers * iterations { XCTAssertEqual(counts[index], runs, "slot \(index)") }
    }

    func testACallerWaitingLongerThanItSpinsSleepsUntilTheLastBandIsDone() {
        // Bands of 20 ms: the caller finishes its own and stops spinning long before the other.
        let finished = UnsafeMutablePointer<Int>.allocate(capacity: 4)
        finished.initialize(repeating: 0, count: 4)
        defer { finished.deallocate() }
        for _ in 0..<3 {
            BandWorkers.shared.run(iterations: 4) { index in
                usleep(useconds_t(index == 3 ? 20_000 : 1_000))
                finished[index] += 1
            }
        }
        XCTAssertEqual((0..<4).map { finished[$0] }, [3, 3, 3, 3], "run returned only after every band")
    }

    func testWorkersStayAwakeBetweenAGesturesFramesAndSleepOnceTheyStop() throws {
        let workers = BandWorkers.shared
        guard workers.threads > 0 else { throw XCTSkip("one core: no workers") }
        // Asleep first: every worker parks once no job has come for the length of its spin.
        var deadline = Date().addingTimeInterval(2)
        while workers.parkedWorkers < workers.threads && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(workers.parkedWorkers, workers.threads, "idle workers sleep")
        // A frame's bands wake them: each woken worker counts its wake-up, whether or not it
        // got a band before the caller finished them (a broken pool never wakes, and fails here).
        let wakesBefore = workers.wakeCount
        workers.run(iterations: 2) { _ in usleep(500) }
        deadline = Date().addingTimeInterval(2)
        while workers.wakeCount == wakesBefore && Date() < deadline { usleep(1_000) }
        XCTAssertGreaterThan(workers.wakeCount, wakesBefore, "a sleeping worker woke for the frame's bands")
        // Then the gap before the next frame's (a 125 Hz mouse: 8 ms apart): they stay awake.
        workers.run(iterations: 2) { _ in usleep(500) }
        let finished = DispatchTime.now().uptimeNanoseconds
        usleep(3_000)
        let parkedInTheGap = workers.parkedWorkers
        let looked = DispatchTime.now().uptimeNanoseconds - finished
        // A machine so busy that the look came later than a frame's gap proves nothing either way.
        if looked < 6_000_000 {
            XCTAssertEqual(parkedInTheGap, 0, "a worker parked \(looked / 1000) µs after a job: the next frame would wait for its wake-up")
        }
        // Once the frames stop, every worker sleeps: an idle app costs no CPU.
        deadline = Date().addingTimeInterval(2)
        while workers.parkedWorkers < workers.threads && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(workers.parkedWorkers, workers.threads, "workers still spinning 2 s after the last job")
    }

    func testABandMayShareItsOwnWorkBetweenTheCores() {
        // A band's work that itself uses bands (a compositor inside an adjustment) finishes.
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 16)
        counts.initialize(repeating: 0, count: 16)
        defer { counts.deallocate() }
        BandWorkers.shared.run(iterations: 4) { outer in
            BandWorkers.shared.run(iterations: 4) { inner in counts[outer * 4 + inner] += 1 }
        }
        XCTAssertEqual((0..<16).map { counts[$0] }, Array(repeating: 1, count: 16))
    }
}
