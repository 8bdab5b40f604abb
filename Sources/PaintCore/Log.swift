import Foundation

/// Messages for the person running the app, on standard error.
public enum Log {
    public static func warning(_ message: String) {
        FileHandle.standardError.write(Data("x11paint: \(message)\n".utf8))
    }
}

extension Log {
    /// Progress worth telling the person who started the app (saved files, restored work).
    public static func info(_ message: String) {
        FileHandle.standardOutput.write(Data("x11paint: \(message)\n".utf8))
    }
}
