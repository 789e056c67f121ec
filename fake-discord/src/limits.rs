//! Discord's documented limits on messages, components, autocomplete choices and application
//! commands, checked the way Discord checks them: every violation becomes a field error of a
//! 400 "Invalid Form Body" (code 50035) naming the offending field.

use serde_json::{json, Map, Value};

/// Message flag: only the invoking user sees it.
pub const FLAG_EPHEMERAL: u64 = 1 << 6;
/// Message flag: the "bot is thinking…" placeholder of a deferred response.
pub const FLAG_LOADING: u64 = 1 << 7;

/// Message content, in characters.
pub const CONTENT_MAX: usize = 2000;
/// Embeds per message.
pub const EMBEDS_MAX: usize = 10;
/// Sum of every embed's title, description, field names/values, footer text and author name.
pub const EMBED_TOTAL_MAX: usize = 6000;
/// Fields per embed.
pub const EMBED_FIELDS_MAX: usize = 25;
/// Files per message.
pub const ATTACHMENTS_MAX: usize = 10;
/// A file's size, in bytes (a server without boosts): over it, 413 with code 40005.
pub const FILE_MAX: usize = 8 * 1024 * 1024;
/// An attachment's description (its alt text).
pub const ATTACHMENT_DESCRIPTION_MAX: usize = 1024;
/// Action rows per message.
pub const ACTION_ROWS_MAX: usize = 5;
/// Buttons per action row.
pub const BUTTONS_PER_ROW_MAX: usize = 5;
/// Options of a string select menu.
pub const SELECT_OPTIONS_MAX: usize = 25;
/// `custom_id` of a component or modal.
pub const CUSTOM_ID_MAX: usize = 100;
/// Autocomplete choices (and command option choices).
pub const CHOICES_MAX: usize = 25;
/// Choice name / string value.
pub const CHOICE_TEXT_MAX: usize = 100;
/// Application commands of one kind per scope.
pub const COMMANDS_MAX: usize = 100;
/// Options per command or subcommand.
pub const COMMAND_OPTIONS_MAX: usize = 25;
/// Command and option names.
pub const COMMAND_NAME_MAX: usize = 32;
/// Command and option descriptions.
pub const COMMAND_DESCRIPTION_MAX: usize = 100;
/// Modal title.
pub const MODAL_TITLE_MAX: usize = 45;
/// A slash command's name, description, options and choices together (each field
/// counted at its longest localization).
pub const COMMAND_TOTAL_MAX: usize = 8000;
/// Chat-input command and option names, as Discord documents them (with the unicode flag;
/// letters with a lowercase variant must be lowercase).
pub const COMMAND_NAME_PATTERN: &str = r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$";

/// Length limits of embed text fields: (path inside the embed, max chars). They all count
/// towards [`EMBED_TOTAL_MAX`].
const EMBED_TEXT_LIMITS: &[(&[&str], usize)] = &[
    (&["title"], 256),
    (&["description"], 4096),
    (&["footer", "text"], 2048),
    (&["author", "name"], 256),
];
/// Embed field name and value.
const EMBED_FIELD_NAME_MAX: usize = 256;
const EMBED_FIELD_VALUE_MAX: usize = 1024;

/// Length limits of component text: (component type, key, max chars).
const COMPONENT_TEXT_LIMITS: &[(u64, &str, usize)] = &[
    (BUTTON, "label", 80),
    (BUTTON, "url", 512),
    (STRING_SELECT, "placeholder", 150),
    (USER_SELECT, "placeholder", 150),
    (ROLE_SELECT, "placeholder", 150),
    (MENTIONABLE_SELECT, "placeholder", 150),
    (CHANNEL_SELECT, "placeholder", 150),
    (TEXT_INPUT, "label", 45),
    (TEXT_INPUT, "placeholder", 100),
    (TEXT_INPUT, "value", 4000),
];
/// Select option label, value and description.
const SELECT_OPTION_TEXT_LIMITS: &[(&str, usize)] =
    &[("label", 100), ("value", 100), ("description", 100)];

const ACTION_ROW: u64 = 1;
const BUTTON: u64 = 2;
const STRING_SELECT: u64 = 3;
const TEXT_INPUT: u64 = 4;
const USER_SELECT: u64 = 5;
const ROLE_SELECT: u64 = 6;
const MENTIONABLE_SELECT: u64 = 7;
const CHANNEL_SELECT: u64 = 8;
const SELECT_TYPES: &[u64] = &[
    STRING_SELECT,
    USER_SELECT,
    ROLE_SELECT,
    MENTIONABLE_SELECT,
    CHANNEL_SELECT,
];
/// Link buttons carry a url and no custom_id.
const BUTTON_STYLE_LINK: u64 = 5;
/// Premium buttons carry a sku_id and no custom_id.
const BUTTON_STYLE_PREMIUM: u64 = 6;

/// One field-level error of a 50035 answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// Dotted path of the field, e.g. `embeds.0.title`.
    pub path: String,
    /// Discord's error code string, e.g. `BASE_TYPE_MAX_LENGTH`.
    pub code: &'static str,
    /// Discord's sentence.
    pub message: String,
}

/// Collects field errors under a path prefix.
#[derive(Default)]
pub struct Errors {
    list: Vec<FieldError>,
}

impl Errors {
    fn push(&mut self, path: String, code: &'static str, message: String) {
        self.list.push(FieldError {
            path,
            code,
            message,
        });
    }

    fn max_len(&mut self, path: String, text: &str, max: usize) {
        if text.chars().count() > max {
            self.push(
                path,
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {max} or fewer in length."),
            );
        }
    }

    fn len_between(&mut self, path: String, text: &str, min: usize, max: usize) {
        let n = text.chars().count();
        if n < min || n > max {
            self.push(
                path,
                "BASE_TYPE_BAD_LENGTH",
                format!("Must be between {min} and {max} in length."),
            );
        }
    }

    fn max_items(&mut self, path: String, n: usize, max: usize) {
        if n > max {
            self.push(
                path,
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {max} or fewer in length."),
            );
        }
    }

    /// Whether nothing was wrong.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The errors found.
    pub fn into_list(self) -> Vec<FieldError> {
        self.list
    }
}

/// Discord's nested `errors` object for a list of field errors:
/// `{"embeds": {"0": {"title": {"_errors": [{"code": ..., "message": ...}]}}}}`.
pub fn errors_object(errors: &[FieldError]) -> Value {
    let mut root = Map::new();
    for error in errors {
        let mut node = &mut root;
        for part in error.path.split('.').filter(|p| !p.is_empty()) {
            node = node
                .entry(part.to_owned())
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .expect("error tree nodes are objects");
        }
        node.entry("_errors")
            .or_insert_with(|| json!([]))
            .as_array_mut()
            .expect("_errors is an array")
            .push(json!({"code": error.code, "message": error.message}));
    }
    Value::Object(root)
}

fn join(prefix: &str, key: impl std::fmt::Display) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

fn str_at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a str> {
    path.iter().try_fold(value, |v, k| v.get(k))?.as_str()
}

/// Checks a message body (create, edit, interaction response or followup) against Discord's
/// limits. `prefix` is where the body sits in the request (`data` for interaction callbacks);
/// `file_names` are the files uploaded with it (for `attachment://` references).
pub fn check_message(errors: &mut Errors, prefix: &str, body: &Value, file_names: &[String]) {
    if let Some(content) = body.get("content").and_then(Value::as_str) {
        errors.max_len(join(prefix, "content"), content, CONTENT_MAX);
    }
    if let Some(embeds) = body.get("embeds").and_then(Value::as_array) {
        check_embeds(errors, &join(prefix, "embeds"), embeds, file_names);
    }
    if let Some(rows) = body.get("components").and_then(Value::as_array) {
        check_components(errors, &join(prefix, "components"), rows);
    }
    if let Some(attachments) = body.get("attachments").and_then(Value::as_array) {
        for (i, attachment) in attachments.iter().enumerate() {
            if let Some(text) = attachment.get("description").and_then(Value::as_str) {
                let at = join(&join(&join(prefix, "attachments"), i), "description");
                errors.max_len(at, text, ATTACHMENT_DESCRIPTION_MAX);
            }
        }
    }
    if file_names.len() > ATTACHMENTS_MAX {
        errors.max_items(
            join(prefix, "attachments"),
            file_names.len(),
            ATTACHMENTS_MAX,
        );
    }
}

fn check_embeds(errors: &mut Errors, prefix: &str, embeds: &[Value], file_names: &[String]) {
    errors.max_items(prefix.to_owned(), embeds.len(), EMBEDS_MAX);
    let mut total = 0;
    for (i, embed) in embeds.iter().enumerate() {
        let at = join(prefix, i);
        for (path, max) in EMBED_TEXT_LIMITS {
            if let Some(text) = str_at(embed, path) {
                total += text.chars().count();
                errors.max_len(join(&at, path.join(".")), text, *max);
            }
        }
        let fields = embed
            .get("fields")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        errors.max_items(join(&at, "fields"), fields.len(), EMBED_FIELDS_MAX);
        for (j, field) in fields.iter().enumerate() {
            let field_at = join(&at, format!("fields.{j}"));
            let name = field
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let value = field
                .get("value")
                .and_then(Value::as_str)
                .unwrap_or_default();
            total += name.chars().count() + value.chars().count();
            errors.len_between(join(&field_at, "name"), name, 1, EMBED_FIELD_NAME_MAX);
            errors.len_between(join(&field_at, "value"), value, 1, EMBED_FIELD_VALUE_MAX);
        }
        for key in ["image", "thumbnail"] {
            if let Some(url) = str_at(embed, &[key, "url"]) {
                if let Some(name) = url.strip_prefix("attachment://") {
                    if !file_names.iter().any(|f| f == name) {
                        errors.push(
                            join(&at, format!("{key}.url")),
                            "ATTACHMENT_NOT_FOUND",
                            format!("No uploaded file is named {name:?}."),
                        );
                    }
                }
            }
        }
    }
    if total > EMBED_TOTAL_MAX {
        errors.push(
            prefix.to_owned(),
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of {EMBED_TOTAL_MAX}"),
        );
    }
}

fn check_components(errors: &mut Errors, prefix: &str, rows: &[Value]) {
    errors.max_items(prefix.to_owned(), rows.len(), ACTION_ROWS_MAX);
    let mut seen_ids: Vec<&str> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let row_at = join(prefix, i);
        if row.get("type").and_then(Value::as_u64) != Some(ACTION_ROW) {
            errors.push(
                join(&row_at, "type"),
                "COMPONENT_INVALID_TYPE",
                "Top-level components must be action rows.".into(),
            );
            continue;
        }
        let children = row
            .get("components")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        let row_components = join(&row_at, "components");
        if children.is_empty() {
            errors.push(
                row_components.clone(),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 5 in length.".into(),
            );
        }
        let selects = children.iter().filter(|c| is_select(c)).count();
        if selects > 0 && children.len() > 1 {
            errors.push(
                row_components.clone(),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width".into(),
            );
        } else {
            errors.max_items(row_components.clone(), children.len(), BUTTONS_PER_ROW_MAX);
        }
        for (j, component) in children.iter().enumerate() {
            let at = join(&row_components, j);
            check_component(errors, &at, component);
            if let Some(id) = component.get("custom_id").and_then(Value::as_str) {
                if seen_ids.contains(&id) {
                    errors.push(
                        join(&at, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated".into(),
                    );
                }
                seen_ids.push(id);
            }
        }
    }
}

fn is_select(component: &Value) -> bool {
    component
        .get("type")
        .and_then(Value::as_u64)
        .is_some_and(|t| SELECT_TYPES.contains(&t))
}

fn check_component(errors: &mut Errors, at: &str, component: &Value) {
    let kind = component.get("type").and_then(Value::as_u64).unwrap_or(0);
    for (limit_kind, key, max) in COMPONENT_TEXT_LIMITS {
        if *limit_kind == kind {
            if let Some(text) = component.get(*key).and_then(Value::as_str) {
                errors.max_len(join(at, key), text, *max);
            }
        }
    }
    let custom_id = component.get("custom_id").and_then(Value::as_str);
    let style = component.get("style").and_then(Value::as_u64).unwrap_or(0);
    let needs_custom_id = match kind {
        BUTTON => style != BUTTON_STYLE_LINK && style != BUTTON_STYLE_PREMIUM,
        _ => SELECT_TYPES.contains(&kind) || kind == TEXT_INPUT,
    };
    match custom_id {
        Some(id) => errors.len_between(join(at, "custom_id"), id, 1, CUSTOM_ID_MAX),
        None if needs_custom_id => errors.push(
            join(at, "custom_id"),
            "BASE_TYPE_REQUIRED",
            "This field is required".into(),
        ),
        None => {}
    }
    let has_text = |key: &str| {
        component
            .get(key)
            .is_some_and(|v| v.as_str().is_none_or(|t| !t.is_empty()) && !v.is_null())
    };
    if kind == BUTTON && style != BUTTON_STYLE_PREMIUM && !has_text("label") && !has_text("emoji") {
        errors.push(
            join(at, "label"),
            "BASE_TYPE_REQUIRED",
            "A button needs a label or an emoji".into(),
        );
    }
    if kind == BUTTON && style == BUTTON_STYLE_LINK && component.get("url").is_none() {
        errors.push(
            join(at, "url"),
            "BASE_TYPE_REQUIRED",
            "This field is required".into(),
        );
    }
    if SELECT_TYPES.contains(&kind) {
        for key in ["min_values", "max_values"] {
            if let Some(n) = component.get(key).and_then(Value::as_u64) {
                if n > SELECT_OPTIONS_MAX as u64 {
                    errors.push(
                        join(at, key),
                        "NUMBER_TYPE_MAX",
                        format!("int value should be less than or equal to {SELECT_OPTIONS_MAX}."),
                    );
                }
            }
        }
    }
    if kind == STRING_SELECT {
        let options = component
            .get("options")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        if options.is_empty() || options.len() > SELECT_OPTIONS_MAX {
            errors.push(
                join(at, "options"),
                "BASE_TYPE_BAD_LENGTH",
                format!("Must be between 1 and {SELECT_OPTIONS_MAX} in length."),
            );
        }
        let mut values: Vec<&str> = Vec::new();
        for (k, option) in options.iter().enumerate() {
            let option_at = join(at, format!("options.{k}"));
            if let Some(value) = option.get("value").and_then(Value::as_str) {
                if values.contains(&value) {
                    errors.push(
                        join(&option_at, "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "The specified option value is already used".into(),
                    );
                }
                values.push(value);
            }
            for (key, max) in SELECT_OPTION_TEXT_LIMITS {
                match option.get(*key).and_then(Value::as_str) {
                    Some(text) if *key == "description" => {
                        errors.max_len(join(&option_at, key), text, *max)
                    }
                    Some(text) => errors.len_between(join(&option_at, key), text, 1, *max),
                    None if *key != "description" => errors.push(
                        join(&option_at, key),
                        "BASE_TYPE_REQUIRED",
                        "This field is required".into(),
                    ),
                    None => {}
                }
            }
        }
    }
}

/// Checks an autocomplete answer (`data.choices`).
pub fn check_choices(errors: &mut Errors, prefix: &str, choices: &[Value]) {
    errors.max_items(prefix.to_owned(), choices.len(), CHOICES_MAX);
    for (i, choice) in choices.iter().enumerate() {
        let at = join(prefix, i);
        let name = choice
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        errors.len_between(join(&at, "name"), name, 1, CHOICE_TEXT_MAX);
        check_localizations(
            errors,
            &at,
            "name_localizations",
            choice,
            |errors, path, text| errors.len_between(path, text, 1, CHOICE_TEXT_MAX),
        );
        match choice.get("value") {
            Some(Value::String(value)) => {
                errors.max_len(join(&at, "value"), value, CHOICE_TEXT_MAX)
            }
            Some(Value::Number(_)) => {}
            _ => errors.push(
                join(&at, "value"),
                "BASE_TYPE_REQUIRED",
                "This field is required".into(),
            ),
        }
    }
}

/// Checks a modal (interaction callback type 9 `data`).
pub fn check_modal(errors: &mut Errors, prefix: &str, modal: &Value) {
    let title = modal
        .get("title")
        .and_then(Value::as_str)
        .unwrap_or_default();
    errors.len_between(join(prefix, "title"), title, 1, MODAL_TITLE_MAX);
    let custom_id = modal
        .get("custom_id")
        .and_then(Value::as_str)
        .unwrap_or_default();
    errors.len_between(join(prefix, "custom_id"), custom_id, 1, CUSTOM_ID_MAX);
    let rows = modal
        .get("components")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    if rows.is_empty() || rows.len() > ACTION_ROWS_MAX {
        errors.push(
            join(prefix, "components"),
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 5 in length.".into(),
        );
    }
    for (i, row) in rows.iter().enumerate() {
        for (j, component) in row
            .get("components")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            check_component(
                errors,
                &join(prefix, format!("components.{i}.components.{j}")),
                component,
            );
        }
    }
}

/// Option types.
const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;
const STRING: u64 = 3;

/// Whether a name is valid for a slash command or option: [`COMMAND_NAME_PATTERN`], and
/// every character that has a lowercase variant written in it.
fn valid_command_name(name: &str) -> bool {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let pattern = PATTERN
        .get_or_init(|| regex::Regex::new(COMMAND_NAME_PATTERN).expect("Discord's name pattern"));
    pattern.is_match(name) && name.chars().all(|c| c.to_lowercase().eq([c]))
}

/// Checks a bulk-overwrite of application commands (`PUT .../commands`).
pub fn check_commands(errors: &mut Errors, commands: &[Value]) {
    let chat_input = commands
        .iter()
        .filter(|c| c.get("type").and_then(Value::as_u64).unwrap_or(1) == 1)
        .count();
    if chat_input > COMMANDS_MAX {
        errors.max_items(String::new(), chat_input, COMMANDS_MAX);
    }
    let mut names: Vec<(u64, &str)> = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        let at = i.to_string();
        let kind = command.get("type").and_then(Value::as_u64).unwrap_or(1);
        let name = command
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if kind == 1 {
            check_name_and_description(errors, &at, command);
            let options = command
                .get("options")
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice);
            check_options(errors, &join(&at, "options"), options, 0);
            let size = command_size(command);
            if size > COMMAND_TOTAL_MAX {
                errors.push(
                    at.clone(),
                    "APPLICATION_COMMAND_TOO_LARGE",
                    format!("Command exceeds maximum size ({COMMAND_TOTAL_MAX}): {size}"),
                );
            }
        } else {
            errors.len_between(join(&at, "name"), name, 1, COMMAND_NAME_MAX);
        }
        if names.contains(&(kind, name)) {
            errors.push(
                join(&at, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                format!("Application command names must be unique: {name}"),
            );
        }
        names.push((kind, name));
    }
}

/// The characters of `item[key]` as Discord counts them towards [`COMMAND_TOTAL_MAX`]:
/// its longest localization (in `item[key_localizations]`), the default included.
fn localized_len(item: &Value, key: &str) -> usize {
    let default = item
        .get(key)
        .and_then(Value::as_str)
        .map_or(0, |t| t.chars().count());
    item.get(format!("{key}_localizations"))
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(_, text)| text.as_str())
        .map(|t| t.chars().count())
        .fold(default, usize::max)
}

/// A command's (or an option's) size: name, description, options and choices (names
/// and values), each field at its longest localization.
fn command_size(item: &Value) -> usize {
    let list = |key: &str| {
        item.get(key)
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice)
    };
    let choices: usize = list("choices")
        .iter()
        .map(|choice| {
            let value = match choice.get("value") {
                Some(Value::String(s)) => s.chars().count(),
                Some(Value::Number(n)) => n.to_string().len(),
                _ => 0,
            };
            localized_len(choice, "name") + value
        })
        .sum();
    localized_len(item, "name")
        + localized_len(item, "description")
        + choices
        + list("options").iter().map(command_size).sum::<usize>()
}

fn check_name_and_description(errors: &mut Errors, at: &str, item: &Value) {
    let name = item.get("name").and_then(Value::as_str).unwrap_or_default();
    check_command_name(errors, join(at, "name"), name);
    let description = item
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default();
    errors.len_between(
        join(at, "description"),
        description,
        1,
        COMMAND_DESCRIPTION_MAX,
    );
    check_localizations(errors, at, "name_localizations", item, check_command_name);
    check_localizations(
        errors,
        at,
        "description_localizations",
        item,
        |e, path, text| e.len_between(path, text, 1, COMMAND_DESCRIPTION_MAX),
    );
}

fn check_command_name(errors: &mut Errors, path: String, name: &str) {
    if !valid_command_name(name) {
        errors.push(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            format!(
                "Command name is invalid: {name:?} (must match {COMMAND_NAME_PATTERN}, lowercase)"
            ),
        );
    }
}

/// The locales Discord accepts as keys of `name_localizations` / `description_localizations`.
pub const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// Checks `item[field]` (a locale → text map, or null): every key a Discord locale, every
/// text passing `check` (at `<at>.<field>.<locale>`).
fn check_localizations(
    errors: &mut Errors,
    at: &str,
    field: &str,
    item: &Value,
    check: impl Fn(&mut Errors, String, &str),
) {
    let path = join(at, field);
    match item.get(field) {
        None | Some(Value::Null) => {}
        Some(Value::Object(map)) => {
            for (locale, text) in map {
                let at_locale = join(&path, locale);
                if !LOCALES.contains(&locale.as_str()) {
                    errors.push(
                        at_locale,
                        "LOCALE_INVALID",
                        format!("Invalid locale: {locale:?}"),
                    );
                    continue;
                }
                match text.as_str() {
                    Some(text) => check(errors, at_locale, text),
                    None => errors.push(at_locale, "BASE_TYPE_STRING", "Must be a string.".into()),
                }
            }
        }
        Some(_) => errors.push(
            path,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType".into(),
        ),
    }
}

/// The name an option or command shows in `locale`: its localization, else its name.
fn localized_name<'a>(item: &'a Value, locale: &str) -> &'a str {
    item.get("name_localizations")
        .and_then(|m| m.get(locale))
        .and_then(Value::as_str)
        .or_else(|| item.get("name").and_then(Value::as_str))
        .unwrap_or_default()
}

/// `depth` 0 = options of a command, 1 = of a group, 2 = of a subcommand.
fn check_options(errors: &mut Errors, at: &str, options: &[Value], depth: u8) {
    errors.max_items(at.to_owned(), options.len(), COMMAND_OPTIONS_MAX);
    let is_sub = |o: &Value| {
        matches!(
            o.get("type").and_then(Value::as_u64),
            Some(SUB_COMMAND | SUB_COMMAND_GROUP)
        )
    };
    let subs = options.iter().filter(|o| is_sub(o)).count();
    if subs > 0 && subs < options.len() {
        errors.push(
            at.to_owned(),
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and subcommand groups cannot be mixed with other options".into(),
        );
    }
    let mut names: Vec<&str> = Vec::new();
    let mut locales: Vec<&str> = options
        .iter()
        .filter_map(|o| o.get("name_localizations").and_then(Value::as_object))
        .flat_map(|m| m.keys().map(String::as_str))
        .collect();
    locales.sort_unstable();
    locales.dedup();
    let mut optional_seen = false;
    for (i, option) in options.iter().enumerate() {
        let option_at = join(at, i);
        check_name_and_description(errors, &option_at, option);
        let name = option
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if names.contains(&name) {
            errors.push(
                join(&option_at, "name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                format!("Option name {name} is already used in these options"),
            );
        }
        names.push(name);
        // Localized names are unique among their siblings too, in every locale any of
        // them is localized to (a sibling without that localization shows its name).
        for locale in &locales {
            let mine = localized_name(option, locale);
            let localized = |o: &Value| {
                o.get("name_localizations")
                    .and_then(|m| m.get(*locale))
                    .is_some()
            };
            // Two default names alike are the error above.
            if options[..i]
                .iter()
                .any(|o| localized_name(o, locale) == mine && (localized(option) || localized(o)))
            {
                errors.push(
                    join(&join(&option_at, "name_localizations"), locale),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    format!("Option name {mine} is already used in these options ({locale})"),
                );
            }
        }
        let kind = option.get("type").and_then(Value::as_u64).unwrap_or(0);
        let nested = option
            .get("options")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        match kind {
            SUB_COMMAND_GROUP if depth == 0 => {
                if nested
                    .iter()
                    .any(|o| o.get("type").and_then(Value::as_u64) != Some(SUB_COMMAND))
                {
                    errors.push(
                        join(&option_at, "options"),
                        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                        "A subcommand group may only contain subcommands".into(),
                    );
                }
                check_options(errors, &join(&option_at, "options"), nested, 1);
            }
            SUB_COMMAND if depth <= 1 => {
                check_options(errors, &join(&option_at, "options"), nested, 2)
            }
            SUB_COMMAND | SUB_COMMAND_GROUP => errors.push(
                join(&option_at, "type"),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Subcommands cannot be nested this deep".into(),
            ),
            3..=11 => {
                let required = option
                    .get("required")
                    .and_then(Value::as_bool)
                    .unwrap_or(false);
                if required && optional_seen {
                    errors.push(
                        join(&option_at, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options".into(),
                    );
                }
                optional_seen |= !required;
                let choices = option
                    .get("choices")
                    .and_then(Value::as_array)
                    .map_or(&[][..], Vec::as_slice);
                if !choices.is_empty() {
                    if option.get("autocomplete").and_then(Value::as_bool) == Some(true) {
                        errors.push(
                            join(&option_at, "autocomplete"),
                            "AUTOCOMPLETE_AND_CHOICES_INVALID",
                            "Autocomplete cannot be set on options with choices".into(),
                        );
                    }
                    check_choices(errors, &join(&option_at, "choices"), choices);
                }
                if kind == STRING {
                    for key in ["min_length", "max_length"] {
                        if option
                            .get(key)
                            .and_then(Value::as_u64)
                            .is_some_and(|n| n > 6000)
                        {
                            errors.push(
                                join(&option_at, key),
                                "NUMBER_TYPE_MAX",
                                "int value should be less than or equal to 6000.".into(),
                            );
                        }
                    }
                }
            }
            _ => errors.push(
                join(&option_at, "type"),
                "BASE_TYPE_CHOICES",
                format!("Value must be one of {{1..11}}, got {kind}."),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The field errors of a command set, as (path, code).
    fn command_errors(commands: Value) -> Vec<(String, &'static str)> {
        let mut errors = Errors::default();
        check_commands(&mut errors, commands.as_array().unwrap());
        errors
            .into_list()
            .into_iter()
            .map(|e| (e.path, e.code))
            .collect()
    }

    /// The field errors of a message body, as (path, code).
    fn message_errors(body: Value) -> Vec<(String, &'static str)> {
        let mut errors = Errors::default();
        check_message(&mut errors, "", &body, &[]);
        errors
            .into_list()
            .into_iter()
            .map(|e| (e.path, e.code))
            .collect()
    }

    fn command(name: &str) -> Value {
        json!({"type": 1, "name": name, "description": "d"})
    }

    #[test]
    fn command_names_follow_discords_pattern_exactly() {
        for good in [
            "game",
            "don't",
            "jugar-ya",
            "número",
            "नमस्ते",
            "สวัสดี",
            "名前",
            "a_1",
        ] {
            assert_eq!(command_errors(json!([command(good)])), vec![], "{good}");
        }
        for bad in [
            "Game",
            "two words",
            "🎲",
            "dot.ted",
            "",
            &"x".repeat(33),
            "ÉCOLE",
        ] {
            assert_eq!(
                command_errors(json!([command(bad)])),
                vec![("0.name".to_owned(), "APPLICATION_COMMAND_INVALID_NAME")],
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_command_over_8000_characters_at_its_longest_localizations_is_refused() {
        let description = "d".repeat(100);
        let long = "l".repeat(100);
        // 3 options of 25 choices: under the limit in the default locale…
        let options: Vec<Value> = (0..3)
            .map(|o| {
                json!({"type": 3, "name": format!("o{o}"), "description": description,
                    "choices": (0..25).map(|c| json!({
                        "name": format!("c{c}"),
                        "name_localizations": {"es-ES": long},
                        "value": format!("v{c}"),
                    })).collect::<Vec<_>>()})
            })
            .collect();
        let mut cmd = command("big");
        cmd["options"] = json!(options);
        // …75 Spanish choice names of 100 characters: 7,500 more.
        assert_eq!(
            command_errors(json!([cmd.clone()])),
            vec![("0".to_owned(), "APPLICATION_COMMAND_TOO_LARGE")]
        );
        for option in cmd["options"].as_array_mut().unwrap() {
            for choice in option["choices"].as_array_mut().unwrap() {
                choice["name_localizations"]["es-ES"] = json!("corto");
            }
        }
        assert_eq!(command_errors(json!([cmd])), vec![]);
    }

    #[test]
    fn localized_option_names_are_unique_among_siblings_in_every_locale() {
        let mut cmd = command("game");
        // "b" shows "a" in Spanish, where "a" has no localization and shows "a".
        cmd["options"] = json!([
            {"type": 3, "name": "a", "description": "d"},
            {"type": 3, "name": "b", "description": "d", "name_localizations": {"es-ES": "a"}},
        ]);
        assert_eq!(
            command_errors(json!([cmd.clone()])),
            vec![(
                "0.options.1.name_localizations.es-ES".to_owned(),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"
            )]
        );
        // The other way round: the localized one first.
        cmd["options"] = json!([
            {"type": 3, "name": "b", "description": "d", "name_localizations": {"es-ES": "a"}},
            {"type": 3, "name": "a", "description": "d"},
        ]);
        assert_eq!(
            command_errors(json!([cmd])),
            vec![(
                "0.options.1.name_localizations.es-ES".to_owned(),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"
            )]
        );
    }

    #[test]
    fn select_values_are_unique_and_buttons_have_a_label_or_an_emoji() {
        let select = json!({"components": [{"type": 1, "components": [{"type": 3,
            "custom_id": "pick", "options": [
                {"label": "One", "value": "1"}, {"label": "Uno", "value": "1"}]}]}]});
        assert_eq!(
            message_errors(select),
            vec![(
                "components.0.components.0.options.1.value".to_owned(),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED"
            )]
        );
        let bare = json!({"components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "custom_id": "a"},
            {"type": 2, "style": 1, "custom_id": "b", "label": ""},
            {"type": 2, "style": 1, "custom_id": "c", "emoji": {"name": "🎲"}},
            {"type": 2, "style": 1, "custom_id": "d", "label": "Go"}]}]});
        assert_eq!(
            message_errors(bare),
            vec![
                (
                    "components.0.components.0.label".to_owned(),
                    "BASE_TYPE_REQUIRED"
                ),
                (
                    "components.0.components.1.label".to_owned(),
                    "BASE_TYPE_REQUIRED"
                ),
            ]
        );
    }

    #[test]
    fn errors_nest_by_field_path_under_errors() {
        let errors = vec![FieldError {
            path: "0.name".into(),
            code: "APPLICATION_COMMAND_INVALID_NAME",
            message: "m".into(),
        }];
        assert_eq!(
            errors_object(&errors),
            json!({"0": {"name": {"_errors": [
                {"code": "APPLICATION_COMMAND_INVALID_NAME", "message": "m"}]}}})
        );
    }
}
