//! Deliveries → Discord message builders: long texts split under the 2000-character
//! limit (code blocks kept balanced), mentions limited to the awaited players, and turn
//! prompts turned into buttons and a select menu.

use crate::ids::{ComponentAction, ComponentId};
use poise::serenity_prelude as serenity;
use table::{StateVersion, TurnPrompt};

/// Discord's message content limit.
pub const LIMIT: usize = 2000;
/// With this many moves or fewer, every move gets a button (a row holds five).
const MAX_BUTTONS: usize = 4;
/// Labels are cut to this length (Discord allows 80 on buttons, 100 in menus).
const BUTTON_LABEL: usize = 80;
const MENU_LABEL: usize = 100;
/// A select menu holds at most 25 options.
const MENU_OPTIONS: usize = 25;

/// Splits `text` into chunks of at most `limit` characters at line breaks, closing and
/// reopening ``` code blocks across chunk boundaries.
pub fn split_message(text: &str, limit: usize) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut in_code = false;
    for line in text.lines() {
        // Room for the line, its newline and a closing fence.
        let needed = line.chars().count() + 1 + if in_code { 4 } else { 0 };
        if !current.is_empty() && current.chars().count() + needed > limit {
            if in_code {
                current.push_str("```");
            }
            chunks.push(std::mem::take(&mut current));
            if in_code {
                current.push_str("```\n");
            }
        }
        let line: String = line.chars().take(limit.saturating_sub(8)).collect();
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        current.push_str(&line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        chunks.push(current.trim_end().to_string());
    }
    chunks
        .iter_mut()
        .for_each(|c| *c = c.trim_end().to_string());
    chunks
}

pub fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}

/// True for the short, common moves that deserve a button (`pass`, `take money`, `sell`,
/// `keep`, `abort`, `object`, `accept`, a bid preset…): at most three words.
fn is_common(action: &str) -> bool {
    action.split_whitespace().count() <= 3
}

/// The public row under a turn message: "Your move" opens the awaited player's private
/// move panel, "My hand" shows anyone their hand. No move is named here: a list of
/// payments or bids would reveal a hand or money to the whole channel.
pub fn prompt_row(prompt: &TurnPrompt, channel: u64) -> serenity::CreateActionRow {
    let id = |action| {
        ComponentId {
            channel,
            state: prompt.state,
            seat: prompt.seat,
            action,
        }
        .encode()
    };
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(id(ComponentAction::Moves))
            .label(cut(&format!("🎲 Your move, {}", prompt.name), BUTTON_LABEL))
            .style(serenity::ButtonStyle::Primary),
        serenity::CreateButton::new(id(ComponentAction::MyHand))
            .label("My hand")
            .style(serenity::ButtonStyle::Secondary),
    ])
}

/// The private move panel (an ephemeral reply) for `seat`'s legal `actions` in state
/// `state`. With four moves or fewer every move gets a button; otherwise the common ones
/// do and the first 25 go in a select menu (the rest through the slash command).
pub fn moves_panel(
    actions: &[String],
    channel: u64,
    seat: usize,
    state: StateVersion,
) -> Vec<serenity::CreateActionRow> {
    let id = |action| {
        ComponentId {
            channel,
            state,
            seat,
            action,
        }
        .encode()
    };
    let all_fit = actions.len() <= MAX_BUTTONS;
    let buttons: Vec<serenity::CreateButton> = actions
        .iter()
        .enumerate()
        .filter(|(_, a)| all_fit || is_common(a))
        .take(MAX_BUTTONS + 1)
        .map(|(i, a)| {
            serenity::CreateButton::new(id(ComponentAction::Choice(i)))
                .label(cut(a, BUTTON_LABEL))
                .style(serenity::ButtonStyle::Primary)
        })
        .collect();
    let mut rows = Vec::new();
    if !buttons.is_empty() {
        rows.push(serenity::CreateActionRow::Buttons(buttons));
    }
    if !all_fit {
        let options: Vec<serenity::CreateSelectMenuOption> = actions
            .iter()
            .enumerate()
            .take(MENU_OPTIONS)
            .map(|(i, a)| serenity::CreateSelectMenuOption::new(cut(a, MENU_LABEL), i.to_string()))
            .collect();
        let more = actions.len().saturating_sub(MENU_OPTIONS);
        let placeholder = if more > 0 {
            format!("Choose a move ({more} more: type them with the game's `move` command)")
        } else {
            "Choose a move".to_string()
        };
        rows.push(serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(
                id(ComponentAction::Menu),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(cut(&placeholder, 150)),
        ));
    }
    rows
}

/// The channel messages for one `Delivery::Channel`: the text split into chunks; the last
/// chunk pings the awaited players and carries one prompt row per awaited player (Discord
/// allows five rows: enough for every table size).
pub fn channel_messages(
    text: &str,
    mentions: &[u64],
    prompts: &[TurnPrompt],
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
                return msg.content(chunk).allowed_mentions(
                    serenity::CreateAllowedMentions::new()
                        .empty_users()
                        .empty_roles(),
                );
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
                .map(|p| prompt_row(p, channel))
                .collect();
            msg = msg.content(content).allowed_mentions(
                serenity::CreateAllowedMentions::new()
                    .users(mentions.iter().map(|u| serenity::UserId::new(*u)))
                    .empty_roles(),
            );
            if !rows.is_empty() {
                msg = msg.components(rows);
            }
            msg
        })
        .collect()
}

/// The pages of a private answer: each text split under the limit; "Done" when a command
/// produced nothing for the caller (Discord needs an answer to every interaction).
pub fn private_pages(texts: Vec<String>) -> Vec<String> {
    if texts.is_empty() {
        return vec!["✅ Done.".to_string()];
    }
    texts.iter().flat_map(|t| split_message(t, LIMIT)).collect()
}

/// One private page: ephemeral, pinging nobody.
pub fn private_reply(page: String) -> poise::CreateReply {
    poise::CreateReply::default()
        .content(page)
        .ephemeral(true)
        .allowed_mentions(
            serenity::CreateAllowedMentions::new()
                .empty_users()
                .empty_roles(),
        )
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
            state: StateVersion {
                game_id: 7,
                version: 3,
            },
        }
    }

    fn rows(rows: Vec<serenity::CreateActionRow>) -> Value {
        serde_json::to_value(rows).unwrap()
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

    #[test]
    fn the_public_prompt_names_no_move() {
        let msgs = channel_messages("Your move", &[42], &[prompt()], 9);
        assert_eq!(msgs.len(), 1);
        let m = json(&msgs[0]);
        assert_eq!(m["content"], "Your move\n<@42>");
        assert_eq!(m["allowed_mentions"]["users"], serde_json::json!(["42"]));
        let buttons = m["components"][0]["components"].as_array().unwrap();
        let labels: Vec<&str> = buttons
            .iter()
            .map(|b| b["label"].as_str().unwrap())
            .collect();
        assert_eq!(labels, vec!["🎲 Your move, bruno", "My hand"]);
        assert_eq!(buttons[0]["custom_id"], "cm1:9:7:3:1:y");
        assert_eq!(buttons[1]["custom_id"], "cm1:9:7:3:1:h");
    }

    #[test]
    fn few_moves_become_buttons_in_the_private_panel() {
        let actions = vec!["take money".to_string(), "draw tiles".to_string()];
        let r = rows(moves_panel(&actions, 9, 1, prompt().state));
        let buttons = r[0]["components"].as_array().unwrap();
        let labels: Vec<&str> = buttons
            .iter()
            .map(|b| b["label"].as_str().unwrap())
            .collect();
        assert_eq!(labels, vec!["take money", "draw tiles"]);
        assert_eq!(buttons[1]["custom_id"], "cm1:9:7:3:1:c1");
        assert_eq!(r.as_array().unwrap().len(), 1);
    }

    #[test]
    fn many_moves_get_common_buttons_and_a_menu() {
        let mut actions = vec!["pass".to_string()];
        actions.extend((0..40).map(|i| format!("build tile-{i} on palace A")));
        let r = rows(moves_panel(&actions, 9, 1, prompt().state));
        let list = r.as_array().unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0]["components"].as_array().unwrap().len(), 1);
        assert_eq!(list[0]["components"][0]["label"], "pass");
        let menu = &list[1]["components"][0];
        assert_eq!(menu["custom_id"], "cm1:9:7:3:1:m");
        assert_eq!(menu["options"].as_array().unwrap().len(), 25);
        assert_eq!(menu["options"][1]["value"], "1");
        assert!(menu["placeholder"].as_str().unwrap().contains("16 more"));
    }

    #[test]
    fn private_answers_are_ephemeral_and_ping_nobody() {
        assert_eq!(private_pages(vec![]), vec!["✅ Done."]);
        let pages = private_pages(vec!["a\n".repeat(1500), "second <@42>".into()]);
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
        let msgs = channel_messages(&text, &[42, 43], &[prompt()], 9);
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
