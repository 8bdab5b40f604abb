import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Several documents in one window, as tabs: what opens a tab, what switches and closes one,
/// what each keeps of its own, and what comes back after a crash.
final class DocumentTabsTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var state: String { temp.path + "/state" }
    private var window: Window!
    private var tabs: DocumentTabsController!
    private var store: MemoryArtworkStore!
    private var quit = 0

    override func setUp() {
        temp = TemporaryDirectory()
        store = MemoryArtworkStore()
        start()
    }

    /// A window as the app makes it: the tabs over a first board, the journal restored.
    private func start() {
        window = Window(size: Size(width: 800, height: 600), application: Application(clock: ManualClock()))
        let make = { [temp = temp!, store = store!] in
            let board = DrawingBoardViewController(store: store, picturesFolder: temp.path)
            board.thumbnailCache = ThumbnailCache(folder: temp.path + "/thumbnails")
            return board
        }
        tabs = DocumentTabsController(first: make(), makeBoard: make)
        tabs.onQuit = { [unowned self] in self.quit += 1 }
        window.rootViewController = tabs
        window.render()
        tabs.restore(fromStateFolder: state)
        tabs.boards[0].finishRestoring()
        settle()
    }

    /// Every tab's reading and writing done, and what they deliver shown.
    private func settle() {
        for board in tabs.boards {
            board.finishRestoring()
            board.finishOpening()
            board.settleJournal()
        }
        window.application.tick()
        window.render()
    }

    /// kill -9: what each tab's writer wrote stays, nothing else runs.
    private func crash() {
        for board in tabs.boards { XCTAssertEqual(board.journal?.abandon(whenStopped: {}) ?? 0, 0, "changes still queued when killed") }
    }

    private func writePicture(_ name: String, color: Color) throws -> String {
        let path = temp.path + "/" + name
        try PNGCodec.encode(Bitmap(width: 200, height: 150, color: color)).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func key(_ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = .control) {
        window.send(KeyEvent(key, modifiers: modifiers))
        settle()
    }

    private func stroke(y: Double) {
        let canvas = tabs.current.canvas
        var driver = TouchDriver(window: window)
        let a = canvas.convert(canvas.viewport.viewPoint(Point(x: 20, y: y)), to: nil)
        let b = canvas.convert(canvas.viewport.viewPoint(Point(x: 180, y: y)), to: nil)
        driver.drag(TouchDriver.line(from: a, to: b, step: 10))
        settle()
    }

    private var titles: [String] { tabs.documentTitles }

    /// The changes in `board`'s history (an opened picture is where its history starts).
    private static func changes(_ board: DrawingBoardViewController) -> Int {
        board.canvas.document.items.count - (board.canvas.document.format?.historyStart ?? 0)
    }

    private static func firstLayer(of board: DrawingBoardViewController) -> [UInt32] {
        guard let layer = board.canvas.content.drawing.stack.pixels(of: 0) else { return [] }
        return Array(UnsafeBufferPointer(start: layer.pixels, count: layer.width * layer.height))
    }

    // MARK: - Opening

    func testEachFileOpensInATabOfItsOwnTheLastCurrent() throws {
        let a = try writePicture("a.png", color: .red), b = try writePicture("b.png", color: .blue)
        tabs.open([a, b])
        settle()
        XCTAssertEqual(titles, ["a.png", "b.png"], "the untouched untitled drawing was replaced by the first file")
        XCTAssertEqual(tabs.currentIndex, 1)
        XCTAssertTrue(window.rootViewController === tabs)
        XCTAssertTrue(tabs.current.view.window === window, "the current tab is shown")
        XCTAssertNil(tabs.boards[0].view.window, "the other tab is not")
        XCTAssertEqual(window.title, "b.png - X11Paint")
        // The strip shows both names, under the toolbar, above the canvas.
        let strip = tabs.tabStrip
        XCTAssertTrue(strip.window === window)
        XCTAssertEqual(strip.titles, ["a.png", "b.png"])
        XCTAssertEqual(strip.frame.minY, DrawingBoardViewController.toolbarHeight)
        XCTAssertEqual(tabs.current.canvas.frame.minY, strip.frame.maxY)
        // Opening a file that a tab holds shows that tab.
        tabs.current.openDocument(path: a)
        settle()
        XCTAssertEqual(titles, ["a.png", "b.png"])
        XCTAssertEqual(tabs.currentIndex, 0)
    }

    func testAFileGivenTwiceOpensOnceEvenWhileItIsStillBeingRead() throws {
        let a = try writePicture("a.png", color: .red), b = try writePicture("b.png", color: .blue)
        tabs.open([a, b, a])
        settle()
        XCTAssertEqual(titles, ["a.png", "b.png"])
        XCTAssertEqual(tabs.currentIndex, 0, "the second a.png showed the tab reading it")
    }

    func testNewOpensATabUnlessTheDrawingIsUntouched() throws {
        XCTAssertEqual(titles, ["Untitled"])
        tabs.current.newDocument(width: 300, height: 200)
        settle()
        XCTAssertEqual(titles, ["Untitled"], "an untouched untitled drawing is replaced, not kept beside")
        XCTAssertNil(tabs.current.tabStrip, "one drawing shows no tabs")
        stroke(y: 50)
        tabs.current.newDocument(width: 120, height: 90)
        settle()
        XCTAssertEqual(titles, ["*Untitled", "Untitled"])
        XCTAssertEqual(tabs.currentIndex, 1)
        XCTAssertEqual(tabs.current.canvas.document.format?.pixelWidth, 120)
        XCTAssertEqual(tabs.boards[0].canvas.document.format?.pixelWidth, 300, "the first drawing is kept as it was")
        XCTAssertEqual(tabs.boards[0].canvas.document.items.count, 1)
    }

    func testPasteIntoNewImageOpensTheClipboardsPictureInATabAtItsSize() throws {
        final class Clipboard: Pasteboard {
            let png: [UInt8]
            init(_ png: [UInt8]) { self.png = png }
            func requestImage(_ completion: @escaping (Result<[UInt8], PasteboardError>) -> Void) { completion(.success(png)) }
            func provideImage(_ png: [UInt8]) -> Bool { true }
        }
        let clipboard = Clipboard(Array(try PNGCodec.encode(Bitmap(width: 90, height: 70, color: .green))))
        tabs.current.pasteboard = clipboard
        stroke(y: 40)
        key(.character("v"), [.control, .alt])
        XCTAssertEqual(titles, ["*Untitled", "*Untitled"], "a tab of its own beside the drawing, unsaved: no file holds it")
        XCTAssertEqual(tabs.currentIndex, 1)
        let format = try XCTUnwrap(tabs.current.canvas.document.format)
        XCTAssertEqual([format.pixelWidth, format.pixelHeight], [90, 70], "at the picture's size")
        XCTAssertEqual(Self.changes(tabs.current), 0, "the picture is where its history starts")
        XCTAssertTrue(tabs.current.pasteboard === clipboard, "the new tab has the window's clipboard")
    }

    // MARK: - Switching

    func testControlTabSwitchesAndWrapsEachTabKeepingItsOwnHistoryAndZoomWhileThePenFollows() throws {
        tabs.open([try writePicture("a.png", color: .red), try writePicture("b.png", color: .blue), try writePicture("c.png", color: .green)])
        settle()
        XCTAssertEqual(tabs.currentIndex, 2)
        key(.tab)
        XCTAssertEqual(tabs.currentIndex, 0, "wraps around to the first")
        key(.tab, [.control, .shift])
        XCTAssertEqual(tabs.currentIndex, 2, "and back to the last")
        key(.pageUp)
        XCTAssertEqual(tabs.currentIndex, 1)
        key(.pageDown)
        XCTAssertEqual(tabs.currentIndex, 2)
        // Each tab keeps its history and zoom.
        stroke(y: 40)
        tabs.current.canvas.setZoom(2)
        key(.tab)
        XCTAssertEqual(Self.changes(tabs.current), 0)
        XCTAssertNotEqual(tabs.current.canvas.zoom, 2)
        tabs.current.setColor(Color(r: 10, g: 200, b: 30))
        key(.tab, [.control, .shift])
        XCTAssertEqual(Self.changes(tabs.current), 1)
        XCTAssertEqual(tabs.current.canvas.zoom, 2)
        XCTAssertEqual(tabs.current.canvas.strokeColor, Color(r: 10, g: 200, b: 30), "the pen's colour is the window's")
        // The docked panels are the window's too: F8's History stays open in the tab shown.
        key(.function(8), [])
        XCTAssertTrue(tabs.current.docked.history.isShown)
        key(.tab)
        XCTAssertTrue(tabs.current.docked.history.isShown, "the History panel follows to the next tab")
        key(.function(8), [])
        key(.tab, [.control, .shift])
        XCTAssertFalse(tabs.current.docked.history.isShown, "and closed, it is closed there too")
        // Ctrl+Z undoes in the tab shown only.
        key(.character("z"))
        XCTAssertEqual(Self.changes(tabs.current), 0)
        XCTAssertEqual(titles, ["a.png", "b.png", "c.png"])
    }

    /// Behind another tab a drawing keeps its document and gives back what showing it took
    /// (the stroke masks, all but the latest history snapshot); shown again, it undoes and
    /// draws exactly as before.
    func testATabBehindAnotherGivesBackMemoryAndUndoesExactlyWhenShownAgain() throws {
        let format = DocumentFormat(pixelWidth: 320, pixelHeight: 200)
        let drawing = SyntheticDocument.strokes(count: 100, size: format.size, seed: 5)
        tabs.current.canvas.load(Document(items: drawing.items, format: format))
        settle()
        let first = tabs.current
        XCTAssertGreaterThan(first.canvas.checkpointCount, 1)
        tabs.current.newDocument(width: 100, height: 100)
        settle()
        XCTAssertEqual(first.canvas.checkpointCount, 1, "only the latest snapshot kept behind the tab")
        key(.tab)
        XCTAssertTrue(tabs.current === first)
        for _ in 0..<40 { key(.character("z")) }
        let fresh = DrawingLayer(width: 320, height: 200)
        fresh.rebuild(from: first.canvas.document)
        XCTAssertEqual(first.canvas.document.items.count, 60)
        XCTAssertTrue(first.canvas.renderArtwork().isEqual(to: fresh.renderArtwork()), "undone deep, the same pixels as built from nothing")
    }

    func testAStrokeBeingDrawnKeepsItsTabUntilTheButtonComesUp() throws {
        tabs.open([try writePicture("a.png", color: .red), try writePicture("b.png", color: .blue)])
        settle()
        let canvas = tabs.current.canvas
        let points = TouchDriver.line(from: canvas.convert(canvas.viewport.viewPoint(Point(x: 20, y: 50)), to: nil),
                                      to: canvas.convert(canvas.viewport.viewPoint(Point(x: 180, y: 50)), to: nil), step: 10)
        for (index, point) in points.enumerated() {
            window.send([TouchInput(identifier: 1, phase: index == 0 ? .began : .moved, location: point, timestamp: Double(index) * 0.01)])
        }
        XCTAssertTrue(canvas.isDrawing)
        window.send(KeyEvent(.tab, modifiers: .control))
        XCTAssertEqual(tabs.currentIndex, 1, "not switched mid-stroke")
        window.send([TouchInput(identifier: 1, phase: .ended, location: points.last!, timestamp: 1)])
        settle()
        XCTAssertEqual(Self.changes(tabs.current), 1, "the stroke is in its drawing")
        key(.tab)
        XCTAssertEqual(tabs.currentIndex, 0, "switched once the button is up")
    }

    /// A tab's journal emptied as it closed, the process killed before the file went: the next
    /// start reads it, finds nothing, and shows no tab for it.
    func testAnEmptiedTabJournalLeftBehindBringsNoTab() throws {
        stroke(y: 40)
        let journal = try DocumentJournal(JournalFolder(path: state + "/tab-3"))
        journal.compact(DocumentJournal.Snapshot(Document(), redo: []))
        journal.close()
        crash()
        start()
        XCTAssertEqual(titles, ["*Untitled"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/tab-3/journal"), "and it is gone")
    }

    func testATabDraggedAlongTheStripMovesThereAndComesBackThereAfterACrash() throws {
        tabs.open([try writePicture("a.png", color: .red), try writePicture("b.png", color: .blue), try writePicture("c.png", color: .green)])
        settle()
        XCTAssertEqual(titles, ["a.png", "b.png", "c.png"])
        let strip = tabs.tabStrip
        var driver = TouchDriver(window: window)
        let from = strip.tabFrame(0), to = strip.tabFrame(2)
        driver.drag(TouchDriver.line(from: strip.convert(Point(x: from.midX - 20, y: from.midY), to: nil),
                                     to: strip.convert(Point(x: to.midX - 20, y: to.midY), to: nil), step: 20))
        settle()
        XCTAssertEqual(titles, ["b.png", "c.png", "a.png"], "a.png went where it was let go")
        XCTAssertEqual(tabs.current.documentName, "c.png", "the tab shown stays shown")
        // A click (no drag) still shows a tab.
        driver.tap(strip.convert(Point(x: from.midX - 20, y: from.midY), to: nil))
        settle()
        XCTAssertEqual(tabs.current.documentName, "b.png")
        crash()
        start()
        XCTAssertEqual(titles, ["b.png", "c.png", "a.png"], "in the order they were dragged to")
        XCTAssertEqual(tabs.current.documentName, "b.png")
    }

    func testSaveWritesOnlyTheCurrentTab() throws {
        tabs.open([try writePicture("a.png", color: .red), try writePicture("b.png", color: .blue)])
        settle()
        stroke(y: 40)
        key(.tab)
        stroke(y: 60)
        key(.tab)
        let aBefore = try Data(contentsOf: URL(fileURLWithPath: temp.path + "/a.png"))
        key(.character("s"))
        tabs.finishSaves()
        settle()
        XCTAssertEqual(titles, ["*a.png", "b.png"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: temp.path + "/a.png")), aBefore, "the other tab's file is untouched")
        let saved = try PhotoDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: temp.path + "/b.png")), name: "b.png").asset.image
        XCTAssertEqual(saved.width, 200)
        XCTAssertNotEqual(Color(premultipliedPixel: saved.bitmap[100, 40]), Color.blue, "the stroke is in b.png")
        XCTAssertEqual(Color(premultipliedPixel: saved.bitmap[100, 60]), Color.blue, "the other tab's stroke is not")
    }

    // MARK: - Closing

    func testControlWAsksForAnUnsavedTabAndLetsItGoWithItsJournal() throws {
        tabs.open([try writePicture("a.png", color: .red), try writePicture("b.png", color: .blue)])
        settle()
        stroke(y: 40)
        let closing = tabs.current
        let folder = try XCTUnwrap(closing.journal?.folder)
        key(.character("w"))
        let alert = try XCTUnwrap(closing.presentedAlert)
        XCTAssertEqual(alert.title, "Save the changes to b.png?")
        alert.answer(tr("Don't save"))
        settle()
        XCTAssertEqual(titles, ["a.png"])
        XCTAssertTrue(JournalReader.recover(folder: folder).isEmpty, "a closed tab does not come back")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/journal"), "its journal went with it")
        XCTAssertFalse(JournalFolder.isInUse(folder), "its folder is free for another tab")
        XCTAssertEqual(quit, 0)
        // The last tab's Ctrl+W closes the window, as it always did.
        key(.character("w"))
        XCTAssertEqual(quit, 1)
    }

    func testQuittingAsksOnceForEveryUnsavedTabNamingThem() throws {
        tabs.open([try writePicture("a.png", color: .red), try writePicture("b.png", color: .blue)])
        settle()
        stroke(y: 40)
        key(.tab)
        stroke(y: 60)
        key(.character("q"))
        let alert = try XCTUnwrap(tabs.current.presentedAlert)
        XCTAssertEqual(alert.title, "Save the changes to 2 drawings?")
        XCTAssertTrue(alert.message.contains("a.png") && alert.message.contains("b.png"), alert.message)
        alert.answer(tr("Cancel"))
        XCTAssertEqual(quit, 0)
        XCTAssertEqual(titles, ["*a.png", "*b.png"])
        key(.character("q"))
        try XCTUnwrap(tabs.current.presentedAlert).answer(tr("Save All"))
        for _ in 0..<3 {
            tabs.finishSaves()
            settle()
        }
        XCTAssertEqual(quit, 1, "both saved, then the window goes")
        XCTAssertEqual(titles, ["a.png", "b.png"])
    }

    func testSaveAllSavesEveryChangedTab() throws {
        stroke(y: 40)
        tabs.current.newDocument(width: 200, height: 150)
        settle()
        stroke(y: 60)
        XCTAssertEqual(titles, ["*Untitled", "*Untitled"])
        key(.character("s"), [.control, .alt])
        tabs.finishSaves()
        settle()
        XCTAssertEqual(store.saved.count, 2, "each untitled drawing saved into Pictures")
        XCTAssertFalse(tabs.isModified)
    }

    // MARK: - After a crash

    func testEveryTabComesBackAfterACrashInItsPlaceWithItsNameAndMark() throws {
        tabs.open([try writePicture("a.png", color: .red), try writePicture("b.png", color: .blue)])
        settle()
        key(.tab)
        stroke(y: 40)
        tabs.current.newDocument(width: 160, height: 100)
        settle()
        stroke(y: 30)
        stroke(y: 60)
        key(.tab)
        XCTAssertEqual(titles, ["*a.png", "*Untitled", "b.png"])
        XCTAssertEqual(tabs.currentIndex, 2)
        let pixels = tabs.boards.map { Self.firstLayer(of: $0) }
        crash()
        start()
        XCTAssertEqual(titles, ["*a.png", "*Untitled", "b.png"], "in the order they had, each with its name and mark")
        XCTAssertEqual(tabs.currentIndex, 2, "the same tab current")
        XCTAssertEqual(tabs.boards.map(Self.changes), [1, 2, 0])
        XCTAssertEqual(tabs.boards[1].canvas.document.format?.pixelWidth, 160)
        for (board, before) in zip(tabs.boards, pixels) {
            XCTAssertEqual(Self.firstLayer(of: board), before, "\(board.documentController.tabTitle) pixel for pixel")
        }
        // Undo goes on in each tab's own history.
        key(.tab)
        key(.character("z"))
        XCTAssertEqual(Self.changes(tabs.boards[0]), 0)
        XCTAssertEqual(Self.changes(tabs.boards[1]), 2, "the other tabs' histories are untouched")
    }

    func testAFirstTabClosedBeforeTheCrashDoesNotComeBackAsAnEmptyTab() throws {
        stroke(y: 40)
        tabs.current.newDocument(width: 160, height: 100)
        settle()
        stroke(y: 30)
        key(.tab)
        key(.character("w"))
        try XCTUnwrap(tabs.current.presentedAlert).answer(tr("Don't save"))
        settle()
        XCTAssertEqual(titles, ["*Untitled"])
        crash()
        start()
        XCTAssertEqual(titles, ["*Untitled"])
        XCTAssertEqual(tabs.current.canvas.document.format?.pixelWidth, 160)
        // A new tab takes the folder the closed one left.
        tabs.current.newDocument(width: 90, height: 90)
        settle()
        XCTAssertEqual(titles, ["*Untitled", "Untitled"])
        XCTAssertNotNil(tabs.current.journal)
    }
}
