import XCTest
@testable import PaintToolkit
import ToolkitTestSupport
import TestSupport

final class AnimationAndRenderingTests: XCTestCase {
    func testLongPressFlashAnimatesAlphaDownAndBackThenCompletes() {
        let h = GestureHarness()
        let photo = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        h.view.addSubview(photo)
        var events: [String] = []
        photo.animate(duration: 0.5, curve: .linear, animations: { photo.alpha = 0.5 }, completion: { finished in
            events.append("down \(finished)")
            photo.animate(duration: 0.5, curve: .linear, animations: { photo.alpha = 1 }, completion: { finished in
                events.append("up \(finished)")
            })
        })
        XCTAssertEqual(photo.alpha, 1, "the change waits for the clock")
        XCTAssertTrue(h.window.application.animator.isAnimating)
        XCTAssertNotNil(h.window.application.nextWakeUp(), "frames are requested while animating")
        h.wait(0.25)
        XCTAssertEqual(photo.alpha, 0.75, accuracy: 1e-9)
        h.wait(0.25)
        XCTAssertEqual(photo.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(events, ["down true"])
        h.wait(0.25)
        XCTAssertEqual(photo.alpha, 0.75, accuracy: 1e-9)
        h.wait(0.3)
        XCTAssertEqual(photo.alpha, 1, accuracy: 1e-9)
        XCTAssertEqual(events, ["down true", "up true"])
        XCTAssertFalse(h.window.application.animator.isAnimating)
        XCTAssertNil(h.window.application.nextWakeUp(), "idle: no frames, no timers")
    }

    func testFrameAndTransformAnimateWithEasing() {
        let h = GestureHarness()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        h.view.addSubview(view)
        view.animate(duration: 1, animations: {
            view.frame = Rect(x: 100, y: 0, width: 200, height: 100)
            view.transform = AffineTransform(scaleX: 3, y: 3)
        })
        h.wait(0.5)
        XCTAssertEqual(view.center.x, 125, accuracy: 1e-9, "half way in ease-in-out")
        XCTAssertEqual(view.bounds.width, 150, accuracy: 1e-9)
        XCTAssertEqual(view.transform.a, 2, accuracy: 1e-9)
        h.wait(0.1)
        XCTAssertGreaterThan(view.center.x, 125 + 0.1 * 150, "faster than linear in the middle")
        h.wait(1)
        XCTAssertEqual(view.frame.midX, 200, accuracy: 1e-9)
        XCTAssertEqual(view.transform.a, 3, accuracy: 1e-9)
    }

    func testRotatedViewsAreDrawnRotatedAndClippedAndTranslucent() {
        let window = Window(size: Size(width: 200, height: 200))
        let bar = View(frame: Rect(x: 50, y: 95, width: 100, height: 10))
        bar.backgroundColor = .black
        bar.transform = AffineTransform(rotationAngle: .pi / 2)
        window.addSubview(bar)
        let clipper = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        clipper.clipsToBounds = true
        let big = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        big.backgroundColor = .red
        clipper.addSubview(big)
        window.addSubview(clipper)
        let faded = View(frame: Rect(x: 160, y: 160, width: 30, height: 30))
        faded.backgroundColor = .black
        faded.alpha = 0.5
        window.addSubview(faded)
        window.render()
        let image = window.backbuffer
        XCTAssertEqual(image.color(atX: 100, y: 60), .black, "the bar now stands upright")
        XCTAssertEqual(image.color(atX: 60, y: 100), .white)
        XCTAssertEqual(image.color(atX: 20, y: 20), Color.red.roundedTo8Bit)
        XCTAssertEqual(image.color(atX: 50, y: 50), .white, "cut off at the clipping view's bounds")
        XCTAssertEqual(image.color(atX: 175, y: 175).red, 0.5, accuracy: 0.01, "half transparent over white")
    }

    /// An opaque view hides what lies below it only where its ancestors' clips let it show:
    /// a region it covers in its own rectangle but partly outside a clipping ancestor is
    /// painted from below (nothing there may keep the last frame's pixels).
    func testAnOpaqueViewHidesOnlyWhatItsClipsLetItShowOver() {
        final class OpaqueView: View { override var isOpaque: Bool { true } }
        let window = Window(size: Size(width: 200, height: 200))
        let under = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        under.backgroundColor = .red
        window.addSubview(under)
        let clipper = View(frame: Rect(x: 50, y: 50, width: 50, height: 50))
        clipper.clipsToBounds = true
        let cover = OpaqueView(frame: Rect(x: -40, y: -40, width: 130, height: 130))
        cover.backgroundColor = .blue
        clipper.addSubview(cover)
        window.addSubview(clipper)
        window.render()
        XCTAssertEqual(window.backbuffer.color(atX: 30, y: 30), Color.red.roundedTo8Bit, "clipped away there")
        // What lies below changes; the region the cover's rectangle holds is drawn again.
        under.backgroundColor = .green
        under.setNeedsDisplay(Rect(x: 20, y: 20, width: 100, height: 100))
        window.render()
        XCTAssertEqual(window.backbuffer.color(atX: 30, y: 30), Color.green.roundedTo8Bit, "outside the clip: from below")
        XCTAssertEqual(window.backbuffer.color(atX: 70, y: 70), Color.blue.roundedTo8Bit, "inside it: the cover")
    }

    /// A view that clips to its bounds shows nothing past them: what it marks for redrawing
    /// out there (a photo's outline pinched past the canvas) is left alone, and only its own
    /// pixels are drawn again.
    func testAClippingViewRedrawsOnlyWhatItsBoundsShow() {
        let window = Window(size: Size(width: 200, height: 200), scale: 2)
        let under = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        under.backgroundColor = .red
        window.addSubview(under)
        let clipper = View(frame: Rect(x: 50, y: 60, width: 40, height: 30))
        clipper.clipsToBounds = true
        clipper.backgroundColor = .blue
        window.addSubview(clipper)
        let reachingOut = Rect(x: -30, y: -30, width: 100, height: 100)
        let redrawn = window.invalidateAndRender { clipper.setNeedsDisplay(reachingOut) }
        XCTAssertEqual(redrawn, [PixelRect(x0: 100, y0: 120, x1: 180, y1: 180)], "the clipper's own pixels, at 2x")
        XCTAssertEqual(window.backbuffer.color(atX: 120, y: 140), Color.blue.roundedTo8Bit)
        XCTAssertEqual(window.backbuffer.color(atX: 60, y: 100), Color.red.roundedTo8Bit)
        // A view that does not clip may draw past its bounds: all it marks is drawn again.
        clipper.clipsToBounds = false
        let unclipped = window.invalidateAndRender { clipper.setNeedsDisplay(reachingOut) }
        XCTAssertEqual(unclipped, [PixelRect(x0: 40, y0: 60, x1: 240, y1: 260).intersection(window.backbuffer.bounds)])
        // Nothing of a clipping view shown, nothing drawn.
        clipper.clipsToBounds = true
        XCTAssertEqual(window.invalidateAndRender { clipper.setNeedsDisplay(Rect(x: 45, y: 0, width: 10, height: 10)) }, [])
    }

    func testSnapshotRendersAViewInItsOwnCoordinates() {
        let window = Window(size: Size(width: 200, height: 200))
        let container = View(frame: Rect(x: 50, y: 50, width: 40, height: 30))
        container.transform = AffineTransform(rotationAngle: 0.7)
        container.backgroundColor = .blue
        let dot = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        dot.backgroundColor = .red
        container.addSubview(dot)
        window.addSubview(container)
        let shot = window.snapshot(of: container)
        XCTAssertEqual(shot.width, 40)
        XCTAssertEqual(shot.height, 30)
        XCTAssertEqual(shot.color(atX: 5, y: 5), Color.red.roundedTo8Bit, "its own transform is not applied")
        XCTAssertEqual(shot.color(atX: 30, y: 20), Color.blue.roundedTo8Bit)
    }

    func testModalPresentationSlidesUpAndThePresenterDismisses() {
        let h = GestureHarness()
        let root = ViewController()
        h.window.rootViewController = root
        final class Sheet: ViewController {
            var disappeared = false
            override func viewDidDisappear() { disappeared = true }
        }
        let sheet = Sheet()
        var presented = false
        root.present(sheet, completion: { presented = true })
        XCTAssertTrue(root.presentedViewController === sheet)
        XCTAssertTrue(sheet.presentingViewController === root)
        XCTAssertGreaterThan(sheet.view.frame.minY, 300, "starts below")
        h.wait(0.31)
        XCTAssertEqual(sheet.view.frame.minY, 0, accuracy: 1e-9)
        XCTAssertTrue(presented)
        XCTAssertTrue(h.window.hitTest(Point(x: 10, y: 10))?.isDescendant(of: sheet.view) ?? false, "on top")
        sheet.dismiss() // forwarded to the presenter
        h.wait(0.3)
        XCTAssertNil(sheet.view.superview)
        XCTAssertNil(root.presentedViewController)
        XCTAssertTrue(sheet.disappeared)
    }

    func testChildControllersJoinTheirParent() {
        let parent = ViewController(), child = ViewController()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        XCTAssertTrue(child.parent === parent)
        XCTAssertEqual(parent.children.count, 1)
        child.removeFromParent()
        XCTAssertTrue(parent.children.isEmpty)
    }

    func testSegmentedControlSelectsTheTappedSegment() {
        let window = Window(size: Size(width: 300, height: 100))
        let control = SegmentedControl(items: ["Pencil", "Line", "Rect"], frame: Rect(x: 0, y: 0, width: 300, height: 30))
        window.addSubview(control)
        var changes: [Int] = []
        control.addAction(for: .valueChanged) { changes.append(($0 as! SegmentedControl).selectedSegmentIndex) }
        var driver = TouchDriver(window: window)
        driver.tap(Point(x: 250, y: 15))
        driver.tap(Point(x: 250, y: 15))
        driver.tap(Point(x: 150, y: 15))
        XCTAssertEqual(changes, [2, 1], "re-selecting the same segment sends nothing")
        window.render()
        XCTAssertEqual(window.backbuffer.color(atX: 110, y: 5), control.tintColor.roundedTo8Bit, "the selected segment is filled")
    }
}

final class ImageControlsTests: XCTestCase {
    func testImageViewFitsItsImageAndButtonsDrawIcons() {
        let window = Window(size: Size(width: 200, height: 100))
        let red = Image(bitmap: Bitmap(width: 40, height: 20, color: .red))
        let imageView = ImageView(image: red, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(imageView)
        XCTAssertEqual(imageView.imageRect, Rect(x: 0, y: 25, width: 100, height: 50), "aspect fit: letterboxed")
        imageView.contentMode = .scaleAspectFill
        XCTAssertEqual(imageView.imageRect, Rect(x: -50, y: 0, width: 200, height: 100))
        let button = Button(title: "", frame: Rect(x: 120, y: 0, width: 60, height: 40))
        button.image = Image(bitmap: Bitmap(width: 18, height: 18, color: .blue))
        window.addSubview(button)
        window.render()
        XCTAssertEqual(window.backbuffer.color(atX: 50, y: 50), Color.red.roundedTo8Bit)
        XCTAssertEqual(window.backbuffer.color(atX: 99, y: 99), Color.red.roundedTo8Bit, "fill covers the view")
        XCTAssertEqual(window.backbuffer.color(atX: 150, y: 20), Color.blue.roundedTo8Bit, "the icon is centred")
    }
}

private extension Window {
    /// The regions a change marks, drawn: `change` runs on a window with nothing left to draw.
    func invalidateAndRender(_ change: () -> Void) -> [PixelRect] {
        render()
        change()
        return render()
    }
}
