/// The XDG Base Directory Specification's folders: the variable when it holds an absolute path
/// (the specification says a relative one is to be ignored), else its default under the home
/// folder. Settings, the journal, the recently-used list and the caches all resolve here.
public enum BaseDirectory: String {
    case config = "XDG_CONFIG_HOME"
    case data = "XDG_DATA_HOME"
    case state = "XDG_STATE_HOME"
    case cache = "XDG_CACHE_HOME"

    public func path(environment: [String: String]) -> String {
        if let value = environment[rawValue], value.hasPrefix("/") { return value }
        let home = HomeFolder.resolve(environment: environment)
        switch self {
        case .config: return home + "/.config"
        case .data: return home + "/.local/share"
        case .state: return home + "/.local/state"
        case .cache: return home + "/.cache"
        }
    }
}
