//! Interaction answers: callbacks, the followup webhook and its messages.

use serde_json::{json, Value};

use super::messages::{
    check_flags, edit_message, empty_message, is_empty_message, message_reply, new_message,
    validate_message,
};
use super::{
    id, Handled, Reply, Upload, DEFERRED_FLAGS, FOLLOWUP_FLAGS, RESPONSE_FLAGS, SETTABLE_FLAGS,
};
use crate::limits::{self, Errors, FLAG_EPHEMERAL, FLAG_LOADING};
use crate::model::{Ack, AckKind, InteractionKind, RecordedMessage};
use crate::state::{ApiError, State};

pub(super) fn allowed_acks(kind: InteractionKind, from_component: bool) -> &'static [AckKind] {
    use AckKind::*;
    match kind {
        InteractionKind::Command => &[Message, DeferredMessage, Modal],
        InteractionKind::Component => &[
            Message,
            DeferredMessage,
            DeferredUpdate,
            UpdateMessage,
            Modal,
        ],
        InteractionKind::Autocomplete => &[Autocomplete],
        InteractionKind::ModalSubmit if from_component => {
            &[Message, DeferredMessage, DeferredUpdate, UpdateMessage]
        }
        InteractionKind::ModalSubmit => &[Message, DeferredMessage],
    }
}

pub(super) fn interaction_callback(
    state: &mut State,
    id: u64,
    token: &str,
    body: &Value,
    uploads: &[Upload],
) -> Handled {
    let idx = state
        .interactions
        .iter()
        .position(|i| i.id == id && i.token == token)
        .ok_or_else(ApiError::unknown_interaction)?;
    let ix = state.interactions[idx].clone();
    if ix.ack.is_some() {
        return Err(ApiError::new(
            400,
            40060,
            "Interaction has already been acknowledged.",
        ));
    }
    let latency = ix.created.elapsed();
    if latency > state.config.ack_window {
        return Err(ApiError::unknown_interaction());
    }
    let callback_type = body.get("type").and_then(Value::as_u64).unwrap_or(0);
    let kind = AckKind::from_type(callback_type)
        .filter(|k| allowed_acks(ix.kind, ix.source_message.is_some()).contains(k))
        .ok_or_else(|| {
            ApiError::form(vec![limits::FieldError {
                path: "type".into(),
                code: "INTERACTION_RESPONSE_TYPE_INVALID",
                message: format!(
                    "Interaction response type {callback_type} is not valid for this interaction."
                ),
            }])
        })?;
    let data = body.get("data").cloned().unwrap_or_else(|| json!({}));
    let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & FLAG_EPHEMERAL;
    let mut original = None;
    match kind {
        AckKind::Message => {
            let names: Vec<String> = uploads.iter().map(|u| u.filename.clone()).collect();
            validate_message("data", &data, &names)?;
            check_flags("data", &data, RESPONSE_FLAGS)?;
            if is_empty_message(&data, uploads) {
                return Err(empty_message());
            }
            let flags = ephemeral
                | (data.get("flags").and_then(Value::as_u64).unwrap_or(0) & SETTABLE_FLAGS);
            let message = new_message(state, ix.channel_id, &data, uploads, flags, Some(ix.id));
            original = Some(message.id);
            state.messages.push(message);
        }
        AckKind::DeferredMessage => {
            check_flags("data", &data, DEFERRED_FLAGS)?;
            let message = new_message(
                state,
                ix.channel_id,
                &json!({}),
                &[],
                FLAG_LOADING | ephemeral,
                Some(ix.id),
            );
            original = Some(message.id);
            state.messages.push(message);
        }
        AckKind::DeferredUpdate => original = ix.source_message,
        AckKind::UpdateMessage => {
            let source = ix.source_message.ok_or_else(ApiError::unknown_message)?;
            edit_message(state, source, "data", &data, uploads)?;
            original = Some(source);
        }
        AckKind::Autocomplete => {
            let choices = data
                .get("choices")
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice);
            let mut errors = Errors::default();
            limits::check_choices(&mut errors, "data.choices", choices);
            if !errors.is_empty() {
                return Err(ApiError::form(errors.into_list()));
            }
        }
        AckKind::Modal => {
            let mut errors = Errors::default();
            limits::check_modal(&mut errors, "data", &data);
            if !errors.is_empty() {
                return Err(ApiError::form(errors.into_list()));
            }
        }
    }
    let rec = &mut state.interactions[idx];
    rec.ack = Some(Ack {
        kind,
        latency,
        data,
    });
    rec.original = original;
    Ok(Reply::no_content())
}

/// The interaction a webhook token belongs to, if its followup webhook is usable.
pub(super) fn webhook_interaction(
    state: &State,
    app: &str,
    token: &str,
) -> Result<usize, ApiError> {
    if id(app) != Some(state.app_id) {
        return Err(ApiError::unknown_webhook());
    }
    let idx = state
        .interactions
        .iter()
        .position(|i| i.token == token)
        .ok_or_else(ApiError::unknown_webhook)?;
    let ix = &state.interactions[idx];
    if ix.ack.is_none() {
        return Err(ApiError::unknown_webhook());
    }
    if ix.created.elapsed() > state.config.token_lifetime {
        return Err(ApiError::new(401, 50027, "Invalid Webhook Token"));
    }
    Ok(idx)
}

pub(super) fn followup(
    state: &mut State,
    app: &str,
    token: &str,
    body: &Value,
    uploads: &[Upload],
) -> Handled {
    let idx = webhook_interaction(state, app, token)?;
    let names: Vec<String> = uploads.iter().map(|u| u.filename.clone()).collect();
    validate_message("", body, &names)?;
    check_flags("", body, FOLLOWUP_FLAGS)?;
    if is_empty_message(body, uploads) {
        return Err(empty_message());
    }
    let ix = state.interactions[idx].clone();
    // Discord once let the first followup complete a deferred response; that is
    // deprecated: the deferred response is completed by editing `@original`.
    if ix
        .original
        .and_then(|o| state.message(o))
        .is_some_and(RecordedMessage::is_loading)
    {
        return Err(ApiError::new(
            400,
            0,
            "A deferred response is completed by editing @original, not by a followup",
        ));
    }
    let flags =
        body.get("flags").and_then(Value::as_u64).unwrap_or(0) & (FLAG_EPHEMERAL | SETTABLE_FLAGS);
    let message = new_message(state, ix.channel_id, body, uploads, flags, Some(ix.id));
    let message_id = message.id;
    state.messages.push(message);
    state.interactions[idx].followups.push(message_id);
    message_reply(state, message_id)
}

pub(super) fn webhook_message(
    state: &mut State,
    method: &str,
    app: &str,
    token: &str,
    message: &str,
    body: &Value,
    uploads: &[Upload],
) -> Handled {
    let idx = webhook_interaction(state, app, token)?;
    let ix = &state.interactions[idx];
    let target = if message == "@original" {
        ix.original
    } else {
        id(message).filter(|m| ix.original == Some(*m) || ix.followups.contains(m))
    };
    let target = target
        .filter(|m| state.message(*m).is_some())
        .ok_or_else(ApiError::unknown_message)?;
    match method {
        "GET" => message_reply(state, target),
        "PATCH" => {
            edit_message(state, target, "", body, uploads)?;
            message_reply(state, target)
        }
        "DELETE" => {
            if let Some(m) = state.message_mut(target) {
                m.deleted = true;
            }
            Ok(Reply::no_content())
        }
        _ => Err(ApiError::new(405, 0, "405: Method Not Allowed")),
    }
}
