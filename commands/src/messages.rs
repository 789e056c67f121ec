//! Deliveries → Discord message builders: long texts split under the 2000-character
//! limit (code blocks kept balanced), mentions limited to the awaited players, and turn
//! prompts turned into buttons and a select menu.

use crate::ids::{ComponentAction, ComponentId};
use poise::serenity_prelude as serenity;
use table::TurnPrompt;

/// Discord's message content limit.
pub const LIMIT: usize = 2000;
/// At most this many choice buttons per prompt (a row holds 5; one slot is "My hand").
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

fn cut(s: &str, n: usize) -> String {
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

/// Buttons and a select menu for one prompt. With five moves or fewer every move gets a
/// button; otherwise the common ones do and the first 25 go in a menu (the rest are
/// reachable through the game's slash command with autocomplete).
pub fn prompt_components(prompt: &TurnPrompt, channel: u64) -> Vec<serenity::CreateActionRow> {
    let id = |action| {
        ComponentId {
            channel,
            state: prompt.state,
            seat: prompt.seat,
            action,
        }
        .encode()
    };
    let all_fit = prompt.actions.len() <= MAX_BUTTONS;
    let mut buttons: Vec<serenity::CreateButton> = prompt
        .actions
        .iter()
        .enumerate()
        .filter(|(_, a)| all_fit || is_common(a))
        .take(MAX_BUTTONS)
        .map(|(i, a)| {
            serenity::CreateButton::new(id(ComponentAction::Choice(i)))
                .label(cut(a, BUTTON_LABEL))
                .style(serenity::ButtonStyle::Primary)
        })
        .collect();
    buttons.push(
        serenity::CreateButton::new(id(ComponentAction::MyHand))
            .label(format!("My hand ({})", cut(&prompt.name, 40)))
            .style(serenity::ButtonStyle::Secondary),
    );
    let mut rows = vec![serenity::CreateActionRow::Buttons(buttons)];
    if !all_fit {
        let options: Vec<serenity::CreateSelectMenuOption> = prompt
            .actions
            .iter()
            .enumerate()
            .take(MENU_OPTIONS)
            .map(|(i, a)| serenity::CreateSelectMenuOption::new(cut(a, MENU_LABEL), i.to_string()))
            .collect();
        let more = prompt.actions.len().saturating_sub(MENU_OPTIONS);
        let placeholder = if more > 0 {
            format!(
                "{}: choose a move ({more} more via the slash command)",
                cut(&prompt.name, 30)
            )
        } else {
            format!("{}: choose a move", cut(&prompt.name, 30))
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
/// chunk pings the awaited players and carries the prompt components (Discord allows five
/// rows, so at most two prompts get components; others use the slash command).
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
                .take(2)
                .flat_map(|p| prompt_components(p, channel))
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use table::StateVersion;

    fn prompt(actions: &[&str]) -> TurnPrompt {
        TurnPrompt {
            seat: 1,
            user: 42,
            name: "bruno".into(),
            actions: actions.iter().map(|s| s.to_string()).collect(),
            state: StateVersion {
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

    #[test]
    fn few_moves_become_buttons_with_a_hand_button() {
        let msgs = channel_messages(
            "Your move",
            &[42],
            &[prompt(&["take money", "draw tiles"])],
            9,
        );
        assert_eq!(msgs.len(), 1);
        let m = json(&msgs[0]);
        assert_eq!(m["content"], "Your move\n<@42>");
        assert_eq!(m["allowed_mentions"]["users"], serde_json::json!(["42"]));
        let buttons = m["components"][0]["components"].as_array().unwrap();
        let labels: Vec<&str> = buttons
            .iter()
            .map(|b| b["label"].as_str().unwrap())
            .collect();
        assert_eq!(labels, vec!["take money", "draw tiles", "My hand (bruno)"]);
        assert_eq!(buttons[0]["custom_id"], "cm1:9:7:3:1:c0");
        assert_eq!(buttons[2]["custom_id"], "cm1:9:7:3:1:h");
        assert!(m["components"].as_array().unwrap().len() == 1);
    }

    #[test]
    fn many_moves_get_common_buttons_and_a_menu() {
        let actions: Vec<String> = (0..40)
            .map(|i| format!("build tile-{i} on palace A"))
            .collect();
        let mut refs: Vec<&str> = vec!["pass"];
        refs.extend(actions.iter().map(String::as_str));
        let m = json(&channel_messages("x", &[42], &[prompt(&refs)], 9)[0]);
        let rows = m["components"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["components"][0]["label"], "pass");
        let menu = &rows[1]["components"][0];
        assert_eq!(menu["custom_id"], "cm1:9:7:3:1:m");
        assert_eq!(menu["options"].as_array().unwrap().len(), 25);
        assert_eq!(menu["options"][1]["value"], "1");
        assert!(menu["placeholder"]
            .as_str()
            .unwrap()
            .contains("16 more via the slash command"));
    }

    #[test]
    fn long_boards_are_split_and_only_the_last_part_pings() {
        let text = "line of the board\n".repeat(400);
        let msgs = channel_messages(&text, &[42, 43], &[prompt(&["pass"])], 9);
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
