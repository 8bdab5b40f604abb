/// What the app says about itself: Help → About and `--version`.
public enum AppInfo {
    public static let version = "0.8.0"
    public static let licence = "MIT"
    public static let website = "https://github.com/x11paint/x11paint"
}
