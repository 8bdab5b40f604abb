/// What the app's dialogs (a question, New, Save As) are made of, so they look alike: a pale
/// box over a dimmed window, a title, and buttons (the default one filled: see ViewController.defaultButton).
package enum DialogParts {
    package static let dimming = Color(r: 0, g: 0, b: 0, a: 90)
    /// A caption's colour, and a caption's that says what is wrong.
    package static let captionColor = Color(r: 30, g: 30, b: 34)
    package static let errorColor = Color(r: 190, g: 30, b: 30)

    /// The box a dialog's parts lie in; its title strip drags it.
    package static func box() -> DialogBox {
        let box = DialogBox()
        box.backgroundColor = Color(r: 250, g: 250, b: 252)
        return box
    }

    package static func title(_ text: String) -> Label {
        let label = Label(text: text)
        label.font = Font.system(size: 15)
        return label
    }

    /// A dialog's button; the dialog makes one its `defaultButton` (drawn filled, pressed by Enter).
    package static func button(_ title: String, action: @escaping () -> Void) -> Button {
        let button = Button(title: title)
        button.addAction(for: .touchUpInside) { _ in action() }
        return button
    }

    /// A box of `size` centred in `bounds` (narrowed to leave 20 points each side).
    package static func centered(_ size: Size, in bounds: Rect) -> Rect {
        let width = min(size.width, bounds.width - 40)
        return Rect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(), width: width, height: size.height)
    }
}
