import Foundation
import DrawingBoard
@testable import PaintGraphics
import XCTest

/// Compares images and, on failure, writes actual, expected and diff PNGs for a person to look at.
enum ImageComparison {
    /// Mean absolute error over the colour channels, in 0...255 units.
    static func meanAbsoluteError(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in 0..<(a.width * a.height) {
            let p = a.pixels[i], q = b.pixels[i]
            for shift in [0, 8, 16, 24] as [UInt32] {
                total += abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
            }
        }
        return Double(total) / Double(a.width * a.height * 4)
    }

    static func diff(_ a: Bitmap, _ b: Bitmap) -> Bitmap {
        let result = Bitmap(width: a.width, height: a.height, color: .white)
        for i in 0..<(a.width * a.height) {
            var worst = 0
            for shift in [0, 8, 16] as [UInt32] {
                worst = max(worst, abs(Int((a.pixels[i] >> shift) & 0xFF) - Int((b.pixels[i] >> shift) & 0xFF)))
            }
            let v = UInt32(255 - min(255, worst * 4))
            result.pixels[i] = 0xFF00_0000 | 0xFF << 16 | v << 8 | v
        }
        return result
    }

    static var failureFolder: String {
        ProcessInfo.processInfo.environment["GOLDEN_FAILURES"] ?? NSTemporaryDirectory() + "x11paint-golden-failures"
    }

    static func writeFailure(name: String, actual: Bitmap, expected: Bitmap, cairo: Bitmap?) -> String {
        let folder = failureFolder
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var images = [("actual", actual), ("expected", expected), ("diff", diff(actual, expected))]
        if let cairo { images.append(("cairo", cairo)) }
        for (suffix, image) in images {
            if let data = try? PNGCodec.encode(image) {
                FileManager.default.createFile(atPath: "\(folder)/\(name)-\(suffix).png", contents: data)
            }
        }
        return folder
    }
}
