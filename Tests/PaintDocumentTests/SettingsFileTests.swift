import Foundation
import XCTest
@testable import PaintDocument
import TestSupport

/// The settings file: TOML a person can read, written whole, read back value by value.
final class SettingsFileTests: XCTestCase {
    private let temp = TemporaryDirectory()

    func testSettingsRoundTripThroughAFileAPersonCanRead() throws {
        let file = SettingsFile(environment: ["XDG_CONFIG_HOME": temp.path + "/config", "HOME": temp.path])
        XCTAssertEqual(file.path, temp.path + "/config/x11paint/settings.toml")
        XCTAssertEqual(file.load().settings, AppSettings(), "no file: the defaults, and nothing to say")
        XCTAssertNil(file.load().problem)
        var settings = AppSettings()
        settings.tool = "r"
        settings.color = "#1e64e6ff"
        settings.recentColors = ["#1e64e6ff", "#000000ff"]
        settings.strokeWidth = 9
        settings.smoothing = "strong"
        settings.taperWithSpeed = true
        settings.windowWidth = 700
        settings.windowHeight = 500
        try file.save(settings)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        XCTAssertTrue(text.contains("smoothing = 'strong'"), text)
        XCTAssertEqual(file.load().settings, settings)
        XCTAssertEqual(SettingsFile(environment: ["HOME": temp.path]).path, temp.path + "/.config/x11paint/settings.toml")
    }

    func testADamagedFileOrAWrongValueCostsOnlyWhatCannotBeRead() throws {
        let file = SettingsFile(path: temp.path + "/settings.toml")
        try "tool = [\n".write(toFile: file.path, atomically: true, encoding: .utf8)
        let damaged = file.load()
        XCTAssertEqual(damaged.settings, AppSettings())
        XCTAssertTrue(damaged.problem?.contains("could not be read") ?? false, damaged.problem ?? "")
        try "tool = 'l'\nstroke_width = 'wide'\ntaper_with_speed = 3\ntext_size = 30\n".write(toFile: file.path, atomically: true, encoding: .utf8)
        let partly = file.load()
        XCTAssertEqual(partly.settings.tool, "l")
        XCTAssertEqual(partly.settings.textSize, 30, "a whole number is a number")
        XCTAssertNil(partly.settings.strokeWidth)
        XCTAssertNil(partly.settings.taperWithSpeed)
        XCTAssertTrue(partly.problem?.contains("stroke_width, taper_with_speed") ?? false, partly.problem ?? "")
        // A directory where the file should be: said, never a crash.
        let folder = SettingsFile(path: temp.path)
        XCTAssertNotNil(folder.load().problem)
    }
}
