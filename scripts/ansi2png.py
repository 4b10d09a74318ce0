#!/usr/bin/env python3
"""Render a terminal capture (tmux `capture-pane -p -e -N`: text with SGR colour escapes) to a PNG.

Cells are laid out on a fixed grid: East Asian wide characters take two cells, combining marks none.
Text is drawn with DejaVu Sans Mono; glyphs it lacks fall back to Unifont, and emoji to Noto Color
Emoji. Needs Pillow and the Debian font packages fonts-dejavu-core, fonts-unifont, fonts-noto-color-emoji.

usage: ansi2png.py CAPTURE.ans OUT.png --cols 100 --rows 30
"""
import argparse
import re
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT_DIRS = {
    "regular": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "bold": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "fallback": "/usr/share/fonts/opentype/unifont/unifont.otf",
    "emoji": "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
}
CELL_W, CELL_H, FONT_SIZE = 10, 21, 16
DEFAULT_FG, DEFAULT_BG = (220, 220, 214), (30, 31, 36)
# The 16 standard colours (a muted xterm-like palette).
BASE16 = [
    (40, 42, 46), (204, 84, 84), (126, 180, 104), (214, 178, 84), (94, 142, 214), (176, 112, 196), (84, 178, 184), (200, 200, 196),
    (110, 112, 118), (240, 110, 110), (156, 210, 130), (240, 206, 110), (130, 170, 240), (206, 140, 226), (110, 206, 212), (250, 250, 246),
]
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def palette256(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    level = 8 + (n - 232) * 10
    return (level, level, level)


class Style:
    def __init__(self):
        self.fg, self.bg, self.bold, self.dim, self.underline, self.reverse = None, None, False, False, False, False

    def copy(self):
        s = Style()
        s.__dict__.update(self.__dict__)
        return s

    def apply(self, params):
        codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.__init__()
            elif c == 1:
                self.bold = True
            elif c == 2:
                self.dim = True
            elif c == 4:
                self.underline = True
            elif c == 7:
                self.reverse = True
            elif c == 22:
                self.bold = self.dim = False
            elif c == 24:
                self.underline = False
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37:
                self.fg = BASE16[c - 30]
            elif 90 <= c <= 97:
                self.fg = BASE16[c - 90 + 8]
            elif 40 <= c <= 47:
                self.bg = BASE16[c - 40]
            elif 100 <= c <= 107:
                self.bg = BASE16[c - 100 + 8]
            elif c == 39:
                self.fg = None
            elif c == 49:
                self.bg = None
            elif c in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour, i = palette256(codes[i + 2]), i + 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour, i = tuple(codes[i + 2:i + 5]), i + 4
                else:
                    colour = None
                if c == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1

    def colours(self):
        fg, bg = self.fg or DEFAULT_FG, self.bg or DEFAULT_BG
        if self.reverse:
            fg, bg = (self.bg or DEFAULT_BG), (self.fg or DEFAULT_FG)
        if self.dim:
            fg = tuple((a + b) // 2 for a, b in zip(fg, bg))
        return fg, bg


def width(ch):
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def parse(text, cols, rows):
    """A grid of rows × cols cells: (char, style) or None for the right half of a wide character."""
    grid = [[(" ", Style()) for _ in range(cols)] for _ in range(rows)]
    for y, line in enumerate(text.split("\n")[:rows]):
        style, x, pos = Style(), 0, 0
        while pos < len(line) and x < cols:
            m = SGR.match(line, pos)
            if m:
                style.apply(m.group(1))
                pos = m.end()
                continue
            ch = line[pos]
            pos += 1
            w = width(ch)
            if w == 0 and x > 0:
                prev, st = grid[y][x - 1] if grid[y][x - 1] else grid[y][x - 2]
                grid[y][x - 1 if grid[y][x - 1] else x - 2] = (prev + ch, st)
                continue
            grid[y][x] = (ch, style.copy())
            if w == 2 and x + 1 < cols:
                grid[y][x + 1] = None
            x += w
    return grid


class Fonts:
    def __init__(self):
        self.regular = ImageFont.truetype(FONT_DIRS["regular"], FONT_SIZE)
        self.bold = ImageFont.truetype(FONT_DIRS["bold"], FONT_SIZE)
        self.fallback = ImageFont.truetype(FONT_DIRS["fallback"], FONT_SIZE)
        try:
            self.emoji = ImageFont.truetype(FONT_DIRS["emoji"], 109)
        except OSError:
            self.emoji = None
        self.missing = {}

    @staticmethod
    def raster(font, ch):
        img = Image.new("L", (CELL_W * 3, CELL_H * 2), 0)
        ImageDraw.Draw(img).text((0, 0), ch, font=font, fill=255)
        return img.tobytes()

    def has(self, font, ch):
        """False when `font` would draw its .notdef box for `ch` (compared with a private-use char)."""
        if font not in self.missing:
            self.missing[font] = self.raster(font, "\U000F0000")
        return self.raster(font, ch) != self.missing[font]


def draw_emoji(img, fonts, ch, x, y, w):
    glyph = Image.new("RGBA", (136, 128), (0, 0, 0, 0))
    ImageDraw.Draw(glyph).text((0, 0), ch, font=fonts.emoji, embedded_color=True)
    box = glyph.getbbox()
    if not box:
        return False
    glyph = glyph.crop(box).resize((CELL_W * w - 2, CELL_H - 4))
    img.paste(glyph, (x + 1, y + 2), glyph)
    return True


def render(grid, cols, rows):
    img = Image.new("RGB", (cols * CELL_W, rows * CELL_H), DEFAULT_BG)
    draw = ImageDraw.Draw(img)
    fonts = Fonts()
    for y, row in enumerate(grid):
        for x, cell in enumerate(row):
            if cell is None:
                continue
            ch, style = cell
            w = 2 if x + 1 < cols and row[x + 1] is None else 1
            fg, bg = style.colours()
            px, py = x * CELL_W, y * CELL_H
            draw.rectangle([px, py, px + CELL_W * w - 1, py + CELL_H - 1], fill=bg)
            if ch != " ":
                base = ch[0]
                if fonts.emoji and unicodedata.category(base) == "So" and ord(base) > 0x2600 and w == 2:
                    if draw_emoji(img, fonts, ch, px, py, w):
                        continue
                font = fonts.bold if style.bold else fonts.regular
                if not fonts.has(font, base):
                    font = fonts.fallback
                draw.text((px, py + 2), ch, font=font, fill=fg)
            if style.underline:
                draw.line([px, py + CELL_H - 2, px + CELL_W * w - 1, py + CELL_H - 2], fill=fg)
    return img


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("capture")
    ap.add_argument("out")
    ap.add_argument("--cols", type=int, default=100)
    ap.add_argument("--rows", type=int, default=30)
    args = ap.parse_args()
    with open(args.capture, encoding="utf-8", errors="replace") as f:
        text = f.read()
    render(parse(text, args.cols, args.rows), args.cols, args.rows).save(args.out)


if __name__ == "__main__":
    main()
