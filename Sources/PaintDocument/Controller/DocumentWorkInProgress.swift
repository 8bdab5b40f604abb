/// What a window has under way on a document and not yet in it: the stroke being drawn, words
/// being typed, a selection lifted and floating. The document controller asks for them so that
/// the journal keeps them and a save holds what the user sees; it never sees how they are shown.
public protocol DocumentWorkInProgress: AnyObject {
    /// The stroke being drawn (nil: none).
    var strokeInProgress: Stroke? { get }
    /// Words being typed, or a selection floating, as the item it becomes (nil: none).
    var itemBeingMade: Document.Item? { get }
    /// Words being typed become part of the document, as leaving their box would make them.
    func commitTyping()
    /// The document is about to be saved or left: what is shown but not yet in it (a
    /// background being chosen, words, a photo being placed) becomes part of it. Returns
    /// whether a photo was, for the message.
    func settleWhatIsShown() -> Bool
    /// The app is ending: a floating selection is put down where it is.
    func putDownFloatingSelection()
    /// Another document is about to take this one's place: a stroke or a gesture under way on
    /// the old one stops.
    func cancelWork()
}
