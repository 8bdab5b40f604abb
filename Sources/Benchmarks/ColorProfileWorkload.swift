import Foundation
import DrawingBoard

/// Colour management: opening a 24-megapixel TIFF that carries an Adobe RGB profile
/// (colord's), read and converted to sRGB by Little CMS (two threads), beside libtiff and Little
/// CMS doing the same in process (scripts/codec-anchor.c: the file read to RGBA, the transform's
/// rows split between as many threads), and beside our reading of the same file without the
/// profile: what the conversion adds.
enum ColorProfileWorkload {
    static func run(runs: Int) -> [BenchmarkResult] {
        let adobe = "/usr/share/color/icc/colord/AdobeRGB1998.icc"
        guard let profile = FileManager.default.contents(atPath: adobe) else {
            print("    (no \(adobe): install colord-data)")
            return []
        }
        let picture = AdjustmentWorkload.picture(width: 6000, height: 4000)
        let tagged = "/tmp/x11paint-bench-24mp-adobe.tif", plain = "/tmp/x11paint-bench-24mp-plain.tif"
        guard let taggedData = try? TIFFCodec.encode(picture, compression: .lzw, profile: ColorProfile(bytes: profile)),
              let plainData = try? TIFFCodec.encode(picture, compression: .lzw, profile: nil),
              FileManager.default.createFile(atPath: tagged, contents: taggedData),
              FileManager.default.createFile(atPath: plain, contents: plainData) else { return [] }
        var converted = Double.infinity, unconverted = Double.infinity, theirs = Double.infinity
        for _ in 0..<runs {
            converted = min(converted, Stopwatch.best(runs: 1, setup: { () }) { _ in _ = try? TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: tagged))) })
            unconverted = min(unconverted, Stopwatch.best(runs: 1, setup: { () }) { _ in _ = try? TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: plain))) })
            if let time = CodecAnchor.time(["tiff", tagged, adobe, "1", "2"]) { theirs = min(theirs, time) }
        }
        guard theirs.isFinite else { return [] }
        let anchor = "libtiff \(PhonePictureWorkload.version("libtiff-4")) + Little CMS \(PhonePictureWorkload.version("lcms2"))"
        return [BenchmarkResult(name: "Opening a 24 MP Adobe RGB TIFF, converted to sRGB (colour management)",
                                ours: converted, cairo: theirs, target: .withinFactor(1.3),
                                note: "both on two threads, timed in process; the same file without its profile opens in \(format(unconverted * 1000, digits: 0)) ms here",
                                anchor: anchor)]
    }
}
