import CX11Shim
import DrawingBoard
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
        if case .none = XInput2Translator().translate(evtype: XI_KeyPress, data: &event) {} else {
            XCTFail("keys arrive as core events, not through XI2")
        }
    }

    // MARK: - Pointer and smooth scrolling

    /// The touchpad of the tests: valuator 2 scrolls sideways, 3 vertically, 15 units a notch
    /// (libinput's numbers).
    private static let touchpad: Int32 = 11
    private static let mouse: Int32 = 12
    private func axes(_ device: Int32) -> [XInput2Translator.ScrollAxis] {
        device == Self.touchpad ? [.init(valuator: 2, isVertical: false, increment: 15), .init(valuator: 3, isVertical: true, increment: 15)] : []
    }

    /// Runs `body` with an XI_Motion or button event carrying `valuators` (number: value) and
    /// the `held` buttons, as the server packs them.
    private func pointer(_ evtype: Int32, _ translator: XInput2Translator, x: Double, y: Double, device: Int32 = touchpad,
                         detail: Int32 = 0, held: [Int] = [], valuators: [Int: Double] = [:], flags: Int32 = 0,
                         modifiers: Int32 = 0) -> [PointerEvent] {
        var valuatorMask = [UInt8](repeating: 0, count: 1)
        var values: [Double] = []
        for (number, value) in valuators.sorted(by: { $0.key < $1.key }) {
            valuatorMask[number >> 3] |= 1 << (number & 7)
            values.append(value)
        }
        var buttonMask = [UInt8](repeating: 0, count: 1)
        for button in held { buttonMask[button >> 3] |= 1 << (button & 7) }
        return valuatorMask.withUnsafeMutableBufferPointer { valuatorBits in
            values.withUnsafeMutableBufferPointer { valueBuffer in
                buttonMask.withUnsafeMutableBufferPointer { buttonBits in
                    var event = XIDeviceEvent()
                    event.event_x = x
                    event.event_y = y
                    event.sourceid = device
                    event.detail = detail
                    event.flags = flags
                    event.time = 3000
                    event.mods.effective = modifiers
                    event.valuators = XIValuatorState(mask_len: 1, mask: valuatorBits.baseAddress, values: valueBuffer.baseAddress)
                    event.buttons = XIButtonState(mask_len: 1, mask: buttonBits.baseAddress)
                    guard case .pointer(let events, _) = translator.translate(evtype: evtype, data: &event) else { return [] }
                    return events
                }
            }
        }
    }

    func testPointerMotionAndButtonsBecomePointerEventsAtThePixelsCentre() {
        let translator = XInput2Translator(scrollAxesOfDevice: axes)
        XCTAssertEqual(pointer(XI_Motion, translator, x: 10, y: 20, device: Self.mouse).map(\.kind), [.hover])
        let press = pointer(XI_ButtonPress, translator, x: 10, y: 20, device: Self.mouse, detail: 1, modifiers: Int32(ShiftMask))
        XCTAssertEqual(press.map(\.kind), [.press])
        XCTAssertEqual(press.first?.location, Point(x: 10.5, y: 20.5), "as the core protocol: the pointer is at the pixel's centre")
        XCTAssertEqual(press.first?.modifiers, .shift)
        XCTAssertEqual(press.first?.timestamp, 3.0)
        XCTAssertEqual(pointer(XI_Motion, translator, x: 12.25, y: 20, device: Self.mouse, held: [1]).first?.location,
                       Point(x: 12.75, y: 20.5), "a pen's subpixel position keeps its fraction")
        XCTAssertEqual(pointer(XI_Motion, translator, x: 14, y: 20, device: Self.mouse, held: [1]).map(\.kind), [.motion])
        XCTAssertEqual(pointer(XI_ButtonRelease, translator, x: 14, y: 20, device: Self.mouse, detail: 1).map(\.kind), [.release])
        XCTAssertEqual(pointer(XI_ButtonPress, translator, x: 14, y: 20, device: Self.mouse, detail: 2).map(\.kind), [.middlePress])
        XCTAssertEqual(pointer(XI_Motion, translator, x: 30, y: 20, device: Self.mouse, held: [2]).map(\.kind), [.middleDrag])
        XCTAssertEqual(pointer(XI_ButtonRelease, translator, x: 30, y: 20, device: Self.mouse, detail: 2).map(\.kind), [.middleRelease])
        XCTAssertEqual(pointer(XI_ButtonPress, translator, x: 30, y: 20, device: Self.mouse, detail: 4).map(\.kind), [.wheel(up: 1)],
                       "a wheel without scroll axes sends buttons")
        XCTAssertEqual(pointer(XI_ButtonPress, translator, x: 30, y: 20, device: Self.mouse, detail: 7).map(\.kind),
                       [.scroll(right: 1, down: 0)], "button 7: the wheel tilted right")
        XCTAssertEqual(pointer(XI_ButtonPress, translator, x: 30, y: 20, device: Self.mouse, detail: 3).map(\.kind), [.secondaryPress],
                       "the right button: the secondary colour's press")
        XCTAssertEqual(pointer(XI_Motion, translator, x: 34, y: 20, device: Self.mouse, held: [3]).map(\.kind), [.motion], "a drag with it")
        XCTAssertEqual(pointer(XI_ButtonRelease, translator, x: 34, y: 20, device: Self.mouse, detail: 3).map(\.kind), [.secondaryRelease])
    }

    func testTouchpadScrollingBecomesSmoothScrollInNotchesAndItsLegacyButtonsAreSkipped() {
        let translator = XInput2Translator(scrollAxesOfDevice: axes)
        // The first event only tells where the valuator stands.
        XCTAssertEqual(pointer(XI_Motion, translator, x: 100, y: 100, valuators: [0: 100, 1: 100, 3: 600]).map(\.kind), [.hover])
        XCTAssertEqual(pointer(XI_Motion, translator, x: 100, y: 100, valuators: [0: 100, 1: 100, 3: 607.5]).map(\.kind),
                       [.scroll(right: 0, down: 0.5)], "half a notch down, and no motion: the pointer stayed put")
        XCTAssertEqual(pointer(XI_Motion, translator, x: 100, y: 100, valuators: [2: 30, 3: 577.5]).map(\.kind),
                       [.scroll(right: 0, down: -2)], "a horizontal axis starts from its first value")
        XCTAssertEqual(pointer(XI_Motion, translator, x: 100, y: 100, valuators: [2: 45]).map(\.kind), [.scroll(right: 1, down: 0)])
        XCTAssertEqual(pointer(XI_ButtonPress, translator, x: 100, y: 100, detail: 5, flags: Int32(XIPointerEmulated)).map(\.kind), [],
                       "the server's legacy wheel button for the same scroll would scroll twice")
        let moved = pointer(XI_Motion, translator, x: 110, y: 100, valuators: [0: 110, 3: 592.5])
        XCTAssertEqual(moved.map(\.kind), [.scroll(right: 0, down: 1), .hover], "a scroll while moving is both")

        translator.pointerLeft()
        XCTAssertEqual(pointer(XI_Motion, translator, x: 100, y: 100, valuators: [3: 900]).map(\.kind), [.hover],
                       "after the pointer was away the valuator starts afresh instead of jumping 20 notches")
        XCTAssertEqual(pointer(XI_Motion, translator, x: 100, y: 100, device: Self.mouse, valuators: [3: 1200]).map(\.kind), [.hover],
                       "a device without scroll axes does not scroll by its valuators")
        XCTAssertEqual(pointer(XI_Motion, translator, x: 100, y: 100, valuators: [3: 915]).map(\.kind), [.hover],
                       "back on the touchpad after another device: a fresh start")
        XCTAssertEqual(pointer(XI_Motion, translator, x: 100, y: 100, valuators: [3: 930]).map(\.kind), [.scroll(right: 0, down: 1)])
    }

    // MARK: - Pens

    /// A Wacom pen as its driver reports it: pressure on valuator 2 from 0 to 65535, and the
    /// same pen's eraser end as a device of its own.
    private static let pen: Int32 = 14, eraser: Int32 = 15
    private func penAxes(_ device: Int32) -> XInput2Translator.PenAxes? {
        switch device {
        case Self.pen:
            var axes = XInput2Translator.PenAxes(pressureValuator: 2, minimum: 0, maximum: 65535)
            axes.tilt = .init(xValuator: 3, yValuator: 4, xRange: -64...63, yRange: -64...63)
            return axes
        case Self.eraser: return .init(pressureValuator: 2, minimum: 0, maximum: 65535, isEraser: true)
        default: return nil
        }
    }

    func testAPensPressureAndSubpixelPositionComeWithItsEventsAndItsEraserEndSaysSo() {
        let translator = XInput2Translator(scrollAxesOfDevice: axes, penAxesOfDevice: penAxes)
        let press = pointer(XI_ButtonPress, translator, x: 40.25, y: 30.75, device: Self.pen, detail: 1, valuators: [0: 40.25, 1: 30.75, 2: 13107])
        XCTAssertEqual(press.map(\.kind), [.press])
        XCTAssertEqual(press.first?.location, Point(x: 40.75, y: 31.25), "subpixel, shifted as every pointer position")
        XCTAssertEqual(press.first?.pen?.pressure ?? -1, 0.2, accuracy: 1e-9, "13107 of 65535")
        XCTAssertEqual(press.first?.pen?.isEraser, false)
        let harder = pointer(XI_Motion, translator, x: 41, y: 31, device: Self.pen, held: [1], valuators: [0: 41, 2: 52428])
        XCTAssertEqual(harder.first?.pen?.pressure ?? -1, 0.8, accuracy: 1e-4)
        // Only changed valuators are sent: the pressure stays what it was.
        let same = pointer(XI_Motion, translator, x: 42, y: 31, device: Self.pen, held: [1], valuators: [0: 42])
        XCTAssertEqual(same.first?.pen?.pressure ?? -1, 0.8, accuracy: 1e-4)
        let erasing = pointer(XI_ButtonPress, translator, x: 50, y: 30, device: Self.eraser, detail: 1, valuators: [2: 65535])
        XCTAssertEqual(erasing.first?.pen, PointerEvent.Pen(pressure: 1, isEraser: true))
        XCTAssertNil(pointer(XI_Motion, translator, x: 60, y: 30, device: Self.mouse, valuators: [2: 500]).first?.pen,
                     "a mouse's valuator 2 is no pressure")
        // Tilt: upright (the ranges' middle, -0.5), then leaning 45 degrees towards +x.
        let upright = pointer(XI_Motion, translator, x: 42, y: 31, device: Self.pen, held: [1], valuators: [3: -0.5, 4: -0.5])
        XCTAssertEqual(upright.first?.pen?.altitudeAngle ?? 0, .pi / 2, accuracy: 1e-9)
        let leaning = pointer(XI_Motion, translator, x: 42, y: 31, device: Self.pen, held: [1], valuators: [3: 44.5])
        XCTAssertEqual(leaning.first?.pen?.altitudeAngle ?? 0, .pi / 4, accuracy: 1e-9)
        XCTAssertEqual(leaning.first?.pen?.azimuthAngle ?? 1, 0, accuracy: 1e-9, "towards +x")
    }

    /// Through the toolkit: a pen's press and drag make a pencil touch whose force is the pressure.
    func testPenEventsBecomePencilTouchesWithForce() {
        let window = Window(size: Size(width: 200, height: 200))
        final class Recorder: View {
            var forces: [Double] = []
            var types: [Touch.TouchType] = []
            var altitudes: [Double] = [], azimuths: [Double] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { record(touches) }
            override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { record(touches) }
            func record(_ touches: Set<Touch>) {
                for touch in touches {
                    forces.append(touch.force / touch.maximumPossibleForce)
                    types.append(touch.type)
                    altitudes.append(touch.altitudeAngle)
                    azimuths.append(touch.azimuthAngle)
                }
            }
        }
        let recorder = Recorder(frame: window.bounds)
        window.addSubview(recorder)
        let pointerTranslator = PointerTranslator(window: window)
        let translator = XInput2Translator(scrollAxesOfDevice: axes, penAxesOfDevice: penAxes)
        for event in pointer(XI_ButtonPress, translator, x: 40, y: 30, device: Self.pen, detail: 1, valuators: [2: 32767.5])
            + pointer(XI_Motion, translator, x: 60, y: 30, device: Self.pen, held: [1], valuators: [2: 65535, 3: -0.5, 4: 29.5]) {
            pointerTranslator.handle(event)
        }
        XCTAssertEqual(recorder.types, [.pencil, .pencil])
        XCTAssertEqual(recorder.altitudes.last ?? 0, .pi / 2 - .pi / 6, accuracy: 1e-9, "leaning 30 degrees along y")
        XCTAssertEqual(recorder.azimuths.last ?? 0, .pi / 2, accuracy: 1e-9)
        XCTAssertEqual(recorder.forces.count, 2)
        XCTAssertEqual(recorder.forces.first ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(recorder.forces.last ?? -1, 1, accuracy: 1e-9)
    }
}
