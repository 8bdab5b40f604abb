import CX11Shim
import DrawingBoard
@testable import X11Adapter
import XCTest

/// Core-protocol pointer events on constructed XEvents.
final class InputTranslatorTests: XCTestCase {
    private struct NotAPointerEvent: Error {}

    private func press(x: Int32, y: Int32, scale: Double) throws -> PointerEvent {
        var event = XEvent()
        event.type = ButtonPress
        event.xbutton.button = UInt32(Button1)
        event.xbutton.x = x
        event.xbutton.y = y
        event.xbutton.time = 2500
        let translator = InputTranslator(deleteWindowAtom: 0, scale: scale)
        guard case .pointer(let pointer) = translator.translate(&event) else { throw NotAPointerEvent() }
        return pointer
    }

    func testThePointerIsAtTheCentreOfThePixelItNames() throws {
        // A width-1 stroke along row 40 then covers row 40, not half of rows 39 and 40.
        let pointer = try press(x: 100, y: 40, scale: 1)
        XCTAssertEqual(pointer.location, Point(x: 100.5, y: 40.5))
        XCTAssertEqual(pointer.timestamp, 2.5)
        // On a 2x screen the same pixel's centre, in points.
        XCTAssertEqual(try press(x: 100, y: 40, scale: 2).location, Point(x: 50.25, y: 20.25))
    }

    /// What a key types, from its keysym, when no input method supplies the text.
    func testFunctionKeysAreFunctionKeys() {
        XCTAssertEqual(InputTranslator.key(for: KeySym(XK_F1)), .function(1))
        XCTAssertEqual(InputTranslator.key(for: KeySym(XK_F5)), .function(5))
        XCTAssertEqual(InputTranslator.key(for: KeySym(XK_F12)), .function(12))
        XCTAssertEqual(InputTranslator.key(for: KeySym(XK_Prior)), .pageUp)
        XCTAssertEqual(InputTranslator.key(for: KeySym(XK_KP_Next)), .pageDown)
    }

    func testAKeysymOfAnyScriptTypesItsCharacter() {
        XCTAssertEqual(InputTranslator.text(forKeysym: 0x41), "A")
        XCTAssertEqual(InputTranslator.text(forKeysym: 0xE9), "é", "Latin-1 keysyms are their code points")
        XCTAssertEqual(InputTranslator.text(forKeysym: 0x100_7167), "照", "Unicode keysyms: 0x1000000 + U")
        XCTAssertEqual(InputTranslator.text(forKeysym: 0x100_7247), "片")
        XCTAssertEqual(InputTranslator.text(forKeysym: 0x101_F600), "😀")
        XCTAssertNil(InputTranslator.text(forKeysym: KeySym(XK_BackSpace)), "function keys type nothing")
        XCTAssertNil(InputTranslator.text(forKeysym: KeySym(XK_Shift_L)))
    }
}
