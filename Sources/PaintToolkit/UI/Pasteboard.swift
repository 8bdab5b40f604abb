/// Where pasted pictures come from: the platform's clipboard, asked asynchronously (an X11
/// selection owner answers when it answers). The board knows nothing else about it.
public protocol Pasteboard: AnyObject {
    /// Asks for the clipboard's picture as PNG data; `completion` runs on the UI thread.
    func requestImage(_ completion: @escaping (Result<[UInt8], PasteboardError>) -> Void)
    /// Takes the clipboard with a picture (PNG data) that other applications can paste until
    /// someone else copies. Returns whether the clipboard was taken.
    func provideImage(_ png: [UInt8]) -> Bool
    /// Whether anyone holds the clipboard now (nobody: nothing to paste, so Paste is greyed).
    var holdsSomething: Bool { get }
    /// Asks for the CLIPBOARD's text (or, `primary`, the PRIMARY selection's: what is selected
    /// in some window, which a middle click pastes); nil when there is none. On the UI thread.
    func requestText(primary: Bool, _ completion: @escaping (String?) -> Void)
    /// Takes the CLIPBOARD with text (Ctrl+C or Ctrl+X in a text field).
    func provideText(_ text: String)
    /// Offers the text selected now as the PRIMARY selection.
    func provideSelectedText(_ text: String)
}

extension Pasteboard {
    /// A clipboard that cannot tell is taken to hold something: Paste then says what it found.
    public var holdsSomething: Bool { true }
    /// A clipboard of pictures only has no text.
    public func requestText(primary: Bool, _ completion: @escaping (String?) -> Void) { completion(nil) }
    public func provideText(_ text: String) {}
    public func provideSelectedText(_ text: String) {}
}

public struct PasteboardError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension PasteboardError {
    /// The most a pasted picture may bring: a 48-megapixel photo as an uncompressible PNG fits;
    /// an owner that streams without end is cut off here, checked as the data arrives.
    public static let maximumBytes = 160 * 1024 * 1024

    /// What a paste that passed `maximumBytes` says.
    public static var tooLarge: PasteboardError {
        PasteboardError(tr("The clipboard offered more than %d MB: nothing was pasted", maximumBytes / (1024 * 1024)))
    }
}
