import CX11Shim
import PaintCore
import X11Adapter
import XCTest

/// XInput 2 translation on constructed events (Xvfb has no touch devices).
final class XInput2TranslatorTests: XCTestCase {
    private func touchEvent(_ detail: Int32, x: Double, y: Double, time: UInt) -> XIDeviceEvent {
        var event = XIDeviceEvent()
        event.detail = detail
        event.event_x = x
        event.event_y = y
        event.time = time
        return event
    }

    private func translate(_ event: XIDeviceEvent, _ evtype: Int32, _ translator: XInput2Translator) -> TouchInput? {
        var copy = event
        guard case .touch(let input) = translator.translate(evtype: evtype, data: &copy) else { return nil }
        return input
    }

    func testTouchscreenTouchesBecomeTouchesWithTheirOwnIdentifiers() throws {
        let translator = XInput2Translator()
        let began = try XCTUnwrap(translate(touchEvent(7, x: 10.5, y: 20.25, time: 1000), XI_TouchBegin, translator))
        XCTAssertEqual(began.phase, .began)
        XCTAssertEqual(began.identifier, XInput2Translator.touchIdentifierBase + 7)
        XCTAssertNotEqual(began.identifier, PointerTranslator.mouseTouch, "never the mouse's touch")
        XCTAssertEqual(began.location, Point(x: 10.5, y: 20.25))
        XCTAssertEqual(began.timestamp, 1.0)
        XCTAssertEqual(translate(touchEvent(7, x: 12, y: 22, time: 1010), XI_TouchUpdate, translator)?.phase, .moved)
        XCTAssertEqual(translate(touchEvent(7, x: 12, y: 22, time: 1020), XI_TouchEnd, translator)?.phase, .ended)
    }

    func testTwoTouchscreenFingersPinchARecognizer() {
        let translator = XInput2Translator()
        let window = Window(size: Size(width: 400, height: 400), application: Application(clock: ManualClock()))
        let view = View(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        func send(_ detail: Int32, _ x: Double, _ evtype: Int32) {
            if let input = translate(touchEvent(detail, x: x, y: 200, time: 5000), evtype, translator) { window.send([input]) }
        }
        send(1, 150, XI_TouchBegin)
        send(2, 250, XI_TouchBegin)
        send(1, 100, XI_TouchUpdate)
        send(2, 300, XI_TouchUpdate)
        XCTAssertEqual(pinch.state, .changed, "began on the first finger's move, changed on the second")
        XCTAssertEqual(pinch.scale, 2, accuracy: 1e-9)
    }

    func testTouchpadPinchBecomesTransformEventsWithChangesOfScaleAndRadians() {
        let translator = XInput2Translator()
        func pinch(_ evtype: Int32, scale: Double, angle: Double, flags: Int32 = 0) -> TransformEvent? {
            var event = XIGesturePinchEvent()
            event.event_x = 50
            event.event_y = 60
            event.scale = scale
            event.delta_angle = angle
            event.flags = flags
            event.time = 2000
            guard case .transform(let transform) = translator.translate(evtype: evtype, data: &event) else { return nil }
            return transform
        }
        let began = pinch(XI_GesturePinchBegin, scale: 1, angle: 0)
        XCTAssertEqual(began?.phase, .began)
        XCTAssertEqual(began?.location, Point(x: 50, y: 60))
        let first = pinch(XI_GesturePinchUpdate, scale: 1.5, angle: 10)
        XCTAssertEqual(first?.scale ?? 0, 1.5, accuracy: 1e-9)
        XCTAssertEqual(first?.rotation ?? 0, 10 * .pi / 180, accuracy: 1e-9, "degrees become radians")
        let second = pinch(XI_GesturePinchUpdate, scale: 3, angle: -5)
        XCTAssertEqual(second?.scale ?? 0, 2, accuracy: 1e-9, "XI reports the scale since the start; events carry the change")
        XCTAssertEqual(pinch(XI_GesturePinchEnd, scale: 3, angle: 0)?.phase, .ended)
        _ = pinch(XI_GesturePinchBegin, scale: 1, angle: 0)
        XCTAssertEqual(pinch(XI_GesturePinchEnd, scale: 1, angle: 0, flags: Int32(XIGesturePinchEventCancelled))?.phase, .cancelled)
    }

    func testOtherEventsAreIgnored() {
        var event = XIDeviceEvent()
        if case .none = XInput2Translator().translate(evtype: XI_Motion, data: &event) {} else {
            XCTFail("pointer motion arrives as core events, not through XI2")
        }
    }
}
