import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The History panel (F8): a row per change with its name, the state shown lit, undone changes
/// greyed; a click goes back or forward to just after a row, each step journaled as Ctrl+Z
/// and Ctrl+Shift+Z are, and it comes back so after a crash.
final class HistoryPanelTests: RestartingBoardTestCase {
    private var history: HistoryPanelController { board.docked.history }
    private var list: HistoryListView { history.panel.list }

    private func stroke(_ y: Double, _ color: Color = .red) {
        board.setColor(color)
        board.setStrokeWidth(12)
        driver.drag([w(60, y), w(300, y + 20), w(560, y)])
    }

    private func click(row index: Int) {
        session.window.render() // laid out as the screen shows it
        driver.tap(list.convert(Point(x: 80, y: list.rowFrame(index).midY), to: nil))
    }

    private var names: [String] { list.rows.map(\.name) }

    func testF8ListsEveryChangeAndLightsTheStateShown() {
        session.window.send(KeyEvent(.function(8)))
        XCTAssertTrue(history.isShown)
        XCTAssertEqual(names, ["New Image"])
        stroke(100)
        board.layerCommands.addLayer()
        stroke(200, .blue)
        board.imageCommands.turn(.halfTurn)
        board.adjustmentCommands.adjust(.invert)
        XCTAssertEqual(names, ["New Image", "Stroke", "New Layer", "Stroke", "Rotate 180°", "Invert Colours"])
        XCTAssertEqual(list.currentIndex, 5, "the last change lit")
        XCTAssertEqual(list.rows[1].icon, "tool-pencil")
        board.undo()
        board.undo()
        XCTAssertEqual(list.currentIndex, 3)
        XCTAssertEqual(list.rows.map(\.isUndone), [false, false, false, false, true, true], "undone changes greyed, still listed")
        stroke(300, .green)
        XCTAssertEqual(names, ["New Image", "Stroke", "New Layer", "Stroke", "Stroke"], "a new change replaces the undone ones")
        session.window.send(KeyEvent(.function(8)))
        XCTAssertFalse(history.isShown)
    }

    func testAClickGoesBackAndForwardAndEveryStepComesBackAfterACrash() throws {
        stroke(100)
        let afterOne = canvas.renderArtwork()
        stroke(200, .blue)
        let original = try XCTUnwrap(canvas.document.format)
        board.imageCommands.resizeCanvas(toWidth: 500, height: 300, anchor: (0, 0))
        stroke(250, .green)
        let all = canvas.renderArtwork()
        history.show()
        click(row: 1)
        XCTAssertEqual(canvas.document.items.count, 1, "back to just after the first stroke")
        XCTAssertEqual(canvas.redoItems.count, 3)
        XCTAssertEqual(list.currentIndex, 1)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: afterOne))
        XCTAssertTrue(board.redoButton.isEnabled)
        XCTAssertEqual(canvas.document.format, original, "the canvas size undone on the way")
        click(row: 0)
        XCTAssertEqual(canvas.document.items.count, 0, "the drawing as it was made")
        XCTAssertFalse(board.undoButton.isEnabled)
        click(row: 3)
        XCTAssertEqual(canvas.document.format?.pixelWidth, 500, "forward through the canvas size")
        let atThree = canvas.renderArtwork()
        crash()
        start()
        XCTAssertEqual(canvas.document.items.count, 3, "every step was journaled")
        XCTAssertEqual(canvas.redoItems.count, 1, "the last stroke can still be redone")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: atThree), "pixel for pixel")
        board.redo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: all))
    }

    func testWithTheLayersPanelItTakesTheLowerPartAndFitsASmallWindow() {
        session.window.resize(to: Size(width: 480, height: 360))
        session.window.render()
        for y in stride(from: 40.0, to: 200, by: 20) { stroke(y) }
        board.layersPanel.show()
        history.show()
        session.window.render()
        let layers = board.layersPanel.panel.frame, panel = history.panel.frame
        XCTAssertEqual(panel.minY, layers.maxY, accuracy: 0.5, "under the Layers panel")
        XCTAssertEqual(panel.maxY, canvas.frame.maxY, accuracy: 0.5, "to the canvas's bottom")
        XCTAssertGreaterThan(list.bounds.height, HistoryListView.rowHeight * 2, "rows to see")
        XCTAssertTrue(list.rowFrame(list.currentIndex).maxY <= list.bounds.height + 0.5 && list.rowFrame(list.currentIndex).minY >= -0.5,
                      "the lit row scrolled into view")
        board.layersPanel.hide()
        XCTAssertEqual(history.panel.frame.minY, canvas.frame.minY, accuracy: 0.5, "alone, the whole edge")
    }
}
