/// The text being typed with the text tool: its characters and the caret, moved and edited a
/// whole character (grapheme cluster) at a time, so an accent or a joined emoji is never cut in
/// half, with its own undo while it is being typed.
public struct TextEditor: Equatable {
    public private(set) var text: String
    /// The caret, in characters from the start.
    public private(set) var caret: Int
    /// Earlier states for Ctrl+Z while typing (the document's undo takes over once committed).
    private var history: [Snapshot] = []
    private struct Snapshot: Equatable {
        let text: String
        let caret: Int
    }

    public init(text: String = "") {
        self.text = text
        caret = text.count
    }

    /// The caret as an offset in Unicode scalars (what the layout's carets are indexed by).
    public var caretScalarOffset: Int { text.prefix(caret).unicodeScalars.count }

    /// Types text at the caret (a key, an input method's commit, a paste).
    public mutating func insert(_ typed: String) {
        guard !typed.isEmpty else { return }
        remember()
        let index = text.index(text.startIndex, offsetBy: caret)
        let scalarsBefore = text[..<index].unicodeScalars.count
        text.insert(contentsOf: typed, at: index)
        // Counted in the new text: a combining accent typed after "e" makes one character "é".
        moveCaret(toScalarOffset: scalarsBefore + typed.unicodeScalars.count)
    }

    /// Backspace: the character before the caret.
    public mutating func deleteBackward() {
        guard caret > 0 else { return }
        remember()
        let end = text.index(text.startIndex, offsetBy: caret)
        text.remove(at: text.index(before: end))
        caret -= 1
    }

    /// Delete: the character after the caret.
    public mutating func deleteForward() {
        guard caret < text.count else { return }
        remember()
        text.remove(at: text.index(text.startIndex, offsetBy: caret))
    }

    public mutating func moveLeft() { caret = max(0, caret - 1) }
    public mutating func moveRight() { caret = min(text.count, caret + 1) }

    /// Home and End: the start and end of the caret's line.
    public mutating func moveToLineStart() {
        while caret > 0 && characterBefore(caret) != "\n" { caret -= 1 }
    }

    public mutating func moveToLineEnd() {
        while caret < text.count && characterBefore(caret + 1) != "\n" { caret += 1 }
    }

    /// Puts the caret at a scalar offset (a click, a move between lines), at the nearest
    /// character boundary at or before it.
    public mutating func moveCaret(toScalarOffset offset: Int) {
        var scalars = 0, characters = 0
        for character in text {
            let next = scalars + character.unicodeScalars.count
            if next > offset { break }
            scalars = next
            characters += 1
        }
        caret = characters
    }

    /// Takes back the last edit; false when there is none (the caret alone never counts).
    public mutating func undo() -> Bool {
        guard let last = history.popLast() else { return false }
        text = last.text
        caret = last.caret
        return true
    }

    public var canUndo: Bool { !history.isEmpty }

    private mutating func remember() {
        history.append(Snapshot(text: text, caret: caret))
    }

    private func characterBefore(_ offset: Int) -> Character? {
        offset > 0 && offset <= text.count ? text[text.index(text.startIndex, offsetBy: offset - 1)] : nil
    }
}
