/// A shortcut the whole window answers, whatever has the keys, when nothing on the responder
/// chain took the key first (UIKit's UIKeyCommand on the window's root): Ctrl+1 opens a scene
/// from every scene, not only from the board.
public struct KeyCommand {
    public let key: KeyEvent.Key
    public let modifiers: KeyEvent.Modifiers
    public let action: () -> Void

    public init(_ key: KeyEvent.Key, modifiers: KeyEvent.Modifiers = [], action: @escaping () -> Void) {
        self.key = key
        self.modifiers = modifiers
        self.action = action
    }

    package func matches(_ event: KeyEvent) -> Bool { event.key == key && event.modifiers == modifiers }
}
