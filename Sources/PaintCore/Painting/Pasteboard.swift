/// Where pasted pictures come from: the platform's clipboard, asked asynchronously (an X11
/// selection owner answers when it answers). The board knows nothing else about it.
public protocol Pasteboard: AnyObject {
    /// Asks for the clipboard's picture as PNG data; `completion` runs on the UI thread.
    func requestImage(_ completion: @escaping (Result<[UInt8], PasteboardError>) -> Void)
    /// Takes the clipboard with a picture (PNG data) that other applications can paste until
    /// someone else copies. Returns whether the clipboard was taken.
    func provideImage(_ png: [UInt8]) -> Bool
}

public struct PasteboardError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
