import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Remembered settings reach the board and come back from it unchanged.
final class BoardSettingsTests: XCTestCase {
    private let temp = TemporaryDirectory()

    func testWhatIsAppliedIsWhatIsKept() throws {
        let session = BoardSession(pictures: temp.path)
        var settings = AppSettings()
        settings.tool = "r"
        settings.color = "#1E64E6FF"
        settings.secondaryColor = "#14828C80"
        settings.recentColors = ["#1E64E6FF", "#112233FF"]
        settings.strokeWidth = 9
        settings.textSize = 30
        settings.shapeFill = "fill"
        settings.fillTolerance = 0.25
        settings.samplesCurrentLayer = true
        settings.pressureCurve = "firm"
        settings.pressureEffect = "both"
        settings.smoothing = "strong"
        settings.taperWithSpeed = true
        settings.lastFolder = temp.path
        settings.mypaintBrush = "deevad/2B_pencil"
        BoardSettings.apply(settings, problem: nil, to: session.board)
        XCTAssertEqual(session.board.canvas.brush.key, "r")
        XCTAssertEqual(session.board.canvas.strokeWidth, 9)
        var kept = BoardSettings.current(of: session.board, windowSize: nil)
        // The remembered recent colours come first, then the one the board starts with (red).
        XCTAssertEqual(kept.recentColors, settings.recentColors + ["#E62828FF"])
        kept.recentColors = settings.recentColors
        XCTAssertEqual(kept, settings)
        // Save As then suggests the last folder for an untitled drawing.
        XCTAssertEqual(session.board.documentWindow.suggestedFolder, temp.path)
    }

    func testValuesOutOfRangeOrUnknownKeepTheDefaults() throws {
        let session = BoardSession(pictures: temp.path)
        var settings = AppSettings()
        settings.tool = "?"
        settings.color = "blue"
        settings.strokeWidth = 400
        settings.smoothing = "extreme"
        settings.lastFolder = temp.path + "/gone"
        BoardSettings.apply(settings, problem: "a message", to: session.board)
        XCTAssertEqual(session.board.canvas.brush.key, "p")
        XCTAssertEqual(session.board.canvas.strokeWidth, 6)
        XCTAssertEqual(session.board.canvas.penSettings.smoothing, .off)
        XCTAssertNil(session.board.documentController.lastFolder)
        XCTAssertEqual(session.board.statusLabel.text, "a message")
    }

    /// A change is in the settings file a second after the input that made it, while the app
    /// runs: a kill loses at most that second. Idle, nothing is written.
    func testAChangeIsWrittenASecondAfterTheInputThatMadeIt() throws {
        let session = BoardSession(pictures: temp.path)
        let file = SettingsFile(path: temp.path + "/config/settings.toml")
        let keeper = SettingsKeeper(board: session.board, file: file, written: BoardSettings.current(of: session.board, windowSize: nil),
                                    windowSize: { nil })
        keeper.inputArrived()
        session.clock.advance(by: SettingsKeeper.delay + 0.1)
        session.window.application.tick()
        keeper.waitUntilWritten()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "nothing changed: nothing written")
        session.board.setColor(Color(r: 10, g: 120, b: 200))
        session.board.setStrokeWidth(17)
        keeper.inputArrived()
        session.clock.advance(by: SettingsKeeper.delay / 2)
        session.window.application.tick()
        keeper.waitUntilWritten()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "a burst of changes waits for its second")
        session.clock.advance(by: SettingsKeeper.delay / 2 + 0.1)
        session.window.application.tick()
        keeper.waitUntilWritten()
        let written = file.load().settings
        XCTAssertEqual(written.color, "#0A78C8FF")
        XCTAssertEqual(written.strokeWidth, 17)
    }
}
