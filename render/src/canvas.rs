//! A small drawing surface over tiny-skia: filled shapes, outlines and text in the one
//! bundled font. A canvas first runs "dry" (no pixels) to measure how tall a picture is,
//! then for real; both runs execute the same drawing code, so the layout cannot drift.
//! A recording dry run also lists every text drawn ([`legends`]): what the legend
//! snapshots compare, taken from the drawing code itself.

use fontdue::{Font, FontSettings, Metrics};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// DejaVu Sans (see `fonts/LICENSE`), compiled in: no system font is read at run time.
const FONT_BYTES: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

pub(crate) fn font() -> &'static Font {
    static FONT: OnceLock<Font> = OnceLock::new();
    FONT.get_or_init(|| {
        // The bundled file is a valid TrueType font; a failure here is a build defect.
        Font::from_bytes(FONT_BYTES, FontSettings::default()).expect("bundled DejaVu Sans parses")
    })
}

type Glyph = Arc<(Metrics, Vec<u8>)>;

/// Rasterized glyphs by (character, pixel size), shared by every picture.
fn glyph(c: char, px: f32) -> Glyph {
    static CACHE: OnceLock<Mutex<HashMap<(char, u32), Glyph>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (c, px.to_bits());
    if let Ok(map) = cache.lock() {
        if let Some(g) = map.get(&key) {
            return g.clone();
        }
    }
    let g: Glyph = Arc::new(font().rasterize(c, px));
    if let Ok(mut map) = cache.lock() {
        map.insert(key, g.clone());
    }
    g
}

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `0xRRGGBB`.
    pub const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }

    fn paint(self) -> Paint<'static> {
        let mut p = Paint::default();
        p.set_color_rgba8(self.0, self.1, self.2, 255);
        p.anti_alias = true;
        p
    }

    /// Dark text on light fills, white text on dark ones (by perceived luminance).
    pub fn ink(self) -> Rgb {
        let l = 0.299 * f32::from(self.0) + 0.587 * f32::from(self.1) + 0.114 * f32::from(self.2);
        if l > 150.0 {
            Rgb::hex(0x1b1b1b)
        } else {
            Rgb::hex(0xffffff)
        }
    }
}

/// Horizontal anchoring of a text line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// The drawing surface. Coordinates are pixels, y downwards.
pub struct Canvas {
    pixmap: Option<Pixmap>,
    pub width: f32,
    /// The lowest point drawn so far (what a dry run measures).
    pub bottom: f32,
    /// Every text drawn, in order, when recording (a paragraph or a fitted line counts
    /// once, as written before wrapping or cutting).
    texts: Option<Vec<String>>,
    /// The pixel size of every line of text drawn (after shrinking) with the line, when
    /// recording.
    sizes: Option<Vec<(f32, String)>>,
    /// Fills and texts in drawing order, when recording (see [`drawn`]).
    drawn: Option<Vec<Drawn>>,
}

/// One thing a recording canvas saw drawn: a filled shape's colour or a text.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawn {
    Fill(Rgb),
    Text(String),
}

impl Canvas {
    /// A measuring canvas: shapes only move `bottom`.
    pub fn dry(width: u32) -> Canvas {
        Canvas {
            pixmap: None,
            width: width as f32,
            bottom: 0.0,
            texts: None,
            sizes: None,
            drawn: None,
        }
    }

    /// A measuring canvas that also records every text drawn (see [`legends`]).
    pub fn recording(width: u32) -> Canvas {
        Canvas {
            texts: Some(Vec::new()),
            sizes: Some(Vec::new()),
            drawn: Some(Vec::new()),
            ..Canvas::dry(width)
        }
    }

    fn record(&mut self, text: &str) {
        if let Some(texts) = self.texts.as_mut() {
            texts.push(text.to_string());
        }
        if let Some(drawn) = self.drawn.as_mut() {
            drawn.push(Drawn::Text(text.to_string()));
        }
    }

    fn record_fill(&mut self, fill: Option<Rgb>) {
        if let (Some(drawn), Some(fill)) = (self.drawn.as_mut(), fill) {
            drawn.push(Drawn::Fill(fill));
        }
    }

    /// A real canvas filled with `background`.
    pub fn new(width: u32, height: u32, background: Rgb) -> Option<Canvas> {
        // One pass writes the background (no zeroing first).
        let size = tiny_skia::IntSize::from_wh(width, height.max(1))?;
        let pixels = size.width() as usize * size.height() as usize;
        let data = [background.0, background.1, background.2, 255].repeat(pixels);
        let pixmap = Pixmap::from_vec(data, size)?;
        Some(Canvas {
            pixmap: Some(pixmap),
            width: width as f32,
            bottom: 0.0,
            texts: None,
            sizes: None,
            drawn: None,
        })
    }

    fn reach(&mut self, y: f32) {
        if y > self.bottom {
            self.bottom = y;
        }
    }

    /// A filled rectangle (snapped to whole pixels).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Rgb) {
        self.reach(y + h);
        self.record_fill(Some(fill));
        if let (Some(pm), Some(r)) = (self.pixmap.as_mut(), pixel_rect(x, y, w, h)) {
            pm.fill_rect(r, &fill.paint(), Transform::identity(), None);
        }
    }

    /// A rounded rectangle, filled and/or outlined (geometry, radius, fill, stroke).
    #[allow(clippy::too_many_arguments)]
    pub fn round_rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        r: f32,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
    ) {
        self.reach(y + h);
        self.record_fill(fill);
        if self.pixmap.is_none() {
            return;
        }
        let r = r.min(w / 2.0).min(h / 2.0);
        let k = 0.552_284_8 * r;
        let mut pb = PathBuilder::new();
        pb.move_to(x + r, y);
        pb.line_to(x + w - r, y);
        pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
        pb.line_to(x + w, y + h - r);
        pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
        pb.line_to(x + r, y + h);
        pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
        pb.line_to(x, y + r);
        pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
        pb.close();
        self.path(pb, fill, stroke);
    }

    /// A circle, filled and optionally outlined.
    pub fn circle(
        &mut self,
        cx: f32,
        cy: f32,
        r: f32,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
    ) {
        self.reach(cy + r);
        self.record_fill(fill);
        if self.pixmap.is_none() {
            return;
        }
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            let mut pb = PathBuilder::new();
            pb.push_path(&path);
            self.path(pb, fill, stroke);
        }
    }

    /// A closed polygon, filled and optionally outlined.
    pub fn polygon(
        &mut self,
        points: &[(f32, f32)],
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
    ) {
        let Some(&(x0, y0)) = points.first() else {
            return;
        };
        for p in points {
            self.reach(p.1);
        }
        self.record_fill(fill);
        if self.pixmap.is_none() {
            return;
        }
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y0);
        for &(x, y) in &points[1..] {
            pb.line_to(x, y);
        }
        pb.close();
        self.path(pb, fill, stroke);
    }

    /// A straight line.
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, colour: Rgb, width: f32) {
        self.reach(y1.max(y2));
        let Some(pm) = self.pixmap.as_mut() else {
            return;
        };
        // Axis-aligned lines (grids, edges) are rectangles: much cheaper than a stroke.
        let rect = if x1 == x2 {
            pixel_rect(x1 - width / 2.0, y1.min(y2), width, (y2 - y1).abs())
        } else if y1 == y2 {
            pixel_rect(x1.min(x2), y1 - width / 2.0, (x2 - x1).abs(), width)
        } else {
            None
        };
        if let Some(r) = rect {
            pm.fill_rect(r, &colour.paint(), Transform::identity(), None);
            return;
        }
        let mut pb = PathBuilder::new();
        pb.move_to(x1, y1);
        pb.line_to(x2, y2);
        if let Some(path) = pb.finish() {
            let stroke = Stroke {
                width,
                ..Stroke::default()
            };
            pm.stroke_path(&path, &colour.paint(), &stroke, Transform::identity(), None);
        }
    }

    fn path(&mut self, pb: PathBuilder, fill: Option<Rgb>, stroke: Option<(Rgb, f32)>) {
        let (Some(pm), Some(path)) = (self.pixmap.as_mut(), pb.finish()) else {
            return;
        };
        if let Some(f) = fill {
            pm.fill_path(
                &path,
                &f.paint(),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        if let Some((c, w)) = stroke {
            let s = Stroke {
                width: w,
                ..Stroke::default()
            };
            pm.stroke_path(&path, &c.paint(), &s, Transform::identity(), None);
        }
    }

    /// The advance width of `text` at `px` (with kerning).
    pub fn text_width(&self, text: &str, px: f32) -> f32 {
        let f = font();
        let mut w = 0.0;
        let mut prev: Option<char> = None;
        for c in text.chars() {
            if let Some(p) = prev {
                w += f.horizontal_kern(p, c, px).unwrap_or(0.0);
            }
            w += f.metrics(c, px).advance_width;
            prev = Some(c);
        }
        w
    }

    /// Draws one line of text with its baseline at `y`; returns its width.
    pub fn text(&mut self, x: f32, y: f32, px: f32, colour: Rgb, align: Align, text: &str) -> f32 {
        self.record(text);
        self.line_of_text(x, y, px, colour, align, text)
    }

    /// [`Canvas::text`] without recording (the lines of a paragraph, a cut text).
    fn line_of_text(
        &mut self,
        x: f32,
        y: f32,
        px: f32,
        colour: Rgb,
        align: Align,
        text: &str,
    ) -> f32 {
        let width = self.text_width(text, px);
        if let Some(sizes) = self.sizes.as_mut() {
            if !text.trim().is_empty() {
                sizes.push((px, text.to_string()));
            }
        }
        // Descenders reach about a quarter of the size below the baseline.
        self.reach(y + px * 0.25);
        if self.pixmap.is_none() {
            return width;
        }
        let mut pen = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let f = font();
        let mut prev: Option<char> = None;
        for c in text.chars() {
            if let Some(p) = prev {
                pen += f.horizontal_kern(p, c, px).unwrap_or(0.0);
            }
            let g = glyph(c, px);
            let (m, bitmap) = (&g.0, &g.1);
            let gx = pen.round() as i32 + m.xmin;
            let gy = y.round() as i32 - m.height as i32 - m.ymin;
            self.blend(gx, gy, m.width, m.height, bitmap, colour);
            pen += m.advance_width;
            prev = Some(c);
        }
        width
    }

    /// Text shrunk, no further than `min_px` (what a phone still reads), or else cut with
    /// an ellipsis, so it fits `max_w`.
    #[allow(clippy::too_many_arguments)]
    pub fn text_fit(
        &mut self,
        x: f32,
        y: f32,
        px: f32,
        colour: Rgb,
        align: Align,
        text: &str,
        max_w: f32,
        min_px: f32,
    ) -> f32 {
        self.fit(x, y, px, colour, align, text, max_w, |size| {
            size - 1.0 >= min_px
        })
    }

    /// Shrinks `text` a pixel at a time while `may_shrink(size)` and it is too wide, then
    /// cuts it with an ellipsis if it still does not fit.
    #[allow(clippy::too_many_arguments)]
    fn fit(
        &mut self,
        x: f32,
        y: f32,
        px: f32,
        colour: Rgb,
        align: Align,
        text: &str,
        max_w: f32,
        may_shrink: impl Fn(f32) -> bool,
    ) -> f32 {
        self.record(text);
        let mut size = px;
        while self.text_width(text, size) > max_w && may_shrink(size) {
            size -= 1.0;
        }
        if self.text_width(text, size) <= max_w {
            return self.line_of_text(x, y, size, colour, align, text);
        }
        let mut cut: String = text.to_string();
        while !cut.is_empty() && self.text_width(&format!("{cut}…"), size) > max_w {
            cut.pop();
        }
        self.line_of_text(x, y, size, colour, align, &format!("{cut}…"))
    }

    /// How many lines [`Canvas::paragraph`] wraps `text` into at `px` within `max_w`.
    pub fn line_count(&self, text: &str, px: f32, max_w: f32) -> usize {
        let mut lines = 0;
        let mut line = String::new();
        for word in text.split_whitespace() {
            let mut candidate = line.clone();
            if !candidate.is_empty() {
                candidate.push(' ');
            }
            candidate.push_str(word);
            if !line.is_empty() && self.text_width(&candidate, px) > max_w {
                lines += 1;
                line = word.to_string();
            } else {
                line = candidate;
            }
        }
        lines + usize::from(!line.is_empty())
    }

    /// Draws `text` word-wrapped to `max_w`, first baseline at `y`; returns the baseline
    /// after the last line.
    pub fn paragraph(
        &mut self,
        x: f32,
        y: f32,
        px: f32,
        colour: Rgb,
        text: &str,
        max_w: f32,
    ) -> f32 {
        self.record(text);
        let mut line = String::new();
        let mut y = y;
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{} {}", line, word)
            };
            if !line.is_empty() && self.text_width(&candidate, px) > max_w {
                self.line_of_text(x, y, px, colour, Align::Left, &line);
                y += px * 1.3;
                line = word.to_string();
            } else {
                line = candidate;
            }
        }
        if !line.is_empty() {
            self.line_of_text(x, y, px, colour, Align::Left, &line);
            y += px * 1.3;
        }
        y
    }

    /// Alpha-blends a coverage bitmap of `colour` at (x, y).
    fn blend(&mut self, x: i32, y: i32, w: usize, h: usize, coverage: &[u8], colour: Rgb) {
        let Some(pm) = self.pixmap.as_mut() else {
            return;
        };
        let (pw, ph) = (pm.width() as i32, pm.height() as i32);
        let data = pm.data_mut();
        for row in 0..h as i32 {
            let py = y + row;
            if py < 0 || py >= ph {
                continue;
            }
            for col in 0..w as i32 {
                let px = x + col;
                if px < 0 || px >= pw {
                    continue;
                }
                let a = u32::from(coverage[(row as usize) * w + col as usize]);
                if a == 0 {
                    continue;
                }
                let i = ((py * pw + px) * 4) as usize;
                let mix = |dst: u8, src: u8| -> u8 {
                    ((u32::from(src) * a + u32::from(dst) * (255 - a) + 127) / 255) as u8
                };
                data[i] = mix(data[i], colour.0);
                data[i + 1] = mix(data[i + 1], colour.1);
                data[i + 2] = mix(data[i + 2], colour.2);
            }
        }
    }

    /// Encodes the picture as an indexed PNG (see [`quantize`]); the canvas is opaque.
    /// Inside [`exact_colours`], as an RGBA PNG with every pixel as drawn.
    pub fn png(self) -> Option<Vec<u8>> {
        let pm = self.pixmap?;
        if EXACT.with(std::cell::Cell::get) {
            return Some(encode_png(pm.width(), pm.height(), None, pm.data()));
        }
        Some(indexed_png(pm.width(), pm.height(), pm.data()))
    }
}

thread_local! {
    /// Whether pictures drawn on this thread keep their exact colours (see [`exact_colours`]).
    static EXACT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `draw` with the pictures it draws encoded as RGBA PNGs, every pixel as drawn:
/// an indexed picture's palette depends on the whole picture, so the same part of two
/// boards could differ by a shade. For pictures compared or assembled afterwards.
pub fn exact_colours<T>(draw: impl FnOnce() -> T) -> T {
    let before = EXACT.with(|e| e.replace(true));
    let out = draw();
    EXACT.with(|e| e.set(before));
    out
}

/// Encodes opaque RGBA pixels as an indexed PNG, as [`Canvas::png`] does (at most 256
/// colours, the rarest mapped to their nearest): for pictures assembled from others.
pub fn indexed_png(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let (palette, indices) = quantize(rgba);
    encode_png(width, height, Some(&palette), &indices)
}

/// Deflate level: the pictures are long runs of flat colour. Level 3 keeps the tallest
/// (The Princes of Florence for five, drawn large enough for a phone) under 150 KB,
/// where level 1 gave 170 KB; see `docs/benchmarks.md` for the time it costs.
const DEFLATE_LEVEL: u8 = 3;

/// Writes an 8-bit PNG: signature, IHDR, PLTE, one IDAT (rows unfiltered: a palette
/// index has no useful arithmetic neighbourhood), IEND. Indexed with a `palette`, else
/// RGBA.
fn encode_png(width: u32, height: u32, palette: Option<&[u8]>, pixels: &[u8]) -> Vec<u8> {
    let row = width as usize * if palette.is_some() { 1 } else { 4 };
    let mut raw = Vec::with_capacity((row + 1) * height as usize);
    for line in pixels.chunks_exact(row.max(1)) {
        raw.push(0);
        raw.extend_from_slice(line);
    }
    let data = miniz_oxide::deflate::compress_to_vec_zlib(&raw, DEFLATE_LEVEL);
    let mut out = Vec::with_capacity(data.len() + 832);
    out.extend_from_slice(&[0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n']);
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    // Bit depth 8, colour type 3 (indexed) or 6 (RGBA), deflate, adaptive filtering, no
    // interlace.
    ihdr.extend_from_slice(&[8, if palette.is_some() { 3 } else { 6 }, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    if let Some(palette) = palette {
        chunk(&mut out, b"PLTE", palette);
    }
    chunk(&mut out, b"IDAT", &data);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// A cheap, deterministic hasher for packed RGB keys (SipHash is needlessly slow here).
#[derive(Default)]
struct RgbHasher(u64);

impl std::hash::Hasher for RgbHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(*b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type RgbMap<V> = HashMap<u32, V, std::hash::BuildHasherDefault<RgbHasher>>;

/// Reduces an opaque RGBA picture to at most 256 colours: the most frequent colours form
/// the palette (every flat fill and most anti-aliasing shades), any other colour maps to
/// its nearest palette entry. Ties are broken by colour value, so the result is
/// deterministic. Returns the RGB palette and one index per pixel.
fn quantize(rgba: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let pack = |p: &[u8]| (u32::from(p[0]) << 16) | (u32::from(p[1]) << 8) | u32::from(p[2]);
    // Histogram; runs of equal pixels (most of a picture) cost one comparison each.
    let mut counts: RgbMap<u32> = RgbMap::default();
    let mut run_colour = u32::MAX;
    let mut run = 0u32;
    for p in rgba.chunks_exact(4) {
        let c = pack(p);
        if c == run_colour {
            run += 1;
            continue;
        }
        if run > 0 {
            *counts.entry(run_colour).or_insert(0) += run;
        }
        run_colour = c;
        run = 1;
    }
    if run > 0 {
        *counts.entry(run_colour).or_insert(0) += run;
    }
    let mut by_use: Vec<(u32, u32)> = counts.into_iter().collect();
    by_use.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<u32> = by_use.iter().take(256).map(|(c, _)| *c).collect();
    let split = |c: u32| {
        [
            (c >> 16) as i32,
            ((c >> 8) & 0xff) as i32,
            (c & 0xff) as i32,
        ]
    };
    let mut index: RgbMap<u8> = RgbMap::default();
    for (i, c) in palette.iter().enumerate() {
        index.insert(*c, i as u8);
    }
    for (c, _) in by_use.iter().skip(256) {
        let [r, g, b] = split(*c);
        let mut best = (i32::MAX, 0u8);
        for (i, p) in palette.iter().enumerate() {
            let [pr, pg, pb] = split(*p);
            let d = (r - pr).pow(2) * 3 + (g - pg).pow(2) * 4 + (b - pb).pow(2) * 2;
            if d < best.0 {
                best = (d, i as u8);
            }
        }
        index.insert(*c, best.1);
    }
    let mut out = Vec::with_capacity(rgba.len() / 4);
    let mut last = (u32::MAX, 0u8);
    for p in rgba.chunks_exact(4) {
        let c = pack(p);
        if c != last.0 {
            last = (c, index.get(&c).copied().unwrap_or(0));
        }
        out.push(last.1);
    }
    let pal = palette
        .iter()
        .flat_map(|c| split(*c).map(|v| v as u8))
        .collect();
    (pal, out)
}

/// Runs `draw` on a dry canvas to measure the height, then on a real one, and encodes it.
pub fn picture(width: u32, background: Rgb, draw: impl Fn(&mut Canvas)) -> Option<Vec<u8>> {
    let mut dry = Canvas::dry(width);
    draw(&mut dry);
    let height = (dry.bottom.ceil() as u32).saturating_add(24);
    let mut canvas = Canvas::new(width, height, background)?;
    draw(&mut canvas);
    canvas.png()
}

/// Every text `draw` writes, in order, from a recording dry run (no pixels).
pub fn legends(width: u32, draw: impl Fn(&mut Canvas)) -> Vec<String> {
    let mut canvas = Canvas::recording(width);
    draw(&mut canvas);
    canvas.texts.unwrap_or_default()
}

/// The pixel size of every line of text `draw` writes (after [`Canvas::text_fit`]
/// shrinks it), with the line, from a recording dry run: what the phone-readability rule
/// measures.
pub fn text_sizes(width: u32, draw: impl Fn(&mut Canvas)) -> Vec<(f32, String)> {
    let mut canvas = Canvas::recording(width);
    draw(&mut canvas);
    canvas.sizes.unwrap_or_default()
}

/// Every fill and text `draw` makes, in order, from a recording dry run (what the
/// test that no colour stands without its mark reads).
#[cfg(test)]
pub fn drawn(width: u32, draw: impl Fn(&mut Canvas)) -> Vec<Drawn> {
    let mut canvas = Canvas::recording(width);
    draw(&mut canvas);
    canvas.drawn.unwrap_or_default()
}

/// A rectangle snapped to whole pixels, at least one pixel each way: edges stay crisp,
/// and tiny-skia never gets a sub-pixel sliver (which its anti-aliased fill rejects).
fn pixel_rect(x: f32, y: f32, w: f32, h: f32) -> Option<Rect> {
    let (left, top) = (x.round(), y.round());
    let right = (x + w).round().max(left + 1.0);
    let bottom = (y + h).round().max(top + 1.0);
    Rect::from_ltrb(left, top, right, bottom)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels of `text` drawn alone at 40 px on a white canvas.
    fn drawn(text: &str) -> Vec<u8> {
        let mut c = Canvas::new(80, 60, Rgb::hex(0xffffff)).expect("a canvas");
        c.text(10.0, 45.0, 40.0, Rgb::hex(0x000000), Align::Left, text);
        c.pixmap.expect("pixels").data().to_vec()
    }

    /// Spanish needs á é í ó ú ñ ¿ ¡ ü (and capitals): the bundled font has each one, and
    /// each draws something other than the box a missing glyph gets.
    #[test]
    fn the_font_draws_spanish_letters() {
        // A private-use code point: no font has it, so it draws the missing-glyph box.
        let missing = drawn("\u{e000}");
        let blank = drawn("");
        for ch in "áéíóúñ¿¡üÁÉÍÓÚÑÜ".chars() {
            assert_ne!(
                font().lookup_glyph_index(ch),
                0,
                "{ch} missing from the font"
            );
            let pixels = drawn(&ch.to_string());
            assert_ne!(pixels, missing, "{ch} draws the missing-glyph box");
            assert_ne!(pixels, blank, "{ch} draws nothing");
        }
        // An accented letter is its base letter plus an accent: different pixels.
        assert_ne!(drawn("á"), drawn("a"));
        assert_ne!(drawn("ñ"), drawn("n"));
    }

    /// A fitted text shrinks to fit, but never below its floor: past it, it is cut.
    #[test]
    fn a_fitted_text_is_cut_rather_than_shrunk_below_its_floor() {
        let fit = |max_w: f32| {
            text_sizes(1100, |c| {
                c.text_fit(
                    0.0,
                    40.0,
                    30.0,
                    Rgb::hex(0),
                    Align::Left,
                    "Carla Montevideo",
                    max_w,
                    28.0,
                );
            })
        };
        let (px, line) = fit(1000.0)[0].clone();
        assert_eq!((px, line.as_str()), (30.0, "Carla Montevideo"));
        let (px, line) = fit(80.0)[0].clone();
        assert!(px >= 28.0, "{px}");
        assert!(
            line.ends_with('…') && line.len() < "Carla Montevideo".len(),
            "{line}"
        );
    }

    #[test]
    fn a_recording_run_lists_each_text_once_as_written() {
        let texts = legends(400, |c| {
            c.text(0.0, 20.0, 20.0, Rgb::hex(0), Align::Left, "Cantera 1");
            c.paragraph(
                0.0,
                50.0,
                20.0,
                Rgb::hex(0),
                "una frase larga que se parte en varias líneas al dibujarla",
                120.0,
            );
            c.text_fit(
                0.0,
                90.0,
                20.0,
                Rgb::hex(0),
                Align::Left,
                "un texto demasiado largo para su caja",
                60.0,
                12.0,
            );
        });
        assert_eq!(
            texts,
            [
                "Cantera 1",
                "una frase larga que se parte en varias líneas al dibujarla",
                "un texto demasiado largo para su caja",
            ]
        );
        // An ordinary dry run records nothing.
        let mut dry = Canvas::dry(400);
        dry.text(0.0, 20.0, 20.0, Rgb::hex(0), Align::Left, "x y");
        assert!(dry.texts.is_none());
    }
}
