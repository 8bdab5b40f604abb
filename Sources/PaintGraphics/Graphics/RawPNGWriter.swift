import CImageCodecs
import Foundation

/// Builds PNG files chunk by chunk from raw scanlines, including ones no encoder would write:
/// image data that inflates to far more than the rows need. Tests and benchmarks make hostile
/// and huge files with it; the app itself encodes through libpng.
public enum RawPNGWriter {
    /// An 8-bit PNG (`colorType` 0 gray, 2 RGB) of `scanlines` (each row: filter byte 0, then
    /// the samples) followed in the same zlib stream by `surplus` zero bytes, IDAT split in
    /// 64 KB chunks as encoders do.
    public static func png(width: Int, height: Int, colorType: UInt8, scanlines: [UInt8], surplus: Int = 0) -> Data? {
        var compressed = codecs_buffer()
        guard codecs_zlib_compress(scanlines, scanlines.count, surplus, 9, &compressed) == 0, let bytes = compressed.bytes else { return nil }
        defer { codecs_free_buffer(&compressed) }
        let idat = Data(bytes: bytes, count: compressed.length)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        for value in [UInt32(width), UInt32(height)] { header.append(contentsOf: bigEndian(value)) }
        header.append(contentsOf: [8, colorType, 0, 0, 0])
        append(chunk: "IHDR", header, to: &png)
        var offset = 0
        while offset < idat.count {
            append(chunk: "IDAT", idat.subdata(in: offset..<min(idat.count, offset + 65536)), to: &png)
            offset += 65536
        }
        append(chunk: "IEND", Data(), to: &png)
        return png
    }

    private static func append(chunk type: String, _ body: Data, to png: inout Data) {
        png.append(contentsOf: bigEndian(UInt32(body.count)))
        let typed = Data(type.utf8) + body
        png.append(typed)
        png.append(contentsOf: bigEndian(typed.withUnsafeBytes { codecs_crc32($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}
