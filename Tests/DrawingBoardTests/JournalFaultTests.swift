import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The ways the journal lost work when someone tried to make it: two windows, flipped
/// bits, damaged pictures, planted links, quadratic growth, a resize mid-stroke.
final class JournalFaultTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var state: String { temp.path + "/state" }

    override func setUp() { temp = TemporaryDirectory() }

    /// A window as the app makes it: the journal opened the way X11App opens it.
    private final class Session {
        let window: Window
        let board: DrawingBoardViewController
        let clock = ManualClock()
        let opening: JournalOpening

        init(state: String, pictures: String) {
            window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
            board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: pictures)
            window.rootViewController = board
            window.render()
            opening = JournalOpening.open(stateFolder: state)
            board.open(opening)
        }

        func drag(y: Double) {
            var driver = TouchDriver(window: window)
            let a = board.canvas.convert(Point(x: 100, y: y), to: nil), b = board.canvas.convert(Point(x: 600, y: y), to: nil)
            driver.drag(TouchDriver.line(from: a, to: b, step: 20))
        }

        /// The process ends: the journal lets the folder go.
        func end() { board.journal?.close() }

        var status: String { board.statusLabel.text }
    }

    private func session() -> Session { Session(state: state, pictures: temp.path) }

    private func strokes(_ document: Document) -> Int {
        document.items.filter { if case .stroke = $0 { return true } else { return false } }.count
    }

    // MARK: - Two windows

    func testTwoWindowsOnOneHomeEachKeepTheirOwnDrawing() {
        let a = session()
        a.drag(y: 100)
        let b = session()
        XCTAssertEqual(b.opening.slot, 2, "the second window does not take the first one's journal")
        XCTAssertTrue(b.board.canvas.document.isEmpty, "nor shadows its drawing")
        XCTAssertTrue(b.status.contains("another window"), b.status)
        b.drag(y: 300)
        a.drag(y: 200) // the first window goes on drawing after the second one started
        let expectedA = a.board.canvas.document, expectedB = b.board.canvas.document
        a.end()
        b.end()
        let next = session()
        XCTAssertEqual(next.opening.slot, 1)
        XCTAssertEqual(next.board.canvas.document, expectedA, "every stroke of the first window, the later ones too")
        XCTAssertTrue(next.status.contains("Another window's drawing is kept too"), next.status)
        let second = session()
        XCTAssertEqual(second.board.canvas.document, expectedB, "the second window's drawing, recovered on its own")
    }

    func testAFolderCanBeHeldByOneJournalOnly() throws {
        let first = try DocumentJournal(folder: state)
        XCTAssertThrowsError(try DocumentJournal(folder: state)) { XCTAssertTrue("\($0)".contains("in use"), "\($0)") }
        first.close()
        XCTAssertNoThrow(try DocumentJournal(folder: state), "closing lets go")
    }

    // MARK: - Damage

    /// A drawing with every record kind: items, redo items, a background, a photo, a stroke in progress.
    /// `jpeg`: the baked photo is kept as a JPEG file's bytes, as a photo opened from one is.
    private func drawingWithEveryRecordKind(jpeg: Bool = false) throws -> (Document, [Document.Item]) {
        let s = session()
        for y in stride(from: 80.0, through: 380, by: 60) { s.drag(y: y) }
        let blue = Bitmap(width: 30, height: 20, color: .blue)
        for x in 0..<30 { blue[x, x % 20] = Color(r: 250, g: 200, b: 0).premultipliedPixel } // detail worth encoding
        let encoded = jpeg ? try JPEGCodec.encode(blue, orientation: 1) : nil
        s.board.placePhoto(Photo(asset: ImageAsset(bitmap: blue, name: "blue", encoded: encoded)))
        s.board.bakePhoto()
        s.board.canvas.setBackground(.color(.green))
        s.board.undo()
        let expected = (s.board.canvas.document, s.board.canvas.redoItems)
        s.end()
        // The next start compacts the journal into a new generation, one record per item.
        let restart = session()
        XCTAssertEqual(restart.board.canvas.document, expected.0)
        restart.end()
        return expected
    }

    func testOneFlippedBitInACompactedJournalCostsOneItemAtMost() throws {
        let (document, redo) = try drawingWithEveryRecordKind()
        let path = state + "/journal"
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        var worst = Int.max
        for position in stride(from: 0, to: good.count, by: max(1, good.count / 300)) {
            var bytes = [UInt8](good)
            bytes[position] ^= 0x10
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let recovery = DocumentJournal.recover(folder: state)
            worst = min(worst, recovery.document.items.count + recovery.redo.count)
        }
        XCTAssertGreaterThanOrEqual(worst, document.items.count + redo.count - 1, "one damaged record is one item")
    }

    func testADamagedJournalIsSetAsideNeverOverwrittenAndTheUserIsTold() throws {
        _ = try drawingWithEveryRecordKind()
        let path = state + "/journal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let s = session()
        XCTAssertGreaterThanOrEqual(s.board.canvas.document.items.count, 6)
        XCTAssertTrue(s.status.contains("damaged part of the journal skipped"), s.status)
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        let aside = try XCTUnwrap(names.first { $0.hasPrefix("journal.damaged-") })
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: state + "/" + aside)), Data(bytes), "kept byte for byte")
    }

    func testADamagedOrMissingPictureCostsThatPictureOnly() throws {
        // A JPEG too: one flipped byte in it decodes without an error, to wrong pixels.
        for (damage, jpeg) in [("delete", false), ("truncate", false), ("flip", false), ("truncate", true), ("flip", true)] {
            temp = TemporaryDirectory()
            let (document, _) = try drawingWithEveryRecordKind(jpeg: jpeg)
            let pictures = state + "/pictures"
            let image = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: pictures).first { $0.hasSuffix(".img") })
            let file = pictures + "/" + image
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            switch damage {
            case "delete": try FileManager.default.removeItem(atPath: file)
            case "truncate": try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: file))
            case "flip" where jpeg:
                bytes[bytes.count - 10] ^= 0x01 // inside the entropy-coded data: libjpeg decodes it silently
                XCTAssertNoThrow(try PhotoDecoder.decode(Data(bytes), name: "damaged"), "a damage only a checksum sees")
                try Data(bytes).write(to: URL(fileURLWithPath: file))
            default:
                bytes[bytes.count / 2] ^= 0xFF
                bytes[40] ^= 0xFF
                try Data(bytes).write(to: URL(fileURLWithPath: file))
            }
            let s = session()
            let restored = s.board.canvas.document
            XCTAssertEqual(strokes(restored), strokes(document), "\(damage): every stroke comes back")
            XCTAssertEqual(restored.items.count, document.items.count, "\(damage): the photo is still an item")
            let photo = restored.items.compactMap { item -> PlacedPhoto? in if case .photo(let p) = item { return p } else { return nil } }.first
            XCTAssertEqual(photo?.photo.asset.isPlaceholder, true, damage)
            XCTAssertEqual(photo?.photo.size, Size(width: 30, height: 20), "\(damage): the placeholder has the picture's size")
            XCTAssertTrue(s.status.contains("1 picture missing (placeholder shown)"), s.status)
            s.drag(y: 420)
            s.end()
            // The next start still has everything: nothing was rewritten away.
            let again = session()
            XCTAssertEqual(strokes(again.board.canvas.document), strokes(document) + 1, damage)
            again.end()
        }
    }

    // MARK: - Planted links and unsafe folders

    func testLinksPlantedAtEveryNameAreNeverWrittenThrough() throws {
        let victim = temp.path + "/victim.txt"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        for name in ["journal", "journal.new", "journal.compacting", "lock", "pictures"] {
            try? FileManager.default.removeItem(atPath: state + "/" + name)
            XCTAssertEqual(symlink(victim, state + "/" + name), 0)
            let s = session()
            s.drag(y: 100)
            s.board.journal?.compact(DocumentJournal.Snapshot(s.board.canvas.document, redo: []))
            s.drag(y: 200)
            s.end()
            XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious", "a link at \(name) was followed")
            XCTAssertEqual(strokes(DocumentJournal.recover(folder: state).document), strokes(s.board.canvas.document), name)
        }
    }

    func testAStateFolderThatIsALinkOrAnotherUsersIsRefusedWithAMessage() throws {
        let elsewhere = temp.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        XCTAssertEqual(symlink(elsewhere, state), 0)
        let s = session()
        XCTAssertNil(s.board.journal)
        XCTAssertTrue(s.status.contains("Crash recovery is off") && s.status.contains("symbolic link"), s.status)
    }

    func testTheStateFolderIsMadePrivate() throws {
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        _ = session()
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o700)
    }

    func testAStateFolderThatCannotBeCreatedSaysRecoveryIsOff() throws {
        try Data().write(to: URL(fileURLWithPath: temp.path + "/file"))
        let s = Session(state: temp.path + "/file/x11paint", pictures: temp.path)
        XCTAssertNil(s.board.journal)
        XCTAssertTrue(s.status.contains("Crash recovery is off"), s.status)
        s.drag(y: 100)
        XCTAssertEqual(s.board.canvas.document.items.count, 1, "drawing goes on")
    }

    // MARK: - Growth

    func testALongStrokeJournalsItsNewPointsOnly() throws {
        let s = session()
        let start = s.board.canvas.convert(Point(x: 100, y: 100), to: nil)
        s.window.send([TouchInput(identifier: 1, phase: .began, location: start, timestamp: 0)])
        // A minute of scribbling: 6,000 points, journaled in progress every second.
        var points = 0
        for second in 0..<60 {
            for step in 0..<100 {
                points += 1
                let x = start.x + Double((second * 100 + step) % 500), y = start.y + Double(points % 300)
                s.window.send([TouchInput(identifier: 1, phase: .moved, location: Point(x: x, y: y), timestamp: 0)])
            }
            s.clock.advance(by: 1.0)
            s.window.application.tick()
        }
        let stroke = try XCTUnwrap(s.board.canvas.strokeInProgress)
        let strokeBytes = try JSONEncoder().encode(stroke).count
        s.board.settleJournal()
        let journalBytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: state + "/journal")[.size] as? Int)
        XCTAssertLessThan(journalBytes, strokeBytes * 3 / 2, "the journal grows with the stroke, not with its square")
        let recovered = try XCTUnwrap(DocumentJournal.recover(folder: state).unfinishedStroke)
        XCTAssertGreaterThanOrEqual(recovered.points.count, stroke.points.count - 100, "all but the last second")
        XCTAssertEqual(Array(recovered.points.prefix(5_000)), Array(stroke.points.prefix(5_000)))
    }

    func testAStrokeInProgressSurvivesACompactionOnTheWriter() throws {
        let s = session()
        let journal = try XCTUnwrap(s.board.journal)
        let current = DocumentJournal.Snapshot(s.board.canvas.document, redo: [])
        var stroke = Stroke(points: [Point(x: 10, y: 10), Point(x: 20, y: 10)], color: .red, width: 4, blendMode: .sourceOver)
        journal.writeProgress(stroke, current: current)
        journal.compact(current)
        // The new generation has no stroke in progress: the next progress record must carry all
        // of it, not only the point added since.
        stroke.points.append(Point(x: 30, y: 12))
        journal.writeProgress(stroke, current: current)
        s.board.settleJournal()
        XCTAssertEqual(DocumentJournal.recover(folder: state).unfinishedStroke, stroke)
    }

    // MARK: - Resize

    func testResizingTheWindowMidStrokeKeepsTheStroke() {
        let s = session()
        let a = s.board.canvas.convert(Point(x: 100, y: 100), to: nil)
        s.window.send([TouchInput(identifier: 1, phase: .began, location: a, timestamp: 0)])
        s.window.send([TouchInput(identifier: 1, phase: .moved, location: Point(x: a.x + 100, y: a.y), timestamp: 0.01)])
        for width in [700.0, 900, 640, 1000] {
            s.window.resize(to: Size(width: width, height: 600))
            s.window.render()
        }
        XCTAssertEqual(s.board.canvas.strokeInProgress?.points.count, 2, "the stroke survives the resizes")
        s.window.send([TouchInput(identifier: 1, phase: .moved, location: Point(x: a.x + 200, y: a.y + 50), timestamp: 0.02)])
        s.window.send([TouchInput(identifier: 1, phase: .ended, location: Point(x: a.x + 200, y: a.y + 50), timestamp: 0.03)])
        guard case .stroke(let stroke)? = s.board.canvas.document.items.last else { return XCTFail("no stroke") }
        XCTAssertEqual(stroke.points.count, 3)
        s.board.settleJournal()
        XCTAssertEqual(DocumentJournal.recover(folder: state).document, s.board.canvas.document, "and it is journaled")
        let artwork = s.board.canvas.renderArtwork()
        let mid = s.board.canvas.convert(Point(x: a.x + 50, y: a.y), from: nil)
        XCTAssertNotEqual(artwork.color(atX: Int(mid.x), y: Int(mid.y)), .white, "and it is on screen")
    }
}
