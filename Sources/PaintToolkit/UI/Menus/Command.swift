/// One thing a menu can do (UIKit's UICommand and, with keys, UIKeyCommand): a title, the keys
/// that do it anywhere on the board (the first is the one the menu shows), and the action.
/// Whether it can run now and whether it is on are asked when a menu opens, as UIKit's
/// `validate(_:)` does, so a menu never shows a stale state.
public final class Command {
    public enum State { case off, on }

    public let title: String
    public let keys: [KeyEvent]
    private let perform: () -> Void
    private let enabled: () -> Bool
    private let checked: () -> State

    public init(_ title: String, keys: [KeyEvent] = [], isEnabled: @escaping () -> Bool = { true },
                state: @escaping () -> State = { .off }, action: @escaping () -> Void) {
        self.title = title
        self.keys = keys
        perform = action
        enabled = isEnabled
        checked = state
    }

    public var isEnabled: Bool { enabled() }
    public var state: State { checked() }
    /// The shortcut the menu shows beside the title ("Ctrl+Shift+S"), or "".
    public var keyLabel: String { keys.first?.shortcutLabel ?? "" }

    public func matches(_ event: KeyEvent) -> Bool {
        keys.contains { $0.key == event.key && $0.modifiers == event.modifiers }
    }

    /// Runs the action when it can run now; false otherwise.
    @discardableResult
    public func run() -> Bool {
        guard isEnabled else { return false }
        perform()
        return true
    }
}
