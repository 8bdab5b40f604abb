import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File names on Linux are bytes, not text: a name that is not UTF-8 (a Latin-1 name from an
/// old disk, a camera's) must still open. Such bytes are carried in a String as private-use
/// scalars U+10FF80...U+10FFFF, one per byte (Python's "surrogateescape", in the last plane,
/// since Swift strings hold no lone surrogates), and turned back into the same bytes at the
/// system call. Shown to people they read as U+FFFD.
public enum SystemPath {
    private static let escapeBase: UInt32 = 0x10FF00

    /// A path from the bytes the system gave (argv, a directory entry, a URI's percent escapes).
    public static func string(fromBytes bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 sequence here, else one escaped byte.
            if let (scalar, length) = decodeOne(bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes the system knows the path by.
    public static func bytes(of path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Runs `body` with the path as the system call needs it.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var bytes = bytes(of: path).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The path as people read it: escaped bytes as U+FFFD.
    public static func displayed(_ path: String) -> String {
        String(String.UnicodeScalarView(path.unicodeScalars.map { $0.value >= escapeBase + 0x80 && $0.value <= escapeBase + 0xFF ? "\u{FFFD}" : $0 }))
    }

    /// The command line's arguments, each byte for byte (Foundation's decoding replaces what is
    /// not UTF-8, and the file is then never found).
    public static func arguments(argc: Int32 = CommandLine.argc, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = CommandLine.unsafeArgv) -> [String] {
        (0..<Int(argc)).map { index in
            guard let argument = argv[index] else { return "" }
            return string(fromBytes: Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) })
        }
    }

    private static func decodeOne(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard length > 0, index + length <= bytes.count,
              let text = String(validating: bytes[index..<(index + length)], as: UTF8.self), let scalar = text.unicodeScalars.first
        else { return nil }
        return (scalar, length)
    }
}
