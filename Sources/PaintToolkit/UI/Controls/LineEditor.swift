/// One line of text being edited, without a view: its characters, the caret between two of
/// them, a selection from an anchor to the caret, and the edits to take back (Ctrl+Z). The
/// moves and deletions are GTK's entry's: by character, by word (Ctrl), to either end; Shift
/// extends the selection; typing or pasting replaces what is selected.
public struct LineEditor: Equatable, Sendable {
    public private(set) var characters: [Character]
    /// The caret's place: how many characters are before it.
    public private(set) var caret: Int
    /// Where the selection started (nil: nothing selected); the selection runs to the caret.
    public private(set) var anchor: Int?
    /// The text and caret before each edit, most recent last.
    private var history: [(characters: [Character], caret: Int)] = []
    /// Whether the last edit was typing that the next character typed joins (one Ctrl+Z
    /// takes back a word typed, not a letter).
    private var typing = false

    public init(_ text: String = "") {
        characters = Array(text)
        caret = characters.count
    }

    public static func == (a: LineEditor, b: LineEditor) -> Bool { a.characters == b.characters && a.caret == b.caret && a.anchor == b.anchor }

    public var text: String { String(characters) }

    /// The selected characters' range (nil: nothing selected).
    public var selection: Range<Int>? {
        guard let anchor, anchor != caret else { return nil }
        return min(anchor, caret)..<max(anchor, caret)
    }

    public var selectedText: String? { selection.map { String(characters[$0]) } }

    // MARK: - Moving

    public enum Step { case character, word, end }

    /// Moves the caret left (backwards) or right by `step`; `extending`: the selection grows
    /// or shrinks with it (Shift), else a selection collapses to its side first.
    public mutating func move(backwards: Bool, by step: Step, extending: Bool) {
        typing = false
        if !extending, let selection, step == .character {
            caret = backwards ? selection.lowerBound : selection.upperBound
            anchor = nil
            return
        }
        let target: Int
        switch step {
        case .character: target = backwards ? max(0, caret - 1) : min(characters.count, caret + 1)
        case .word: target = backwards ? wordStart(before: caret) : wordEnd(after: caret)
        case .end: target = backwards ? 0 : characters.count
        }
        place(at: target, extending: extending)
    }

    /// The caret at `index` (a click), or the selection extended to it (a drag, Shift+click).
    public mutating func place(at index: Int, extending: Bool) {
        typing = false
        let index = min(max(index, 0), characters.count)
        if extending {
            if anchor == nil { anchor = caret }
        } else {
            anchor = nil
        }
        caret = index
    }

    public mutating func selectAll() {
        typing = false
        anchor = 0
        caret = characters.count
    }

    /// The word (or the run of spaces or of separators) around `index` selected: a double click.
    public mutating func selectWord(at index: Int) {
        typing = false
        guard !characters.isEmpty else { return }
        let at = min(max(index, 0), characters.count - 1)
        let kind = Self.kind(characters[at])
        var start = at, end = at + 1
        while start > 0, Self.kind(characters[start - 1]) == kind { start -= 1 }
        while end < characters.count, Self.kind(characters[end]) == kind { end += 1 }
        anchor = start
        caret = end
    }

    // MARK: - Editing

    /// Typed or pasted text in place of the selection (or at the caret). `joiningTyping`:
    /// characters typed one after another are one step of Ctrl+Z.
    public mutating func insert(_ text: String, joiningTyping: Bool = false) {
        let new = Array(text.filter { $0 != "\n" && $0 != "\r" })
        guard !new.isEmpty || selection != nil else { return }
        if !(joiningTyping && typing && selection == nil) { remember() }
        let range = selection ?? caret..<caret
        characters.replaceSubrange(range, with: new)
        caret = range.lowerBound + new.count
        anchor = nil
        typing = joiningTyping
    }

    /// Backspace (backwards) or Delete: the selection, else a character or (Ctrl) a word.
    public mutating func delete(backwards: Bool, word: Bool) {
        typing = false
        if let selection {
            remember()
            characters.removeSubrange(selection)
            caret = selection.lowerBound
            anchor = nil
            return
        }
        let range: Range<Int>
        if backwards {
            guard caret > 0 else { return }
            range = (word ? wordStart(before: caret) : caret - 1)..<caret
        } else {
            guard caret < characters.count else { return }
            range = caret..<(word ? wordEnd(after: caret) : caret + 1)
        }
        remember()
        characters.removeSubrange(range)
        caret = range.lowerBound
    }

    /// The whole text replaced (a program set it): the caret at its end, nothing selected,
    /// the edits before it forgotten.
    public mutating func replaceAll(with text: String) {
        characters = Array(text)
        caret = characters.count
        anchor = nil
        history.removeAll()
        typing = false
    }

    public var canUndo: Bool { !history.isEmpty }

    /// Takes back the last edit. Returns whether there was one.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let last = history.popLast() else { return false }
        characters = last.characters
        caret = last.caret
        anchor = nil
        typing = false
        return true
    }

    private mutating func remember() {
        history.append((characters, caret))
        if history.count > 100 { history.removeFirst() }
    }

    // MARK: - Words

    /// A word is letters and digits; spaces and the separators of paths and names (/ . - _)
    /// stop it, as in GTK's entry.
    private enum Kind { case word, space, separator }

    private static func kind(_ c: Character) -> Kind {
        if c.isWhitespace { return .space }
        if c.isLetter || c.isNumber { return .word }
        return .separator
    }

    /// Ctrl+Left and Ctrl+Backspace: back over spaces, then over one separator alone (a path
    /// loses "/" then "sunset", not both) or over the word before them.
    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, Self.kind(characters[i - 1]) == .space { i -= 1 }
        guard i > 0 else { return 0 }
        if Self.kind(characters[i - 1]) == .separator { return i - 1 }
        while i > 0, Self.kind(characters[i - 1]) == .word { i -= 1 }
        return i
    }

    /// Ctrl+Right and Ctrl+Delete: over spaces, then over one separator or to the end of the word.
    private func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count, Self.kind(characters[i]) == .space { i += 1 }
        guard i < characters.count else { return i }
        if Self.kind(characters[i]) == .separator { return i + 1 }
        while i < characters.count, Self.kind(characters[i]) == .word { i += 1 }
        return i
    }
}
