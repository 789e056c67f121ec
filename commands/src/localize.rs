//! The slash commands' names, descriptions, options and choices from the Fluent files
//! (`locales/*/commands.ftl`): English as registered, and each other language as
//! Discord's `name_localizations` / `description_localizations` under its locale.
//!
//! A command's key is `cmd-` and its path (`cmd-game-new`): its value is the name,
//! `.description` the description, `.<option>` and `.<option>-description` each option's;
//! choices are `choice-<option>-<n>`.

use words::Lang;

type Cmd = poise::Command<crate::context::Data, crate::context::Error>;

/// Fills every command, subcommand, option and choice from the Fluent files: English
/// descriptions and choice names (the files are the source; names stay the code's, which
/// Discord sends back), and a localization per other language.
pub fn localize(commands: &mut [Cmd]) {
    for command in commands {
        localize_one(command, "cmd");
    }
}

fn localize_one(command: &mut Cmd, parent: &str) {
    let key = format!("{parent}-{}", command.name);
    if let Some(description) = words::exact(Lang::En, &key, Some("description")) {
        command.description = Some(description.into());
    }
    for lang in Lang::ALL {
        let Some(locale) = lang.discord_locale() else {
            continue;
        };
        if let Some(name) = words::exact(lang, &key, None) {
            command
                .name_localizations
                .to_mut()
                .push((locale.into(), name.into()));
        }
        if let Some(description) = words::exact(lang, &key, Some("description")) {
            command
                .description_localizations
                .to_mut()
                .push((locale.into(), description.into()));
        }
    }
    for parameter in &mut command.parameters {
        let name = parameter.name.to_string();
        let described = format!("{name}-description");
        if let Some(description) = words::exact(Lang::En, &key, Some(&described)) {
            parameter.description = Some(description.into());
        }
        for (i, choice) in parameter.choices.to_mut().iter_mut().enumerate() {
            let choice_key = format!("choice-{name}-{i}");
            if let Some(text) = words::exact(Lang::En, &choice_key, None) {
                choice.name = text.into();
            }
            for lang in Lang::ALL {
                let (Some(locale), Some(text)) =
                    (lang.discord_locale(), words::exact(lang, &choice_key, None))
                else {
                    continue;
                };
                choice
                    .localizations
                    .to_mut()
                    .push((locale.into(), text.into()));
            }
        }
        for lang in Lang::ALL {
            let Some(locale) = lang.discord_locale() else {
                continue;
            };
            if let Some(text) = words::exact(lang, &key, Some(&name)) {
                parameter
                    .name_localizations
                    .to_mut()
                    .push((locale.into(), text.into()));
            }
            if let Some(text) = words::exact(lang, &key, Some(&described)) {
                parameter
                    .description_localizations
                    .to_mut()
                    .push((locale.into(), text.into()));
            }
        }
    }
    for sub in &mut command.subcommands {
        localize_one(sub, &key);
    }
}

/// A top-level command's name as a person reading `lang` sees it in their client
/// (`princes` is `/principes` in Spanish): for sentences that name a command.
pub fn command_name(lang: Lang, id: &str) -> String {
    words::exact(lang, &format!("cmd-{id}"), None).unwrap_or_else(|| id.to_string())
}
