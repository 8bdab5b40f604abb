/// A dialog's box that the user can drag by its title, as every desktop dialog moves: a press
/// on the title strip and a drag moves the box (its transform, so the dialog's own layout
/// stays as it is and a relayout keeps the place), never so far that its title leaves the
/// window.
package final class DialogBox: View {
    /// The strip along the top that takes a drag (the title's height and its margins).
    package static let titleStripHeight = 40.0

    /// How far the user moved it from where its dialog lays it out.
    package private(set) var dragOffset = Point.zero
    private var dragStart: (touch: Point, offset: Point)?

    package override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, touch.location(in: self).y < Self.titleStripHeight, let superview else {
            return super.touchesBegan(touches, with: event)
        }
        dragStart = (touch.location(in: superview), dragOffset)
    }

    package override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let start = dragStart, let touch = touches.first, let superview else { return super.touchesMoved(touches, with: event) }
        let now = touch.location(in: superview)
        move(to: Point(x: start.offset.x + now.x - start.touch.x, y: start.offset.y + now.y - start.touch.y))
    }

    package override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard dragStart != nil else { return super.touchesEnded(touches, with: event) }
        // Where the touch ends is where the box goes (the last move may come with the end).
        touchesMoved(touches, with: event)
        dragStart = nil
    }

    package override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let start = dragStart else { return super.touchesCancelled(touches, with: event) }
        dragStart = nil
        move(to: start.offset)
    }

    /// Puts the box `offset` from its laid-out place, its title strip kept inside the window.
    package func move(to offset: Point) {
        guard let superview else { return }
        let laidOut = frame.offsetBy(dx: -dragOffset.x, dy: -dragOffset.y), room = superview.bounds
        // At least 60 points of the title stay in the window across, all of it down.
        let x = min(max(offset.x, room.minX + 60 - laidOut.maxX), room.maxX - 60 - laidOut.minX)
        let y = min(max(offset.y, room.minY - laidOut.minY), room.maxY - Self.titleStripHeight - laidOut.minY)
        dragOffset = Point(x: x.rounded(), y: y.rounded())
        transform = AffineTransform(translationX: dragOffset.x, y: dragOffset.y)
    }
}
