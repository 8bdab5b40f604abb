import Foundation
import XCTest
import PaintGraphics

/// Small filesystems of a test's own (a full disk, a read-only folder); mounting needs root,
/// which CI has; elsewhere the test is skipped and says so. Unmounted by `unmountAll`.
package final class ScratchMounts {
    private var mounted: [String] = []

    package init() {}

    package func tmpfs(at path: String, options: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", path]) == 0 else {
            throw XCTSkip("cannot mount a tmpfs here (not root?)")
        }
        mounted.append(path)
    }

    /// Changes a mount's options (for example to "remount,ro").
    package func remount(_ path: String, options: String) -> Bool {
        Self.run("/bin/mount", ["-o", options, path]) == 0
    }

    package func unmountAll() {
        for point in mounted.reversed() { _ = Self.run("/bin/umount", [point]) }
        mounted = []
    }

    @discardableResult
    package static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
