import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The interface speaks Chinese through GNU gettext catalogs (po/*.po), simplified for
/// zh_CN and zh_SG, traditional for zh_TW, zh_HK and zh_MO, English otherwise.
final class LocalizationTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    private var catalogs: TemporaryDirectory!

    override func setUpWithError() throws {
        catalogs = TemporaryDirectory()
        let status = Self.run("/bin/sh", ["-c", "\(Self.repository)/scripts/compile-catalogs.sh \(catalogs.path)"])
        XCTAssertEqual(status, 0, "msgfmt --check compiles every catalog")
    }

    override func tearDown() {
        // Back to English for the other tests.
        Localization.start(environment: ["LANG": "C.UTF-8"], catalogs: catalogs.path)
    }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testChineseLocalesGetTheirCatalogAndOthersEnglishEvenWithoutTheLocaleInstalled() {
        Localization.start(environment: ["LANG": "zh_CN.UTF-8"], catalogs: catalogs.path)
        XCTAssertEqual(tr("Undo"), "撤销")
        XCTAssertEqual(tr("Saved to %@", "/home/lin/Pictures/a.png"), "已保存到 /home/lin/Pictures/a.png", "the path as it is")
        XCTAssertEqual(tr("Opened %@ reduced to %@ of %dx%d", "a.jpg", "4000x3000", 8000, 6000),
                       "已打开 a.jpg，从 8000x6000 缩小到 4000x3000", "arguments in the translation's order")
        XCTAssertEqual(trn("%d picture missing (placeholder shown).", "%d pictures missing (placeholder shown).", 3), "缺少 3 张图片（显示占位图）。")
        Localization.start(environment: ["LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"], catalogs: catalogs.path)
        XCTAssertEqual(tr("Undo"), "復原", "LC_ALL wins; traditional characters")
        Localization.start(environment: ["LANG": "zh_HK.UTF-8"], catalogs: catalogs.path)
        XCTAssertEqual(tr("Save"), "儲存", "Hong Kong reads the traditional catalog")
        Localization.start(environment: ["LANG": "zh_SG.UTF-8"], catalogs: catalogs.path)
        XCTAssertEqual(tr("Save"), "保存", "Singapore the simplified one")
        Localization.start(environment: ["LANG": "de_DE.UTF-8"], catalogs: catalogs.path)
        XCTAssertEqual(tr("Undo"), "Undo", "other languages get English")
        XCTAssertEqual(trn("%d picture missing (placeholder shown).", "%d pictures missing (placeholder shown).", 1), "1 picture missing (placeholder shown).")
        XCTAssertEqual(trn("%d picture missing (placeholder shown).", "%d pictures missing (placeholder shown).", 2), "2 pictures missing (placeholder shown).")
    }

    func testTheBoardShowsChineseEverywhereItSpeaks() {
        Localization.start(environment: ["LANG": "zh_CN.UTF-8"], catalogs: catalogs.path)
        let window = Window(size: Size(width: 1024, height: 768), application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: MemoryArtworkStore())
        window.rootViewController = board
        window.render()
        XCTAssertEqual(board.toolbarController.undoButton.title, "撤销")
        XCTAssertEqual(board.toolbarController.undoButton.toolTip, "撤销（Ctrl+Z）")
        XCTAssertEqual(board.toolPicker.segmentToolTips.first, "铅笔 (P)", "the tool's name, and its key")
        XCTAssertEqual(board.brushButton.title, "画笔")
        XCTAssertEqual(board.bottomBarController.widthLabel.text, "粗细 6")
        XCTAssertEqual(board.documentController.windowTitle, "未命名 - X11Paint")
        board.showBrushSettings()
        XCTAssertEqual(board.brushPanel.doneButton.title, "完成")
    }

    /// Every title in the main menu, at every level, is in Chinese in both Chinese catalogs: a
    /// msgstr that repeats the English (Edit → Delete once did) passes msgfmt's count, not a reader.
    func testEveryMenuTitleIsChineseInBothCatalogs() {
        // Names that are the same in every language.
        let sameEverywhere: Set<String> = ["X11Paint"]
        for language in ["zh_CN.UTF-8", "zh_TW.UTF-8"] {
            Localization.start(environment: ["LANG": language], catalogs: catalogs.path)
            let board = DrawingBoardViewController(store: MemoryArtworkStore())
            var english: [String] = []
            func visit(_ menu: Menu, path: String) {
                for row in menu.rows {
                    let title = row.title
                    guard !title.isEmpty else { continue }
                    let hasChinese = title.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
                    if !hasChinese && !sameEverywhere.contains(title) { english.append(path + title) }
                    if case .submenu(let inner) = row { visit(inner, path: path + title + " → ") }
                }
            }
            visit(BoardMenu.menu(for: board), path: "")
            XCTAssertEqual(english, [], "\(language): menu titles left in English")
        }
        Localization.start(environment: ["LANG": "C.UTF-8"], catalogs: catalogs.path)
    }

    func testEveryMessageInTheSourcesIsInTheTemplateAndTranslatedInBothChineseCatalogs() throws {
        let template = try String(contentsOfFile: "\(Self.repository)/po/x11paint.pot", encoding: .utf8)
        let fresh = TemporaryDirectory()
        // The views and messages (every module with words a user sees) and the command line's --help (X11Adapter).
        let sources = try Self.interfaceModules.flatMap { target in
            try FileManager.default.subpathsOfDirectory(atPath: "\(Self.repository)/Sources/\(target)")
                .filter { $0.hasSuffix(".swift") }.map { "\(Self.repository)/Sources/\(target)/\($0)" }
        }
        XCTAssertEqual(Self.run("/usr/bin/xgettext", ["--language=C", "--from-code=UTF-8", "--keyword=tr", "--keyword=trn:1,2", "--keyword=trc:1c,2",
                                                      "-o", "\(fresh.path)/now.pot"] + sources), 0)
        let extracted = Self.messageIDs(try String(contentsOfFile: "\(fresh.path)/now.pot", encoding: .utf8))
        XCTAssertGreaterThan(extracted.count, 100)
        XCTAssertEqual(extracted.subtracting(Self.messageIDs(template)), [], "po/x11paint.pot is up to date (scripts/update-catalogs.sh)")
        for language in ["zh_CN", "zh_TW"] {
            let catalog = try String(contentsOfFile: "\(Self.repository)/po/\(language).po", encoding: .utf8)
            let translated = Self.translatedIDs(catalog)
            XCTAssertEqual(extracted.subtracting(translated), [], "\(language) translates every message")
        }
    }

    /// A Swift literal with its \( … ) interpolations taken out (nested parentheses included).
    private static func withoutInterpolations(_ literal: String) -> String {
        var result = "", depth = 0, previous: Character = " "
        for character in literal {
            if depth > 0 {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            } else if character == "(" && previous == "\\" {
                result.removeLast()
                depth = 1
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }

    /// msgids of a .po/.pot (the header's empty one left out).
    private static func messageIDs(_ text: String) -> Set<String> {
        Set(text.components(separatedBy: "\n").filter { $0.hasPrefix("msgid \"") }.map { String($0.dropFirst(7).dropLast()) }.filter { !$0.isEmpty })
    }

    /// msgids whose msgstr (or msgstr[0]) is not empty.
    private static func translatedIDs(_ text: String) -> Set<String> {
        var result: Set<String> = []
        for entry in text.components(separatedBy: "\n\n") {
            let lines = entry.components(separatedBy: "\n")
            guard let id = lines.first(where: { $0.hasPrefix("msgid \"") }).map({ String($0.dropFirst(7).dropLast()) }), !id.isEmpty,
                  let translation = lines.first(where: { $0.hasPrefix("msgstr") }), !translation.hasSuffix("\"\"") else { continue }
            result.insert(id)
        }
        return result
    }

    func testNoEnglishLiteralIsShownWithoutGoingThroughTheCatalog() throws {
        // What the views show comes from these calls; a literal handed to one must be tr("…").
        let shown = ["Button\\(title: ", "toolTip: ", "toolTip = ", "Label\\(text: ", "placeholder: ", "DialogParts\\.title\\(",
                     "DialogParts\\.button\\(", "\\.text = ", "showStatus\\(", "report\\(", "SettingsPanel\\(title: ", "message: ",
                     "AlertViewController\\(title: ", "parts\\.append\\("]
        // Any literal with a word in it (interpolations included) counts.
        let literal = try NSRegularExpression(pattern: "(\(shown.joined(separator: "|")))\"[^\"]*[A-Za-z]{2,}[^\"]*\"")
        var offenders: [String] = []
        for module in Self.interfaceModules {
        let root = "\(Self.repository)/Sources/\(module)"
        for file in try FileManager.default.subpathsOfDirectory(atPath: root) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
            for (number, line) in text.components(separatedBy: "\n").enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for match in literal.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    let found = String(line[Range(match.range, in: line)!])
                    let text = Self.withoutInterpolations(String(found.drop { $0 != "\"" }))
                    // Words outside interpolations, other than an example path or colour.
                    if text.range(of: "[A-Za-z]{2,}", options: .regularExpression) != nil && !text.hasPrefix("\"~/") && !text.hasPrefix("\"#") {
                        offenders.append("\(file):\(number + 1): \(line)")
                    }
                }
            }
        }
        }
        XCTAssertEqual(offenders, [], "English shown without tr()")
    }

    /// gettext ignores a fuzzy entry (msgmerge's guess from a similar message): it would show
    /// English, or worse the guessed message's translation, so none may be left.
    func testNoCatalogKeepsAFuzzyGuess() throws {
        for language in ["zh_CN", "zh_TW"] {
            let catalog = try String(contentsOfFile: "\(Self.repository)/po/\(language).po", encoding: .utf8)
            XCTAssertFalse(catalog.contains("#, fuzzy"), "\(language).po has fuzzy entries: translate them")
        }
    }

    /// The modules whose sources hold what a user reads.
    static let interfaceModules = ["PaintGraphics", "PaintToolkit", "PaintDocument", "DrawingBoard", "X11Adapter"]
}
