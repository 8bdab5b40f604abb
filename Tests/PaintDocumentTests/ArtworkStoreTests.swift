import XCTest
@testable import PaintDocument
import TestSupport

final class ArtworkStoreTests: XCTestCase {
    private let morning = Date(timeIntervalSince1970: 1_795_336_530) // 2026-11-22 08:35:30 UTC

    func testFileNamesCarryATimestampAndACounterWhenTaken() {
        let utc = TimeZone(identifier: "UTC")!
        XCTAssertEqual(ArtworkFileName.make(for: morning, attempt: 1, timeZone: utc), "X11Paint 2026-11-22 08-35-30.png")
        XCTAssertEqual(ArtworkFileName.make(for: morning, attempt: 2, timeZone: utc), "X11Paint 2026-11-22 08-35-30 - 2.png")
        XCTAssertEqual(ArtworkFileName.make(for: morning, attempt: 3, timeZone: utc), "X11Paint 2026-11-22 08-35-30 - 3.png")
    }

    func testSavingTwiceInOneSecondNeverOverwrites() throws {
        let temp = TemporaryDirectory()
        let store = PicturesArtworkStore(environment: ["HOME": temp.path], now: { self.morning })
        let red = Bitmap(width: 8, height: 8, color: .red), blue = Bitmap(width: 8, height: 8, color: .blue)
        let first = try store.save(red)
        let second = try store.save(blue)
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(first.hasPrefix(temp.path + "/Pictures/X11Paint "), "created the Pictures folder: \(first)")
        XCTAssertTrue(second.hasSuffix(" - 2.png"))
        XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: first))).isEqual(to: red))
        XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: second))).isEqual(to: blue))
    }

    func testNoTemporaryFilesAreLeftBehind() throws {
        let temp = TemporaryDirectory()
        let store = PicturesArtworkStore(environment: ["HOME": temp.path], now: { self.morning })
        _ = try store.save(Bitmap(width: 8, height: 8, color: .red))
        let names = try FileManager.default.contentsOfDirectory(atPath: temp.path + "/Pictures")
        XCTAssertEqual(names.count, 1, "\(names)")
    }

    func testSavedFilesAreReadableByOthersLikeAnyPicture() throws {
        let temp = TemporaryDirectory()
        let path = try PicturesArtworkStore(environment: ["HOME": temp.path]).save(Bitmap(width: 2, height: 2, color: .red))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions.map { $0 & 0o044 }, 0o044 & ~Int(currentUmask()))
    }

    func testAnUnusablePicturesFolderGivesAClearMessage() throws {
        let temp = TemporaryDirectory()
        // A file where the folder should be: no user can write there, root included.
        temp.write("not a folder", to: "Pictures")
        let store = PicturesArtworkStore(environment: ["HOME": temp.path])
        XCTAssertThrowsError(try store.save(Bitmap(width: 2, height: 2, color: .red))) { error in
            XCTAssertTrue("\(error)".contains(temp.path + "/Pictures"), "names the folder: \(error)")
        }
    }

    private func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}

final class StaleTemporaryTests: XCTestCase {
    func testTemporariesAKilledSaveLeftAreRemovedOnceStaleAndNothingElse() throws {
        let temp = TemporaryDirectory()
        let names = [".x11paint-save-AbC123", ".x11paint-Zz9xY1", ".x11paint-save-young1", "photo.png", ".x11paint-save-toolongname"]
        for name in names { temp.write("data", to: name) }
        let old = Date().addingTimeInterval(-3600)
        for name in names where name != ".x11paint-save-young1" {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: temp.path + "/" + name)
        }
        XCTAssertEqual(AtomicFileWriter.removeStaleTemporaries(in: temp.path, olderThan: 60), 2)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: temp.path))
        XCTAssertEqual(left, [".x11paint-save-young1", "photo.png", ".x11paint-save-toolongname"],
                       "a save in progress elsewhere and the user's own files stay")
    }
}
