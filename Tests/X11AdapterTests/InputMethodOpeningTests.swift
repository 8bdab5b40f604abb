import CX11Shim
import XCTest
@testable import X11Adapter

/// Xlib's own input method waits for the first key; a server XMODIFIERS names opens at start.
final class InputMethodOpeningTests: XCTestCase {
    func testOnlyAnInputMethodServerIsOpenedAtStart() {
        XCTAssertFalse(InputMethodOpening(modifiers: "@im=fcitx").isPending)
        XCTAssertFalse(InputMethodOpening(modifiers: "@im=ibus").isPending)
        XCTAssertFalse(InputMethodOpening(modifiers: "@im=SCIM@other=x").isPending, "its name ends at the next modifier")
        for xlibsOwn in [nil, "", "@im=", "@im=none", "@im=local", "@other=x"] {
            XCTAssertTrue(InputMethodOpening(modifiers: xlibsOwn).isPending, "\(xlibsOwn ?? "unset") waits for the first key")
        }
    }

    func testItOpensBeforeTheFirstKeyPressedOnly() {
        var opening = InputMethodOpening(modifiers: nil)
        XCTAssertFalse(opening.opens(before: ButtonPress))
        XCTAssertFalse(opening.opens(before: MotionNotify))
        XCTAssertFalse(opening.opens(before: KeyRelease))
        XCTAssertTrue(opening.opens(before: KeyPress))
        XCTAssertFalse(opening.opens(before: KeyPress), "once")
        var server = InputMethodOpening(modifiers: "@im=fcitx")
        XCTAssertFalse(server.opens(before: KeyPress), "a server was opened at start")
    }
}
