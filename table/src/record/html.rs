//! The replay page: one self-contained HTML file (no network) that steps through a
//! record with ← → and a slider, showing the board picture, the narration and the
//! scores at each step (in the picture, and as the board's text), in the record's
//! language.
//!
//! The pictures of every step are cut into tiles [`TILE`] pixels square; each distinct
//! tile is kept once, in indexed PNG sheets embedded as base64, and a step lists only the
//! tiles that differ from the step before (where, and the tile's id). A move changes a
//! small part of the board, so the page of the longest game of any title stays below
//! Discord's 8 MB upload limit (docs/records.md has the figures).

use super::{replay_steps, GameRecord, VerifyError};
use base64::Engine as _;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use words::Lang;

/// A tile's side, in pixels.
const TILE: usize = 16;
/// Tiles per side of a sheet (1,024 × 1,024 px at most: well within any browser's limit).
const SHEET: usize = 64;

/// A step's picture: its size, its width in tiles, and the cells that differ from the
/// step before as `[gap, tile id, …]`: cells row by row, each `gap` cells after the one
/// before it (the first counted from cell −1); a cell the step before did not have
/// counts as different.
struct Frame {
    width: usize,
    height: usize,
    cols: usize,
    changed: Vec<u32>,
}

/// Distinct tiles (RGBA), found by a hash of their pixels.
#[derive(Default)]
struct Tiles {
    by_hash: HashMap<u64, Vec<u32>>,
    pixels: Vec<Vec<u8>>,
}

impl Tiles {
    /// The id of a tile's pixels, added if new.
    fn id(&mut self, tile: Vec<u8>) -> u32 {
        let mut hasher = DefaultHasher::new();
        tile.hash(&mut hasher);
        let same = self.by_hash.entry(hasher.finish()).or_default();
        if let Some(&id) = same.iter().find(|&&id| self.pixels[id as usize] == tile) {
            return id;
        }
        let id = self.pixels.len() as u32;
        same.push(id);
        self.pixels.push(tile);
        id
    }

    /// A picture's tiles, row by row (the right and bottom edges padded with white).
    fn grid(&mut self, rgba: &[u8], width: usize, height: usize) -> Vec<u32> {
        let (cols, rows) = (width.div_ceil(TILE), height.div_ceil(TILE));
        let mut grid = Vec::with_capacity(cols * rows);
        for ty in 0..rows {
            for tx in 0..cols {
                let mut tile = vec![255u8; TILE * TILE * 4];
                let (x, w) = (tx * TILE, TILE.min(width - tx * TILE));
                for dy in 0..TILE.min(height - ty * TILE) {
                    let from = ((ty * TILE + dy) * width + x) * 4;
                    tile[dy * TILE * 4..(dy * TILE + w) * 4]
                        .copy_from_slice(&rgba[from..from + w * 4]);
                }
                grid.push(self.id(tile));
            }
        }
        grid
    }

    /// The tiles as indexed PNGs: sheets of [`SHEET`] × [`SHEET`] tiles, in id order.
    fn sheets(&self) -> Vec<Vec<u8>> {
        self.pixels
            .chunks(SHEET * SHEET)
            .map(|tiles| {
                let (w, h) = (SHEET * TILE, tiles.len().div_ceil(SHEET) * TILE);
                let mut rgba = vec![255u8; w * h * 4];
                for (i, tile) in tiles.iter().enumerate() {
                    let (x, y) = ((i % SHEET) * TILE, (i / SHEET) * TILE);
                    for dy in 0..TILE {
                        let to = ((y + dy) * w + x) * 4;
                        rgba[to..to + TILE * 4]
                            .copy_from_slice(&tile[dy * TILE * 4..(dy + 1) * TILE * 4]);
                    }
                }
                render::indexed_png(w as u32, h as u32, &rgba)
            })
            .collect()
    }
}

/// The frames of a run of pictures, each told as its difference from the one before.
#[derive(Default)]
struct Film {
    tiles: Tiles,
    frames: Vec<Frame>,
    /// The last picture's width and tiles.
    last: Option<(usize, Vec<u32>)>,
}

impl Film {
    /// Adds a picture (`None`: the picture before is shown again).
    fn push(&mut self, picture: Option<(Vec<u8>, usize, usize)>) {
        let Some((rgba, width, height)) = picture else {
            let (width, height, cols) = self
                .frames
                .last()
                .map_or((0, 0, 0), |f| (f.width, f.height, f.cols));
            self.frames.push(Frame {
                width,
                height,
                cols,
                changed: Vec::new(),
            });
            return;
        };
        let grid = self.tiles.grid(&rgba, width, height);
        let cols = width.div_ceil(TILE);
        let before = match &self.last {
            Some((w, grid)) if w.div_ceil(TILE) == cols => grid.as_slice(),
            _ => &[],
        };
        let mut changed = Vec::new();
        let mut next = 0;
        for (cell, &id) in grid.iter().enumerate() {
            if before.get(cell) != Some(&id) {
                changed.extend([(cell - next) as u32, id]);
                next = cell + 1;
            }
        }
        self.frames.push(Frame {
            width,
            height,
            cols,
            changed,
        });
        self.last = Some((width, grid));
    }
}

/// A PNG's pixels as opaque RGBA, with its size.
pub(super) fn decode_rgba(png_bytes: &[u8]) -> Option<(Vec<u8>, usize, usize)> {
    let mut decoder = png::Decoder::new(png_bytes);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).ok()?;
    let (w, h) = (info.width as usize, info.height as usize);
    let rgba = match info.color_type {
        png::ColorType::Rgb => buf[..w * h * 3]
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::Rgba => buf[..w * h * 4].to_vec(),
        _ => return None,
    };
    Some((rgba, w, h))
}

/// The page's words in `lang`.
fn labels(lang: Lang) -> serde_json::Value {
    let t = |key: &str| words::text(lang, key, &[]);
    serde_json::json!({
        "setup": t("record-page-setup"),
        "move": t("record-page-move"),
        "of": t("record-page-of"),
        "final": t("record-page-final"),
        "previous": t("record-page-previous"),
        "next": t("record-page-next"),
        "tiebreak": t("record-page-tiebreak"),
        "board": t("record-page-board"),
    })
}

/// The replay page of `record` (checked first: a record that does not replay gets no
/// page).
pub fn page(record: &GameRecord) -> Result<String, VerifyError> {
    let lang = record.language();
    let names = record.names();
    let mut film = Film::default();
    let mut headlines = Vec::new();
    let mut boards = Vec::new();
    let verified = replay_steps(record, &mut |step| {
        let say = words::Speaker::new(lang, &names);
        // The headline is Discord markdown: the page shows it plain.
        headlines.push(
            crate::text::unescape_user_text(&step.game.public_headline(&names, &say))
                .replace("**", ""),
        );
        let view = step.game.public_picture_view();
        film.push(
            render::exact_colours(|| render::public_png(&view, &names, lang))
                .and_then(|png| decode_rgba(&png)),
        );
        // The board and the scores as text: for a screen reader, and to search or copy.
        boards.push(render::public_text(&view, &names, lang));
    })?;
    let encoded: Vec<serde_json::Value> = film
        .frames
        .iter()
        .map(|f| serde_json::json!({ "w": f.width, "h": f.height, "c": f.cols, "d": f.changed }))
        .collect();
    let told = |m: &super::RecordMove| match lang {
        Lang::Es => m.narration.es.clone(),
        _ => m.narration.en.clone(),
    };
    let steps: Vec<serde_json::Value> = std::iter::once(serde_json::json!({
        "told": Vec::<String>::new(),
        "headline": headlines.first(),
        "board": boards.first(),
    }))
    .chain(record.moves.iter().enumerate().map(|(i, m)| {
        serde_json::json!({
            "n": m.n,
            "who": names.get(m.seat),
            "text": m.text,
            "told": told(m),
            "headline": headlines.get(i + 1),
            "board": boards.get(i + 1),
        })
    }))
    .collect();
    let label = |t: &super::Texts| match lang {
        Lang::Es => t.es.clone(),
        _ => t.en.clone(),
    };
    let scores = verified.result.as_ref().map(|r| {
        serde_json::json!({
            "winners": r.winners,
            "note": r.note.as_ref().map(label),
            "scores": r.scores.iter().map(|s| serde_json::json!({
                "name": names.get(s.seat),
                "total": s.total,
                "lines": s.breakdown.iter().map(|l| [label(&l.label), l.points.to_string()]).collect::<Vec<_>>(),
                "tiebreak": s.tiebreak.as_ref().map(|l| [label(&l.label), l.points.to_string()]),
            })).collect::<Vec<_>>(),
        })
    });
    let sheets: Vec<String> = film
        .tiles
        .sheets()
        .iter()
        .map(|png| {
            let base64 = base64::engine::general_purpose::STANDARD.encode(png);
            format!("data:image/png;base64,{base64}")
        })
        .collect();
    let data = serde_json::json!({
        "title": record.title,
        "players": names,
        "labels": labels(lang),
        "tile": TILE,
        "sheet": SHEET,
        "sheets": sheets,
        "frames": encoded,
        "steps": steps,
        "result": scores,
    });
    // `</` never closes the script element early: `<\/` is the same JSON string.
    let data = data.to_string().replace("</", "<\\/");
    let title = html_escape(&format!("{} — {}", record.title, names.join(", ")));
    Ok(PAGE
        .replace("{{lang}}", lang.code())
        .replace("{{title}}", &title)
        .replace("{{data}}", &data))
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const PAGE: &str = include_str!("page.html");
