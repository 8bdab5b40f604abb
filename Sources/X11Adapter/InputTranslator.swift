import CX11Shim
import DrawingBoard

/// Turns X events into toolkit input: pointer events (the toolkit makes them touches), keys,
/// and window changes.
public struct InputTranslator {
    enum Input {
        case pointer(PointerEvent)
        case key(KeyEvent)
        /// A key went up (only those the app follows while held: Space).
        case keyUp(KeyEvent.Key)
        case resize(Size)
        case expose(Rect)
        case close
        case none
    }

    let deleteWindowAtom: Atom
    /// Device pixels per point: X coordinates are divided by it.
    var scale = 1.0
    /// The X input method's context (fcitx or ibus through XIM, or Xlib's compose handling):
    /// typed text comes from it as UTF-8. Without one, text comes from the keysym.
    var inputContext: XIC?

    func translate(_ event: inout XEvent) -> Input {
        switch event.type {
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            let kind: PointerEvent.Kind
            switch (event.type, Int32(b.button)) {
            case (ButtonPress, Button1): kind = .press
            case (ButtonRelease, Button1): kind = .release
            case (ButtonPress, Button3): kind = .secondaryPress
            case (ButtonRelease, Button3): kind = .secondaryRelease
            case (ButtonPress, Button4): kind = .wheel(up: 1)
            case (ButtonPress, Button5): kind = .wheel(up: -1)
            // Buttons 6 and 7 are a wheel's tilt (or a horizontal wheel): left and right.
            case (ButtonPress, 6): kind = .scroll(right: -1, down: 0)
            case (ButtonPress, 7): kind = .scroll(right: 1, down: 0)
            case (ButtonPress, Button2): kind = .middlePress
            case (ButtonRelease, Button2): kind = .middleRelease
            default: return .none
            }
            return .pointer(pointer(kind, x: b.x, y: b.y, state: b.state, time: b.time))
        case LeaveNotify:
            let l = event.xcrossing
            return .pointer(pointer(.leave, x: l.x, y: l.y, state: l.state, time: l.time))
        case MotionNotify:
            let m = event.xmotion
            let kind: PointerEvent.Kind
            if m.state & UInt32(Button1Mask | Button3Mask) != 0 {
                kind = .motion
            } else if m.state & UInt32(Button2Mask) != 0 {
                kind = .middleDrag
            } else {
                kind = .hover
            }
            return .pointer(pointer(kind, x: m.x, y: m.y, state: m.state, time: m.time))
        case KeyRelease:
            let keysym = XLookupKeysym(&event.xkey, 0)
            return keysym == KeySym(XK_space) ? .keyUp(.character(" ")) : .none
        case KeyPress:
            let keysym = XLookupKeysym(&event.xkey, 0)
            var buffer = [CChar](repeating: 0, count: 64)
            var typed: String?
            if let inputContext {
                var composed: KeySym = 0
                if x11shim_lookup_utf8(inputContext, &event.xkey, &buffer, Int32(buffer.count), &composed) > 0 { typed = String(cString: buffer) }
            } else {
                let length = XLookupString(&event.xkey, &buffer, Int32(buffer.count - 1), nil, nil)
                if length > 0 { typed = String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            }
            // A keysym of any script (xdotool type 照片 sends Unicode keysyms): its character,
            // whatever the locale's charset could say.
            if typed == nil || typed == "?" {
                let shifted = event.xkey.state & UInt32(ShiftMask) != 0 ? XLookupKeysym(&event.xkey, 1) : keysym
                typed = Self.text(forKeysym: shifted) ?? Self.text(forKeysym: keysym) ?? typed
            }
            // Control characters are shortcuts, not text.
            let text = typed.flatMap { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? $0 : nil }
            guard let key = Self.key(for: keysym) ?? text.flatMap({ $0.first }).map({ KeyEvent.Key.character($0) }) else { return .none }
            return .key(KeyEvent(key, modifiers: Self.modifiers(event.xkey.state), text: text))
        case ConfigureNotify:
            return .resize(Size(width: Double(event.xconfigure.width) / scale, height: Double(event.xconfigure.height) / scale))
        case Expose:
            let e = event.xexpose
            return .expose(Rect(x: Double(e.x) / scale, y: Double(e.y) / scale, width: Double(e.width) / scale, height: Double(e.height) / scale))
        case ClientMessage where UInt(event.xclient.data.l.0) == deleteWindowAtom:
            return .close
        default:
            return .none
        }
    }

    /// The core protocol names the pixel under the pointer; the pointer is taken to be at that
    /// pixel's centre, so a thin stroke along a row covers that row, crisp, rather than half of
    /// two rows, and a click with the thinnest pen inks one pixel rather than four faintly.
    /// (Touches from XInput 2 carry fractional positions and are used as they come.)
    private func pointer(_ kind: PointerEvent.Kind, x: Int32, y: Int32, state: UInt32, time: Time) -> PointerEvent {
        PointerEvent(kind, at: Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale), modifiers: Self.modifiers(state),
                     timestamp: Double(time) / 1000)
    }

    static func modifiers(_ state: UInt32) -> KeyEvent.Modifiers {
        var modifiers: KeyEvent.Modifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    /// The character a keysym stands for: Latin-1 keysyms are their code points, and
    /// 0x1000000 + U is Unicode U (X11's keysym encoding for every other script).
    static func text(forKeysym keysym: KeySym) -> String? {
        let value: UInt32
        switch keysym {
        case 0x20...0x7E, 0xA0...0xFF: value = UInt32(keysym)
        case 0x100_0100...0x110_FFFF: value = UInt32(keysym - 0x100_0000)
        default: return nil
        }
        return Unicode.Scalar(value).map { String(Character($0)) }
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
        case XK_Home, XK_KP_Home: return .home
        case XK_End, XK_KP_End: return .end
        case XK_Prior, XK_KP_Prior: return .pageUp
        case XK_Next, XK_KP_Next: return .pageDown
        case XK_KP_Add: return .character("+")
        case XK_KP_Subtract: return .character("-")
        case XK_F1...XK_F12: return .function(Int(Int32(truncatingIfNeeded: keysym) - XK_F1) + 1)
        default:
            guard keysym >= 0x20, keysym < 0x7F, let scalar = Unicode.Scalar(UInt32(keysym)) else { return nil }
            return .character(Character(scalar).lowercased().first!)
        }
    }
}
