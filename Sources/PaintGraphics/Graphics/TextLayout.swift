import CFontShim

/// Text laid out as GTK (Pango) and Qt lay it out: each line split into runs of one font, one
/// script and one direction, each run shaped by HarfBuzz (kerning, ligatures, combining marks,
/// Arabic joining), the runs put in visual order by the Unicode bidirectional algorithm
/// (FriBidi). Lines break only where the text has a newline; a right-to-left line is aligned
/// to the right of the block. Positions are in pixels from the block's top-left corner.
public struct TextLayout {
    /// A glyph at its place: `x` on the pen line, `baseline` from the block's top.
    public struct PlacedGlyph {
        let face: FontFace
        public let glyph: UInt32
        public let x: Double
        public let baseline: Double
    }

    public struct Line {
        public internal(set) var glyphs: [PlacedGlyph]
        /// The pen's advance over the whole line.
        public let width: Double
        /// The line's left edge in the block (right-to-left lines are aligned right).
        public internal(set) var x: Double
        public let baseline: Double
        /// The line's characters, as offsets in the text's Unicode scalars (without its newline).
        public let range: Range<Int>
        /// The caret's x in the block before each scalar of `range` and after the last.
        public internal(set) var carets: [Double]
        public let isRightToLeft: Bool
    }

    public let text: String
    public let pixelSize: Double
    public let ascender: Double
    public let lineHeight: Double
    public let lines: [Line]

    /// Said once, with the first text laid out: HarfBuzz and FriBidi are opened then.
    private static let reportShapingProblem: Void = {
        if let problem = fontshim_shaping_problem() {
            Log.warning("text is laid out without shaping or right-to-left order: \(String(cString: problem))")
        }
    }()

    /// Lays out `text` at `pixelSize` in `face` (the interface's sans-serif by default), with
    /// fontconfig's fallbacks for the characters it lacks (Chinese, Arabic, ...).
    public init(_ text: String, pixelSize: Double) {
        self.init(text, pixelSize: pixelSize, face: FontFace.sansSerif)
    }

    init(_ text: String, pixelSize: Double, face: FontFace?) {
        Self.reportShapingProblem
        self.text = text
        self.pixelSize = pixelSize
        let metrics = face?.metrics(pixelSize: pixelSize) ?? (ascender: pixelSize * 0.8, descender: -pixelSize * 0.2, lineHeight: pixelSize * 1.2)
        ascender = metrics.ascender
        lineHeight = metrics.lineHeight
        let scalars = text.unicodeScalars.map(\.value)
        var lines: [Line] = []
        var start = 0
        func addLine(to end: Int) {
            lines.append(Self.shapeLine(scalars, start..<end, index: lines.count, face: face, pixelSize: pixelSize,
                                        ascender: metrics.ascender, lineHeight: metrics.lineHeight))
            start = end + 1
        }
        for end in scalars.indices where scalars[end] == 0x0A { addLine(to: end) }
        addLine(to: scalars.count)
        // Right-to-left paragraphs end at the block's right edge.
        let width = lines.map(\.width).max() ?? 0
        for i in lines.indices where lines[i].isRightToLeft {
            let shift = width - lines[i].width
            lines[i].x = shift
            lines[i].carets = lines[i].carets.map { $0 + shift }
        }
        self.lines = lines
    }

    /// The widest line's advance.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    public var height: Double { Double(lines.count) * lineHeight }

    /// The line holding a scalar offset (the one after a newline starts the next line).
    public func lineIndex(ofScalar offset: Int) -> Int {
        lines.lastIndex { $0.range.lowerBound <= offset } ?? 0
    }

    /// Where the caret stands before the scalar at `offset`: x in the block and its line.
    public func caret(atScalar offset: Int) -> (x: Double, line: Int) {
        let index = lineIndex(ofScalar: offset)
        let line = lines[index]
        let local = min(max(offset - line.range.lowerBound, 0), line.carets.count - 1)
        return (line.carets[local], index)
    }

    /// The scalar offset whose caret is nearest a point in the block (a click in the text).
    public func scalarOffset(at point: Point) -> Int {
        let index = min(max(Int((point.y / lineHeight).rounded(.down)), 0), lines.count - 1)
        let line = lines[index]
        var best = 0
        for (i, x) in line.carets.enumerated() where abs(x - point.x) < abs(line.carets[best] - point.x) { best = i }
        return line.range.lowerBound + best
    }

    // MARK: - Shaping one line

    /// A stretch of a line in one face, script and direction.
    private struct Run {
        var range: Range<Int>
        let face: FontFace
        var script: UInt32
        let level: UInt8
    }

    private static func shapeLine(_ all: [UInt32], _ range: Range<Int>, index: Int, face: FontFace?, pixelSize: Double,
                                  ascender: Double, lineHeight: Double) -> Line {
        let baseline = Double(index) * lineHeight + ascender
        let scalars = Array(all[range])
        guard let face, !scalars.isEmpty else {
            return Line(glyphs: [], width: 0, x: 0, baseline: baseline, range: range, carets: [0], isRightToLeft: false)
        }
        var levels = [UInt8](repeating: 0, count: scalars.count)
        let baseLevel = fontshim_bidi_levels(scalars, Int32(scalars.count), &levels)
        let runs = itemize(scalars, levels: levels, face: face)

        // Shape each run; HarfBuzz gives its glyphs left to right, whatever its direction.
        var shaped: [(run: Run, glyphs: [fontshim_shaped_glyph])] = runs.map { run in
            (run, shape(scalars, run: run, pixelSize: pixelSize))
        }
        shaped = visualOrder(shaped, levels: shaped.map(\.run.level))

        // Place the glyphs, and note each cluster's extent for the caret.
        var glyphs: [PlacedGlyph] = []
        var extents = [Int: (x0: Double, x1: Double)]()
        var clusterOf = [Int](repeating: 0, count: scalars.count)
        var pen = 0.0
        for (run, runGlyphs) in shaped {
            for g in runGlyphs {
                glyphs.append(PlacedGlyph(face: run.face, glyph: g.glyph, x: pen + g.x_offset, baseline: baseline - g.y_offset))
                let cluster = Int(g.cluster)
                let extent = extents[cluster] ?? (pen, pen + g.x_advance)
                extents[cluster] = (min(extent.x0, pen), max(extent.x1, pen + g.x_advance))
                pen += g.x_advance
            }
            // Each scalar belongs to the nearest cluster at or before it in its run.
            let starts = Set(runGlyphs.map { Int($0.cluster) })
            var current = run.range.lowerBound
            for i in run.range {
                if starts.contains(i) { current = i }
                clusterOf[i] = current
            }
        }

        // The caret before a scalar is at its leading edge: the left of a left-to-right
        // character, the right of a right-to-left one; inside a ligature, a share of it.
        func leadingEdge(_ i: Int) -> Double {
            let cluster = clusterOf[i]
            guard let extent = extents[cluster] else { return 0 }
            let members = (cluster..<scalars.count).prefix { clusterOf[$0] == cluster }.count
            let share = (extent.x1 - extent.x0) * Double(i - cluster) / Double(max(members, 1))
            return levels[i] % 2 == 0 ? extent.x0 + share : extent.x1 - share
        }
        var carets = scalars.indices.map(leadingEdge)
        // After the last character: its trailing edge.
        let last = scalars.count - 1
        if let extent = extents[clusterOf[last]] { carets.append(levels[last] % 2 == 0 ? extent.x1 : extent.x0) } else { carets.append(pen) }
        return Line(glyphs: glyphs, width: pen, x: 0, baseline: baseline, range: range, carets: carets, isRightToLeft: baseLevel == 1)
    }

    /// Splits a line where the bidi level, the font or the script changes. Spaces, digits,
    /// punctuation and combining marks (Unicode's common and inherited scripts) stay with the
    /// run before them when its font has them, as Pango does.
    private static func itemize(_ scalars: [UInt32], levels: [UInt8], face: FontFace) -> [Run] {
        var runs: [Run] = []
        for (i, value) in scalars.enumerated() {
            let scalar = Unicode.Scalar(value) ?? "?"
            let script = fontshim_script(value)
            let isCommon = fontshim_script_is_common(script) != 0
            let previous = runs.last
            let chosen = isCommon && previous?.face.hasGlyph(for: scalar) == true ? previous!.face : chosenFace(for: scalar, primary: face)
            if var run = previous, run.level == levels[i], run.face === chosen {
                let runIsCommon = fontshim_script_is_common(run.script) != 0
                if isCommon || runIsCommon || run.script == script {
                    if runIsCommon { run.script = script }
                    run.range = run.range.lowerBound..<(i + 1)
                    runs[runs.count - 1] = run
                    continue
                }
            }
            runs.append(Run(range: i..<(i + 1), face: chosen, script: script, level: levels[i]))
        }
        return runs
    }

    /// The primary face when it has the character, else fontconfig's choice for it.
    private static func chosenFace(for scalar: Unicode.Scalar, primary: FontFace) -> FontFace {
        primary.hasGlyph(for: scalar) ? primary : FontFace.fallback(for: scalar) ?? primary
    }

    private static func shape(_ scalars: [UInt32], run: Run, pixelSize: Double) -> [fontshim_shaped_glyph] {
        fontshim_set_pixel_size(run.face.handle, pixelSize)
        var glyphs = [fontshim_shaped_glyph](repeating: fontshim_shaped_glyph(), count: run.range.count + 8)
        let rightToLeft: Int32 = run.level % 2 == 1 ? 1 : 0
        // A run of only spaces and digits takes the script HarfBuzz would guess (Latin shaping).
        let script = fontshim_script_is_common(run.script) != 0 ? fontshim_script(0x41) : run.script
        var count = Int(fontshim_shape(run.face.handle, scalars, Int32(scalars.count), Int32(run.range.lowerBound),
                                       Int32(run.range.count), script, rightToLeft, &glyphs, Int32(glyphs.count)))
        if count > glyphs.count {
            glyphs = [fontshim_shaped_glyph](repeating: fontshim_shaped_glyph(), count: count)
            count = Int(fontshim_shape(run.face.handle, scalars, Int32(scalars.count), Int32(run.range.lowerBound),
                                       Int32(run.range.count), script, rightToLeft, &glyphs, Int32(glyphs.count)))
        }
        return Array(glyphs.prefix(count))
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every
    /// stretch of runs at that level or higher.
    private static func visualOrder<T>(_ runs: [T], levels: [UInt8]) -> [T] {
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return runs }
        var order = Array(runs.indices)
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order.map { runs[$0] }
    }
}
