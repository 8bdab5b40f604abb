import XCTest
@testable import PaintDocument
import TestSupport

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
        XCTAssertNil(dirs["XDG_VIDEOS_DIR"], "xdg-user-dirs knows $HOME, not ${HOME}")
        XCTAssertNil(dirs["XDG_DOCUMENTS_DIR"], "relative paths are refused")
        XCTAssertEqual(dirs["XDG_TEMPLATES_DIR"], "/home/ann/unterminated", "the value runs to the end of the line")
        XCTAssertNil(dirs["NOT_A_DIR"])
        XCTAssertEqual(dirs.count, 4)
    }

    func testBackslashEscapesAnyCharacter() {
        let dirs = UserDirectories.parse(#"XDG_PICTURES_DIR="$HOME/a\\b\$c""#, home: "/h")
        XCTAssertEqual(dirs["XDG_PICTURES_DIR"], #"/h/a\b$c"#)
    }

    func testEscapesAndLineBreaksAreReadAsXdgUserDirsReadsThem() {
        // A shell keeps "\n" inside double quotes; xdg-user-dirs (and so every desktop app)
        // reads the backslash as "take the next character": "anb".
        XCTAssertEqual(UserDirectories.parse(#"XDG_PICTURES_DIR="$HOME/a\nb""#, home: "/h")["XDG_PICTURES_DIR"], "/h/anb")
        // A real line break inside the quotes ends the value: the lookup reads line by line.
        XCTAssertEqual(UserDirectories.parse("XDG_PICTURES_DIR=\"$HOME/a\nb\"\n", home: "/h")["XDG_PICTURES_DIR"], "/h/a")
        XCTAssertEqual(UserDirectories.parse("XDG_PICTURES_DIR=/unquoted\n", home: "/h")["XDG_PICTURES_DIR"], nil)
        XCTAssertEqual(UserDirectories.parse("XDG_PICTURES_DIR=\"/a\"\nXDG_PICTURES_DIR=\"/b\"\n", home: "/h")["XDG_PICTURES_DIR"], "/b",
                       "the last line wins")
        XCTAssertEqual(UserDirectories.parse(#"XDG_PICTURES_DIR="/end\"#, home: "/h")["XDG_PICTURES_DIR"], #"/end\"#)
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
