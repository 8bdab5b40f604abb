import XCTest
@testable import PaintToolkit
@testable import PaintGraphics

/// The menu model (UIMenu, UICommand, UIKeyCommand, UIDeferredMenuElement's counterparts).
final class MenuModelTests: XCTestCase {
    func testInlineMenusShowInPlaceBetweenSeparatorsAndDeferredChildrenWaitForOpening() {
        var made = 0
        let menu = Menu("Top", children: [
            .command(Command("A") {}),
            .menu(Menu(options: .displayInline, children: [.command(Command("B") {}), .command(Command("C") {})])),
            .menu(Menu(options: .displayInline, children: [])),
            .menu(Menu("Sub", children: [.deferred { made += 1; return [.command(Command("Late") {})] }])),
            .menu(Menu(options: .displayInline, children: [.command(Command("D") {})])),
        ])
        XCTAssertEqual(menu.rows.map { $0.isSeparator ? "-" : $0.title }, ["A", "-", "B", "C", "-", "Sub", "-", "D"])
        XCTAssertEqual(menu.allCommands.map(\.title), ["A", "B", "C", "D"], "deferred children are not looked at for keys")
        XCTAssertEqual(made, 0)
        guard case .submenu(let sub) = menu.rows[5] else { return XCTFail("Sub is a submenu") }
        XCTAssertEqual(sub.rows.map(\.title), ["Late"])
        XCTAssertEqual(made, 1)
    }

    func testAKeyFindsItsCommandWhichRunsOnlyWhenEnabled() {
        var enabled = false, ran = 0
        let save = Command("Save", keys: [KeyEvent(.character("s"), modifiers: .control)], isEnabled: { enabled }) { ran += 1 }
        let menu = Menu(children: [.menu(Menu("File", children: [.command(save)]))])
        XCTAssertTrue(menu.command(for: KeyEvent(.character("s"), modifiers: .control)) === save)
        XCTAssertNil(menu.command(for: KeyEvent(.character("s"), modifiers: [.control, .shift])))
        XCTAssertFalse(save.run())
        enabled = true
        XCTAssertTrue(save.run())
        XCTAssertEqual(ran, 1)
        XCTAssertEqual(save.keyLabel, "Ctrl+S")
    }
}
