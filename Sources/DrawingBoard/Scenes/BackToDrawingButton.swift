/// Every scene's way back to the drawing board.
enum BackToDrawingButton {
    static func make(titleColor: Color? = nil, action: @escaping () -> Void) -> Button {
        let button = Button(title: tr("Back to drawing"))
        if let titleColor { button.setTitleColor(titleColor, for: .normal) }
        button.addAction(for: .touchUpInside) { _ in action() }
        return button
    }
}
