import CX11Shim
import PaintCore

/// Turns X events into PaintCore input: the left button is one touch, keys become KeyEvents.
struct InputTranslator {
    static let mouseTouchIdentifier = 1

    enum Input {
        case touches([TouchInput])
        case key(KeyEvent)
        case resize(Size)
        case expose(Rect)
        case close
        case none
    }

    let deleteWindowAtom: Atom

    func translate(_ event: inout XEvent) -> Input {
        switch event.type {
        case ButtonPress where event.xbutton.button == UInt32(Button1):
            return .touches([touch(.began, x: event.xbutton.x, y: event.xbutton.y, time: event.xbutton.time)])
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            return .touches([touch(.ended, x: event.xbutton.x, y: event.xbutton.y, time: event.xbutton.time)])
        case MotionNotify where event.xmotion.state & UInt32(Button1Mask) != 0:
            return .touches([touch(.moved, x: event.xmotion.x, y: event.xmotion.y, time: event.xmotion.time)])
        case KeyPress:
            let keysym = XLookupKeysym(&event.xkey, 0)
            guard let key = Self.key(for: keysym) else { return .none }
            return .key(KeyEvent(key, modifiers: Self.modifiers(event.xkey.state)))
        case ConfigureNotify:
            return .resize(Size(width: Double(event.xconfigure.width), height: Double(event.xconfigure.height)))
        case Expose:
            let e = event.xexpose
            return .expose(Rect(x: Double(e.x), y: Double(e.y), width: Double(e.width), height: Double(e.height)))
        case ClientMessage where UInt(event.xclient.data.l.0) == deleteWindowAtom:
            return .close
        default:
            return .none
        }
    }

    private func touch(_ phase: Touch.Phase, x: Int32, y: Int32, time: Time) -> TouchInput {
        TouchInput(identifier: Self.mouseTouchIdentifier, phase: phase, location: Point(x: Double(x), y: Double(y)),
                   timestamp: Double(time) / 1000)
    }

    static func modifiers(_ state: UInt32) -> KeyEvent.Modifiers {
        var modifiers: KeyEvent.Modifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    static func key(for keysym: KeySym) -> KeyEvent.Key? {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Escape: return .escape
        case XK_Return, XK_KP_Enter: return .enter
        case XK_Delete: return .delete
        case XK_BackSpace: return .backspace
        case XK_Tab: return .tab
        case XK_Left: return .left
        case XK_Right: return .right
        case XK_Up: return .up
        case XK_Down: return .down
        default:
            guard keysym >= 0x20, keysym < 0x7F, let scalar = Unicode.Scalar(UInt32(keysym)) else { return nil }
            return .character(Character(scalar).lowercased().first!)
        }
    }
}
