import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Saving when the disk is full, the folder read-only or gone, or a symlink sits at the
/// target name: a clear message, the canvas and its journal intact, no partial file.
final class SaveFaultTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private let mounts = ScratchMounts()

    override func setUp() { temp = TemporaryDirectory() }

    override func tearDown() { mounts.unmountAll() }

    private func board(pictures: String) -> (Window, DrawingBoardViewController) {
        let window = Window(size: Size(width: 640, height: 480), application: Application(clock: ManualClock()))
        var environment = ["HOME": temp.path]
        try? "XDG_PICTURES_DIR=\"\(pictures)\"\n".write(toFile: temp.path + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        environment["XDG_CONFIG_HOME"] = temp.path
        let board = DrawingBoardViewController(store: PicturesArtworkStore(environment: environment), picturesFolder: pictures)
        window.rootViewController = board
        window.render()
        board.attach(try! DocumentJournal(folder: temp.path + "/state"), restoring: .init())
        var driver = TouchDriver(window: window)
        let a = board.canvas.convert(Point(x: 50, y: 100), to: nil)
        driver.drag(TouchDriver.line(from: a, to: Point(x: a.x + 400, y: a.y), step: 10))
        return (window, board)
    }

    private func assertIntact(_ board: DrawingBoardViewController, _ before: Bitmap, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: before), "the canvas is untouched", file: file, line: line)
        board.settleJournal()
        XCTAssertEqual(DocumentJournal.recover(folder: temp.path + "/state").document, board.canvas.document,
                       "the journal is intact", file: file, line: line)
    }

    private func pngFiles(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
    }

    func testAFullDiskGivesAMessageAndLeavesNoPartialFile() throws {
        let pictures = temp.path + "/full"
        try mounts.tmpfs(at: pictures, options: "size=16k")
        // Fill the disk to the last byte.
        FileManager.default.createFile(atPath: pictures + "/.filler", contents: nil)
        if let filler = FileHandle(forWritingAtPath: pictures + "/.filler") {
            for _ in 0..<64 { if (try? filler.write(contentsOf: Data(count: 1024))) == nil { break } }
            try? filler.close()
        }
        let (_, board) = board(pictures: pictures)
        let before = board.canvas.renderArtwork()
        XCTAssertNil(board.saveAndWait())
        XCTAssertTrue(board.statusLabel.text.contains("No space left"), board.statusLabel.text)
        XCTAssertEqual(pngFiles(pictures), [], "no partial file")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? [], [".filler"], "and no temporary left behind")
        assertIntact(board, before)
    }

    func testAReadOnlyFolderGivesAMessage() throws {
        let pictures = temp.path + "/readonly"
        try mounts.tmpfs(at: pictures, options: "size=1m,ro")
        let (_, board) = board(pictures: pictures)
        let before = board.canvas.renderArtwork()
        XCTAssertNil(board.saveAndWait())
        XCTAssertTrue(board.statusLabel.text.contains("Read-only"), board.statusLabel.text)
        assertIntact(board, before)
    }

    /// The drawing's own file in a folder that became read-only: the reason, Save As offered,
    /// the file as it was, and nothing lost.
    func testTheFilesFolderMadeReadOnlyOffersSaveAs() throws {
        let folder = temp.path + "/work"
        try mounts.tmpfs(at: folder, options: "size=4m")
        let path = folder + "/picture.png"
        try PNGCodec.encode(Bitmap(width: 120, height: 80, color: .white)).write(to: URL(fileURLWithPath: path))
        let (window, board) = board(pictures: temp.path + "/Pictures")
        board.openDocument(path: path)
        board.presentedAlert?.answer(tr("Don't save")) // the stroke the helper drew
        board.finishOpening()
        window.render()
        XCTAssertEqual(board.documentName, "picture.png")
        board.canvas.commit(.background(.color(.blue)))
        XCTAssertTrue(mounts.remount(folder, options: "remount,ro"))
        let before = board.canvas.renderArtwork()
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertNil(board.saveAndWait())
        XCTAssertTrue(board.statusLabel.text.contains("Ctrl+Shift+S"), board.statusLabel.text)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), file, "the file as it was")
        XCTAssertTrue(board.isModified)
        assertIntact(board, before)
    }

    func testThePicturesFolderDeletedWhileRunningIsMadeAgain() throws {
        let pictures = temp.path + "/Pictures"
        let (_, board) = board(pictures: pictures)
        XCTAssertNotNil(board.saveAndWait())
        try FileManager.default.removeItem(atPath: pictures)
        // A new, untitled drawing: its first Save makes Pictures again.
        board.newDocument(width: 200, height: 100)
        let path = try XCTUnwrap(board.saveAndWait())
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        // A drawing that is a file whose folder went: a message that says so and offers Save
        // As, and the drawing stays, still marked unsaved.
        try FileManager.default.removeItem(atPath: pictures)
        board.canvas.commit(.clear)
        let before = board.canvas.renderArtwork()
        XCTAssertNil(board.saveAndWait())
        XCTAssertTrue(board.statusLabel.text.contains("does not exist"), board.statusLabel.text)
        XCTAssertTrue(board.statusLabel.text.contains("Ctrl+Shift+S"), board.statusLabel.text)
        XCTAssertTrue(board.isModified)
        assertIntact(board, before)
    }

    func testASymlinkAtTheTargetNameIsNeverFollowed() throws {
        let pictures = temp.path + "/Pictures"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let victim = temp.path + "/victim.txt"
        try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
        let date = Date(timeIntervalSince1970: 1_795_336_530)
        let store = PicturesArtworkStore(environment: ["HOME": temp.path, "XDG_CONFIG_HOME": temp.path + "/none"], now: { date })
        let name = ArtworkFileName.make(for: date, attempt: 1)
        try FileManager.default.createSymbolicLink(atPath: pictures + "/" + name, withDestinationPath: victim)
        let saved = try store.save(Bitmap(width: 4, height: 4, color: .red))
        XCTAssertTrue(saved.hasSuffix(" - 2.png"), "the next free name: \(saved)")
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious", "the link's target is untouched")
    }
}
