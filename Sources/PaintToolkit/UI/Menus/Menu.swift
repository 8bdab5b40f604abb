/// A titled list of commands and submenus (UIKit's UIMenu). A child menu with `displayInline`
/// shows its children in place between separators, as UIKit's inline menus do, so groups of
/// commands need no separator elements of their own.
public final class Menu {
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1)
    }

    public enum Element {
        case command(Command)
        case menu(Menu)
        /// Children made when the menu opens (UIKit's UIDeferredMenuElement): File → Open Recent
        /// reads the recently-used list then, not every time a key is looked up.
        case deferred(() -> [Element])
    }

    /// A line of an open menu.
    public enum Row {
        case command(Command)
        case submenu(Menu)
        case separator

        public var isSeparator: Bool { if case .separator = self { true } else { false } }

        public var title: String {
            switch self {
            case .command(let command): command.title
            case .submenu(let menu): menu.title
            case .separator: ""
            }
        }

        /// Whether the keys and the pointer can land on it.
        public var isSelectable: Bool {
            switch self {
            case .command(let command): command.isEnabled
            case .submenu: true
            case .separator: false
            }
        }
    }

    public let title: String
    public let options: Options
    public let children: [Element]

    public init(_ title: String = "", options: Options = [], children: [Element]) {
        self.title = title
        self.options = options
        self.children = children
    }

    /// The lines it shows when open: inline menus in place, with a separator between a group
    /// and what is beside it.
    public var rows: [Row] {
        var rows: [Row] = []
        func separate() {
            if let last = rows.last, !last.isSeparator { rows.append(.separator) }
        }
        for child in children {
            switch child {
            case .command(let command): rows.append(.command(command))
            case .menu(let menu) where menu.options.contains(.displayInline):
                let inner = menu.rows
                guard !inner.isEmpty else { continue }
                separate()
                rows += inner
                separate()
            case .menu(let menu): rows.append(.submenu(menu))
            case .deferred(let make): rows += Menu(children: make()).rows
            }
        }
        if rows.last?.isSeparator == true { rows.removeLast() }
        return rows
    }

    /// Every command in it and its submenus, in order.
    public var allCommands: [Command] {
        children.flatMap { child -> [Command] in
            switch child {
            case .command(let command): [command]
            case .menu(let menu): menu.allCommands
            case .deferred: [] // made on opening; they have no keys
            }
        }
    }

    /// The command a key does, if any of them has it.
    public func command(for event: KeyEvent) -> Command? { allCommands.first { $0.matches(event) } }
}
