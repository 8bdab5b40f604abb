import CImageCodecs
import Foundation

extension PNGCodec {
    /// The PNG with tEXt chunks (key, value) after its header (the thumbnail cache's
    /// Thumb::URI and Thumb::MTime). Values are Latin-1 text: URIs and numbers.
    public static func addingText(_ pairs: [(key: String, value: String)], to png: Data) throws -> Data {
        let keys = pairs.map { strdup($0.key) }, values = pairs.map { strdup($0.value) }
        defer { (keys + values).forEach { free($0) } }
        var buffer = codecs_buffer()
        defer { codecs_free_buffer(&buffer) }
        let status = png.withUnsafeBytes { bytes in
            keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { keyPointers in
                values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                    codecs_png_add_text(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, keyPointers.baseAddress,
                                        valuePointers.baseAddress, Int32(pairs.count), &buffer)
                }
            }
        }
        guard status == 0, let start = buffer.bytes else { throw CodecError.encode("cannot add text to the PNG") }
        return Data(bytes: start, count: buffer.length)
    }

    /// The tEXt chunk `key`'s value before the image data, if the PNG has one.
    public static func text(_ key: String, in png: Data) -> String? {
        var value = [CChar](repeating: 0, count: 4096)
        let status = png.withUnsafeBytes { bytes in
            codecs_png_text(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, key, &value, value.count)
        }
        return status == 0 ? String(cString: value) : nil
    }
}
