import Foundation
import DrawingBoard

/// One image with every primitive, for a person to look at.
enum Showcase {
    static func write(to path: String) throws {
        let bitmap = Bitmap(width: 900, height: 600, color: .white)
        let c = GraphicsContext(bitmap: bitmap)
        let ink = Color(r: 20, g: 40, b: 120)
        let font = Font.system(size: 14)
        func label(_ text: String, _ x: Double, _ y: Double) { c.draw(text, at: Point(x: x, y: y), font: font, color: .darkGray) }

        // Caps and joins.
        var x = 40.0
        for (cap, join) in [(LineCap.butt, LineJoin.miter), (.round, .round), (.square, .bevel)] {
            c.save()
            c.strokeColor = ink
            c.lineStyle = LineStyle(width: 18, cap: cap, join: join)
            var path = Path()
            path.move(to: Point(x: x, y: 150)); path.line(to: Point(x: x + 50, y: 50)); path.line(to: Point(x: x + 100, y: 150))
            c.stroke(path)
            c.strokeColor = .red
            c.lineStyle = LineStyle(width: 1)
            c.stroke(path)
            c.restore()
            label("\(cap) / \(join)", x, 190)
            x += 150
        }
        // Dashes, hairlines, a translucent self-crossing stroke.
        c.save()
        c.strokeColor = ink
        c.lineStyle = LineStyle(width: 4, dashes: [12, 12])
        c.stroke(.line(from: Point(x: 490, y: 60), to: Point(x: 860, y: 60)))
        c.lineStyle = LineStyle(width: 1)
        for i in 0..<12 { c.stroke(.line(from: Point(x: 490, y: 80 + Double(i) * 3), to: Point(x: 860, y: 100 + Double(i) * 7))) }
        c.strokeColor = Color(r: 0, g: 120, b: 255, a: 128)
        c.lineStyle = LineStyle(width: 16, cap: .round, join: .round)
        var loop = Path()
        loop.move(to: Point(x: 500, y: 190)); loop.curve(to: Point(x: 860, y: 150), control1: Point(x: 900, y: 280), control2: Point(x: 460, y: 60))
        c.stroke(loop)
        c.restore()
        label("dashes 3w/3w, hairlines, translucent stroke crossing itself", 490, 230)
        // Fills: ellipse, star both rules, rounded rect rotated.
        c.fillColor = Color(r: 230, g: 120, b: 30)
        c.fill(.ellipse(in: Rect(x: 40, y: 260, width: 160, height: 100)))
        let star = (0..<5).map { i -> Point in
            let a = -Double.pi / 2 + Double(i) * 4 * .pi / 5
            return Point(x: 300 + 60 * cos(a), y: 320 + 60 * sin(a))
        }
        c.fillColor = ink
        c.fill(.polygon(star), rule: .nonZero)
        c.fill(.polygon(star.map { Point(x: $0.x + 140, y: $0.y) }), rule: .evenOdd)
        c.save()
        c.translateBy(x: 640, y: 320)
        c.rotate(by: 0.4)
        c.fillColor = Color(r: 40, g: 160, b: 80, a: 200)
        c.fill(.roundedRect(Rect(x: -90, y: -40, width: 180, height: 80), cornerRadius: 20))
        c.restore()
        label("ellipse, star non-zero and even-odd, rotated rounded rectangle", 40, 410)
        // A clipped, rotated image.
        let photo = Bitmap(width: 120, height: 80)
        for py in 0..<80 { for px in 0..<120 { photo[px, py] = Color(red: Double(px) / 120, green: Double(py) / 80, blue: (px / 10 + py / 10) % 2 == 0 ? 0.9 : 0.2).premultipliedPixel } }
        c.save()
        c.clip(to: .ellipse(in: Rect(x: 40, y: 430, width: 160, height: 150)))
        c.draw(Image(bitmap: photo), transform: PaintGraphics.AffineTransform(translationX: -60, y: -40)
            .concatenating(PaintGraphics.AffineTransform(scaleX: 1.6, y: 1.6))
            .concatenating(PaintGraphics.AffineTransform(rotationAngle: 0.5))
            .concatenating(PaintGraphics.AffineTransform(translationX: 120, y: 505)))
        c.restore()
        c.draw("Text: Héllo, 世界 — anti-aliased, UTF-8", at: Point(x: 260, y: 510), font: Font.system(size: 24), color: .black)
        label("clipped rotated image, text through FreeType and fontconfig", 260, 560)
        try PNGCodec.encode(bitmap).write(to: URL(fileURLWithPath: path))
    }
}
