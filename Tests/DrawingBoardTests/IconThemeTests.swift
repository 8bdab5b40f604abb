import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Icons: the freedesktop Icon Theme Specification's lookup (sizes, inheritance,
/// hicolor, the user's theme), SVG icons drawn by librsvg at the device's pixel size, symbolic
/// icons in the text's colour, and the app's own icons in Resources/.
final class IconThemeTests: XCTestCase {
    private let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect x="0" y="0" width="16" height="16" fill="#2e3436"/></svg>"##

    /// Two themes in one base directory: "Mine" inherits "Parent"; hicolor in a second one.
    private func themes() -> (TemporaryDirectory, TemporaryDirectory) {
        let first = TemporaryDirectory(), second = TemporaryDirectory()
        first.write("""
        [Icon Theme]
        Name=Mine
        Inherits=Parent
        Directories=16x16/actions,24x24/actions,scalable/actions

        [16x16/actions]
        Size=16
        Type=Fixed

        [24x24/actions]
        Size=24
        Type=Threshold

        [scalable/actions]
        Size=16
        MinSize=8
        MaxSize=64
        Type=Scalable
        """, to: "Mine/index.theme")
        first.write("png16", to: "Mine/16x16/actions/edit-undo.png")
        first.write("png24", to: "Mine/24x24/actions/edit-undo.png")
        first.write(svg, to: "Mine/scalable/actions/edit-redo.svg")
        first.write("""
        [Icon Theme]
        Name=Parent
        Directories=48x48/actions
        # comments and blank lines are skipped

        [48x48/actions]
        Size=48
        """, to: "Parent/index.theme")
        first.write("png48", to: "Parent/48x48/actions/document-save.png")
        second.write("""
        [Icon Theme]
        Name=Hicolor
        Directories=scalable/apps

        [scalable/apps]
        Size=128
        MinSize=1
        MaxSize=256
        Type=Scalable
        """, to: "hicolor/index.theme")
        second.write(svg, to: "hicolor/scalable/apps/x11paint.svg")
        return (first, second)
    }

    func testLookupPrefersTheExactSizeThenTheClosestThenInheritedThemesThenHicolor() {
        let (first, second) = themes()
        let theme = IconTheme(themeName: "Mine", baseDirectories: [first.path, second.path])
        XCTAssertEqual(theme.lookup("edit-undo", size: 16), "\(first.path)/Mine/16x16/actions/edit-undo.png", "exact fixed size")
        XCTAssertEqual(theme.lookup("edit-undo", size: 25), "\(first.path)/Mine/24x24/actions/edit-undo.png", "within the threshold")
        XCTAssertEqual(theme.lookup("edit-undo", size: 40), "\(first.path)/Mine/24x24/actions/edit-undo.png", "the closest size")
        XCTAssertEqual(theme.lookup("edit-redo", size: 32), "\(first.path)/Mine/scalable/actions/edit-redo.svg", "scalable")
        XCTAssertEqual(theme.lookup("document-save", size: 16), "\(first.path)/Parent/48x48/actions/document-save.png", "inherited")
        XCTAssertEqual(theme.lookup("x11paint", size: 64), "\(second.path)/hicolor/scalable/apps/x11paint.svg", "hicolor last")
        XCTAssertNil(theme.lookup("no-such-icon", size: 16))
    }

    func testTheUsersThemeComesFromTheEnvironmentOrGTKsSettings() {
        let home = TemporaryDirectory()
        home.write("[Settings]\ngtk-theme-name=Adwaita\ngtk-icon-theme-name = Papirus\n", to: ".config/gtk-3.0/settings.ini")
        let fromSettings = IconTheme.forDesktop(environment: ["HOME": home.path], extraBaseDirectory: "/opt/app/icons")
        XCTAssertEqual(fromSettings.themeName, "Papirus")
        XCTAssertEqual(fromSettings.baseDirectories.first, "\(home.path)/.icons")
        XCTAssertEqual(fromSettings.baseDirectories.last, "/opt/app/icons", "the app's own icons last")
        XCTAssertTrue(fromSettings.baseDirectories.contains("/usr/share/icons"))
        let chosen = IconTheme.forDesktop(environment: ["HOME": home.path, "X11PAINT_ICON_THEME": "Mine", "XDG_DATA_DIRS": "/a:/b"],
                                          extraBaseDirectory: nil)
        XCTAssertEqual(chosen.themeName, "Mine")
        XCTAssertTrue(chosen.baseDirectories.contains("/b/icons"))
        XCTAssertEqual(IconTheme.forDesktop(environment: ["HOME": "/nonexistent"], extraBaseDirectory: nil).themeName, "Adwaita")
    }

    func testResourcesAndCatalogsAreFoundInstalledInTheBuildsBundleOrWhereTheEnvironmentSays() throws {
        let root = TemporaryDirectory()
        root.write("", to: "usr/share/x11paint/icons/hicolor/index.theme")
        root.write("", to: "usr/share/locale/zh_CN/LC_MESSAGES/x11paint.mo")
        XCTAssertEqual(AppResources.find(environment: [:], executable: root.path + "/usr/bin/x11paint"), root.path + "/usr/share/x11paint")
        XCTAssertEqual(AppResources.findLocale(environment: [:], executable: root.path + "/usr/bin/x11paint"), root.path + "/usr/share/locale")
        // SwiftPM's bundle beside the binary, wherever the build folder is.
        root.write("", to: "anywhere/debug/X11Paint_PaintToolkit.resources/icons/hicolor/index.theme")
        root.write("catalog", to: "anywhere/debug/X11Paint_PaintToolkit.resources/x11paint-zh_TW.mo")
        let built = root.path + "/anywhere/debug/x11paint"
        XCTAssertEqual(AppResources.find(environment: [:], executable: built), root.path + "/anywhere/debug/X11Paint_PaintToolkit.resources")
        let links = root.path + "/runtime/locale"
        XCTAssertEqual(AppResources.findLocale(environment: [:], executable: built, linksIn: links), links)
        XCTAssertEqual(try String(contentsOfFile: links + "/zh_TW/LC_MESSAGES/x11paint.mo", encoding: .utf8), "catalog", "gettext's layout, linked to the bundle")
        XCTAssertEqual(AppResources.find(environment: ["X11PAINT_RESOURCES": "/opt/r"], executable: built), "/opt/r")
        XCTAssertEqual(AppResources.findLocale(environment: ["X11PAINT_LOCALEDIR": "/opt/l"], executable: built), "/opt/l")
        XCTAssertNil(AppResources.find(environment: [:], executable: root.path + "/elsewhere/bin/x11paint"))
        XCTAssertNil(AppResources.findLocale(environment: [:], executable: root.path + "/elsewhere/bin/x11paint", linksIn: links))
    }

    func testTheAppBringsAnIconForEveryToolAndItsOwnIcon() throws {
        let folder = try XCTUnwrap(AppResources.iconsFolder, "Resources/ is found from the build folder")
        // Only the app's folder: the icons are there whatever theme the machine has.
        let theme = IconTheme(themeName: "hicolor", baseDirectories: [folder])
        for tool in DrawingBoardViewController.tools {
            XCTAssertNotNil(theme.lookup("\(tool.iconName)-symbolic", size: 16), tool.iconName)
        }
        XCTAssertNotNil(theme.lookup("x11paint", size: 64))
    }

    func testAnSVGIconIsDrawnAtTheDevicePixelSizeAndASymbolicOneInTheTextColour() throws {
        let folder = try XCTUnwrap(AppResources.iconsFolder)
        let icons = Icons(theme: IconTheme(themeName: "hicolor", baseDirectories: [folder]))
        for pixels in [16, 24, 32] {
            let image = try XCTUnwrap(icons.image(named: "tool-rectangle", pixels: pixels, color: .red))
            XCTAssertEqual(image.width, pixels)
            let s = Double(pixels) / 16
            // The rectangle's outline (x 2-14, y 3-13 of 16, 2 wide) in red; inside it, nothing.
            XCTAssertEqual(image.bitmap[Int(2.5 * s), Int(8 * s)], Color.red.premultipliedPixel, "\(pixels) px: the left edge")
            XCTAssertEqual(image.bitmap[Int(8 * s), Int(8 * s)] >> 24, 0, "\(pixels) px: the inside is clear")
            XCTAssertEqual(image.bitmap[0, 0] >> 24, 0, "\(pixels) px: the corner is clear")
        }
        let blue = try XCTUnwrap(icons.image(named: "tool-rectangle", pixels: 32, color: .blue))
        XCTAssertEqual(blue.bitmap[5, 16], Color.blue.premultipliedPixel, "the same shape in another colour")
        // The app icon is in colour: its sheet stays white.
        let app = try XCTUnwrap(icons.image(named: "x11paint", pixels: 64, color: .red))
        XCTAssertEqual(app.bitmap[32, 12], Color.white.premultipliedPixel)
        XCTAssertNil(icons.image(named: "no-such-icon", pixels: 16, color: .red))
    }

    func testTheWindowIconIsTheResourcesSVGAtEachSize() {
        for size in [16, 32, 64] {
            let icon = AppIcon.render(size: size)
            let svg = SVGRenderer.render(file: AppResources.iconsFolder! + "/hicolor/scalable/apps/x11paint.svg", width: size, height: size)
            XCTAssertEqual(icon.width, size)
            XCTAssertEqual(svg.map { Array(UnsafeBufferPointer(start: $0.pixels, count: size * size)) },
                           Array(UnsafeBufferPointer(start: icon.pixels, count: size * size)), "\(size) px: the SVG's pixels")
        }
        let icon = AppIcon.render(size: 64)
        XCTAssertEqual(icon[32, 12], Color.white.premultipliedPixel, "the sheet")
        XCTAssertEqual(Color(premultipliedPixel: icon[4, 32]).red, 40 / 255, accuracy: 0.02, "the dark frame")
        XCTAssertEqual(AppIcon.netWMIcon(sizes: [16]).count, 2 + 16 * 16)
    }

    func testAToolbarButtonDrawsItsThemeIconCrispAtTwiceThePixels() throws {
        XCTAssertNotNil(AppResources.iconsFolder)
        let window = Window(size: Size(width: 200, height: 60), scale: 2)
        let button = Button(title: "", toolTip: "Rectangle (R)") {}
        button.iconName = "tool-rectangle"
        button.frame = Rect(x: 20, y: 10, width: 40, height: 40)
        window.addSubview(button)
        window.render()
        // The 16-point icon centred in the button: x 32-48, y 22-38 points, drawn at 32 px.
        let ink = Color(premultipliedPixel: window.backbuffer[Int(34 * 2) + 1, Int(30 * 2)])
        XCTAssertLessThan(ink.red, 0.3, "the left edge of the rectangle is drawn in the title's dark colour")
        XCTAssertEqual(window.backbuffer[Int(40 * 2), Int(30 * 2)], Color.white.premultipliedPixel, "inside it, the background")
    }
}
