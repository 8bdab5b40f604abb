import CX11Shim

/// When the window's X input method is opened. A server that XMODIFIERS names (@im=fcitx,
/// @im=ibus) is opened at start, so that it follows the window from the first key. Without
/// one, Xlib's own input method reads the locale's whole compose table into memory as it opens
/// (0.8 MB for en_US.UTF-8), which a drawing made with the pointer never uses: it is opened
/// when the first key is pressed, before that key is filtered, so that a dead key or Compose
/// starts composing even as the first key.
struct InputMethodOpening {
    /// Whether the input method is still to be opened (at the first key).
    private(set) var isPending: Bool

    init(modifiers: String?) {
        isPending = !Self.namesServer(modifiers)
    }

    /// Whether XMODIFIERS names an input method server ("none" and "local" are Xlib's own).
    static func namesServer(_ modifiers: String?) -> Bool {
        guard let modifiers, let start = modifiers.range(of: "@im=")?.upperBound else { return false }
        let name = modifiers[start...].prefix { $0 != "@" }
        return !name.isEmpty && name != "none" && name != "local"
    }

    /// Whether an event of this type is the one to open the input method before (the first key
    /// pressed); true once at most.
    mutating func opens(before eventType: Int32) -> Bool {
        guard isPending, eventType == KeyPress else { return false }
        isPending = false
        return true
    }
}
