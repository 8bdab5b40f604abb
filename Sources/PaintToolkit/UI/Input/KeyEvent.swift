/// A key press, as a platform-independent key plus modifiers.
public struct KeyEvent: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        /// A printable key, lower-cased (Shift is in the modifiers).
        case character(Character)
        case escape, enter, delete, backspace, tab
        case left, right, up, down
        /// The start and the end of a line of text.
        case home, end
        /// A page up or down (a list, a menu).
        case pageUp, pageDown
        /// F1 to F12.
        case function(Int)
    }

    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let control = Modifiers(rawValue: 2)
        public static let alt = Modifiers(rawValue: 4)
    }

    public var key: Key
    public var modifiers: Modifiers
    /// The text the key types, as the keyboard layout gives it ("A" with Shift, "/" ...).
    public var text: String?

    public init(_ key: Key, modifiers: Modifiers = [], text: String? = nil) {
        self.key = key
        self.modifiers = modifiers
        self.text = text
    }

    public static func control(_ c: Character) -> KeyEvent { KeyEvent(.character(c), modifiers: .control) }
}
