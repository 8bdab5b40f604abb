import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// What the app's own chooser lists: folders first, pictures by name, size or date,
/// hidden files on request; the places; Tab completion.
final class FileChooserModelTests: XCTestCase {
    private let temp = TemporaryDirectory()

    private func file(_ name: String, bytes: Int, age: Double) throws {
        let path = temp.path + "/" + name
        try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
    }

    func testFoldersComeFirstAndEachColumnSortsBothWays() throws {
        try file("file10.png", bytes: 300, age: 10)
        try file("file9.png", bytes: 100, age: 30)
        try file("Apple.jpg", bytes: 200, age: 20)
        try file("notes.txt", bytes: 5, age: 1)
        try file(".secret.png", bytes: 1, age: 1)
        try FileManager.default.createDirectory(atPath: temp.path + "/zoo", withIntermediateDirectories: true)
        var listing = try FolderListing(folder: temp.path)
        XCTAssertEqual(listing.entries.map(\.name), ["zoo", "Apple.jpg", "file9.png", "file10.png"], "numbers in order, text files and hidden ones left out")
        listing.sort(by: .size, ascending: false)
        XCTAssertEqual(listing.entries.map(\.name), ["zoo", "file10.png", "Apple.jpg", "file9.png"])
        listing.sort(by: .modified, ascending: true)
        XCTAssertEqual(listing.entries.map(\.name), ["zoo", "file9.png", "Apple.jpg", "file10.png"])
        XCTAssertEqual(listing.entries.first { $0.name == "file9.png" }?.size, 100)
        let everything = try FolderListing(folder: temp.path, showingHidden: true, extensions: nil)
        XCTAssertEqual(Set(everything.entries.map(\.name)), ["zoo", "Apple.jpg", "file9.png", "file10.png", "notes.txt", ".secret.png"])
        XCTAssertThrowsError(try FolderListing(folder: temp.path + "/missing"))
    }

    func testPlacesAreTheUserFoldersThatExistRecentAndTheBookmarks() throws {
        let home = temp.path
        for folder in ["Pictures", "Bilder", "Projects"] { try FileManager.default.createDirectory(atPath: home + "/" + folder, withIntermediateDirectories: true) }
        let bookmarks = "file://\(home)/Projects Work\nfile://\(home)/Bilder\nfile:///nonexistent/folder Gone\nsftp://server/share Remote\n"
        let places = Place.standard(home: home, userDirectories: ["XDG_PICTURES_DIR": home + "/Bilder"], bookmarks: bookmarks)
        XCTAssertEqual(places.map(\.name), ["Home", "Pictures", "Recent", "Work", "Bilder"], "no Desktop or Documents here; gone and remote bookmarks left out")
        XCTAssertEqual(places[1].path, home + "/Bilder", "Pictures is where user-dirs says")
        XCTAssertEqual(places[2].kind, .recent)
        XCTAssertEqual(Place.parseBookmarks("file:///tmp/My%20Stuff\n").first, Place(name: "My Stuff", path: "/tmp/My Stuff"))
    }

    func testTabCompletesTheCommonBeginningAndAFolderGetsItsSlash() throws {
        try file("sunrise.png", bytes: 1, age: 1)
        try file("sunset.png", bytes: 1, age: 1)
        try FileManager.default.createDirectory(atPath: temp.path + "/summer", withIntermediateDirectories: true)
        XCTAssertEqual(PathCompletion.complete("sunr", in: temp.path, home: "/nowhere"), "sunrise.png")
        XCTAssertEqual(PathCompletion.complete("sun", in: temp.path, home: "/nowhere"), "sun", "sunrise and sunset share only sun")
        XCTAssertEqual(PathCompletion.complete(temp.path + "/summ", in: "/", home: "/nowhere"), temp.path + "/summer/")
        XCTAssertEqual(PathCompletion.complete("~/sunri", in: "/", home: temp.path), "~/sunrise.png")
        XCTAssertEqual(PathCompletion.complete("winter", in: temp.path, home: "/nowhere"), "winter", "nothing matches: unchanged")
    }
}
