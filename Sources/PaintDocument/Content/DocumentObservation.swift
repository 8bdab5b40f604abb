/// Someone following a document's edits or changes: cancelled, or let go, they hear no more.
public final class DocumentObservation {
    private var stop: (() -> Void)?

    init(stop: @escaping () -> Void) { self.stop = stop }

    public func cancel() {
        stop?()
        stop = nil
    }

    deinit { cancel() }
}
