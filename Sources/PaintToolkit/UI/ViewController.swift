/// Manages a view tree: builds it lazily, lays it out, handles what its views pass up, holds
/// child controllers and presents others modally over the window.
open class ViewController: Responder {
    private var loadedView: View?
    private var hasAppeared = false
    public private(set) var children: [ViewController] = []
    public private(set) weak var parent: ViewController?
    /// The controller this one presented modally, and the one that presented this one.
    public private(set) var presentedViewController: ViewController?
    public private(set) weak var presentingViewController: ViewController?

    public override init() { super.init() }

    /// The root view, loaded on first access.
    public var view: View {
        if let view = loadedView { return view }
        let view = View()
        view.viewController = self
        loadedView = view
        loadView(into: view)
        viewDidLoad()
        return view
    }

    public var isViewLoaded: Bool { loadedView != nil }

    open override var next: Responder? { loadedView?.superview }

    // MARK: - Default and cancel buttons

    /// Pressed by Enter (and keypad Enter) when nothing nearer the keys took it: a dialog's
    /// default answer (UIKit's return-key command, a desktop dialog's default button). It is
    /// drawn as such.
    public weak var defaultButton: Button? {
        didSet {
            oldValue?.isDefault = false
            defaultButton?.isDefault = true
        }
    }

    /// Pressed by Escape when nothing nearer the keys took it.
    public weak var escapeButton: Button?

    /// A dialog: the keys its controls and buttons do not take stop here (Tab goes on to move
    /// the focus among its controls), never reaching what it was presented over.
    public var isModal = false

    /// Enter and Escape press the default and escape buttons; other keys go on up, unless modal.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        if event.modifiers.isEmpty {
            let button = event.key == .enter ? defaultButton : event.key == .escape ? escapeButton : nil
            if let button, button.isEnabled, !button.isHidden, button.window != nil {
                button.sendActions(for: .touchUpInside)
                return true
            }
        }
        if isModal { return event.key != .tab }
        return super.keyDown(event)
    }

    package override var windowForResponding: Window? { loadedView?.window }

    // MARK: - Lifecycle (override these)

    /// Configures the root view before viewDidLoad.
    open func loadView(into view: View) {}
    open func viewDidLoad() {}
    open func viewWillLayoutSubviews() {}
    open func viewDidAppear() {}
    open func viewDidDisappear() {}

    package func viewDidAppearIfNeeded() {
        guard !hasAppeared else { return }
        hasAppeared = true
        viewDidAppear()
        for child in children { child.viewDidAppearIfNeeded() }
    }

    // MARK: - Children

    /// Adds a child controller; the caller places the child's view in this one's tree.
    public func addChild(_ child: ViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
        if hasAppeared { child.viewDidAppearIfNeeded() }
    }

    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    // MARK: - Modal presentation

    /// Shows a controller over the whole window, sliding up from the bottom when animated.
    /// The presenter dismisses it (dismiss called on the presented controller is forwarded).
    public func present(_ controller: ViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, let window = view.window else { return }
        presentedViewController = controller
        controller.presentingViewController = self
        let presented = controller.view
        presented.frame = window.bounds
        window.addSubview(presented)
        window.presentedControllers.append(controller)
        controller.viewDidAppearIfNeeded()
        guard animated else {
            completion?()
            return
        }
        let final = presented.center
        presented.center = Point(x: final.x, y: final.y + window.bounds.height)
        presented.animate(duration: 0.3, animations: { presented.center = final }, completion: { _ in completion?() })
    }

    /// Dismisses the controller this one presented (or, called on a presented controller, itself).
    public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController else {
            presentingViewController?.dismiss(animated: animated, completion: completion)
            return
        }
        let finish = {
            presented.view.removeFromSuperview()
            self.view.window?.presentedControllers.removeAll { $0 === presented }
            presented.view.window?.presentedControllers.removeAll { $0 === presented }
            self.presentedViewController = nil
            presented.presentingViewController = nil
            presented.hasAppeared = false
            presented.viewDidDisappear()
            completion?()
        }
        guard animated, let window = presented.view.window else {
            if let window = presented.view.window { window.presentedControllers.removeAll { $0 === presented } }
            finish()
            return
        }
        let view = presented.view
        view.animate(duration: 0.25, animations: {
            view.center = Point(x: view.center.x, y: view.center.y + window.bounds.height)
        }, completion: { _ in finish() })
    }
}
