import CMyPaint
import Foundation
import XCTest
@testable import PaintDocument
import PaintGraphics

/// MyPaint's brushes through libmypaint: a stroke replays to the same bytes (the journal, redo
/// and the operation stream depend on it), our surface over a layer draws what libmypaint's own
/// reference surface draws, and every brush of the installed set draws without harm.
final class BrushStrokeTests: XCTestCase {
    private var set: MyPaintBrushSet!

    override func setUpWithError() throws {
        guard BrushStrokeDrawing.isAvailable else { throw XCTSkip("libmypaint is not installed (Debian's libmypaint-dev)") }
        set = MyPaintBrushSet.installed()
        guard set.folder != nil else { throw XCTSkip("MyPaint's brush set is not installed (Debian's mypaint-brushes)") }
    }

    /// A wavy stroke across a 256x192 layer, pressure rising and falling, at 120 events a second.
    static func events(_ count: Int, width: Double = 256, height: Double = 192) -> [BrushEvent] {
        (0..<count).map { i in
            let t = Double(i) / Double(max(count - 1, 1))
            return BrushEvent(x: width * (0.1 + 0.8 * t), y: height * (0.5 + 0.3 * sin(t * 9)), pressure: 0.3 + 0.6 * sin(t * .pi),
                              xTilt: 0.2 * sin(t * 5), yTilt: 0.1, seconds: i == 0 ? BrushEvent.strokeStartSeconds : 1.0 / 120)
        }
    }

    private func stroke(_ name: String, color: Color = Color(r: 40, g: 90, b: 200), events: [BrushEvent] = BrushStrokeTests.events(400)) throws -> BrushStroke {
        let brush = try XCTUnwrap(set.brush(named: name), "\(name) is in the set")
        return BrushStroke(brush: name, settings: try set.settings(of: brush), color: color, events: events)
    }

    private func pixels(of bitmap: Bitmap) -> [UInt32] { Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)) }

    func testAStrokeReplaysToTheSameBytesEveryTimeAndThroughItsRecord() throws {
        // Smudging brushes too: they read the colours under them through our surface's sampler,
        // which reads the same pixels every time.
        for name in ["classic/charcoal", "classic/pencil", "deevad/2B_pencil", "experimental/spaced-blot", "classic/brush",
                     "classic/smudge", "deevad/basic_digital_brush_smudging", "tanda/watercolor-02-paint", "ramon/Smear"] where set.brush(named: name) != nil {
            let stroke = try stroke(name)
            // Stripes of colour under the stroke, for the smudging brushes to drag.
            let first = Bitmap(width: 256, height: 192), second = Bitmap(width: 256, height: 192)
            for bitmap in [first, second] {
                for y in 0..<192 { for x in 0..<256 { bitmap[x, y] = (x / 16) % 2 == 0 ? 0xFF_F0_E0_C0 : 0xFF_30_60_C0 } }
            }
            let changed = BrushStrokeDrawing.draw(stroke, on: first)
            XCTAssertFalse(changed.isEmpty, "\(name) drew")
            let record = try JSONEncoder().encode(Document.Item.brushStroke(stroke))
            guard case .brushStroke(let replayed) = try JSONDecoder().decode(Document.Item.self, from: record) else { return XCTFail() }
            XCTAssertEqual(replayed, stroke)
            // One by one, as the pointer gives them, against all at once.
            let live = try XCTUnwrap(BrushStrokeDrawing(replayed, on: second))
            for event in replayed.events { live.draw(event) }
            let differing = zip(pixels(of: first), pixels(of: second)).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(name) replays to the same bytes")
            XCTAssertGreaterThan(Set(pixels(of: first)).count, 10, "\(name) left marks")
        }
    }

    /// A stroke drawn on a layer's own pixels keeping each tile's originals: restoring puts back
    /// every byte (a smudge too, which read what it had drawn), as often as it is drawn on.
    func testRestoringPutsBackEveryPixelTheStrokeChanged() throws {
        for name in ["classic/charcoal", "classic/smudge"] where set.brush(named: name) != nil {
            let stroke = try stroke(name)
            let layer = Bitmap(width: 256, height: 192)
            for y in 0..<192 { for x in 0..<256 { layer[x, y] = (x / 16) % 2 == 0 ? 0xFF_F0_E0_C0 : (y / 24) % 2 == 0 ? 0x80_10_20_40 : 0 } }
            let before = pixels(of: layer)
            let live = try XCTUnwrap(BrushStrokeDrawing(stroke, on: layer, keepingOriginals: true))
            let changed = stroke.events.reduce(PixelRect.empty) { $0.union(live.draw($1)) }
            XCTAssertNotEqual(pixels(of: layer), before, "\(name) drew on the layer itself")
            let restored = live.restore()
            XCTAssertEqual(pixels(of: layer), before, "\(name): every pixel as it was")
            XCTAssertTrue(restored.union(changed) == restored, "\(name): what it put back covers what it changed")
            // Drawing on reads the layer afresh and keeps its tiles again: a second restore
            // brings back the same bytes.
            for event in stroke.events.prefix(200) { live.draw(event) }
            XCTAssertNotEqual(pixels(of: layer), before, "\(name) drew again")
            live.restore()
            XCTAssertEqual(pixels(of: layer), before, "\(name): every pixel as it was, again")
        }
    }

    /// The same stroke through libmypaint's first interface on both surfaces (the reference has
    /// no other), ending as a pen lifts (its last dabs empty): both paint the same pixels, the
    /// mean difference of every channel at most one 8-bit level, and none at all where no
    /// colour is sampled (a smudging brush's sampler is ours).
    func testOurSurfaceDrawsWhereLibmypaintsReferenceSurfaceDraws() throws {
        let width = 256, height = 192
        for name in ["classic/pencil", "classic/charcoal", "deevad/2B_pencil", "classic/brush", "ramon/Sketch_1"] where set.brush(named: name) != nil {
            var events = Self.events(400)
            let last = events[events.count - 1]
            events.append(BrushEvent(x: last.x + 4, y: last.y, pressure: 0, xTilt: 0, yTilt: 0, seconds: 1.0 / 120))
            let stroke = try stroke(name, events: events)
            // libmypaint's reference surface starts white and opaque.
            let ours = Bitmap(width: width, height: height, fill: 0xFFFF_FFFF)
            var theirs = [UInt32](repeating: 0, count: width * height)
            let oursBrush = try XCTUnwrap(stroke.settings.withCString { brush_engine_brush_new($0) })
            let referenceBrush = try XCTUnwrap(stroke.settings.withCString { brush_engine_brush_new($0) })
            defer { brush_engine_brush_free(oursBrush); brush_engine_brush_free(referenceBrush) }
            let surface = try XCTUnwrap(brush_engine_surface_new(ours.pixels, Int32(width), Int32(height), Int32(width)))
            let fixed = try XCTUnwrap(brush_engine_reference_new(Int32(width), Int32(height)))
            defer { brush_engine_surface_free(surface); brush_engine_reference_free(fixed) }
            for event in stroke.events {
                let (x, y, p, tx, ty) = (Float(event.x), Float(event.y), Float(event.pressure), Float(event.xTilt), Float(event.yTilt))
                brush_engine_surface_begin(surface)
                brush_engine_stroke_to_first_interface(oursBrush, surface, x, y, p, tx, ty, event.seconds)
                var rx: Int32 = 0, ry: Int32 = 0, rw: Int32 = 0, rh: Int32 = 0
                brush_engine_surface_end(surface, &rx, &ry, &rw, &rh)
                brush_engine_reference_begin(fixed)
                brush_engine_reference_stroke_to(referenceBrush, fixed, x, y, p, tx, ty, event.seconds)
                brush_engine_reference_end(fixed)
            }
            brush_engine_reference_read(fixed, &theirs)
            let mine = pixels(of: ours)
            var total = 0
            for i in mine.indices {
                for shift in stride(from: 0, through: 24, by: 8) { total += abs(Int(mine[i] >> shift & 0xFF) - Int(theirs[i] >> shift & 0xFF)) }
            }
            let mean = Double(total) / Double(mine.count * 4)
            print("brush \(name): mean difference from libmypaint's reference surface \(mean) levels")
            XCTAssertLessThanOrEqual(mean, 1, "\(name) within a level of the reference on average")
            if name != "ramon/Sketch_1" {
                XCTAssertEqual(zip(mine, theirs).filter { $0 != $1 }.count, 0, "\(name): the reference's very pixels")
            }
            let paintedByUs = Set(mine.indices.filter { mine[$0] != 0xFFFF_FFFF })
            let paintedByIt = Set(theirs.indices.filter { theirs[$0] != 0xFFFF_FFFF })
            XCTAssertGreaterThan(paintedByIt.count, 100, "\(name) drew on the reference")
            let shared = paintedByUs.intersection(paintedByIt).count
            XCTAssertGreaterThan(Double(shared), 0.9 * Double(paintedByUs.union(paintedByIt).count), "\(name) painted the same pixels on both")
        }
    }

    /// Our dab renderer against libmypaint's own, on the same surface: every brush of the set, over
    /// stripes of colour with transparent gaps (for the erasers, smudgers and lock-alpha
    /// brushes), through both of libmypaint's interfaces, gives the same bytes. (Pigment,
    /// colourize and posterize dabs are libmypaint's either way.)
    func testOurDabRendererDrawsLibmypaintsOwnBytes() throws {
        let width = 160, height = 120
        var compared = 0
        for brush in set.brushes {
            let stroke = BrushStroke(brush: brush.name, settings: try set.settings(of: brush), color: Color(r: 200, g: 30, b: 60),
                                     events: Self.events(150, width: Double(width), height: Double(height)))
            var drawn: [[UInt32]] = []
            for own: Int32 in [1, 0] {
                for secondInterface in [false, true] {
                    let layer = Bitmap(width: width, height: height)
                    for y in 0..<height { for x in 0..<width { layer[x, y] = (x / 12) % 3 == 0 ? 0 : (x / 12) % 3 == 1 ? 0xFF_20_80_C0 : 0x80_70_10_30 } }
                    let engine = try XCTUnwrap(stroke.settings.withCString { brush_engine_brush_new($0) })
                    let surface = try XCTUnwrap(brush_engine_surface_new(layer.pixels, Int32(width), Int32(height), Int32(width)))
                    brush_engine_surface_use_own_dabs(surface, own)
                    for event in stroke.events {
                        let (x, y, p) = (Float(event.x), Float(event.y), Float(event.pressure))
                        brush_engine_surface_begin(surface)
                        if secondInterface {
                            brush_engine_stroke_to(engine, surface, x, y, p, Float(event.xTilt), Float(event.yTilt), event.seconds, 1, 0)
                        } else {
                            brush_engine_stroke_to_first_interface(engine, surface, x, y, p, Float(event.xTilt), Float(event.yTilt), event.seconds)
                        }
                        var rx: Int32 = 0, ry: Int32 = 0, rw: Int32 = 0, rh: Int32 = 0
                        brush_engine_surface_end(surface, &rx, &ry, &rw, &rh)
                    }
                    brush_engine_surface_free(surface)
                    brush_engine_brush_free(engine)
                    drawn.append(pixels(of: layer))
                }
            }
            for interface in 0..<2 {
                let differing = zip(drawn[interface], drawn[interface + 2]).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "\(brush.name), interface \(interface + 1): our dabs give libmypaint's bytes")
            }
            compared += 1
        }
        XCTAssertGreaterThan(compared, 100)
    }

    func testEveryBrushOfTheSetDrawsAndLeavesValidPixels() throws {
        XCTAssertGreaterThan(set.brushes.count, 100, "the set's brushes are found")
        XCTAssertTrue(set.groups.map(\.name).contains("Classic"))
        let layer = Bitmap(width: 128, height: 96)
        for brush in set.brushes {
            layer.fill(with: 0xFF_FF_FF_FF)
            let stroke = BrushStroke(brush: brush.name, settings: try set.settings(of: brush), color: Color(r: 200, g: 30, b: 60),
                                     events: Self.events(120, width: 128, height: 96))
            BrushStrokeDrawing.draw(stroke, on: layer)
            // Premultiplied: no channel above its alpha (a NaN or an overflow would break it).
            let broken = pixels(of: layer).first { p in
                let a = p >> 24
                return (p >> 16 & 0xFF) > a || (p >> 8 & 0xFF) > a || (p & 0xFF) > a
            }
            XCTAssertNil(broken, "\(brush.name) left a pixel that is not premultiplied")
        }
    }

    func testAStrokeWithoutTheBrushSetOrWithDamagedSettingsDrawsNothingAndSaysNothingWrong() {
        let layer = Bitmap(width: 32, height: 32)
        let damaged = BrushStroke(brush: "classic/none", settings: "{ not a brush", color: .black, events: Self.events(10, width: 32, height: 32))
        XCTAssertNil(BrushStrokeDrawing(damaged, on: layer))
        XCTAssertTrue(BrushStrokeDrawing.draw(damaged, on: layer).isEmpty)
        XCTAssertEqual(Set(pixels(of: layer)), [0])
    }
}
