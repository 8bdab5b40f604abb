import Foundation

/// The scenes of the app (seeds 001 and 004): the drawing board, gesture unlock, touch
/// trails and the gesture lab. Each scene has a way back to the board; the board opens them
/// with Ctrl+1, Ctrl+2 and Ctrl+3.
public enum Scene: String, CaseIterable, Sendable {
    case board, unlock, touches, gestures

    /// Ctrl and this key shows the scene from every scene.
    public var key: Character? {
        switch self {
        case .board: nil
        case .unlock: "1"
        case .touches: "2"
        case .gestures: "3"
        }
    }

    /// Its name in View's menu.
    public var title: String {
        switch self {
        case .board: tr("Drawing Board")
        case .unlock: tr("Gesture Unlock")
        case .touches: tr("Touch Trails")
        case .gestures: tr("Gesture Lab")
        }
    }
}

public final class SceneCoordinator {
    private unowned let window: Window
    /// What the board scene shows: one board, or the window's tabs of boards.
    private let root: ViewController
    private let environment: [String: String]
    public private(set) var current: Scene = .board
    /// The board the board scene shows now (the current tab's).
    public var board: DrawingBoardViewController {
        (root as? DocumentTabsController)?.current ?? root as! DrawingBoardViewController
    }

    public convenience init(window: Window, board: DrawingBoardViewController, environment: [String: String]) {
        self.init(window: window, root: board, environment: environment)
        board.onShowScene = { [unowned self] scene in self.show(scene) }
    }

    public convenience init(window: Window, tabs: DocumentTabsController, environment: [String: String]) {
        self.init(window: window, root: tabs, environment: environment)
        tabs.onShowScene = { [unowned self] scene in self.show(scene) }
    }

    private init(window: Window, root: ViewController, environment: [String: String]) {
        self.window = window
        self.root = root
        self.environment = environment
        // From every scene, the board included: Ctrl+1, Ctrl+2, Ctrl+3.
        window.keyCommands += Scene.allCases.compactMap { scene in
            scene.key.map { key in KeyCommand(.character(key), modifiers: .control) { [unowned self] in self.show(scene) } }
        }
    }

    public func show(_ scene: Scene) {
        current = scene
        let back = { [unowned self] in self.show(.board) }
        switch scene {
        case .board:
            window.rootViewController = root
        case .unlock:
            let controller = UnlockViewController(store: UnlockPatternStore(environment: environment))
            controller.onBack = back
            window.rootViewController = controller
        case .touches:
            let controller = TouchTrailsViewController()
            controller.onBack = back
            window.rootViewController = controller
        case .gestures:
            let controller = GestureLabViewController()
            controller.onBack = back
            window.rootViewController = controller
        }
        window.setNeedsLayout()
        window.invalidateAll()
    }
}
