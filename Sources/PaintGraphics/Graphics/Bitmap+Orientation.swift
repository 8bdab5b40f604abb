extension Bitmap {
    /// The pixels turned or mirrored as an EXIF orientation says (1 as they are; 2 mirrored
    /// left to right; 3 turned half round; 4 mirrored top to bottom; 5 transposed; 6 turned a
    /// quarter clockwise; 7 transversed; 8 a quarter counter-clockwise): an exact permutation,
    /// no resampling. 5 to 8 swap the width and the height.
    public func reoriented(_ orientation: Int) -> Bitmap {
        let w = width, h = height, swaps = orientation >= 5 && orientation <= 8
        let result = Bitmap(width: swaps ? h : w, height: swaps ? w : h)
        let out = result.pixels, outWidth = result.width
        for y in 0..<h {
            let row = pixels + y * w
            for x in 0..<w {
                let target: Int
                switch orientation {
                case 2: target = y * outWidth + (w - 1 - x)
                case 3: target = (h - 1 - y) * outWidth + (w - 1 - x)
                case 4: target = (h - 1 - y) * outWidth + x
                case 5: target = x * outWidth + y
                case 6: target = x * outWidth + (h - 1 - y)
                case 7: target = (w - 1 - x) * outWidth + (h - 1 - y)
                case 8: target = (w - 1 - x) * outWidth + y
                default: target = y * outWidth + x
                }
                out[target] = row[x]
            }
        }
        return result
    }

    /// Mirrors the pixels of `rect` in place, left to right or top to bottom.
    public func mirror(in rect: PixelRect, horizontally: Bool) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        if horizontally {
            for y in r.y0..<r.y1 {
                var a = pixels + y * width + r.x0, b = pixels + y * width + r.x1 - 1
                while a < b {
                    swap(&a.pointee, &b.pointee)
                    a += 1
                    b -= 1
                }
            }
        } else {
            var top = r.y0, bottom = r.y1 - 1
            while top < bottom {
                for x in r.x0..<r.x1 { swap(&pixels[top * width + x], &pixels[bottom * width + x]) }
                top += 1
                bottom -= 1
            }
        }
    }
}

extension Bitmap {
    /// Turns the whole picture half a turn or mirrors it, in place. Rows with nothing on them
    /// are left untouched (a sparse layer's unpainted pages stay unbacked): turning thirty
    /// mostly empty 4K layers touches only their paint.
    public func turnInPlace(reversingRows: Bool, reversingColumns: Bool) {
        func isEmpty(_ y: Int) -> Bool {
            let row = pixels + y * width
            for x in 0..<width where row[x] != 0 { return false }
            return true
        }
        func reverse(_ y: Int) {
            var a = pixels + y * width, b = pixels + y * width + width - 1
            while a < b {
                swap(&a.pointee, &b.pointee)
                a += 1
                b -= 1
            }
        }
        if reversingColumns {
            var top = 0, bottom = height - 1
            while top < bottom {
                let topEmpty = isEmpty(top), bottomEmpty = isEmpty(bottom)
                if !topEmpty || !bottomEmpty {
                    let a = pixels + top * width, b = pixels + bottom * width
                    for x in 0..<width { swap(&a[x], &b[x]) }
                    if reversingRows {
                        if !bottomEmpty { reverse(top) }
                        if !topEmpty { reverse(bottom) }
                    }
                }
                top += 1
                bottom -= 1
            }
            if reversingRows, top == bottom, !isEmpty(top) { reverse(top) }
        } else if reversingRows {
            for y in 0..<height where !isEmpty(y) { reverse(y) }
        }
    }
}
