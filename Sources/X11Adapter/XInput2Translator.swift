import CX11Shim
import Foundation
import DrawingBoard

/// Turns XInput 2 events into toolkit input: touchscreen touches (XI 2.2) become touches,
/// touchpad pinches (XI 2.4) become transform events, and the pointer's motion and buttons
/// become pointer events, with smooth scrolling (XI 2.1) read from the scroll valuators.
public final class XInput2Translator {
    /// Touch ids from the server are offset so they never collide with the mouse's touches.
    public static let touchIdentifierBase = 1000

    public enum Input {
        case touch(TouchInput)
        case transform(TransformEvent)
        /// Pointer events, and the server time of the motion for latency reports (0 otherwise).
        case pointer([PointerEvent], serverTime: UInt)
        case none
    }

    /// A valuator that scrolls: a touchpad's two-finger scroll, a high-resolution wheel.
    public struct ScrollAxis: Equatable, Sendable {
        public var valuator: Int
        public var isVertical: Bool
        /// The valuator's change that makes one wheel notch.
        public var increment: Double

        public init(valuator: Int, isVertical: Bool, increment: Double) {
            self.valuator = valuator
            self.isVertical = isVertical
            self.increment = increment
        }
    }

    /// A tablet pen's pressure valuator and its range, and whether the device is an eraser end.
    public struct PenAxes: Equatable, Sendable {
        public var pressureValuator: Int
        public var minimum: Double
        public var maximum: Double
        public var isEraser: Bool
        /// The tilt valuators and their ranges, which drivers give in degrees (Wacom: -64...63).
        public var tilt: Tilt?

        public struct Tilt: Equatable, Sendable {
            public var xValuator: Int, yValuator: Int
            public var xRange: ClosedRange<Double>, yRange: ClosedRange<Double>
            public init(xValuator: Int, yValuator: Int, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
                self.xValuator = xValuator
                self.yValuator = yValuator
                self.xRange = xRange
                self.yRange = yRange
            }
        }

        public init(pressureValuator: Int, minimum: Double, maximum: Double, isEraser: Bool = false) {
            self.pressureValuator = pressureValuator
            self.minimum = minimum
            self.maximum = maximum
            self.isEraser = isEraser
        }
    }

    /// Looks up a device's scroll axes (the X side asks the server; tests give their own).
    private let scrollAxesOfDevice: (Int32) -> [ScrollAxis]
    /// Looks up a device's pen axes (nil: not a pen), asked once per device.
    private let penAxesOfDevice: (Int32) -> PenAxes?
    private var penAxes: [Int32: PenAxes?] = [:]
    /// The last pressure and tilt (degrees) seen from each pen: XI2 sends only valuators that changed.
    private var lastPressure: [Int32: Double] = [:]
    private var lastTilt: [Int32: (x: Double, y: Double)] = [:]
    /// The slave device the last pointer event came from, its scroll axes, and the last value
    /// seen on each: scroll valuators are absolute, the scroll is the change since then.
    private var pointerSource: Int32 = -1
    private var scrollAxes: [ScrollAxis] = []
    private var lastScrollValues: [Int: Double] = [:]
    private var lastPointerLocation: Point?

    /// XI 2.4 reports the pinch scale since the gesture began; transform events carry changes.
    private var lastPinchScale = 1.0
    /// Device pixels per point: X coordinates are divided by it.
    public var displayScale = 1.0

    public init(scrollAxesOfDevice: @escaping (Int32) -> [ScrollAxis] = { _ in [] },
                penAxesOfDevice: @escaping (Int32) -> PenAxes? = { _ in nil }) {
        self.scrollAxesOfDevice = scrollAxesOfDevice
        self.penAxesOfDevice = penAxesOfDevice
    }

    /// The pointer left the window: scroll valuators may change elsewhere, so the next value
    /// seen starts afresh rather than scrolling by everything that happened outside.
    public func pointerLeft() {
        lastScrollValues = [:]
        lastPointerLocation = nil
    }

    /// Translates the data of an XInput 2 cookie event of type `evtype`.
    public func translate(evtype: Int32, data: UnsafeRawPointer) -> Input {
        switch evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            return .touch(touch(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, evtype: evtype))
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            return .transform(pinch(data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee, evtype: evtype))
        case XI_Motion:
            let event = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            return .pointer(motion(event), serverTime: UInt(event.time))
        case XI_ButtonPress, XI_ButtonRelease:
            let event = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            return button(event, pressed: evtype == XI_ButtonPress).map { .pointer([$0], serverTime: UInt(event.time)) } ?? .none
        default:
            return .none
        }
    }

    func touch(_ event: XIDeviceEvent, evtype: Int32) -> TouchInput {
        let phase: Touch.Phase
        switch evtype {
        case XI_TouchBegin: phase = .began
        case XI_TouchEnd: phase = .ended
        default: phase = .moved
        }
        return TouchInput(identifier: Self.touchIdentifierBase + Int(event.detail), phase: phase,
                          location: Point(x: event.event_x / displayScale, y: event.event_y / displayScale),
                          timestamp: Double(event.time) / 1000)
    }

    func pinch(_ event: XIGesturePinchEvent, evtype: Int32) -> TransformEvent {
        let location = Point(x: event.event_x / displayScale, y: event.event_y / displayScale)
        let time = Double(event.time) / 1000
        let rotation = event.delta_angle * .pi / 180
        switch evtype {
        case XI_GesturePinchBegin:
            lastPinchScale = event.scale > 0 ? event.scale : 1
            return TransformEvent(phase: .began, location: location, scale: lastPinchScale, rotation: rotation, timestamp: time)
        case XI_GesturePinchEnd:
            lastPinchScale = 1
            let cancelled = event.flags & Int32(XIGesturePinchEventCancelled) != 0
            return TransformEvent(phase: cancelled ? .cancelled : .ended, location: location, timestamp: time)
        default:
            let scale = event.scale > 0 ? event.scale : lastPinchScale
            let change = scale / lastPinchScale
            lastPinchScale = scale
            return TransformEvent(phase: .changed, location: location, scale: change, rotation: rotation, timestamp: time)
        }
    }

    // MARK: - Pointer

    /// Motion becomes a drag, a middle-button drag or hover by the buttons held; a change of the
    /// scroll valuators becomes a smooth scroll (and no motion when the pointer stayed put).
    func motion(_ event: XIDeviceEvent) -> [PointerEvent] {
        var events: [PointerEvent] = []
        let location = pointerLocation(event)
        let scroll = scrollChange(event)
        if scroll.x != 0 || scroll.y != 0 {
            events.append(pointerEvent(.scroll(right: scroll.x, down: scroll.y), event))
        }
        if events.isEmpty || location != lastPointerLocation {
            let kind: PointerEvent.Kind
            if isHeld(1, event.buttons) || isHeld(3, event.buttons) {
                kind = .motion
            } else if isHeld(2, event.buttons) {
                kind = .middleDrag
            } else {
                kind = .hover
            }
            events.append(pointerEvent(kind, event))
        }
        lastPointerLocation = location
        return events
    }

    /// Buttons as the core protocol numbers them. Presses the server made up (the legacy wheel
    /// buttons of a smooth scroll, a touch's emulated pointer) are skipped: their real events
    /// arrive too.
    func button(_ event: XIDeviceEvent, pressed: Bool) -> PointerEvent? {
        guard event.flags & Int32(XIPointerEmulated) == 0 else { return nil }
        lastPointerLocation = pointerLocation(event)
        let kind: PointerEvent.Kind
        switch (event.detail, pressed) {
        case (1, true): kind = .press
        case (1, false): kind = .release
        case (2, true): kind = .middlePress
        case (2, false): kind = .middleRelease
        case (3, true): kind = .secondaryPress
        case (3, false): kind = .secondaryRelease
        // A wheel without smooth-scrolling axes: notches as buttons 4 to 7.
        case (4, true): kind = .wheel(up: 1)
        case (5, true): kind = .wheel(up: -1)
        case (6, true): kind = .scroll(right: -1, down: 0)
        case (7, true): kind = .scroll(right: 1, down: 0)
        default: return nil
        }
        return pointerEvent(kind, event)
    }

    /// The change of the device's scroll valuators since the last event, in notches.
    private func scrollChange(_ event: XIDeviceEvent) -> Point {
        if event.sourceid != pointerSource {
            pointerSource = event.sourceid
            scrollAxes = scrollAxesOfDevice(event.sourceid)
            lastScrollValues = [:]
        }
        guard !scrollAxes.isEmpty else { return Point(x: 0, y: 0) }
        var change = Point(x: 0, y: 0)
        Self.forEachValuator(of: event) { valuator, value in
            guard let axis = scrollAxes.first(where: { $0.valuator == valuator }) else { return }
            if let last = lastScrollValues[valuator] {
                let notches = (value - last) / axis.increment
                if axis.isVertical { change.y += notches } else { change.x += notches }
            }
            lastScrollValues[valuator] = value
        }
        return change
    }

    private func isHeld(_ button: Int, _ state: XIButtonState) -> Bool {
        guard let mask = state.mask, button < Int(state.mask_len) * 8 else { return false }
        return mask[button >> 3] & (1 << (button & 7)) != 0
    }

    /// As with core events, an integer position names a pixel and the pointer is taken to be at
    /// its centre (subpixel positions of pens keep their fraction, shifted alike).
    private func pointerLocation(_ event: XIDeviceEvent) -> Point {
        Point(x: (event.event_x + 0.5) / displayScale, y: (event.event_y + 0.5) / displayScale)
    }

    private func pointerEvent(_ kind: PointerEvent.Kind, _ event: XIDeviceEvent) -> PointerEvent {
        PointerEvent(kind, at: pointerLocation(event), modifiers: InputTranslator.modifiers(UInt32(bitPattern: event.mods.effective)),
                     timestamp: Double(event.time) / 1000, pen: pen(event))
    }

    /// The valuators an event carries, by number, with their values (XI2 packs the values of
    /// the valuators set in the mask, in order).
    private static func forEachValuator(of event: XIDeviceEvent, _ body: (Int, Double) -> Void) {
        guard let mask = event.valuators.mask, let values = event.valuators.values else { return }
        var valueIndex = 0
        for valuator in 0..<Int(event.valuators.mask_len) * 8 where mask[valuator >> 3] & (1 << (valuator & 7)) != 0 {
            body(valuator, values[valueIndex])
            valueIndex += 1
        }
    }

    /// A pen's pressure (0...1 of its range) and end, from the event's valuators or the last
    /// value its device sent; nil for devices without a pressure axis.
    func pen(_ event: XIDeviceEvent) -> PointerEvent.Pen? {
        let device = event.sourceid
        if penAxes[device] == nil { penAxes[device] = .some(penAxesOfDevice(device)) }
        guard let axes = penAxes[device] ?? nil else { return nil }
        Self.forEachValuator(of: event) { valuator, value in
            if valuator == axes.pressureValuator {
                lastPressure[device] = min(1, max(0, (value - axes.minimum) / (axes.maximum - axes.minimum)))
            }
            if let tilt = axes.tilt {
                // Tilt ranges centred on upright (drivers: degrees each way).
                if valuator == tilt.xValuator { lastTilt[device, default: (0, 0)].x = value - (tilt.xRange.lowerBound + tilt.xRange.upperBound) / 2 }
                if valuator == tilt.yValuator { lastTilt[device, default: (0, 0)].y = value - (tilt.yRange.lowerBound + tilt.yRange.upperBound) / 2 }
            }
        }
        var pen = PointerEvent.Pen(pressure: lastPressure[device] ?? 0, isEraser: axes.isEraser)
        if axes.tilt != nil, let tilt = lastTilt[device] { pen.setTilt(xDegrees: tilt.x, yDegrees: tilt.y) }
        return pen
    }
}
