import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

final class ScenesTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var temp: TemporaryDirectory!
    private var coordinator: SceneCoordinator!

    override func setUp() {
        clock = ManualClock()
        temp = TemporaryDirectory()
        window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: temp.path)
        window.rootViewController = board
        coordinator = SceneCoordinator(window: window, board: board, environment: ["HOME": temp.path])
        window.render()
    }

    private func wait(_ seconds: Double) {
        clock.advance(by: seconds)
        window.application.tick()
    }

    private func drag(through buttons: [Int], on unlock: UnlockView) {
        var driver = TouchDriver(window: window)
        driver.drag(buttons.map { unlock.convert(unlock.buttonFrame($0).center, to: nil) })
    }

    func testUnlockSetsAPatternTwiceStoresItHashedAndChecksIt() throws {
        window.send(.control("1"))
        let controller = try XCTUnwrap(window.rootViewController as? UnlockViewController)
        window.render()
        let unlock = controller.unlockView
        // Seed 001's grid: 74 px buttons, equal margins around and between.
        let frames = (0..<9).map(unlock.buttonFrame)
        XCTAssertEqual(frames[0].width, 74)
        let margin = frames[0].minX
        XCTAssertEqual(frames[1].minX - frames[0].maxX, margin, accuracy: 1e-9)
        XCTAssertEqual(unlock.bounds.width - frames[2].maxX, margin, accuracy: 1e-9)
        drag(through: [0, 1, 2, 5, 8], on: unlock)
        XCTAssertEqual(controller.stage, .confirming([0, 1, 2, 5, 8]))
        drag(through: [0, 1, 2, 5, 8], on: unlock)
        XCTAssertEqual(controller.stage, .unlocking)
        let stored = try String(contentsOfFile: temp.path + "/.config/x11paint/unlock-pattern", encoding: .utf8)
        XCTAssertFalse(stored.contains("01258"), "stored hashed, not in the clear: \(stored)")
        // A wrong pattern: red for half a second, then reset.
        drag(through: [6, 7, 8, 5], on: unlock)
        XCTAssertTrue(unlock.showsError)
        XCTAssertEqual(unlock.selected, [6, 7, 8, 5])
        window.render()
        let onLine = unlock.convert(Point(x: (frames[6].midX + frames[7].midX) / 2, y: frames[6].midY), to: nil)
        XCTAssertEqual(window.backbuffer.color(atX: Int(onLine.x), y: Int(onLine.y)), UnlockView.errorColor.roundedTo8Bit, "the lines turn red")
        wait(0.51)
        XCTAssertFalse(unlock.showsError)
        XCTAssertTrue(unlock.selected.isEmpty)
        // Passing over a button twice selects it once; the right pattern unlocks.
        drag(through: [0, 1, 0, 1, 2, 5, 8], on: unlock)
        XCTAssertEqual(controller.stage, .unlocked)
        window.send(KeyEvent(.escape))
        XCTAssertTrue(window.rootViewController === coordinator.board, "back to the drawing board")
    }

    func testTouchTrailsFadeOverTwoSecondsAndTwoFingersLeaveTwoTrails() throws {
        coordinator.show(.touches)
        let controller = try XCTUnwrap(window.rootViewController as? TouchTrailsViewController)
        window.render()
        let pointer = PointerTranslator(window: window)
        pointer.handle(PointerEvent(.press, at: Point(x: 300, y: 300), modifiers: .control, timestamp: 0))
        pointer.handle(PointerEvent(.motion, at: Point(x: 320, y: 310), modifiers: .control, timestamp: 0.05))
        pointer.handle(PointerEvent(.release, at: Point(x: 320, y: 310), modifiers: .control, timestamp: 0.1))
        XCTAssertEqual(controller.sparks.count, 4, "two fingers, two events each")
        let xs = Set(controller.sparks.map { Int($0.center.x) })
        XCTAssertTrue(xs.contains(300) && xs.contains(500), "the mirrored finger leaves its own trail (centre 400)")
        wait(1)
        XCTAssertEqual(controller.sparks.first?.alpha ?? 0, 0.5, accuracy: 0.01, "fading")
        wait(1.01)
        XCTAssertTrue(controller.sparks.isEmpty, "gone after two seconds")
    }

    func testGestureLabReadsOutEveryRecognizer() throws {
        coordinator.show(.gestures)
        let lab = try XCTUnwrap(window.rootViewController as? GestureLabViewController)
        window.render()
        let photo = lab.photo
        let c = photo.convert(Point(x: photo.bounds.midX, y: photo.bounds.midY), to: nil)
        func send(_ inputs: [(Int, Touch.Phase, Point)]) {
            window.send(inputs.map { TouchInput(identifier: $0.0, phase: $0.1, location: $0.2, timestamp: clock.now) })
        }
        // Pinch and rotation at once.
        send([(1, .began, Point(x: c.x - 40, y: c.y)), (2, .began, Point(x: c.x + 40, y: c.y))])
        send([(1, .moved, Point(x: c.x - 60 * cos(0.3), y: c.y - 60 * sin(0.3))), (2, .moved, Point(x: c.x + 60 * cos(0.3), y: c.y + 60 * sin(0.3)))])
        send([(1, .moved, Point(x: c.x - 80 * cos(0.5), y: c.y - 80 * sin(0.5))), (2, .moved, Point(x: c.x + 80 * cos(0.5), y: c.y + 80 * sin(0.5)))])
        send([(1, .ended, Point(x: c.x, y: c.y)), (2, .ended, Point(x: c.x, y: c.y))])
        // The readout keeps what the gesture came to, not a reset value.
        XCTAssertTrue(lab.readout(of: "pinch")?.hasPrefix("ended  scale 2.00") ?? false, lab.readout(of: "pinch") ?? "nil")
        XCTAssertTrue(lab.readout(of: "rotation")?.hasPrefix("ended  28.6°") ?? false, lab.readout(of: "rotation") ?? "nil")
        XCTAssertEqual(atan2(photo.transform.b, photo.transform.a), 0.5, accuracy: 0.01, "turned by the fingers")
        XCTAssertEqual((photo.transform.a * photo.transform.a + photo.transform.b * photo.transform.b).squareRoot(), 2, accuracy: 0.01)
        // Double tap resets it.
        wait(1)
        let center = photo.convert(Point(x: photo.bounds.midX, y: photo.bounds.midY), to: nil)
        send([(3, .began, center)]); send([(3, .ended, center)])
        send([(4, .began, center)]); send([(4, .ended, center)])
        XCTAssertTrue(lab.readout(of: "double tap")?.hasPrefix("ended  taps 2 at 150, 100") ?? false, lab.readout(of: "double tap") ?? "nil")
        wait(0.3)
        XCTAssertEqual(photo.transform, .identity)
        // A quick swipe right slides it away and back.
        let home = photo.center
        wait(1)
        send([(5, .began, home)])
        clock.advance(by: 0.05); send([(5, .moved, Point(x: home.x + 40, y: home.y))])
        clock.advance(by: 0.05); send([(5, .moved, Point(x: home.x + 90, y: home.y))])
        send([(5, .ended, Point(x: home.x + 90, y: home.y))])
        XCTAssertEqual(lab.readout(of: "swipe right"), "ended")
        wait(0.25)
        XCTAssertGreaterThan(photo.center.x, home.x + 200, "away")
        wait(0.26)
        XCTAssertEqual(photo.center.x, home.x, accuracy: 1e-6, "and back")
        // A long press flashes it.
        send([(6, .began, home)])
        wait(0.51)
        XCTAssertTrue(lab.readout(of: "long press")?.hasPrefix("began  held 0.5") ?? false, lab.readout(of: "long press") ?? "nil")
        wait(0.5)
        XCTAssertEqual(photo.alpha, 0.5, accuracy: 0.01)
        send([(6, .ended, home)])
        XCTAssertTrue(lab.readout(of: "long press")?.hasPrefix("ended  held 1.0") ?? false, lab.readout(of: "long press") ?? "nil")
        // A slow pan reads out its translation and velocity live, and keeps them at the end.
        wait(1.5)
        let before = photo.center
        send([(7, .began, before)])
        for step in 1...10 {
            clock.advance(by: 0.1)
            send([(7, .moved, Point(x: before.x + Double(step) * 8, y: before.y + Double(step) * 4))])
            if step == 8 { // past the swipes' half second, so the pan runs
                XCTAssertTrue(lab.readout(of: "pan")?.hasPrefix("changed  moved") ?? false, lab.readout(of: "pan") ?? "nil")
                XCTAssertTrue(lab.readout(of: "pan")?.contains("velocity 80, 40 pt/s") ?? false, lab.readout(of: "pan") ?? "nil")
            }
        }
        send([(7, .ended, Point(x: before.x + 80, y: before.y + 40))])
        let moved = photo.center - before
        XCTAssertGreaterThan(moved.x, 60, "the photo followed")
        XCTAssertTrue(lab.readout(of: "pan")?.hasPrefix(String(format: "ended  moved %.0f, %.0f", moved.x, moved.y)) ?? false,
                      lab.readout(of: "pan") ?? "nil")
    }

    /// The scene shortcuts work from every scene, not only from the board.
    func testSceneShortcutsWorkFromEveryScene() {
        window.send(.control("2"))
        XCTAssertTrue(window.rootViewController is TouchTrailsViewController)
        window.send(.control("3"))
        XCTAssertTrue(window.rootViewController is GestureLabViewController, "from touch trails straight to the gesture lab")
        window.send(.control("1"))
        XCTAssertTrue(window.rootViewController is UnlockViewController)
        window.send(.control("2"))
        XCTAssertTrue(window.rootViewController is TouchTrailsViewController)
        window.send(KeyEvent(.escape))
        XCTAssertTrue(window.rootViewController is DrawingBoardViewController, "Escape goes back to drawing")
        // A dialog over the board keeps its keys.
        (window.rootViewController as? DrawingBoardViewController)?.chooseNewDocument()
        window.send(.control("2"))
        XCTAssertTrue(window.rootViewController is DrawingBoardViewController)
    }

    func testShakingThePointerUndoes() {
        // ±120 points at 4 shakes a second, sampled at 125 Hz as a mouse reports.
        let shake = PointerTrace.wiggle(amplitude: 120, hertz: 4, cycles: 3, centerX: 400)
        var detector = ShakeDetector()
        XCTAssertTrue(shake.contains { detector.add(x: $0.x, at: $0.time) })
        var slow = ShakeDetector()
        XCTAssertFalse(PointerTrace.wiggle(amplitude: 120, hertz: 1, cycles: 3, centerX: 400).contains { slow.add(x: $0.x, at: $0.time) },
                       "too slow")
        var jumps = ShakeDetector()
        XCTAssertFalse([700.0, 400, 100, 770, 100, 700].enumerated().contains { jumps.add(x: $0.element, at: Double($0.offset) * 0.05) },
                       "single jumps between buttons are not a shake")

        let board = coordinator.board
        var driver = TouchDriver(window: window)
        driver.drag(TouchDriver.line(from: Point(x: 100, y: 200), to: Point(x: 300, y: 200)))
        XCTAssertEqual(board.canvas.document.items.count, 1)
        let pointer = PointerTranslator(window: window)
        for sample in shake {
            pointer.handle(PointerEvent(.hover, at: Point(x: sample.x, y: 300), timestamp: 10 + sample.time))
        }
        XCTAssertTrue(board.canvas.document.isEmpty, "the stroke is undone")
        XCTAssertTrue(board.statusLabel.text.contains("Shaken: undid the last stroke"), board.statusLabel.text)
        XCTAssertTrue(board.statusLabel.text.contains("Ctrl+Shift+Z"), "and the way back is named")
        XCTAssertTrue(window.send(KeyEvent(.character("z"), modifiers: [.control, .shift])))
        XCTAssertEqual(board.canvas.document.items.count, 1, "which puts it back")
    }
}
