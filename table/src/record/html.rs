//! The replay page: one self-contained HTML file (no network) that steps through a
//! record with ← → and a slider, showing the board picture, the narration and the
//! scores at each step, in the record's language.
//!
//! The pictures of every step are cut into vertical bands [`BAND`] pixels wide, and each
//! band into one-pixel rows; each distinct row is kept once, in one PNG atlas embedded as
//! base64, and a step lists its rows as runs of consecutive atlas rows. A move changes a
//! small part of the board and moves the rest up or down whole, so the page of the
//! longest game stays below Discord's 8 MB upload limit.

use super::{replay_steps, GameRecord, VerifyError};
use base64::Engine as _;
use std::collections::HashMap;
use words::Lang;

/// A band's width, in pixels.
const BAND: usize = 100;
/// Rows per column of the atlas (browsers cap an image's side).
const ATLAS_ROWS: usize = 8_192;

/// A step's picture: its size and, band by band, its rows as runs
/// `[first atlas row, count, …]`.
struct Frame {
    width: usize,
    height: usize,
    runs: Vec<u32>,
}

/// Distinct band rows (RGB), and the id of each.
#[derive(Default)]
struct Rows {
    ids: HashMap<Vec<u8>, u32>,
    pixels: Vec<Vec<u8>>,
}

impl Rows {
    /// Cuts an RGB picture into band rows (the last band padded with white).
    fn frame(&mut self, rgb: &[u8], width: usize, height: usize) -> Frame {
        let mut runs: Vec<u32> = Vec::new();
        for b in 0..width.div_ceil(BAND) {
            let len = BAND.min(width - b * BAND) * 3;
            for y in 0..height {
                let from = (y * width + b * BAND) * 3;
                let mut row = vec![255u8; BAND * 3];
                row[..len].copy_from_slice(&rgb[from..from + len]);
                let next = self.pixels.len() as u32;
                let id = *self.ids.entry(row.clone()).or_insert(next);
                if id == next {
                    self.pixels.push(row);
                }
                match runs.as_mut_slice() {
                    [.., first, count] if y > 0 && *first + *count == id => *count += 1,
                    _ => runs.extend([id, 1]),
                }
            }
        }
        Frame {
            width,
            height,
            runs,
        }
    }

    /// Every row in one PNG: columns of [`ATLAS_ROWS`] rows, [`BAND`] pixels wide.
    fn atlas_png(&self) -> Vec<u8> {
        let count = self.pixels.len().max(1);
        let (cols, rows) = (count.div_ceil(ATLAS_ROWS), ATLAS_ROWS.min(count));
        let (w, h) = (cols * BAND, rows);
        let mut rgb = vec![255u8; w * h * 3];
        for (i, row) in self.pixels.iter().enumerate() {
            let (x, y) = ((i / ATLAS_ROWS) * BAND, i % ATLAS_ROWS);
            let to = (y * w + x) * 3;
            rgb[to..to + BAND * 3].copy_from_slice(row);
        }
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, w as u32, h as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Default);
        encoder.set_filter(png::FilterType::Up);
        if let Ok(mut writer) = encoder.write_header() {
            let _ = writer.write_image_data(&rgb);
        }
        out
    }
}

/// A PNG's pixels as RGB, with its size.
fn decode_rgb(png_bytes: &[u8]) -> Option<(Vec<u8>, usize, usize)> {
    let mut decoder = png::Decoder::new(png_bytes);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).ok()?;
    let (w, h) = (info.width as usize, info.height as usize);
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf[..w * h * 3].to_vec(),
        png::ColorType::Rgba => buf[..w * h * 4]
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect(),
        _ => return None,
    };
    Some((rgb, w, h))
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
    })
}

/// The replay page of `record` (checked first: a record that does not replay gets no
/// page).
pub fn page(record: &GameRecord) -> Result<String, VerifyError> {
    let lang = record.language();
    let names = record.names();
    let mut rows = Rows::default();
    let mut frames: Vec<Frame> = Vec::new();
    let mut headlines = Vec::new();
    let verified = replay_steps(record, &mut |step| {
        let say = words::Speaker::new(lang, &names);
        // The headline is Discord markdown: the page shows it plain.
        headlines.push(
            crate::text::unescape_user_text(&step.game.public_headline(&names, &say))
                .replace("**", ""),
        );
        let picture = render::public_png(&step.game.public_picture_view(), &names, lang)
            .and_then(|png| decode_rgb(&png));
        if let Some((rgb, w, h)) = picture {
            frames.push(rows.frame(&rgb, w, h));
        }
    })?;
    let encoded: Vec<serde_json::Value> = frames
        .iter()
        .map(|f| serde_json::json!({ "w": f.width, "h": f.height, "r": f.runs }))
        .collect();
    let told = |m: &super::RecordMove| match lang {
        Lang::Es => m.narration.es.clone(),
        _ => m.narration.en.clone(),
    };
    let steps: Vec<serde_json::Value> = std::iter::once(serde_json::json!({
        "told": Vec::<String>::new(),
        "headline": headlines.first(),
    }))
    .chain(record.moves.iter().enumerate().map(|(i, m)| {
        serde_json::json!({
            "n": m.n,
            "who": names.get(m.seat),
            "text": m.text,
            "told": told(m),
            "headline": headlines.get(i + 1),
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
    let atlas = base64::engine::general_purpose::STANDARD.encode(rows.atlas_png());
    let data = serde_json::json!({
        "title": record.title,
        "players": names,
        "labels": labels(lang),
        "band": BAND,
        "atlasRows": ATLAS_ROWS,
        "atlas": format!("data:image/png;base64,{atlas}"),
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
