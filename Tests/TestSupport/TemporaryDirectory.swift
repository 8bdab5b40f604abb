import Foundation
import PaintGraphics

/// A fresh directory under the system temporary folder, removed on deinit.
package final class TemporaryDirectory {
    package let path: String

    package init() {
        path = NSTemporaryDirectory() + "x11paint-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    package func write(_ text: String, to relative: String) {
        let full = path + "/" + relative
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! text.write(toFile: full, atomically: true, encoding: .utf8)
    }
}
