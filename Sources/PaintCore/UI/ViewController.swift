/// Manages a view tree: builds it lazily, lays it out, and handles what its views pass up.
open class ViewController: Responder {
    private var loadedView: View?
    private var hasAppeared = false

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

    /// Override to configure the root view before viewDidLoad.
    open func loadView(into view: View) {}
    open func viewDidLoad() {}
    open func viewWillLayoutSubviews() {}
    open func viewDidAppear() {}

    func viewDidAppearIfNeeded() {
        guard !hasAppeared else { return }
        hasAppeared = true
        viewDidAppear()
    }
}
