import Foundation
import PaintDocument

/// How messages travel in WebSocket binary frames: one message per frame, as JSON (the encoding
/// the journal already keeps operations in), never larger than `maximumMessageBytes`.
public enum SessionWire {
    /// A message larger than this is refused before it is decoded: a pasted 24-megapixel photo
    /// as PNG fits, a hostile peer's gigabyte does not reach the decoder.
    public static let maximumMessageBytes = 64 << 20

    public enum WireError: Error, CustomStringConvertible {
        case tooLarge(Int)
        case unreadable(String)

        public var description: String {
            switch self {
            case .tooLarge(let bytes): return "a message of \(bytes) bytes is over the limit of \(SessionWire.maximumMessageBytes)"
            case .unreadable(let why): return "an unreadable message: \(why)"
            }
        }
    }

    public static func encode<Message: Encodable>(_ message: Message) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(message))
    }

    /// `pictures`: the pictures operations may name (a server's keeps their sizes only).
    public static func decode<Message: Decodable>(_ type: Message.Type, from bytes: [UInt8], pictures: AssetRegistry? = nil) throws -> Message {
        guard bytes.count <= maximumMessageBytes else { throw WireError.tooLarge(bytes.count) }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[ImageAsset.registryKey] = pictures ?? {
                let sizes = AssetRegistry()
                sizes.sizesOnly = true
                return sizes
            }()
            return try decoder.decode(type, from: Data(bytes))
        } catch {
            throw WireError.unreadable("\(error)")
        }
    }
}
