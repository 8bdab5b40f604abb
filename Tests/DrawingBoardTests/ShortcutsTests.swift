import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Help's Keyboard Shortcuts window (issue 39): F1 and Ctrl+? open it, it lists every group, and
/// every key it names is one the board answers.
final class ShortcutsTests: XCTestCase {
    private let temp = TemporaryDirectory()

    func testF1AndCtrlQuestionMarkOpenItAndEveryGroupFitsAboveClose() throws {
        for key in [KeyEvent(.function(1)), KeyEvent(.character("?"), modifiers: [.control, .shift])] {
            let session = BoardSession(pictures: temp.path, size: DrawingBoardViewController.minimumSize)
            session.window.send(key)
            let shortcuts = try XCTUnwrap(session.board.presentedViewController as? ShortcutsViewController, "\(key)")
            for group in BoardShortcuts.groups.indices {
                shortcuts.showGroup(group)
                session.window.layoutIfNeeded()
                XCTAssertEqual(shortcuts.shownRows.count, BoardShortcuts.groups[group].rows.count)
                let close = try XCTUnwrap(shortcuts.view.subviews.first?.subviews.compactMap { $0 as? Button }.first)
                let lowest = shortcuts.view.subviews.first!.subviews.compactMap { $0 as? Label }.map(\.frame.maxY).max() ?? 0
                XCTAssertLessThanOrEqual(lowest, close.frame.minY, "group \(group): the rows stay above Close at 480x360")
            }
            XCTAssertTrue(shortcuts.shownRows.contains { $0.hasPrefix("Enter") }, "the Photo group lists Enter")
            session.window.send(KeyEvent(.escape))
            XCTAssertNil(session.board.presentedViewController, "Escape closes it")
        }
    }

    func testEveryKeyItListsIsOneTheBoardAnswers() throws {
        for (title, rows) in BoardShortcuts.groups {
            for row in rows {
                for key in row.keys {
                    let session = BoardSession(pictures: temp.path)
                    session.board.onQuit = {}
                    if title == tr("Photo") {
                        session.board.placePhoto(Photo(asset: ImageAsset(bitmap: Bitmap(width: 40, height: 30, color: .green), name: "green")))
                    }
                    XCTAssertTrue(BoardKeys.handle(key, on: session.board), "\(title): \(row.action) (\(BoardShortcuts.label(key)))")
                }
            }
        }
        XCTAssertEqual(BoardShortcuts.label(KeyEvent(.character("s"), modifiers: [.control, .shift])), "Ctrl+Shift+S")
        XCTAssertEqual(BoardShortcuts.label(KeyEvent(.character("?"), modifiers: [.control, .shift])), "Ctrl+?")
    }
}
