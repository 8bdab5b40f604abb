import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// At the 480x360 minimum, in English and in Chinese, no text in a panel or
/// a dialog is cut: a label or a placeholder that does not fit is elided at its end, and every
/// label, field and button lies whole inside what holds it.
final class MinimumSizeTextTests: XCTestCase {
    /// What is wrong with the text of the views under `root`, one line each.
    private func cutText(under root: View, in window: Window) -> [String] {
        var problems: [String] = []
        func inside(_ view: View) -> Bool {
            var rect = view.convert(view.bounds, to: nil)
            rect = rect.insetBy(dx: 0.5, dy: 0.5)
            var ancestor = view.superview
            while let holder = ancestor {
                let bounds = holder.convert(holder.bounds, to: nil)
                if !(bounds.minX <= rect.minX && bounds.minY <= rect.minY && rect.maxX <= bounds.maxX && rect.maxY <= bounds.maxY) { return false }
                ancestor = holder.superview
            }
            return true
        }
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            if let label = view as? Label, !label.text.isEmpty {
                let (shown, font) = label.fitted
                if font.width(of: shown) > label.bounds.width + 0.5 { problems.append("label \"\(label.text)\" wider than its \(label.bounds.width) points") }
                if !inside(label) { problems.append("label \"\(label.text)\" reaches outside what holds it") }
            } else if let field = view as? TextField {
                if !inside(field) { problems.append("field \"\(field.placeholder)\" reaches outside what holds it") }
                let shown = field.shownText
                if field.font.width(of: shown) > field.bounds.width - 12 + 0.5 { problems.append("field shows \"\(shown)\", wider than it") }
                if field.text.isEmpty && !field.isEditing && !field.placeholder.hasPrefix(shown.hasSuffix("…") ? String(shown.dropLast()) : shown) {
                    problems.append("the placeholder \"\(field.placeholder)\" is cut at its start: \"\(shown)\"")
                }
            } else if let button = view as? Button, button.showsTitle, !button.title.isEmpty {
                if button.intrinsicWidth > button.bounds.width + 0.5 { problems.append("button \"\(button.title)\" wider than its \(button.bounds.width) points") }
                if !inside(button) { problems.append("button \"\(button.title)\" reaches outside what holds it") }
            }
            view.subviews.forEach(visit)
        }
        visit(root)
        return problems
    }

    func testNoTextIsCutInAnyPanelOrDialogAtTheMinimumSize() throws {
        for language in ["C.UTF-8", "zh_CN.UTF-8"] {
            try Catalogs.speaking(language) {
                let size = DrawingBoardViewController.minimumSize
                let session = BoardSession(size: size)
                let (window, board) = (session.window, session.board)
                func settle() {
                    for _ in 0..<12 { session.clock.advance(by: 0.05); window.application.tick() }
                    window.render()
                }
                let panels: [(String, () -> Void, () -> View)] = [
                    ("Brush", board.showBrushSettings, { board.brushPanel }),
                    ("Background", board.showBackgroundSettings, { board.backgroundPanel }),
                    ("Colours", board.showPalette, { board.panels.palettePanel }),
                ]
                for (name, show, panel) in panels {
                    show()
                    settle()
                    XCTAssertEqual(cutText(under: panel(), in: window), [], "\(language), the \(name) panel")
                    XCTAssertTrue(board.panels.dismissOpenPanel())
                    settle()
                }
                session.drag(y: 100)
                let dialogs: [(String, () -> Void)] = [
                    ("New", board.chooseNewDocument),
                    ("Open", board.chooseDocument),
                    ("Save As", board.chooseSaveAs),
                    ("Export", board.chooseExport),
                    ("the question before New", { board.newDocument(width: 100, height: 100) }),
                    ("the question before closing", board.requestClose),
                    ("the photo picker", board.choosePhoto),
                ] + BoardShortcuts.groups(for: board).indices.map { group in
                    ("Keyboard Shortcuts, group \(group)", {
                        board.showShortcuts()
                        (board.presentedViewController as? ShortcutsViewController)?.showGroup(group)
                    })
                }
                for (name, present) in dialogs {
                    present()
                    settle()
                    let dialog = try XCTUnwrap(board.presentedViewController, name)
                    XCTAssertEqual(cutText(under: dialog.view, in: window), [], "\(language), \(name)")
                    board.dismiss(animated: false)
                    settle()
                }
            }
        }
    }
}
