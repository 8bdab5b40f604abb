/// Who watches the pointer over a window, beside the views under it: motion with no button
/// held (the board's shake to undo), every motion (the position readout), presses anywhere,
/// and the pointer leaving.
package final class PointerObservers {
    package var hover: [(Point, Double) -> Void] = []
    package var motion: [(Point) -> Void] = []
    package var press: [(Double) -> Void] = []
    package var leave: [() -> Void] = []
}
