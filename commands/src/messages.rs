//! Deliveries → Discord message builders: long texts split under the 2000-character
//! limit (code blocks kept balanced), mentions limited to the awaited players, and turn
//! prompts turned into buttons ("Your move", "My hand", "Board", "Text board"), a request for approval
//! into Approve and Refuse. The move panel itself is `panel`'s tree.

use crate::ids::{ComponentAction, ComponentId};
use poise::serenity_prelude as serenity;
use table::{Approval, LobbyButtons, TurnPrompt};
use words::Lang;

/// Discord's message content limit.
pub const LIMIT: usize = 2000;
/// Labels are cut to this length (Discord allows 80 on buttons).
const BUTTON_LABEL: usize = 80;

/// A code fence, as it closes and reopens a code block cut between two chunks.
const FENCE: &str = "```";

/// Splits `text` into chunks of at most `limit` characters (Unicode code points, as
/// Discord counts) at line breaks, closing and reopening ``` code blocks across chunk
/// boundaries so each chunk's fences are balanced. A chunk ends at its last blank line
/// when that leaves it at least half full, so a heading and its lines stay in one
/// message. A line too long for a chunk is cut into pieces (nothing is lost); chunks
/// that would be blank are left out.
pub fn split_message(text: &str, limit: usize) -> Vec<String> {
    // Room kept in a chunk: a reopened fence and its newline, a newline and a closing fence.
    let piece_max = limit.saturating_sub(2 * (FENCE.len() + 1)).max(1);
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut len = 0;
    let mut in_code = false;
    // Where the last blank line outside a code block starts: byte offset and characters.
    let mut paragraph_end: Option<(usize, usize)> = None;
    let pieces = text.lines().flat_map(|line| {
        let chars: Vec<char> = line.chars().collect();
        let cut: Vec<String> = chars
            .chunks(piece_max)
            .map(|c| c.iter().collect())
            .collect();
        if cut.is_empty() {
            vec![String::new()]
        } else {
            cut
        }
    });
    for piece in pieces {
        let piece_len = piece.chars().count();
        // An odd number of fences on a line opens or closes a block.
        let toggles = piece.matches(FENCE).count() % 2 == 1;
        let in_code_after = in_code != toggles;
        // A block still open after this line needs room for its closing fence.
        let closing = if in_code_after { FENCE.len() + 1 } else { 0 };
        let overflows = |len: usize| len > 0 && len + 1 + piece_len + closing > limit;
        if overflows(len) {
            // The paragraph under way moves whole to the next chunk.
            if let Some((at, _)) = paragraph_end.filter(|&(_, chars)| chars >= limit / 2) {
                let carried = current.split_off(at);
                chunks.push(std::mem::take(&mut current));
                current = carried.trim_start_matches('\n').to_string();
                len = current.chars().count();
            }
            paragraph_end = None;
        }
        if overflows(len) {
            if in_code {
                current.push('\n');
                current.push_str(FENCE);
            }
            chunks.push(std::mem::take(&mut current));
            len = 0;
            if in_code {
                current.push_str(FENCE);
                len = FENCE.len();
            }
        }
        if piece.trim().is_empty() && !in_code && len > 0 {
            paragraph_end = Some((current.len(), len));
        }
        if len > 0 {
            current.push('\n');
            len += 1;
        }
        current.push_str(&piece);
        len += piece_len;
        in_code = in_code_after;
    }
    if in_code {
        current.push('\n');
        current.push_str(FENCE);
    }
    chunks.push(current);
    chunks
        .into_iter()
        .map(|c| c.trim_end().to_string())
        .filter(|c| !c.trim().is_empty())
        .collect()
}

/// Mentions that may ping: only the users listed, never a role, `@everyone` or `@here`
/// (whatever the text holds: names are escaped, and this is the second guard).
pub fn pings_only(users: &[u64]) -> serenity::CreateAllowedMentions {
    // `parse` stays empty: no role, no everyone/here, no user but these.
    serenity::CreateAllowedMentions::new()
        .users(users.iter().map(|u| serenity::UserId::new(*u)))
        .empty_roles()
}

/// A direct message: `content`, pinging nobody.
pub fn dm_message(content: impl Into<String>) -> serenity::CreateMessage {
    serenity::CreateMessage::new()
        .content(content)
        .allowed_mentions(pings_only(&[]))
}

/// `s` cut to `n` characters, an ellipsis marking the cut.
pub fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}

/// What each game keeps private (from the digests' "Hidden information"), for the DM a
/// player gets on taking a seat: (id, the Fluent key naming what it hides). A game absent
/// here hides nothing.
const HIDDEN: &[(&str, Option<&str>)] = &[
    ("palazzo", Some("seat-dm-hidden-palazzo")),
    ("estates", Some("seat-dm-hidden-estates")),
    ("princes", Some("seat-dm-hidden-princes")),
    ("villa", None),
];

/// The DM sent on taking a seat, in the player's language `lang`: which game and channel,
/// and what will arrive here.
pub fn seating_dm(lang: Lang, game: &str, channel: u64) -> String {
    let channel = format!("<#{channel}>");
    let hidden = HIDDEN.iter().find(|(id, _)| *id == game);
    let title = rules::catalog::find(game).map(|k| k.title);
    match (hidden, title) {
        (Some((_, Some(hidden))), Some(title)) => words::text(
            lang,
            "seat-dm-hidden",
            &[
                ("title", title.into()),
                ("channel", channel.into()),
                ("hidden", words::text(lang, hidden, &[]).into()),
            ],
        ),
        (Some((_, None)), Some(title)) => words::text(
            lang,
            "seat-dm-open",
            &[("title", title.into()), ("channel", channel.into())],
        ),
        _ => words::text(lang, "seat-dm-unknown", &[("channel", channel.into())]),
    }
}

/// The public row under a turn message, in the channel's language `lang`: "Your move"
/// opens the awaited player's private move panel, "My hand" shows anyone their hand. No
/// move is named here: a list of payments or bids would reveal a hand or money to the
/// whole channel.
pub fn prompt_row(
    lang: Lang,
    prompt: &TurnPrompt,
    channel: u64,
    board: bool,
) -> serenity::CreateActionRow {
    let id = |action| {
        ComponentId {
            channel,
            state: prompt.state,
            seat: prompt.seat,
            action,
        }
        .encode()
    };
    let mut buttons = vec![
        serenity::CreateButton::new(id(ComponentAction::Moves))
            .label(cut(
                &words::text(
                    lang,
                    "panel-button-your-move",
                    &[("name", prompt.name.as_str().into())],
                ),
                BUTTON_LABEL,
            ))
            .style(serenity::ButtonStyle::Primary),
        serenity::CreateButton::new(id(ComponentAction::MyHand))
            .label(words::text(lang, "panel-button-my-hand", &[]))
            .style(serenity::ButtonStyle::Secondary),
    ];
    if board {
        buttons.push(
            serenity::CreateButton::new(id(ComponentAction::Board))
                .label(words::text(lang, "panel-button-board", &[]))
                .style(serenity::ButtonStyle::Secondary),
        );
        buttons.push(
            serenity::CreateButton::new(id(ComponentAction::TextBoard))
                .label(words::text(lang, "panel-button-text-board", &[]))
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    serenity::CreateActionRow::Buttons(buttons)
}

/// The row under a proposed timing change or undo: Approve and Refuse (the table checks
/// who clicks), in the channel's language. The id's seat slot says which: 0 a timing
/// change, 1 an undo.
pub fn approval_row(lang: Lang, approval: &Approval, channel: u64) -> serenity::CreateActionRow {
    let id = |action| {
        ComponentId {
            channel,
            state: table::StateVersion {
                game_id: approval.game_id,
                version: approval.proposal,
            },
            seat: usize::from(approval.undo),
            action,
        }
        .encode()
    };
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(id(ComponentAction::Approve))
            .label(words::text(lang, "panel-button-approve", &[]))
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(id(ComponentAction::Refuse))
            .label(words::text(lang, "panel-button-refuse", &[]))
            .style(serenity::ButtonStyle::Danger),
    ])
}

/// The row under a lobby message, in the language its text was written in: Join
/// (anyone), Add a bot (a normal one) and Start (the host; the table checks who clicks),
/// the same as the slash commands.
pub fn lobby_row(lobby: &LobbyButtons, channel: u64) -> serenity::CreateActionRow {
    let id = |action| {
        ComponentId {
            channel,
            state: table::StateVersion {
                game_id: lobby.game_id,
                version: 0,
            },
            seat: 0,
            action,
        }
        .encode()
    };
    let [join, add_bot, start] = lobby.labels();
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(id(ComponentAction::Join))
            .label(join)
            .style(serenity::ButtonStyle::Primary),
        serenity::CreateButton::new(id(ComponentAction::AddBot))
            .label(add_bot)
            .style(serenity::ButtonStyle::Secondary),
        serenity::CreateButton::new(id(ComponentAction::Start))
            .label(start)
            .style(serenity::ButtonStyle::Success),
    ])
}

/// The channel messages for one `Delivery::Channel`, whose buttons speak the channel's
/// language `lang`: the text split into chunks; the last
/// chunk pings the awaited players and carries one prompt row per awaited player (Discord
/// allows five rows: enough for every table size), or the Approve and Refuse buttons of
/// a proposed timing change, or the lobby's buttons.
pub fn channel_messages(
    lang: Lang,
    text: &str,
    mentions: &[u64],
    prompts: &[TurnPrompt],
    approval: Option<&Approval>,
    lobby: Option<&LobbyButtons>,
    channel: u64,
) -> Vec<serenity::CreateMessage> {
    let mut chunks = split_message(text, LIMIT - 200);
    if chunks.is_empty() {
        chunks.push(String::from("\u{200b}"));
    }
    let last = chunks.len() - 1;
    chunks
        .into_iter()
        .enumerate()
        .map(|(i, chunk)| {
            let mut msg = serenity::CreateMessage::new();
            if i < last {
                return msg.content(chunk).allowed_mentions(pings_only(&[]));
            }
            let pings: Vec<String> = mentions.iter().map(|u| format!("<@{u}>")).collect();
            let content = if pings.is_empty() {
                chunk
            } else {
                format!("{chunk}\n{}", pings.join(" "))
            };
            let rows: Vec<serenity::CreateActionRow> = prompts
                .iter()
                .take(5)
                .enumerate()
                .map(|(i, p)| prompt_row(lang, p, channel, i == 0))
                .chain(approval.map(|a| approval_row(lang, a, channel)))
                .chain(lobby.map(|l| lobby_row(l, channel)))
                .take(5)
                .collect();
            msg = msg.content(content).allowed_mentions(pings_only(mentions));
            if !rows.is_empty() {
                msg = msg.components(rows);
            }
            msg
        })
        .collect()
}

/// The pages of a private answer: each text split under the limit; "Done" (in the
/// caller's language `lang`) when a command produced nothing for the caller (Discord needs
/// an answer to every interaction).
pub fn private_pages(lang: Lang, texts: Vec<String>) -> Vec<String> {
    if texts.is_empty() {
        return vec![words::text(lang, "reply-done", &[])];
    }
    texts.iter().flat_map(|t| split_message(t, LIMIT)).collect()
}

/// The file name of a board picture (what `attachment://` in the embed points at).
pub const PICTURE_FILE: &str = "board.png";

/// The embed that shows the attached picture.
pub(crate) fn picture_embed() -> serenity::CreateEmbed {
    serenity::CreateEmbed::new().image(format!("attachment://{PICTURE_FILE}"))
}

/// The picture's file, with its alt text as the attachment's description (what screen
/// readers and Discord's "ALT" badge show).
pub(crate) fn picture_file(picture: &table::Picture) -> serenity::CreateAttachment {
    serenity::CreateAttachment::bytes(picture.png.clone(), PICTURE_FILE)
        .description(picture.alt.clone())
}

/// A channel message carrying the board picture as an embed image.
pub fn with_picture(
    message: serenity::CreateMessage,
    picture: &table::Picture,
) -> serenity::CreateMessage {
    message
        .add_file(picture_file(picture))
        .embed(picture_embed())
}

/// A private reply carrying a picture (board or hand) as an embed image.
pub fn reply_with_picture(
    reply: poise::CreateReply,
    picture: &table::Picture,
) -> poise::CreateReply {
    reply
        .attachment(picture_file(picture))
        .embed(picture_embed())
}

/// One private page: ephemeral, pinging nobody.
pub fn private_reply(page: String) -> poise::CreateReply {
    poise::CreateReply::default()
        .content(page)
        .ephemeral(true)
        .allowed_mentions(pings_only(&[]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn prompt() -> TurnPrompt {
        TurnPrompt {
            seat: 1,
            user: 42,
            name: "bruno".into(),
            state: table::StateVersion {
                game_id: 7,
                version: 3,
            },
        }
    }

    fn json(m: &serenity::CreateMessage) -> Value {
        serde_json::to_value(m).unwrap()
    }

    #[test]
    fn split_respects_the_limit_and_balances_code_blocks() {
        let mut text = String::from("Board:\n```\n");
        for i in 0..300 {
            text.push_str(&format!("row {i:03} ........................\n"));
        }
        text.push_str("```\nafter");
        let chunks = split_message(&text, 500);
        assert!(chunks.len() > 10);
        for c in &chunks {
            assert!(c.chars().count() <= 500, "{}", c.len());
            assert_eq!(c.matches("```").count() % 2, 0, "unbalanced: {c}");
        }
        assert!(chunks.last().unwrap().ends_with("after"));
        assert_eq!(split_message("short", 500), vec!["short"]);
    }

    /// Random texts with code fences (some opening near the limit, some lines longer than
    /// a chunk, multi-byte letters): every chunk fits Discord's limit counted as Discord
    /// counts (code points), every chunk's fences are balanced, and no text is lost.
    #[test]
    fn split_keeps_every_chunk_under_the_limit_with_fences_balanced() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2015);
        // Inline code only: the fences are the lines that hold an odd number of them.
        let pieces = ["a", "é", "🎲", " ", "`x`", "x", "ü", "\u{200b}", "```y```"];
        let strip = |s: &str| -> String {
            s.chars()
                .filter(|c| !c.is_whitespace() && *c != '`')
                .collect()
        };
        for round in 0..4000 {
            let limit = match round % 4 {
                0 => LIMIT,
                1 => LIMIT - 200,
                _ => rng.gen_range(12..300),
            };
            let mut text = String::new();
            for _ in 0..rng.gen_range(1..40) {
                match rng.gen_range(0..10) {
                    0 | 1 => {
                        text.push_str(["```", "```rust", "  ```", "```text"][rng.gen_range(0..4)])
                    }
                    2 => {}
                    _ => {
                        let len = rng.gen_range(0..=limit + limit / 4);
                        for _ in 0..len {
                            text.push_str(pieces[rng.gen_range(0..pieces.len())]);
                        }
                    }
                }
                text.push('\n');
            }
            let chunks = split_message(&text, limit);
            for c in &chunks {
                assert!(
                    c.chars().count() <= limit,
                    "round {round}: {} > {limit}",
                    c.chars().count()
                );
                assert_eq!(c.matches("```").count() % 2, 0, "round {round}: {c:?}");
                assert!(!c.trim().is_empty(), "round {round}: an empty chunk");
            }
            assert_eq!(
                strip(&chunks.concat()),
                strip(&text),
                "round {round}: text lost"
            );
        }
    }

    /// A paragraph that would straddle a cut (a heading and its lines) moves whole to the
    /// next chunk when the chunk before it stays at least half full; a paragraph
    /// longer than a chunk is still cut at a line.
    #[test]
    fn split_keeps_a_heading_with_its_lines() {
        let scores: Vec<String> = (0..20).map(|i| format!("score line {i:02}")).collect();
        let text = format!(
            "**Scores**\n{}\n\n📈 **Ratings**\nana: +14\nbea: -3",
            scores.join("\n")
        );
        let chunks = split_message(&text, 310);
        assert_eq!(chunks.len(), 2, "{chunks:?}");
        assert!(chunks[0].ends_with("score line 19"), "{}", chunks[0]);
        assert_eq!(chunks[1], "📈 **Ratings**\nana: +14\nbea: -3");
        // Too early a blank line: the chunk is filled, cut at a line.
        let text = format!("a\n\n{}", scores.join("\n"));
        let chunks = split_message(&text, 200);
        assert!(chunks[0].chars().count() > 150, "{chunks:?}");
        assert!(chunks[0].starts_with("a\n\nscore line 00"), "{chunks:?}");
    }

    /// A fence opening just under the limit (after lines filling the chunk to 1,980–1,999
    /// characters): the chunk closing it stays within the limit.
    #[test]
    fn split_closes_a_fence_opened_near_the_limit_within_the_limit() {
        for filled in 1980..2000 {
            let text = format!(
                "{}\n{}\n```\n{}\n```",
                "a".repeat(1000),
                "a".repeat(filled - 1001),
                "b".repeat(10)
            );
            for c in split_message(&text, LIMIT) {
                assert!(
                    c.chars().count() <= LIMIT,
                    "{filled}: {}",
                    c.chars().count()
                );
                assert_eq!(c.matches("```").count() % 2, 0, "{filled}: {c}");
            }
        }
    }

    #[test]
    fn seating_dms_name_the_game_the_channel_and_only_what_it_hides() {
        let palazzo = seating_dm(Lang::En, "palazzo", 5);
        assert!(palazzo.starts_with("**Palazzo** in <#5>"), "{palazzo}");
        assert!(palazzo.contains("money cards"));
        let villa = seating_dm(Lang::En, "villa", 5);
        assert!(
            villa.contains("hides nothing") && !villa.contains("hand"),
            "{villa}"
        );
        for (id, _) in HIDDEN {
            let title = rules::catalog::find(id).unwrap().title;
            assert!(seating_dm(Lang::En, id, 7).starts_with(&format!("**{title}** in <#7>")));
        }
    }

    #[test]
    fn the_public_prompt_names_no_move() {
        let msgs = channel_messages(Lang::En, "Your move", &[42], &[prompt()], None, None, 9);
        assert_eq!(msgs.len(), 1);
        let m = json(&msgs[0]);
        assert_eq!(m["content"], "Your move\n<@42>");
        assert_eq!(m["allowed_mentions"]["users"], serde_json::json!(["42"]));
        assert_eq!(m["allowed_mentions"]["parse"], serde_json::json!([]));
        assert_eq!(m["allowed_mentions"]["roles"], serde_json::json!([]));
        let buttons = m["components"][0]["components"].as_array().unwrap();
        let labels: Vec<&str> = buttons
            .iter()
            .map(|b| b["label"].as_str().unwrap())
            .collect();
        assert_eq!(
            labels,
            vec!["🎲 Your move, bruno", "My hand", "Board", "Text board"]
        );
        assert_eq!(buttons[0]["custom_id"], "cm1:9:7:3:1:y");
        assert_eq!(buttons[1]["custom_id"], "cm1:9:7:3:1:h");
        assert_eq!(buttons[2]["custom_id"], "cm1:9:7:3:1:b");
    }

    #[test]
    fn a_spanish_channel_gets_spanish_buttons_and_a_spanish_reader_a_spanish_seat_dm() {
        let msgs = channel_messages(Lang::Es, "Te toca", &[42], &[prompt()], None, None, 9);
        let m = json(&msgs[0]);
        let labels: Vec<&str> = m["components"][0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["label"].as_str().unwrap())
            .collect();
        assert_eq!(
            labels,
            vec![
                "🎲 Te toca, bruno",
                "Mi mano",
                "Tablero",
                "Tablero en texto"
            ]
        );
        let dm = seating_dm(Lang::Es, "palazzo", 5);
        assert!(
            dm.starts_with("**Palazzo** en <#5>: tienes asiento"),
            "{dm}"
        );
        assert!(dm.contains("tu mano de cartas de dinero"), "{dm}");
        let villa = seating_dm(Lang::Es, "villa", 5);
        assert!(villa.contains("no oculta nada"), "{villa}");
        for text in [dm, villa, private_pages(Lang::Es, vec![]).remove(0)] {
            assert!(
                !text.contains("seat-dm-") && !text.contains("reply-"),
                "{text}"
            );
        }
    }

    #[test]
    fn a_proposed_change_asks_with_approve_and_refuse() {
        let approval = Approval {
            game_id: 7,
            proposal: 1_800_000_000_000,
            undo: false,
        };
        let msgs = channel_messages(
            Lang::En,
            "Shorter clocks?",
            &[42, 43],
            &[],
            Some(&approval),
            None,
            9,
        );
        let m = json(&msgs[0]);
        assert_eq!(m["content"], "Shorter clocks?\n<@42> <@43>");
        let buttons = m["components"][0]["components"].as_array().unwrap();
        let ids: Vec<&str> = buttons
            .iter()
            .map(|b| b["custom_id"].as_str().unwrap())
            .collect();
        assert_eq!(
            ids,
            vec!["cm1:9:7:1800000000000:0:sa", "cm1:9:7:1800000000000:0:sr"]
        );
        assert_eq!(buttons[0]["label"], "Approve");
        assert_eq!(buttons[1]["label"], "Refuse");
        // An undo's buttons say so in the id's seat slot.
        let undo = Approval {
            undo: true,
            ..approval
        };
        let msgs = channel_messages(Lang::En, "Undo?", &[42], &[], Some(&undo), None, 9);
        let m = json(&msgs[0]);
        assert_eq!(
            m["components"][0]["components"][0]["custom_id"],
            "cm1:9:7:1800000000000:1:sa"
        );
    }

    #[test]
    fn private_answers_are_ephemeral_and_ping_nobody() {
        assert_eq!(private_pages(Lang::En, vec![]), vec!["✅ Done."]);
        let pages = private_pages(Lang::En, vec!["a\n".repeat(1500), "second <@42>".into()]);
        assert_eq!(pages.len(), 3);
        let followup = private_reply(pages[2].clone())
            .to_slash_followup_response(serenity::CreateInteractionResponseFollowup::new());
        let j = serde_json::to_value(&followup).unwrap();
        assert_eq!(j["content"], "second <@42>");
        assert_eq!(j["flags"].as_u64().unwrap() & 64, 64, "ephemeral flag: {j}");
        assert_eq!(j["allowed_mentions"]["users"], serde_json::json!([]));
    }

    #[test]
    fn long_boards_are_split_and_only_the_last_part_pings() {
        let text = "line of the board\n".repeat(400);
        let msgs = channel_messages(Lang::En, &text, &[42, 43], &[prompt()], None, None, 9);
        assert!(msgs.len() > 1);
        for m in &msgs[..msgs.len() - 1] {
            let m = json(m);
            assert!(m["components"].is_null() || m["components"].as_array().unwrap().is_empty());
            assert_eq!(m["allowed_mentions"]["users"], serde_json::json!([]));
            assert!(m["content"].as_str().unwrap().chars().count() <= LIMIT);
        }
        let last = json(msgs.last().unwrap());
        assert!(last["content"].as_str().unwrap().ends_with("<@42> <@43>"));
        assert_eq!(
            last["allowed_mentions"]["users"],
            serde_json::json!(["42", "43"])
        );
    }
}
