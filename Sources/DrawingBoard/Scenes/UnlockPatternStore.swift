import Foundation

/// The unlock pattern, stored hashed (never the pattern itself) in the config folder.
public struct UnlockPatternStore {
    public let path: String

    public init(environment: [String: String]) {
        path = BaseDirectory.config.path(environment: environment) + "/x11paint/unlock-pattern"
    }

    public init(path: String) { self.path = path }

    public var hasPattern: Bool { FileManager.default.fileExists(atPath: path) }

    public func matches(_ pattern: [Int]) -> Bool {
        guard let stored = FileReader.text(path) else { return false }
        return stored.trimmingCharacters(in: .whitespacesAndNewlines) == Self.hash(pattern)
    }

    public func save(_ pattern: [Int]) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFileWriter.replaceFile(Data((Self.hash(pattern) + "\n").utf8), at: path)
    }

    /// A salted FNV-1a hash, iterated: enough to keep the pattern off the disk in the clear.
    static func hash(_ pattern: [Int]) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        let input = Array("x11paint-unlock:".utf8) + pattern.map { UInt8(truncatingIfNeeded: $0 + 49) }
        for _ in 0..<1000 {
            for byte in input {
                value ^= UInt64(byte)
                value = value &* 0x100_0000_01B3
            }
        }
        return String(value, radix: 16)
    }
}
