import CX11Shim
import Foundation
import PaintCore

/// Turns XInput 2 events into PaintCore input: touchscreen touches (XI 2.2) become touches,
/// touchpad pinches (XI 2.4) become transform events.
public final class XInput2Translator {
    /// Touch ids from the server are offset so they never collide with the mouse's touches.
    public static let touchIdentifierBase = 1000

    public enum Input {
        case touch(TouchInput)
        case transform(TransformEvent)
        case none
    }

    /// XI 2.4 reports the pinch scale since the gesture began; transform events carry changes.
    private var lastPinchScale = 1.0
    /// Device pixels per point: X coordinates are divided by it.
    public var displayScale = 1.0

    public init() {}

    /// Translates the data of an XInput 2 cookie event of type `evtype`.
    public func translate(evtype: Int32, data: UnsafeRawPointer) -> Input {
        switch evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            return .touch(touch(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, evtype: evtype))
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            return .transform(pinch(data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee, evtype: evtype))
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
}
