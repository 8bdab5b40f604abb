import Foundation

/// A number typed or stepped (GTK's spin button): the value is shown with its decimals; Up and
/// Down step it by `step`, Page Up and Page Down by ten steps; a typed number counts when Enter
/// is pressed or the field loses the keys, brought within the range. Each change the value
/// takes is told to `onValueChange` (valueChanged stays the text field's: every key typed).
open class SpinField: TextField {
    public var range: ClosedRange<Double> { didSet { value = clamp(value) } }
    public var step: Double
    /// Digits after the point shown (0: whole numbers).
    public var decimals: Int
    /// Shown after the number ("°", "%"); not typed.
    public var unit: String = ""
    public private(set) var value: Double
    /// The value the user chose (typed and entered, or stepped).
    public var onValueChange: ((Double) -> Void)?

    public init(value: Double, range: ClosedRange<Double>, step: Double = 1, decimals: Int = 0) {
        self.range = range
        self.step = step
        self.decimals = decimals
        self.value = min(max(value, range.lowerBound), range.upperBound)
        super.init()
        text = formatted(self.value)
    }

    /// Shows `value` (from elsewhere: the slider beside it), without telling onValueChange.
    public func show(_ newValue: Double) {
        value = clamp(newValue)
        text = formatted(value)
    }

    private func clamp(_ v: Double) -> Double { min(max(v, range.lowerBound), range.upperBound) }

    private func formatted(_ v: Double) -> String {
        (decimals == 0 ? "\(Int(v.rounded()))" : String(format: "%.\(decimals)f", v)) + unit
    }

    /// Sets the value as the user chose it: shown, and told when it changed.
    private func choose(_ newValue: Double) {
        let chosen = clamp(newValue)
        text = formatted(chosen)
        guard chosen != value else { return }
        value = chosen
        onValueChange?(chosen)
    }

    /// The typed text as a number (the unit, a comma for the point and spaces allowed); nil: none.
    private var typedValue: Double? {
        var typed = text.trimmingCharacters(in: .whitespaces)
        if !unit.isEmpty, typed.hasSuffix(unit) { typed.removeLast(unit.count) }
        return Double(typed.replacingOccurrences(of: ",", with: ".").trimmingCharacters(in: .whitespaces))
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEditing, event.modifiers.isEmpty else { return super.keyDown(event) }
        let steps: [KeyEvent.Key: Double] = [.up: 1, .down: -1, .pageUp: 10, .pageDown: -10]
        if let count = steps[event.key] {
            choose((typedValue ?? value) + count * step)
            return true
        }
        if event.key == .enter || event.key == .tab {
            // The typed number counts; a field of its own answers Enter, else the dialog's default.
            choose(typedValue ?? value)
        }
        return super.keyDown(event)
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        let wasEditing = isEditing
        guard super.resignFirstResponder() else { return false }
        if wasEditing { choose(typedValue ?? value) }
        return true
    }
}
