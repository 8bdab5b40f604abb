import XCTest
@testable import PaintToolkit
import ToolkitTestSupport
import TestSupport

/// A view that records the touches it receives.
private final class RecordingView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { log.append("began \(touches.count)") }
    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { log.append("moved \(touches.count)") }
    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { log.append("ended \(touches.count)") }
}

final class ToolkitTests: XCTestCase {
    func testHitTestingFindsTheDeepestInteractiveVisibleView() {
        let window = Window(size: Size(width: 300, height: 300))
        let parent = View(frame: Rect(x: 50, y: 50, width: 200, height: 200))
        let child = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        let sibling = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))
        window.addSubview(parent)
        parent.addSubview(child)
        parent.addSubview(sibling)
        XCTAssertTrue(window.hitTest(Point(x: 70, y: 70)) === child)
        XCTAssertTrue(window.hitTest(Point(x: 160, y: 160)) === sibling)
        XCTAssertTrue(window.hitTest(Point(x: 55, y: 55)) === parent)
        sibling.isHidden = true
        XCTAssertTrue(window.hitTest(Point(x: 160, y: 160)) === parent, "hidden views are skipped")
        child.isUserInteractionEnabled = false
        XCTAssertTrue(window.hitTest(Point(x: 70, y: 70)) === parent, "non-interactive views are skipped")
        child.isUserInteractionEnabled = true
        child.alpha = 0.01
        XCTAssertTrue(window.hitTest(Point(x: 70, y: 70)) === parent, "nearly transparent views are skipped")
    }

    func testPointsConvertBetweenViewsAndBack() {
        let window = Window(size: Size(width: 300, height: 300))
        let a = View(frame: Rect(x: 20, y: 30, width: 100, height: 100))
        let b = View(frame: Rect(x: 5, y: 7, width: 50, height: 50))
        window.addSubview(a)
        a.addSubview(b)
        XCTAssertEqual(b.convert(Point(x: 1, y: 2), to: nil), Point(x: 26, y: 39))
        XCTAssertEqual(b.convert(Point(x: 26, y: 39), from: nil), Point(x: 1, y: 2))
        XCTAssertEqual(a.convert(Point(x: 0, y: 0), to: b), Point(x: -5, y: -7))
    }

    func testTouchesGoToTheViewTheyBeganInEvenWhenTheyLeaveIt() {
        let window = Window(size: Size(width: 300, height: 300))
        let view = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        var driver = TouchDriver(window: window)
        driver.drag([Point(x: 50, y: 50), Point(x: 250, y: 250), Point(x: 260, y: 260)])
        XCTAssertEqual(view.log, ["began 1", "moved 1", "ended 1"])
    }

    func testUnhandledTouchesTravelUpTheResponderChain() {
        let window = Window(size: Size(width: 300, height: 300))
        let parent = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        window.addSubview(parent)
        parent.addSubview(child)
        var driver = TouchDriver(window: window)
        driver.tap(Point(x: 20, y: 20))
        XCTAssertEqual(parent.log, ["began 1", "ended 1"])
    }

    func testButtonFiresOnlyWhenReleasedInside() {
        let window = Window(size: Size(width: 300, height: 300))
        let button = Button(title: "Go", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        window.addSubview(button)
        var fired = 0
        button.addAction(for: .touchUpInside) { _ in fired += 1 }
        var driver = TouchDriver(window: window)
        driver.tap(button)
        XCTAssertEqual(fired, 1)
        driver.drag([Point(x: 20, y: 20), Point(x: 200, y: 200), Point(x: 200, y: 200)])
        XCTAssertEqual(fired, 1, "released outside")
        XCTAssertFalse(button.isHighlighted)
        driver.drag([Point(x: 20, y: 20), Point(x: 200, y: 200), Point(x: 30, y: 20)])
        XCTAssertEqual(fired, 2, "tracking continues outside and comes back in")
        button.isEnabled = false
        driver.tap(button)
        XCTAssertEqual(fired, 2, "disabled buttons do nothing")
    }

    func testSliderFollowsTheDragAndReportsValueChanges() {
        let window = Window(size: Size(width: 300, height: 100))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 224, height: 30))
        slider.minimumValue = 1
        slider.maximumValue = 41
        slider.value = 1
        window.addSubview(slider)
        var reported: [Double] = []
        slider.addAction(for: .valueChanged) { reported.append(($0 as! Slider).value) }
        var driver = TouchDriver(window: window)
        driver.drag([slider.thumbCenter, Point(x: 112, y: 15), slider.thumbCenter(for: 31)])
        XCTAssertEqual(slider.value, 31, accuracy: 1e-9)
        XCTAssertEqual(reported.last ?? 0, 31, accuracy: 1e-9)
        XCTAssertEqual(reported.first ?? 0, 21, accuracy: 1e-9, "the middle of the track")
        driver.drag([slider.thumbCenter, Point(x: 1000, y: 15), Point(x: 1000, y: 15)])
        XCTAssertEqual(slider.value, 41, "clamped to the maximum")
    }

    func testOnlyDirtyRegionsAreRedrawn() {
        let window = Window(size: Size(width: 300, height: 300))
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        window.addSubview(view)
        window.render()
        XCTAssertTrue(window.render().isEmpty, "nothing changed, nothing drawn")
        view.backgroundColor = .red
        XCTAssertEqual(window.render(), [PixelRect(x0: 10, y0: 10, x1: 30, y1: 30)])
        XCTAssertEqual(window.backbuffer.color(atX: 15, y: 15), Color.red.roundedTo8Bit)
        XCTAssertEqual(window.backbuffer.color(atX: 35, y: 15), .white)
    }
}
