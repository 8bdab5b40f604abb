import Foundation
import DrawingBoard

/// The camera-sized picture the photo and document benchmarks open: 6000x4000, gradients
/// with a fine texture (a JPEG of it is about as hard to decode as a photo).
enum SyntheticPhoto {
    static func jpeg24Megapixels() -> Data? {
        let picture = Bitmap(width: 6000, height: 4000)
        for y in 0..<4000 {
            let row = picture.pixels + y * 6000
            for x in 0..<6000 { row[x] = 0xFF00_0000 | UInt32((x * 255 / 6000) << 16) | UInt32((y * 255 / 4000) << 8) | UInt32((x ^ y) & 0xFF) }
        }
        return try? JPEGCodec.encode(picture)
    }

    /// `x11paint-bench --write-photo FILE`: the picture for the end-to-end photo harness.
    static func write(to path: String) -> Never {
        guard let data = jpeg24Megapixels(), FileManager.default.createFile(atPath: path, contents: data) else {
            print("could not write \(path)")
            exit(1)
        }
        print("wrote \(path)")
        exit(0)
    }
}
