import Foundation
import DrawingBoard
import XCTest

/// `make install` into a DESTDIR puts every file where the freedesktop specifications
/// say (and Debian's own validators accept them), the installed app finds its icons and
/// translations there, `make uninstall` removes exactly those files, and the Debian package
/// installs (into a private dpkg root), runs, and is removed. The debug binary stands in for the
/// release one (BINARY), so the test does not build twice.
final class InstallTests: XCTestCase {
    private static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    private var scratch: String!

    override func setUpWithError() throws {
        scratch = NSTemporaryDirectory() + "x11paint-install-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }

    private func run(_ tool: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        return try ExternalTool.run(tool, arguments, environment: environment, timeout: 120)
    }

    private func script(_ name: String, _ arguments: [String], environment: [String: String]) throws -> String {
        try run("bash", ["\(Self.checkout)/scripts/\(name)"] + arguments, environment: environment)
    }

    func testInstallPutsEveryFileWhereTheDesktopLooksAndUninstallRemovesThem() throws {
        let destdir = scratch + "/stage"
        let environment = ["DESTDIR": destdir, "PREFIX": "/usr", "BINARY": RunningApp.binaryPath]
        _ = try script("install.sh", ["install"], environment: environment)
        let listed = try script("install.sh", ["list"], environment: environment).split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(listed.count, 20)
        for file in listed { XCTAssertTrue(FileManager.default.fileExists(atPath: destdir + file), "\(file) installed") }
        let usr = destdir + "/usr"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: usr + "/bin/x11paint"))
        // Debian's validators accept the desktop entry and the AppStream metadata as installed.
        _ = try run("desktop-file-validate", [usr + "/share/applications/x11paint.desktop"])
        _ = try run("appstreamcli", ["validate", "--no-net", usr + "/share/metainfo/io.github.x11paint.X11Paint.metainfo.xml"])
        let desktop = try String(contentsOfFile: usr + "/share/applications/x11paint.desktop", encoding: .utf8)
        for line in ["Exec=x11paint %U", "MimeType=image/png;image/jpeg;image/webp;image/heic;image/avif;image/tiff;image/gif;image/bmp;image/svg+xml;image/openraster;x-scheme-handler/x11paint;x-scheme-handler/x11paints;", "StartupWMClass=X11Paint", "Icon=x11paint", "Name[zh_CN]="] {
            XCTAssertTrue(desktop.contains(line), line)
        }
        // The icon at every size the hicolor theme keeps, drawn at that size.
        for size in [16, 22, 24, 32, 48, 64, 128, 256, 512] {
            let icon = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: usr + "/share/icons/hicolor/\(size)x\(size)/apps/x11paint.png")))
            XCTAssertEqual(icon.width, size)
            XCTAssertEqual(icon.height, size)
        }
        let manual = try run("gzip", ["-dc", usr + "/share/man/man1/x11paint.1.gz"])
        XCTAssertTrue(manual.contains(".TH X11PAINT 1"))
        // The installed app finds its translations under PREFIX/share (none in the environment).
        var plain = ProcessInfo.processInfo.environment
        plain["X11PAINT_RESOURCES"] = nil
        plain["X11PAINT_LOCALEDIR"] = nil
        plain["LANG"] = "zh_CN.UTF-8"
        plain["LANGUAGE"] = nil
        plain["LC_ALL"] = nil
        let help = try ExternalTool.run(usr + "/bin/x11paint", ["--help"], environment: plain)
        XCTAssertTrue(help.contains("窗口"), "the Chinese --help from the installed catalog: \(help.prefix(300))")

        _ = try script("install.sh", ["uninstall"], environment: environment)
        for file in listed { XCTAssertFalse(FileManager.default.fileExists(atPath: destdir + file), "\(file) removed") }
        let left = FileManager.default.enumerator(atPath: destdir)?.compactMap { $0 as? String }
            .filter { !((try? FileManager.default.attributesOfItem(atPath: destdir + "/" + $0)[.type] as? FileAttributeType) == .typeDirectory) } ?? []
        XCTAssertEqual(left, [], "no file left behind")
    }

    func testTheDebianPackageInstallsRunsAndIsRemoved() throws {
        try XCTSkipUnless(geteuid() == 0, "dpkg --root installs as root (CI runs as root)")
        let built = try script("build-deb.sh", [scratch], environment: ["BINARY": RunningApp.binaryPath])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(built.hasSuffix(".deb") && FileManager.default.fileExists(atPath: built), built)
        let depends = try run("dpkg-deb", ["-f", built, "Depends"])
        for package in ["libx11-6", "libharfbuzz0b", "libpng16-16", "librsvg2-2", "libssl3", "libgdk-pixbuf-2.0-0", "libtiff6", "fonts-dejavu-core"] {
            XCTAssertTrue(depends.contains(package), "Depends names \(package): \(depends)")
        }
        // A private dpkg database: the package goes in and out without touching the machine's.
        let root = scratch + "/root"
        for folder in ["var/lib/dpkg/info", "var/lib/dpkg/updates"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        FileManager.default.createFile(atPath: root + "/var/lib/dpkg/status", contents: Data())
        _ = try run("dpkg", ["--root=" + root, "--force-depends", "-i", built])
        let version = try ExternalTool.run(root + "/usr/bin/x11paint", ["--version"], environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(version.trimmingCharacters(in: .whitespacesAndNewlines), X11PaintVersion.expected)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/usr/share/applications/x11paint.desktop"))
        _ = try run("dpkg", ["--root=" + root, "-r", "x11paint"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/usr/bin/x11paint"), "removed")
    }
}

/// The version the sources declare (Help → About and --version say it too).
enum X11PaintVersion {
    static var expected: String { AppInfo.version }
}
