import Foundation
import PaintDocument

/// A session's recording as a file: what a joiner is sent, kept. The pictures, the drawing the
/// session starts from, then its operations in the session's order, each one message as it
/// travels (JSON) after its length in four bytes (big-endian). `x11paint-server export SESSION
/// NAME.x11session` writes one; `x11paint --play NAME.x11session` plays it back.
public enum SessionRecordingFile {
    public static let fileEnding = "x11session"
    static let signature = Array("X11Paint session recording 1\n".utf8)

    /// What a recording holds, read.
    public struct Recording {
        public var start: SessionStart
        public var operations: [(sequence: UInt64, operation: DocumentOperation)]
        /// Why the file ends before its end (nil: it is whole); what came before is kept.
        public var damage: String?
    }

    public struct RecordingError: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Whether `path` names a recording by its ending.
    public static func isRecording(_ path: String) -> Bool { path.lowercased().hasSuffix("." + fileEnding) }

    /// Writes a recording message by message; the file appears whole, under its name, only when
    /// `finish` has flushed it (an export that fails midway leaves no half recording).
    public final class Writer {
        private let path: String
        private let partial: String
        private let handle: FileHandle
        private var buffer: [UInt8] = []

        public init(path: String) throws {
            self.path = path
            partial = path + ".part"
            guard FileManager.default.createFile(atPath: partial, contents: Data(signature)),
                  let handle = FileHandle(forWritingAtPath: partial) else {
                throw RecordingError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            self.handle = handle
            handle.seekToEndOfFile()
        }

        deinit {
            try? handle.close()
            unlink(partial)
        }

        public func append(_ message: ServerMessage) throws { try append(encoded: SessionWire.encode(message)) }

        /// A message already encoded (a store's bodies are spliced into their messages as they are).
        public func append(encoded: [UInt8]) throws {
            let count = UInt32(encoded.count)
            buffer += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
            buffer += encoded
            if buffer.count >= 1 << 20 { try flush() }
        }

        public func finish() throws {
            try flush()
            do {
                try handle.synchronize()
                try handle.close()
            } catch {
                throw RecordingError("cannot write \(path): \(error.localizedDescription)")
            }
            guard rename(partial, path) == 0 else { throw RecordingError("cannot write \(path): \(String(cString: strerror(errno)))") }
        }

        private func flush() throws {
            do {
                try handle.write(contentsOf: buffer)
            } catch {
                throw RecordingError("cannot write \(path): \(error.localizedDescription)")
            }
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Reads the recording at `path`. A file that is not one, or holds no drawing to start from,
    /// is an error; one cut short (a full disk, a copy stopped midway) gives what it holds, and
    /// says where it ends. No message larger than the wire's limit reaches a decoder.
    public static func read(_ path: String) throws -> Recording {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RecordingError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        guard (try? handle.read(upToCount: signature.count)).map({ Array($0) }) == signature else {
            throw RecordingError("\(path) is not an X11Paint session recording")
        }
        let pictures = AssetRegistry()
        pictures.placeholder = { width, height in PicturePlaceholder.make(width: min(max(width, 1), 4096), height: min(max(height, 1), 4096)) }
        var start: SessionStart?, operations: [(sequence: UInt64, operation: DocumentOperation)] = []
        var offset = UInt64(signature.count), damage: String?
        reading: while true {
            guard let header = try? handle.read(upToCount: 4), !header.isEmpty else { break }
            let bytes = Array(header)
            guard bytes.count == 4 else {
                damage = "it ends inside a message, at byte \(offset)"
                break
            }
            let count = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
            guard count <= SessionWire.maximumMessageBytes else {
                damage = "a message at byte \(offset) claims \(count) bytes, over the limit of \(SessionWire.maximumMessageBytes)"
                break
            }
            guard let body = try? handle.read(upToCount: count), body.count == count else {
                damage = "it ends inside a message, at byte \(offset)"
                break
            }
            let message: ServerMessage
            do {
                message = try SessionWire.decode(ServerMessage.self, from: Array(body), pictures: pictures)
            } catch {
                damage = "the message at byte \(offset) cannot be read"
                break
            }
            offset += 4 + UInt64(count)
            switch message {
            case .picture(let picture):
                // A picture that cannot be read shows as a placeholder, as in a damaged journal.
                if let photo = try? PhotoDecoder.decode(picture.encoded, name: picture.name) {
                    pictures.assets[picture.id] = ImageAsset(bitmap: photo.asset.image.bitmap, name: picture.name, id: picture.id, encoded: picture.encoded)
                }
            case .start(let drawing):
                guard drawing.isPlausible else {
                    damage = "the drawing at byte \(offset) is not one X11Paint can make"
                    break reading
                }
                start = drawing
            case .operation(let sequence, let operation):
                guard start != nil, sequence > (operations.last?.sequence ?? start?.sequence ?? 0), isPlausible(operation) else {
                    damage = "the operation at byte \(offset) is out of order or not one X11Paint can make"
                    break reading
                }
                operations.append((sequence, operation))
            default:
                continue
            }
        }
        guard let start else { throw RecordingError("\(path) holds no drawing to play" + (damage.map { ": \($0)" } ?? "")) }
        return Recording(start: start, operations: operations, damage: damage)
    }

    /// What a server would keep: an item a tool of X11Paint can make, or an undo, redo or fold.
    private static func isPlausible(_ operation: DocumentOperation) -> Bool {
        if case .item(let item) = operation.kind { return item.isPlausible }
        return true
    }
}
