import CGettext
import Foundation

/// The interface's language, through GNU gettext: messages are looked up in the "x11paint"
/// domain's catalogs (po/*.po compiled with msgfmt), so translators use their usual tools.
public enum Localization {
    public static let domain = "x11paint"

    /// Sets the locale from the environment and binds the catalogs. When the user's locale is
    /// not installed (setlocale fails: a machine without `locales` generated), messages still
    /// follow LANG/LC_MESSAGES: the UTF-8 C locale with LANGUAGE set from them, which gettext
    /// honours. Hong Kong and Macau fall back to the traditional (zh_TW) catalog, Singapore to
    /// the simplified one.
    /// `catalogs`: the folder holding `<language>/LC_MESSAGES/x11paint.mo` (the toolkit's
    /// `AppResources.localeFolder` finds it); nil leaves gettext's default.
    public static func start(environment: [String: String] = ProcessInfo.processInfo.environment, catalogs: String?) {
        if setlocale(LC_ALL, "") == nil { setlocale(LC_ALL, "C.UTF-8") }
        if let languages = languageList(environment: environment) { setenv("LANGUAGE", languages, 1) } else { unsetenv("LANGUAGE") }
        if let folder = catalogs {
            bindtextdomain(domain, folder)
        }
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// What LANGUAGE should say for gettext to find the user's catalog, or nil to leave it.
    static func languageList(environment: [String: String]) -> String? {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let explicit = value("LANGUAGE") { return expanded(explicit) }
        guard let locale = value("LC_ALL") ?? value("LC_MESSAGES") ?? value("LANG") else { return nil }
        let name = String(locale.prefix { $0 != "." && $0 != "@" })
        guard name != "C", name != "POSIX" else { return nil }
        return expanded(name)
    }

    /// Adds the Chinese catalog each variant should fall back to.
    private static func expanded(_ list: String) -> String {
        var result: [String] = []
        for language in list.split(separator: ":").map(String.init) {
            result.append(language)
            switch language {
            case "zh_HK", "zh_MO": result.append("zh_TW")
            case "zh_SG", "zh": result.append("zh_CN")
            default: break
            }
        }
        return result.joined(separator: ":")
    }

    /// The message in the user's language (itself when there is no translation).
    public static func translate(_ message: String) -> String {
        message.withCString { String(cString: dgettext(domain, $0)) }
    }
}

/// The translated text of a user-visible message (GNU gettext's `_()`; xgettext extracts the
/// literal argument with `--keyword=tr`).
public func tr(_ message: String) -> String { Localization.translate(message) }

/// A message whose wording depends on a count ("1 picture" / "2 pictures"), formatted with the
/// count first (gettext's ngettext; xgettext extracts it with `--keyword=trn:1,2`).
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: CVarArg...) -> String {
    let chosen = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Localization.domain, one, many, UInt(max(0, count)))) }
    }
    return String(format: chosen, arguments: [count] + arguments)
}

/// A message whose translation depends on where it is used (gettext's pgettext: "Screen" the
/// blend mode is not "Screen" the display; xgettext extracts it with `--keyword=trc:1c,2`).
public func trc(_ context: String, _ message: String) -> String {
    let key = context + "\u{4}" + message
    let translated = Localization.translate(key)
    return translated == key ? message : translated
}

/// A translated message with arguments: `%@` strings and `%d` numbers, in the translation's
/// order when it uses `%1$@`, `%2$d`.
public func tr(_ format: String, _ arguments: CVarArg...) -> String {
    String(format: Localization.translate(format), arguments: arguments)
}
