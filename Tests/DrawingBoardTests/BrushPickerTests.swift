import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The brush picker (Shift+B, or B with the Paintbrush in hand): MyPaint's brushes by group
/// with their previews, a search across the groups, favourites, and opacity and hardness over
/// the brush's own, all remembered in settings.toml.
final class BrushPickerTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var session: BoardSession!
    private var board: DrawingBoardViewController { session.board }
    private var saved = AppSettings()

    override func setUpWithError() throws {
        let brushes = MyPaintBrushes.shared
        guard brushes.problem(with: MyPaintBrushSet.defaultBrush) == nil else { throw XCTSkip(brushes.problem(with: MyPaintBrushSet.defaultBrush)!) }
        brushes.keep(in: &saved)
        brushes.apply(AppSettings())
        brushes.chosen = "classic/charcoal"
        temp = TemporaryDirectory()
        session = BoardSession(pictures: temp.path)
    }

    override func tearDown() {
        MyPaintBrushes.shared.apply(saved)
        MyPaintBrushes.shared.chosen = saved.mypaintBrush ?? MyPaintBrushSet.defaultBrush
    }

    private func openPicker() throws -> BrushPickerViewController {
        session.window.send(KeyEvent(.character("b"), modifiers: .shift))
        session.window.layoutIfNeeded()
        return try XCTUnwrap(board.presentedViewController as? BrushPickerViewController)
    }

    private func tap(_ view: View) {
        let centre = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        session.window.send([TouchInput(identifier: 1, phase: .began, location: centre, timestamp: session.clock.now)])
        session.window.send([TouchInput(identifier: 1, phase: .ended, location: centre, timestamp: session.clock.now)])
    }

    func testItOpensOnTheBrushInHandsGroupAndAClickTakesABrushAndThePaintbrush() throws {
        let picker = try openPicker()
        let group = try XCTUnwrap(MyPaintBrushes.shared.set.groups.first { $0.brushes.contains { $0.name == "classic/charcoal" } })
        XCTAssertEqual(picker.groupPicker.items[picker.groupPicker.selectedIndex], group.name, "the group of the brush in hand")
        let tiles = picker.grid.tiles.compactMap { $0 as? BrushTile }
        XCTAssertEqual(tiles.count, group.brushes.count)
        XCTAssertEqual(tiles.filter(\.isChosen).map(\.brush.name), ["classic/charcoal"], "the brush in hand is lit")
        let pencil = try XCTUnwrap(tiles.first { $0.brush.name == "classic/pencil" })
        tap(pencil)
        XCTAssertEqual(MyPaintBrushes.shared.chosen, "classic/pencil")
        XCTAssertTrue(board.canvas.brush is PaintBrush, "the Paintbrush in hand")
        XCTAssertTrue(pencil.isChosen)
        session.window.send(KeyEvent(.escape))
        XCTAssertNil(board.presentedViewController, "Escape closes it")
    }

    func testTheSearchReachesEveryGroup() throws {
        let picker = try openPicker()
        picker.searchField.beginEditing()
        for character in "smudg" { session.window.send(KeyEvent(.character(character), text: String(character))) }
        let names = picker.grid.tiles.compactMap { ($0 as? BrushTile)?.brush.name }
        XCTAssertTrue(names.contains("classic/smudge"))
        XCTAssertTrue(names.contains("deevad/basic_digital_brush_smudging"), "another group's brush")
        XCTAssertTrue(names.allSatisfy { $0.lowercased().contains("smudg") }, "\(names)")
    }

    func testAStarredBrushIsAFavouriteAndTheSettingsKeepItWithOpacityAndHardness() throws {
        let picker = try openPicker()
        tap(picker.starButton)
        XCTAssertEqual(MyPaintBrushes.shared.favourites, ["classic/charcoal"])
        picker.groupPicker.selectedIndex = 0
        picker.groupPicker.sendActions(for: .valueChanged)
        XCTAssertEqual(picker.grid.tiles.compactMap { ($0 as? BrushTile)?.brush.name }, ["classic/charcoal"], "Favourites")
        picker.opacitySlider.value = 0.5
        picker.opacitySlider.sendActions(for: .valueChanged)
        picker.hardnessSlider.value = 0.25
        picker.hardnessSlider.sendActions(for: .valueChanged)
        let stroke = try XCTUnwrap(MyPaintBrushes.shared.stroke(color: .red, width: 10, isEraser: false))
        XCTAssertEqual(stroke.opacity, 0.5)
        XCTAssertEqual(stroke.hardness, 0.25)
        let file = SettingsFile(path: temp.path + "/settings.toml")
        try file.save(BoardSettings.current(of: board, windowSize: nil))
        let read = file.load().settings
        XCTAssertEqual(read.mypaintFavourites, ["classic/charcoal"])
        XCTAssertEqual(read.mypaintOpacity, 0.5)
        XCTAssertEqual(read.mypaintHardness, 0.25)
        XCTAssertEqual(read.mypaintBrush, "classic/charcoal")
    }
}
