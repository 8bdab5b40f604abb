import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Help's Keyboard Shortcuts window: F1 and Ctrl+? open it, it lists every group, and
/// every key it names is one the board answers.
final class ShortcutsTests: XCTestCase {
    private let temp = TemporaryDirectory()

    func testF1AndCtrlQuestionMarkOpenItAndEveryGroupFitsAboveClose() throws {
        for key in [KeyEvent(.function(1)), KeyEvent(.character("?"), modifiers: [.control, .shift])] {
            let session = BoardSession(pictures: temp.path, size: DrawingBoardViewController.minimumSize)
            session.window.send(key)
            let shortcuts = try XCTUnwrap(session.board.presentedViewController as? ShortcutsViewController, "\(key)")
            let groups = BoardShortcuts.groups(for: session.board)
            // The wheel's and the touchpad's gestures are a group of their own beside View (with the
            // History panel's key, View's rows and them no longer fit the smallest window together).
            XCTAssertEqual(groups.map(\.title), ["File", "Edit", "View", "Gestures", "Image", "Layers", "Adjustments", "Effects", "Tools", "Pen and Colours", "Window", "Help", "Photo", "Transform"])
            for group in groups.indices {
                shortcuts.showGroup(group)
                session.window.layoutIfNeeded()
                XCTAssertEqual(shortcuts.shownRows.count, groups[group].rows.count)
                let close = try XCTUnwrap(shortcuts.view.subviews.first?.subviews.compactMap { $0 as? Button }.first)
                let lowest = shortcuts.view.subviews.first!.subviews.compactMap { $0 as? Label }.map(\.frame.maxY).max() ?? 0
                XCTAssertLessThanOrEqual(lowest, close.frame.minY, "group \(group): the rows stay above Close at 480x360")
            }
            XCTAssertTrue(shortcuts.shownRows.contains { $0.hasPrefix("Enter") }, "the Photo group lists Enter")
            session.window.send(KeyEvent(.escape))
            XCTAssertNil(session.board.presentedViewController, "Escape closes it")
        }
    }

    /// Laid out from measured text: no two rows overlap, each at least a line of its font
    /// tall (descenders whole), in every group, at the smallest window and a usual one, at 1x
    /// and 2x; the groups are picked from one pop-up, Left and Right step through them.
    func testNoRowsOverlapInAnyGroupAndTheGroupsStepWithTheArrows() throws {
        for (size, scale) in [(DrawingBoardViewController.minimumSize, 1.0), (Size(width: 800, height: 600), 1), (Size(width: 800, height: 600), 2)] {
            let window = Window(size: size, scale: scale, application: Application(clock: ManualClock()))
            let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: temp.path)
            window.rootViewController = board
            window.render()
            let session = BoardSession(window: window, board: board)
            session.window.send(KeyEvent(.function(1)))
            let shortcuts = try XCTUnwrap(session.board.presentedViewController as? ShortcutsViewController)
            let groups = BoardShortcuts.groups(for: session.board)
            for group in groups.indices {
                XCTAssertEqual(shortcuts.shownGroup, group)
                session.window.layoutIfNeeded()
                let box = try XCTUnwrap(shortcuts.view.subviews.first)
                let labels = box.subviews.compactMap { $0 as? Label }.filter { $0.font.size == 13 }
                XCTAssertEqual(labels.count, 2 * groups[group].rows.count)
                for label in labels {
                    XCTAssertGreaterThanOrEqual(label.frame.height, label.font.lineHeight, "\(size) group \(group): \(label.text) a whole line tall")
                    XCTAssertLessThanOrEqual(label.font.width(of: label.text), label.frame.width + 0.5, "\(size) group \(group): \(label.text) whole")
                    XCTAssertTrue(box.bounds.contains(label.frame.origin) && label.frame.maxX <= box.bounds.maxX + 0.5 && label.frame.maxY <= box.bounds.maxY)
                }
                for (i, a) in labels.enumerated() {
                    for b in labels[(i + 1)...] where a.frame.insetBy(dx: 0.5, dy: 0.5).intersects(b.frame.insetBy(dx: 0.5, dy: 0.5)) {
                        XCTFail("\(size) group \(group): \(a.text) and \(b.text) overlap")
                    }
                }
                session.window.send(KeyEvent(.right))
            }
            XCTAssertEqual(shortcuts.shownGroup, 0, "Right from the last group comes round to the first")
        }
    }

    /// Each key goes through the window as a real key press would (the scenes' keys are the
    /// window's, the rest the board's).
    func testEveryKeyItListsIsOneTheWindowAnswers() throws {
        for (title, rows) in BoardShortcuts.groups(for: BoardSession(pictures: temp.path).board) {
            for row in rows {
                for key in row.keys {
                    let session = BoardSession(pictures: temp.path)
                    let scenes = SceneCoordinator.attach(to: session)
                    session.board.onQuit = {}
                    if title == tr("Photo") {
                        session.board.placePhoto(Photo(asset: ImageAsset(bitmap: Bitmap(width: 40, height: 30, color: .green), name: "green")))
                    }
                    if title == tr("Transform") {
                        session.board.canvas.commit(.stroke(Stroke(points: [Point(x: 20, y: 20), Point(x: 80, y: 60)], color: .red, width: 8, blendMode: .sourceOver)))
                        session.board.imageCommands.freeTransform.begin()
                        XCTAssertTrue(session.board.imageCommands.freeTransform.isActive)
                    }
                    withExtendedLifetime(scenes) { XCTAssertTrue(session.window.send(key), "\(title): \(row.action) (\(key.shortcutLabel))") }
                }
            }
        }
        XCTAssertEqual(KeyEvent(.character("s"), modifiers: [.control, .shift]).shortcutLabel, "Ctrl+Shift+S")
        XCTAssertEqual(KeyEvent(.character("?"), modifiers: [.control, .shift]).shortcutLabel, "Ctrl+?")
        XCTAssertEqual(BoardShortcuts.Row("Zoom in", [KeyEvent(.character("+"), modifiers: .control), KeyEvent(.character("="), modifiers: .control)]).keyLabel,
                       "Ctrl++", "a shifted twin is not repeated")
    }
}

private extension SceneCoordinator {
    /// Gives the session's window the scenes' keys, as the app does.
    static func attach(to session: BoardSession) -> SceneCoordinator {
        SceneCoordinator(window: session.window, board: session.board, environment: [:])
    }
}
