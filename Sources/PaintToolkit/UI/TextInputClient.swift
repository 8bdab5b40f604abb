/// A view that takes typed text at a caret (a text field, the text tool's box): where the caret
/// is, so the platform can put the input method's pre-edit and candidates there (XIM's
/// over-the-spot position, as GTK's and Qt's windows do).
public protocol TextInputClient: View {
    /// The caret in the view's own coordinates; nil while it takes no text.
    var textInputCaretRect: Rect? { get }
}

extension Window {
    /// The caret of the view taking the keys, in the window's coordinates (nil: none types now).
    public var textInputCaret: Rect? {
        guard let client = firstResponder as? TextInputClient, client.window === self, let caret = client.textInputCaretRect else { return nil }
        return client.convert(caret, to: nil)
    }
}
