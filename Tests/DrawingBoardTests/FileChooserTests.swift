import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The app's own file chooser, where no desktop dialog answers: places, a folder's
/// pictures sortable by name, size and date, a preview, the location field with Tab
/// completion, Ctrl+H, and the keys.
final class FileChooserTests: XCTestCase {
    private let temp = TemporaryDirectory()
    private var pictures: String { temp.path + "/Pictures" }

    private func setUp(_ names: [(String, Int, Double)]) throws {
        try FileManager.default.createDirectory(atPath: pictures + "/Trips", withIntermediateDirectories: true)
        for (name, width, age) in names {
            let path = pictures + "/" + name
            try PNGCodec.encode(Bitmap(width: width, height: 20, color: .green)).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
        }
    }

    private func openChooser(_ session: BoardSession) throws -> FileChooserViewController {
        session.board.home = temp.path
        session.window.send(KeyEvent(.character("o"), modifiers: .control))
        session.window.render()
        return try XCTUnwrap(session.board.presentedViewController as? FileChooserViewController, "no desktop dialog: the app's own chooser")
    }

    private func key(_ session: BoardSession, _ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = [], text: String? = nil) {
        session.window.send(KeyEvent(key, modifiers: modifiers, text: text))
    }

    func testTheKeysWalkTheListOpenAFolderComeBackAndOpenAPicture() throws {
        try setUp([("b.png", 30, 10), ("a.png", 60, 20)])
        let session = BoardSession(pictures: pictures)
        let chooser = try openChooser(session)
        XCTAssertEqual(chooser.folder, pictures)
        XCTAssertEqual(chooser.list.entries.map(\.name), ["Trips", "a.png", "b.png"])
        XCTAssertTrue(chooser.locationField.isEditing)
        key(session, .down)
        key(session, .enter)
        XCTAssertEqual(chooser.folder, pictures + "/Trips", "Enter on a folder opens it")
        key(session, .up, .alt)
        XCTAssertEqual(chooser.folder, pictures, "Alt+Up: the folder above")
        key(session, .down)
        key(session, .down)
        XCTAssertEqual(chooser.locationField.text, "a.png", "a picture selected names itself in the field")
        key(session, .enter)
        session.board.finishOpening()
        XCTAssertNil(session.board.presentedViewController)
        XCTAssertEqual(session.board.documentName, "a.png")
        XCTAssertEqual(session.board.canvas.document.format?.pixelWidth, 60)
    }

    func testClickingAColumnSortsByItAndAgainTheOtherWay() throws {
        try setUp([("small.png", 10, 5), ("big.png", 400, 100), ("middle.png", 100, 50)])
        let session = BoardSession(pictures: pictures)
        let chooser = try openChooser(session)
        let list = chooser.list
        var driver = TouchDriver(window: session.window)
        let header = { (x: Double) in list.convert(Point(x: x, y: FileListView.headerHeight / 2), to: nil) }
        driver.tap(header(list.bounds.width - list.dateColumn + 10))
        XCTAssertEqual(list.entries.map(\.name), ["Trips", "big.png", "middle.png", "small.png"], "oldest first")
        driver.time += 1
        driver.tap(header(list.bounds.width - list.dateColumn + 10))
        XCTAssertEqual(list.entries.map(\.name), ["Trips", "small.png", "middle.png", "big.png"], "again: newest first, folders still first")
        driver.time += 1
        driver.tap(header(list.bounds.width - list.dateColumn - list.sizeColumn + 10))
        XCTAssertEqual(list.entries.map(\.name), ["Trips", "small.png", "middle.png", "big.png"], "by size, smallest first")
        XCTAssertEqual(list.sortKey, .size)
    }

    func testTabCompletesCtrlHShowsHiddenFilesAndRecentListsRecentFiles() throws {
        try setUp([("sunrise.png", 20, 1), (".hidden.png", 20, 1)])
        let session = BoardSession(pictures: pictures)
        let recent = RecentlyUsed(path: temp.path + "/recently-used.xbel")
        session.board.documentController.recentlyUsed = recent
        try recent.add(pictures + "/sunrise.png")
        let chooser = try openChooser(session)
        for character in "sun" { key(session, .character(character), text: String(character)) }
        key(session, .tab)
        XCTAssertEqual(chooser.locationField.text, "sunrise.png")
        XCTAssertEqual(chooser.messageLabel.text, "", "one match: nothing to list")
        XCTAssertTrue(chooser.locationField.isEditing, "Tab completed and the field keeps the keys")
        XCTAssertFalse(chooser.list.entries.contains { $0.name == ".hidden.png" })
        key(session, .character("h"), .control)
        XCTAssertTrue(chooser.list.entries.contains { $0.name == ".hidden.png" }, "Ctrl+H")
        XCTAssertTrue(chooser.hiddenBox.isOn)
        let recentPlace = try XCTUnwrap(chooser.placesView.places.firstIndex { $0.kind == .recent })
        var driver = TouchDriver(window: session.window)
        driver.tap(chooser.placesView.convert(Point(x: 20, y: 4 + (Double(recentPlace) + 0.5) * PlacesView.rowHeight), to: nil))
        XCTAssertTrue(chooser.showsRecent)
        XCTAssertEqual(chooser.list.entries.map(\.path), [pictures + "/sunrise.png"])
    }

    func testALongNameIsElidedInTheMiddleAndItsTooltipIsWhole() throws {
        let long = "X11Paint drawing of the harbour at dawn with boats 2026-11-24 21-31-05.png"
        try setUp([(long, 20, 1)])
        let session = BoardSession(pictures: pictures, size: DrawingBoardViewController.minimumSize)
        let chooser = try openChooser(session)
        let font = Font.system(size: 13)
        let shown = FileListView.elidingMiddle(long, toFit: 150, font: font)
        XCTAssertTrue(shown.hasPrefix("X11") && shown.hasSuffix("21-31-05.png") && shown.contains("…"), shown)
        XCTAssertLessThanOrEqual(font.width(of: shown), 150)
        let row = FileListView.headerHeight + 1.5 * FileListView.rowHeight
        XCTAssertEqual(chooser.list.toolTip(at: Point(x: 40, y: row)), long)
        XCTAssertNil(chooser.list.toolTip(at: Point(x: 40, y: FileListView.headerHeight + 0.5 * FileListView.rowHeight)), "Trips fits")
    }

    func testSavingTakesANameInTheFolderAndAFolderNameOpensIt() throws {
        try setUp([])
        let session = BoardSession(pictures: pictures)
        session.drag(y: 100)
        session.board.chooseSaveAs()
        let chooser = try XCTUnwrap(session.board.presentedViewController as? FileChooserViewController)
        chooser.locationField.text = "Trips"
        chooser.submit()
        XCTAssertEqual(chooser.folder, pictures + "/Trips")
        XCTAssertEqual(chooser.locationField.text, "")
        chooser.locationField.text = "harbour.jpg"
        chooser.qualityField.text = "300"
        chooser.submit()
        XCTAssertTrue(chooser.messageLabel.text.contains("1 to 100"), chooser.messageLabel.text)
        chooser.qualityField.text = "75"
        chooser.submit()
        session.board.finishSaves()
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: pictures + "/Trips/harbour.jpg"))
        XCTAssertEqual(Array(jpeg.prefix(2)), [0xFF, 0xD8])
    }

    func testADoubleClickOpensAFolderOrChoosesAPictureAndAltHomeGoesHome() throws {
        try setUp([("sea.png", 44, 1)])
        try PNGCodec.encode(Bitmap(width: 33, height: 20, color: .blue)).write(to: URL(fileURLWithPath: pictures + "/Trips/boat.png"))
        let session = BoardSession(pictures: pictures)
        let chooser = try openChooser(session)
        let list = chooser.list
        let row = { (index: Int) in list.convert(Point(x: 60, y: FileListView.headerHeight + (Double(index) + 0.5) * FileListView.rowHeight), to: nil) }
        var driver = TouchDriver(window: session.window)
        driver.tap(row(0))
        XCTAssertEqual(chooser.folder, pictures, "one click selects")
        XCTAssertEqual(list.selected, 0)
        driver.tap(row(0))
        XCTAssertEqual(chooser.folder, pictures + "/Trips", "a double click opens the folder")
        key(session, .home, .alt)
        XCTAssertEqual(chooser.folder, temp.path, "Alt+Home: the home folder")
        key(session, .character("p"), text: "P")
        XCTAssertEqual(chooser.locationField.text, "P", "letters go to the field")
        key(session, .tab)
        XCTAssertEqual(chooser.locationField.text, "Pictures/")
        key(session, .enter)
        XCTAssertEqual(chooser.folder, pictures, "a typed folder opens")
        driver.time += 1
        let sea = try XCTUnwrap(list.entries.firstIndex { $0.name == "sea.png" })
        driver.tap(row(sea))
        driver.tap(row(sea))
        session.board.finishOpening()
        XCTAssertEqual(session.board.documentName, "sea.png", "a double click on a picture opens it")
    }

    func testPageDownAndPageUpMoveAPageInTheListAndToTheEndsOfAMenu() throws {
        try setUp((0..<60).map { ("picture \($0).png", 10, Double($0)) })
        let session = BoardSession(pictures: pictures)
        let chooser = try openChooser(session)
        let page = chooser.list.rowsPerPage
        XCTAssertGreaterThan(page, 3)
        key(session, .pageDown)
        XCTAssertEqual(chooser.list.selected, page - 1, "from nothing selected, a page down")
        key(session, .pageDown)
        XCTAssertEqual(chooser.list.selected, 2 * page - 1)
        key(session, .pageUp)
        XCTAssertEqual(chooser.list.selected, page - 1)
        key(session, .escape)
        key(session, .function(10))
        let menu = try XCTUnwrap(session.board.mainMenu.openMenu)
        key(session, .pageDown)
        XCTAssertEqual(menu.levels[0].highlighted, menu.levels[0].rows.count - 1, "Page Down: the last row")
        key(session, .pageUp)
        XCTAssertEqual(menu.levels[0].highlighted, 0)
    }

    func testF6TakesTheKeysToThePlacesAndEnterGoesThere() throws {
        try setUp([("a.png", 10, 1)])
        let session = BoardSession(pictures: pictures)
        let chooser = try openChooser(session)
        let pictureIndex = try XCTUnwrap(chooser.placesView.current)
        key(session, .function(6))
        XCTAssertEqual(chooser.placesView.keyboardIndex, pictureIndex, "the keys start on the place shown")
        key(session, .up)
        key(session, .up)
        XCTAssertEqual(chooser.placesView.keyboardIndex, max(0, pictureIndex - 2))
        key(session, .enter)
        XCTAssertEqual(chooser.folder, chooser.placesView.places[max(0, pictureIndex - 2)].path)
        XCTAssertNil(chooser.placesView.keyboardIndex, "the list has the keys again")
        XCTAssertNotNil(session.board.presentedViewController, "Enter went to the place, not to Open")
        key(session, .function(6))
        key(session, .escape)
        XCTAssertNil(chooser.placesView.keyboardIndex)
        XCTAssertNil(session.board.presentedViewController, "one Escape in the places cancels the chooser, as from anywhere in it")
    }

    /// Tab with several names still matching completes their common part and lists them, as
    /// GTK's location field does; sizes read in words below a kilobyte ("0 bytes").
    func testTabListsTheNamesThatStillMatchAndSizesReadInWords() throws {
        try setUp([("beach-1.png", 20, 1), ("beach-2.png", 20, 1), ("beacon.png", 20, 1), ("dune.png", 20, 1)])
        let session = BoardSession(pictures: pictures)
        let chooser = try openChooser(session)
        for character in "bea" { key(session, .character(character), text: String(character)) }
        key(session, .tab)
        XCTAssertEqual(chooser.locationField.text, "beac", "what the three have in common")
        XCTAssertEqual(chooser.messageLabel.text, "3 matches: beach-1.png, beach-2.png, beacon.png")
        key(session, .character("h"), text: "h")
        key(session, .tab)
        XCTAssertEqual(chooser.locationField.text, "beach-")
        XCTAssertEqual(chooser.messageLabel.text, "2 matches: beach-1.png, beach-2.png")
        XCTAssertEqual(FileSizeText.text(0), "0 bytes")
        XCTAssertEqual(FileSizeText.text(1), "1 byte")
        XCTAssertEqual(FileSizeText.text(999), "999 bytes")
        XCTAssertEqual(FileSizeText.text(1_500), "1.5 kB")
        XCTAssertEqual(FileSizeText.text(2_345_678), "2.3 MB")
    }
}
