import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The main menu: the button at the toolbar's end and F10 open it; it holds every
/// command with its keys, greys what cannot run, and is used with the pointer or the keys.
final class MainMenuTests: XCTestCase {
    private let temp = TemporaryDirectory()

    private func openMenu(_ session: BoardSession) throws -> MenuView {
        var driver = TouchDriver(window: session.window)
        driver.tap(session.board.toolbarController.menuButton)
        return try XCTUnwrap(session.board.mainMenu.openMenu, "the menu button opens the menu")
    }

    /// The middle of the row titled `title` in the innermost open menu, in the window.
    private func row(_ title: String, of menu: MenuView, file: StaticString = #filePath, line: UInt = #line) throws -> Point {
        let level = try XCTUnwrap(menu.levels.last, file: file, line: line)
        let index = try XCTUnwrap(level.rows.firstIndex { $0.title == title }, "\(title) in \(level.rows.map(\.title))", file: file, line: line)
        let frame = level.frame(ofRow: index)
        return Point(x: frame.midX, y: frame.midY)
    }

    func testTheButtonOpensItAndAClickOnACommandRunsIt() throws {
        let session = BoardSession(pictures: temp.path)
        session.drag(y: 100)
        let items = session.board.canvas.document.items.count
        let menu = try openMenu(session)
        // Window lists the open documents (tabs) since the window holds several.
        XCTAssertEqual(menu.levels[0].rows.map(\.title), ["File", "Edit", "View", "Image", "Layers", "Adjustments", "Effects", "Tools", "Window", "Help"])
        session.window.pointerHovered(to: try row("Edit", of: menu), timestamp: 0)
        XCTAssertEqual(menu.openTitles, ["Menu", "Edit"], "resting on Edit opens it")
        var driver = TouchDriver(window: session.window)
        driver.tap(try row("Undo", of: menu))
        XCTAssertNil(menu.superview, "running a command closes the menu")
        XCTAssertEqual(session.board.canvas.document.items.count, items - 1, "Edit → Undo undid the stroke")
        XCTAssertFalse(session.board.toolbarController.menuButton.isSelected)
    }

    func testGreyedCommandsAreSkippedByTheKeysAndIgnoreClicks() throws {
        let session = BoardSession(pictures: temp.path)
        let menu = try openMenu(session)
        session.window.pointerHovered(to: try row("Edit", of: menu), timestamp: 0)
        let edit = menu.levels[1]
        let titles = edit.rows.filter(\.isSelectable).map(\.title)
        XCTAssertFalse(titles.contains("Undo"), "nothing to undo")
        XCTAssertFalse(titles.contains("Copy"), "nothing selected")
        XCTAssertTrue(titles.contains("Select All"))
        var driver = TouchDriver(window: session.window)
        driver.tap(try row("Copy", of: menu))
        XCTAssertNotNil(menu.superview, "a click on a greyed row leaves the menu open")
        // The keys: Right from Edit's row lights its first row that can run now.
        XCTAssertTrue(session.window.send(KeyEvent(.right)))
        XCTAssertEqual(menu.levels.count, 2)
        let lit = try XCTUnwrap(menu.levels[1].highlighted)
        XCTAssertTrue(menu.levels[1].rows[lit].isSelectable)
        XCTAssertEqual(menu.levels[1].rows[lit].title, "Select All", "Undo, Redo, Cut, Copy, Paste (no clipboard) and Delete cannot run")
    }

    /// Commands that cannot run now are grey: Paste with nothing on the clipboard, and with one
    /// layer Delete, Move Up, Move Down, Merge Down and Flatten; with two, what the current
    /// layer's place allows.
    func testCommandsThatCannotRunAreGrey() throws {
        final class Clipboard: Pasteboard {
            var holds = false
            func requestImage(_ completion: @escaping (Result<[UInt8], PasteboardError>) -> Void) { completion(.failure(PasteboardError("empty"))) }
            func provideImage(_ png: [UInt8]) -> Bool { true }
            var holdsSomething: Bool { holds }
        }
        let session = BoardSession(pictures: temp.path)
        let clipboard = Clipboard()
        session.board.pasteboard = clipboard
        func enabled(_ menuTitle: String) throws -> [String] {
            let menu = try openMenu(session)
            session.window.pointerHovered(to: try row(menuTitle, of: menu), timestamp: 0)
            let titles = menu.levels[1].rows.filter(\.isSelectable).map(\.title)
            menu.close()
            return titles
        }
        XCTAssertFalse(try enabled("Edit").contains("Paste"), "an empty clipboard")
        XCTAssertFalse(try enabled("Edit").contains("Paste Into New Layer"))
        clipboard.holds = true
        XCTAssertTrue(try enabled("Edit").contains("Paste"))
        let one = try enabled("Layers")
        for title in ["Delete", "Move Up", "Move Down", "Merge Down", "Flatten"] { XCTAssertFalse(one.contains(title), "one layer: \(title)") }
        XCTAssertTrue(one.contains("New Layer"))
        session.board.layerCommands.addLayer()
        let top = try enabled("Layers")
        XCTAssertFalse(top.contains("Move Up"), "the top layer")
        XCTAssertTrue(top.contains("Move Down") && top.contains("Merge Down") && top.contains("Delete"))
        session.board.layerCommands.select(0)
        let bottom = try enabled("Layers")
        XCTAssertTrue(bottom.contains("Move Up"))
        XCTAssertFalse(bottom.contains("Move Down") || bottom.contains("Merge Down"), "the bottom layer")
    }

    func testF10TheArrowsALetterAndEnterReachACommand() throws {
        let session = BoardSession(pictures: temp.path)
        XCTAssertTrue(session.window.send(KeyEvent(.function(10))))
        let menu = try XCTUnwrap(session.board.mainMenu.openMenu)
        XCTAssertEqual(menu.levels[0].highlighted, 0, "F10 lights File")
        XCTAssertTrue(session.window.send(KeyEvent(.character("h"))))
        XCTAssertEqual(menu.levels[0].highlighted, 9, "H jumps to Help (after Window)")
        XCTAssertTrue(session.window.send(KeyEvent(.enter)))
        XCTAssertEqual(menu.openTitles, ["Menu", "Help"])
        XCTAssertEqual(menu.levels[1].highlighted, 0, "its first row is lit")
        XCTAssertTrue(session.window.send(KeyEvent(.left)))
        XCTAssertEqual(menu.openTitles, ["Menu"], "Left closes Help")
        XCTAssertTrue(session.window.send(KeyEvent(.right)))
        XCTAssertTrue(session.window.send(KeyEvent(.enter)))
        XCTAssertNil(menu.superview)
        XCTAssertTrue(session.board.presentedViewController is ShortcutsViewController, "Help → Keyboard Shortcuts")
        session.window.send(KeyEvent(.escape))
        // Escape closes one level at a time, then the menu, and the keys go back to the board.
        session.window.send(KeyEvent(.function(10)))
        let again = try XCTUnwrap(session.board.mainMenu.openMenu)
        session.window.send(KeyEvent(.right))
        session.window.send(KeyEvent(.escape))
        XCTAssertEqual(again.openTitles, ["Menu"])
        session.window.send(KeyEvent(.escape))
        XCTAssertNil(again.superview)
        session.window.send(KeyEvent(.character("e")))
        XCTAssertEqual(session.board.toolPicker.selectedSegmentIndex, DrawingBoardViewController.tools.firstIndex { $0.key == "e" }, "E (Ellipse) reaches the board again")
    }

    func testAClickOutsideClosesItWithoutDoingAnything() throws {
        let session = BoardSession(pictures: temp.path)
        let menu = try openMenu(session)
        var driver = TouchDriver(window: session.window)
        driver.drag([Point(x: 100, y: 300), Point(x: 200, y: 300)])
        XCTAssertNil(menu.superview)
        XCTAssertEqual(session.board.canvas.document.items.count, 0, "the click that closed the menu drew nothing")
    }

    func testToolsShowWhichIsInUseAndViewWhetherFullScreenIsOn() throws {
        let session = BoardSession(pictures: temp.path)
        session.board.selectTool(at: 3)
        let tools = BoardMenu.menu(for: session.board).children.compactMap { if case .menu(let m) = $0, m.title == "Tools" { m } else { nil } }[0]
        let toolNames = Set(DrawingBoardViewController.tools.map(\.longName))
        XCTAssertEqual(tools.allCommands.filter { $0.state == .on && toolNames.contains($0.title) }.map(\.title), [DrawingBoardViewController.tools[3].longName])
        XCTAssertEqual(tools.allCommands.filter { $0.state == .on && !toolNames.contains($0.title) }.map(\.title),
                       ["Corner Radius: Automatic", "Replace Selection", "Magic Wand: Soft Edges", "Linear Gradient", "Clone Aligned"],
                       "the shapes', the selection's, the gradient's and Clone Stamp's choices")
        XCTAssertTrue(session.window.send(KeyEvent(.function(11))))
        XCTAssertTrue(session.board.isFullScreen, "F11 (View → Full Screen)")
    }

    func testOpenRecentListsTheFilesUsedLatelyAndOpensOne() throws {
        let session = BoardSession(pictures: temp.path)
        let recent = RecentlyUsed(path: temp.path + "/recently-used.xbel")
        session.board.documentController.recentlyUsed = recent
        let older = temp.path + "/older.png", newer = temp.path + "/newer.png", gone = temp.path + "/gone.png"
        for path in [older, newer] { try PNGCodec.encode(Bitmap(width: 30, height: 20, color: .blue)).write(to: URL(fileURLWithPath: path)) }
        try recent.add(older, now: Date(timeIntervalSince1970: 1000))
        try recent.add(gone, now: Date(timeIntervalSince1970: 1500))
        try recent.add(newer, now: Date(timeIntervalSince1970: 2000))
        let menu = try openMenu(session)
        session.window.pointerHovered(to: try row("File", of: menu), timestamp: 0)
        session.window.pointerHovered(to: try row("Open Recent", of: menu), timestamp: 0)
        XCTAssertEqual(menu.levels.last?.rows.map(\.title), ["newer.png", "older.png"], "newest first; a file no longer there is left out")
        var driver = TouchDriver(window: session.window)
        driver.tap(try row("older.png", of: menu))
        session.board.finishOpening()
        XCTAssertEqual(session.board.documentName, "older.png")
        XCTAssertEqual(session.board.canvas.document.format?.pixelWidth, 30)
    }

    func testOpenRecentSaysSoWhenThereIsNothing() throws {
        let session = BoardSession(pictures: temp.path)
        session.board.documentController.recentlyUsed = RecentlyUsed(path: temp.path + "/none.xbel")
        let menu = try openMenu(session)
        session.window.pointerHovered(to: try row("File", of: menu), timestamp: 0)
        session.window.pointerHovered(to: try row("Open Recent", of: menu), timestamp: 0)
        XCTAssertEqual(menu.levels.last?.rows.map(\.title), ["No Recent Files"])
        XCTAssertEqual(menu.levels.last?.rows.first?.isSelectable, false)
    }

    func testAboutSaysTheVersionTheLicenceAndTheWebsite() throws {
        let session = BoardSession(pictures: temp.path)
        session.board.mainMenu.showAbout()
        let about = try XCTUnwrap(session.board.presentedAlert)
        XCTAssertTrue(about.message.contains(AppInfo.version))
        XCTAssertTrue(about.message.contains("MIT"))
        XCTAssertTrue(about.message.contains(AppInfo.website))
        // Its four lines each on a line of their own, above Close, at the smallest window too.
        for size in [Size(width: 800, height: 600), DrawingBoardViewController.minimumSize] {
            session.window.frame.size = size
            session.window.layoutIfNeeded()
            let box = try XCTUnwrap(about.view.subviews.first)
            let message = try XCTUnwrap(box.subviews.compactMap { $0 as? WrappingLabel }.first)
            let close = try XCTUnwrap(box.subviews.compactMap { $0 as? Button }.first)
            let lines = message.lines(fitting: message.bounds.width)
            XCTAssertEqual(lines.count, 4, "\(lines)")
            XCTAssertFalse(lines.contains { $0.contains("\n") })
            XCTAssertLessThanOrEqual(message.frame.minY + Double(lines.count) * message.font.lineHeight, close.frame.minY, "\(size)")
            XCTAssertLessThanOrEqual(box.frame.maxY, session.window.bounds.maxY)
        }
    }

    /// About closes with Escape (and the keys after it reach the board again); in Chinese, whose
    /// lines are taller, every line of it shows above Close.
    func testAboutClosesWithEscapeAndShowsEveryLineInChinese() throws {
        for language in ["C.UTF-8", "zh_CN.UTF-8"] {
            try Catalogs.speaking(language) {
                let session = BoardSession(pictures: temp.path)
                session.board.mainMenu.showAbout()
                let about = try XCTUnwrap(session.board.presentedAlert)
                session.window.layoutIfNeeded()
                let box = try XCTUnwrap(about.view.subviews.first)
                let message = try XCTUnwrap(box.subviews.compactMap { $0 as? WrappingLabel }.first)
                let close = try XCTUnwrap(box.subviews.compactMap { $0 as? Button }.first)
                let lines = message.lines(fitting: message.bounds.width)
                XCTAssertLessThanOrEqual(Double(lines.count) * message.font.lineHeight, message.bounds.height, "\(language): every line in the label")
                XCTAssertLessThanOrEqual(message.frame.maxY, close.frame.minY, language)
                XCTAssertTrue(session.window.send(KeyEvent(.escape)))
                XCTAssertNil(session.board.presentedAlert, "\(language): Escape closes About")
                session.window.send(KeyEvent(.character("n"), modifiers: .control))
                XCTAssertTrue(session.board.presentedViewController is NewDocumentViewController, "Ctrl+N reaches the board")
            }
        }
    }

    /// Every menu and submenu lies whole inside the smallest window, in English and Chinese.
    func testEveryLevelFitsTheSmallestWindow() throws {
        for language in ["C.UTF-8", "zh_CN.UTF-8"] {
            try Catalogs.speaking(language) {
                let session = BoardSession(pictures: temp.path, size: DrawingBoardViewController.minimumSize)
                let menu = try openMenu(session)
                let bounds = session.window.bounds
                for index in menu.levels[0].rows.indices {
                    let frame = menu.levels[0].frame(ofRow: index)
                    session.window.pointerHovered(to: Point(x: frame.midX, y: frame.midY), timestamp: 0)
                    XCTAssertEqual(menu.levels.count, 2, "\(language): row \(index) opens its menu")
                    for level in menu.levels {
                        XCTAssertTrue(bounds.contains(level.frame.origin) && level.frame.maxX <= bounds.maxX && level.frame.maxY <= bounds.maxY,
                                      "\(language): \(level.menu.title) at \(level.frame) in \(bounds)")
                    }
                    XCTAssertFalse(menu.levels[1].frame.intersects(menu.levels[0].frame.insetBy(dx: 4, dy: 0)), "\(language): \(menu.levels[1].menu.title) side by side: \(menu.levels[1].frame) and \(menu.levels[0].frame)")
                }
            }
        }
    }
}
