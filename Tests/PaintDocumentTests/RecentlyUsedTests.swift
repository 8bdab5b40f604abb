import Foundation
import XCTest
@testable import PaintDocument
import TestSupport

/// The desktop's recently-used list as GLib reads it: X11Paint's files are added
/// with its name and their MIME type, and what other applications wrote stays.
final class RecentlyUsedTests: XCTestCase {
    private let temp = TemporaryDirectory()

    /// GLib's own GBookmarkFile, in a small C program built for the test (libglib2.0-dev):
    /// `add FILE URI MIME APP` as another application would, `show FILE URI APP` what GLib reads.
    private func glib(_ arguments: [String]) throws -> String {
        let tool = temp.path + "/bookmarks"
        if access(tool, X_OK) != 0 {
            let source = temp.path + "/bookmarks.c"
            try Self.program.write(toFile: source, atomically: true, encoding: .utf8)
            XCTAssertEqual(try run("/bin/sh", ["-c", "cc -o '\(tool)' '\(source)' $(pkg-config --cflags --libs glib-2.0)"]).status, 0)
        }
        let result = try run(tool, arguments)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try ExternalCommand.run(executable, arguments)
    }

    private static let program = """
        #include <glib.h>
        #include <stdio.h>
        #include <string.h>
        int main(int argc, char **argv) {
            GBookmarkFile *b = g_bookmark_file_new();
            GError *error = NULL;
            if (g_file_test(argv[2], G_FILE_TEST_EXISTS) && !g_bookmark_file_load_from_file(b, argv[2], &error)) {
                printf("load: %s\\n", error->message); return 1;
            }
            if (strcmp(argv[1], "add") == 0) {
                g_bookmark_file_set_mime_type(b, argv[3], argv[4]);
                g_bookmark_file_add_application(b, argv[3], argv[5], "gedit %u");
                return g_bookmark_file_to_file(b, argv[2], NULL) ? 0 : 1;
            }
            gsize n = 0;
            gchar **uris = g_bookmark_file_get_uris(b, &n);
            printf("%lu\\n", (unsigned long)n);
            gchar *mime = g_bookmark_file_get_mime_type(b, argv[3], NULL);
            guint count = 0;
            g_bookmark_file_get_application_info(b, argv[3], argv[4], NULL, &count, NULL, NULL);
            printf("%s\\n%s\\n%u\\n", mime ? mime : "(none)", g_bookmark_file_has_application(b, argv[3], argv[4], NULL) ? "yes" : "no", count);
            g_strfreev(uris);
            return 0;
        }
        """

    func testGLibReadsTheFilesAddedAndKeepsEveryOneElses() throws {
        let list = temp.path + "/share/recently-used.xbel"
        try FileManager.default.createDirectory(atPath: temp.path + "/share", withIntermediateDirectories: true)
        // Another application's entry, written by GLib itself.
        _ = try glib(["add", list, "file:///home/u/notes.txt", "text/plain", "gedit"])
        let recent = RecentlyUsed(path: list)
        let file = temp.path + "/My drawing 画.png"
        try recent.add(file, now: Date(timeIntervalSince1970: 1_800_000_000))
        try recent.add(file, now: Date(timeIntervalSince1970: 1_800_000_010))
        try recent.add(temp.path + "/photo.jpg", now: Date(timeIntervalSince1970: 1_800_000_020))
        let uri = RecentlyUsed.uri(for: file)
        XCTAssertEqual(try glib(["show", list, uri, "X11Paint"]).split(separator: "\n").map(String.init), ["3", "image/png", "yes", "2"],
                       "GLib reads three files, ours a PNG used twice by X11Paint")
        XCTAssertEqual(try glib(["show", list, "file:///home/u/notes.txt", "gedit"]).split(separator: "\n").map(String.init),
                       ["3", "text/plain", "yes", "1"], "the other application's entry is as it was")
        XCTAssertEqual(recent.files(), [temp.path + "/photo.jpg", file], "most recent first, ours only")
    }

    func testAListThatCannotBeReadIsLeftAlone() throws {
        let list = temp.path + "/recently-used.xbel"
        try Data("<xbel><bookmark".utf8).write(to: URL(fileURLWithPath: list))
        XCTAssertThrowsError(try RecentlyUsed(path: list).add(temp.path + "/a.png"))
        XCTAssertEqual(try String(contentsOfFile: list, encoding: .utf8), "<xbel><bookmark", "not overwritten")
        XCTAssertEqual(RecentlyUsed(environment: ["HOME": "/home/u"]).path, "/home/u/.local/share/recently-used.xbel")
    }
}
