/// The desktop's own file dialog, where the platform has one (the XDG Desktop Portal's
/// FileChooser over D-Bus: GNOME's, KDE's), asked without waiting: the answer comes later, on
/// the UI thread. Where none answers the app shows its own chooser.
public protocol FileChooser: AnyObject {
    func choose(_ request: FileChooserRequest, answer: @escaping (FileChooserAnswer) -> Void)
}

public struct FileChooserRequest: Equatable, Sendable {
    public enum Kind: Sendable { case open, save }

    /// A named set of glob patterns ("PNG image", ["*.png"]).
    public struct Filter: Equatable, Sendable {
        public let name: String
        public let patterns: [String]
        public init(_ name: String, patterns: [String]) { self.name = name; self.patterns = patterns }
    }

    public var kind: Kind
    public var title: String
    public var acceptLabel: String
    /// The name offered when saving.
    public var currentName: String?
    public var currentFolder: String?
    public var filters: [Filter]
    public var currentFilter: Int?

    public init(kind: Kind, title: String, acceptLabel: String, currentName: String? = nil, currentFolder: String? = nil,
                filters: [Filter] = [], currentFilter: Int? = nil) {
        self.kind = kind
        self.title = title
        self.acceptLabel = acceptLabel
        self.currentName = currentName
        self.currentFolder = currentFolder
        self.filters = filters
        self.currentFilter = currentFilter
    }
}

public enum FileChooserAnswer: Equatable, Sendable {
    /// A local file, and the filter the user left chosen (its name), if the dialog says.
    case chosen(path: String, filter: String?)
    case cancelled
    /// No desktop dialog (no session bus, no portal, no answer within a second, a portal that
    /// failed): the app's own chooser takes over. The reason goes to the log.
    case unavailable(String)
    /// The dialog answered with something the app cannot open or write (not a local file): the
    /// user is told why.
    case unusable(String)
}
