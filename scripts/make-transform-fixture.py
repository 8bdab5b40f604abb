#!/usr/bin/env python3
"""Makes the free transform's reference in Tests/Fixtures/transform once (it is committed):
  source.png   a 160x120 picture: smooth gradients, hard edges, fine lines
  pillow.png   source.png put in perspective by Pillow's Image.transform(PERSPECTIVE, BICUBIC)
  corners.txt  where the picture's corners go (top-left, top-right, bottom-right, bottom-left)
Needs Pillow (pip install pillow). FreeTransformTests checks our warp against pillow.png."""
import math
import os
from PIL import Image, ImageDraw

out = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "transform")
width, height = 160, 120
source = Image.new("RGBA", (width, height))
pixels = source.load()
for y in range(height):
    for x in range(width):
        pixels[x, y] = (int(40 + 200 * x / width), int(60 + 160 * y / height),
                        int(128 + 100 * math.sin(x / 9.0) * math.cos(y / 13.0)), 255)
draw = ImageDraw.Draw(source)
draw.ellipse((30, 20, 90, 80), fill=(220, 50, 60, 255))
draw.rectangle((100, 30, 145, 100), fill=(40, 160, 90, 255))
for i in range(0, width, 8):
    draw.line((i, 0, width - 1 - i // 2, height - 1), fill=(250, 250, 250, 255), width=1)
corners = [(22.0, 14.0), (150.0, 6.0), (140.0, 112.0), (10.0, 98.0)]

# Pillow's PERSPECTIVE takes the map from output to input: solve the 8 coefficients that take
# each corner back to the source's.
rect = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
rows, values = [], []
for (x, y), (u, v) in zip(corners, rect):
    rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); values.append(u)
    rows.append([0, 0, 0, x, y, 1, -v * x, -v * y]); values.append(v)
n = 8
matrix = [row + [value] for row, value in zip(rows, values)]
for column in range(n):
    pivot = max(range(column, n), key=lambda r: abs(matrix[r][column]))
    matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
    for r in range(n):
        if r != column:
            factor = matrix[r][column] / matrix[column][column]
            matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[column])]
coefficients = [matrix[i][n] / matrix[i][i] for i in range(n)]
result = source.transform((width, height), Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC)
source.save(os.path.join(out, "source.png"))
result.save(os.path.join(out, "pillow.png"))
with open(os.path.join(out, "corners.txt"), "w") as f:
    f.write(" ".join(f"{x} {y}" for x, y in corners) + "\n")
