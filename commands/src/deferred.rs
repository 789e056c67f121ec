//! Answers to a deferred interaction, as Discord wants them: the first completes the
//! deferral by editing the original response (`PATCH /webhooks/{app}/{token}/messages/
//! @original`), the next ones are followups. (Completing a deferral with a first
//! followup is deprecated by Discord.)

use crate::context::{Context, Error};
use poise::serenity_prelude as serenity;

/// A slash command's invocation data once it is deferred: whether its deferred response
/// was completed yet.
struct Deferred {
    completed: bool,
}

/// Defers a slash command privately (the caller sees "thinking…"); its first
/// [`send`] then completes that response.
pub(crate) async fn defer_ephemeral(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    ctx.set_invocation_data(Deferred { completed: false }).await;
    Ok(())
}

/// Sends `reply` to a slash command: after [`defer_ephemeral`] the first reply edits the
/// deferred response and later ones follow up; before it, the reply is the response.
pub(crate) async fn send(ctx: Context<'_>, reply: poise::CreateReply) -> Result<(), Error> {
    let first = match ctx.invocation_data::<Deferred>().await {
        Some(mut deferred) => !std::mem::replace(&mut deferred.completed, true),
        None => false,
    };
    match ctx {
        poise::Context::Application(a) if first => {
            let edit = ctx
                .reply_builder(reply)
                .to_slash_initial_response_edit(serenity::EditInteractionResponse::new());
            a.interaction
                .edit_response(ctx.serenity_context(), edit)
                .await?;
        }
        _ => {
            ctx.send(reply).await?;
        }
    }
    Ok(())
}

/// Sends `replies` to a component click deferred privately (`defer_ephemeral`): the
/// first edits the deferred response, the others follow up.
pub(crate) async fn component_replies(
    ctx: &serenity::Context,
    c: &serenity::ComponentInteraction,
    replies: impl IntoIterator<Item = poise::CreateReply>,
) -> Result<(), Error> {
    for (i, reply) in replies.into_iter().enumerate() {
        if i == 0 {
            let edit =
                reply.to_slash_initial_response_edit(serenity::EditInteractionResponse::new());
            c.edit_response(&ctx.http, edit).await?;
        } else {
            let followup = reply
                .to_slash_followup_response(serenity::CreateInteractionResponseFollowup::new());
            c.create_followup(&ctx.http, followup).await?;
        }
    }
    Ok(())
}
