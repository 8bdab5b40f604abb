import XCTest
@testable import PaintCore

final class UserDirectoriesTests: XCTestCase {
    func testParsesHomeRelativeAbsoluteQuotedAndEscapedEntries() {
        let file = """
        # This file is written by xdg-user-dirs-update
        XDG_DESKTOP_DIR="$HOME/Desktop"
        XDG_PICTURES_DIR="$HOME/My \\"Best\\" Pictures"
          XDG_MUSIC_DIR = "/srv/music"
        XDG_VIDEOS_DIR="${HOME}/Videos"
        XDG_DOCUMENTS_DIR="relative/not/allowed"
        XDG_TEMPLATES_DIR="$HOME/unterminated
        NOT_A_DIR="$HOME/x"
        garbage line
        """
        let dirs = UserDirectories.parse(file, home: "/home/ann")
        XCTAssertEqual(dirs["XDG_DESKTOP_DIR"], "/home/ann/Desktop")
        XCTAssertEqual(dirs["XDG_PICTURES_DIR"], "/home/ann/My \"Best\" Pictures")
        XCTAssertEqual(dirs["XDG_MUSIC_DIR"], "/srv/music")
        XCTAssertEqual(dirs["XDG_VIDEOS_DIR"], "/home/ann/Videos")
        XCTAssertNil(dirs["XDG_DOCUMENTS_DIR"], "relative paths are refused")
        XCTAssertNil(dirs["XDG_TEMPLATES_DIR"], "an unterminated quote is malformed")
        XCTAssertNil(dirs["NOT_A_DIR"])
        XCTAssertEqual(dirs.count, 4)
    }

    func testBackslashEscapesAnyCharacter() {
        let dirs = UserDirectories.parse(#"XDG_PICTURES_DIR="$HOME/a\\b\$c""#, home: "/h")
        XCTAssertEqual(dirs["XDG_PICTURES_DIR"], #"/h/a\b$c"#)
    }

    func testPicturesFolderComesFromUserDirsInTheConfigHome() {
        let temp = TemporaryDirectory()
        temp.write("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n", to: "config/user-dirs.dirs")
        let folder = PicturesFolder.resolve(environment: ["HOME": temp.path, "XDG_CONFIG_HOME": temp.path + "/config"])
        XCTAssertEqual(folder, temp.path + "/Bilder")
    }

    func testPicturesFolderDefaultsToHomeConfigThenToPictures() {
        let temp = TemporaryDirectory()
        XCTAssertEqual(PicturesFolder.resolve(environment: ["HOME": temp.path]), temp.path + "/Pictures", "no user-dirs.dirs")
        temp.write("XDG_MUSIC_DIR=\"$HOME/Music\"\n", to: ".config/user-dirs.dirs")
        XCTAssertEqual(PicturesFolder.resolve(environment: ["HOME": temp.path]), temp.path + "/Pictures", "no pictures entry")
        temp.write("XDG_PICTURES_DIR=\"$HOME/Fotos\"\n", to: ".config/user-dirs.dirs")
        XCTAssertEqual(PicturesFolder.resolve(environment: ["HOME": temp.path]), temp.path + "/Fotos", "~/.config is the default")
        temp.write("XDG_PICTURES_DIR=\"$HOME/\"\n", to: ".config/user-dirs.dirs")
        XCTAssertEqual(PicturesFolder.resolve(environment: ["HOME": temp.path]), temp.path + "/Pictures",
                       "a directory set to $HOME is disabled")
    }
}

final class UserDirectoriesLineEndingTests: XCTestCase {
    func testWindowsLineEndingsAreLinesToo() {
        // "\r\n" is one Character in Swift; a split on "\n" alone would see one long line.
        let dirs = UserDirectories.parse("XDG_DESKTOP_DIR=\"$HOME/Desk\"\r\nXDG_PICTURES_DIR=\"$HOME/Pics\"\r\n", home: "/h")
        XCTAssertEqual(dirs["XDG_PICTURES_DIR"], "/h/Pics")
        XCTAssertEqual(dirs["XDG_DESKTOP_DIR"], "/h/Desk")
    }
}
