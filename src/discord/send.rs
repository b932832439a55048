//! Turns `render::Reply` values into serenity builders: interaction responses, channel
//! messages, edits and poise replies. Mentions only notify the users a reply names in `ping`.

use poise::serenity_prelude as serenity;

use super::render::{Reply, Style};

fn rows(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    reply
        .rows
        .iter()
        .filter(|row| !row.is_empty())
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        serenity::CreateButton::new(b.id.clone())
                            .label(b.label.clone())
                            .style(match b.style {
                                Style::Primary => serenity::ButtonStyle::Primary,
                                Style::Secondary => serenity::ButtonStyle::Secondary,
                                Style::Success => serenity::ButtonStyle::Success,
                                Style::Danger => serenity::ButtonStyle::Danger,
                            })
                    })
                    .collect(),
            )
        })
        .collect()
}

fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .users(reply.ping.iter().map(|&u| serenity::UserId::new(u)))
}

/// An interaction response message (a new message, or the update of the clicked one).
pub fn response_message(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .content(reply.content.clone())
        .components(rows(reply))
        .ephemeral(reply.ephemeral)
        .allowed_mentions(mentions(reply))
}

/// A new message answering the interaction.
pub fn respond(reply: &Reply) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::Message(response_message(reply))
}

/// Replaces the message the clicked button is on.
pub fn update(reply: &Reply) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::UpdateMessage(response_message(reply))
}

/// A reply to a slash command.
pub fn poise_reply(reply: &Reply) -> poise::CreateReply {
    poise::CreateReply::default()
        .content(reply.content.clone())
        .components(rows(reply))
        .ephemeral(reply.ephemeral)
        .allowed_mentions(mentions(reply))
}

/// A new channel message.
pub fn channel_message(reply: &Reply) -> serenity::CreateMessage {
    serenity::CreateMessage::new()
        .content(reply.content.clone())
        .components(rows(reply))
        .allowed_mentions(mentions(reply))
}

/// An edit of a channel message.
pub fn edit_message(reply: &Reply) -> serenity::EditMessage {
    serenity::EditMessage::new()
        .content(reply.content.clone())
        .components(rows(reply))
        .allowed_mentions(mentions(reply))
}

/// An edit of an interaction's original response (an open hand).
pub fn edit_response(reply: &Reply) -> serenity::EditInteractionResponse {
    serenity::EditInteractionResponse::new()
        .content(reply.content.clone())
        .components(rows(reply))
        .allowed_mentions(mentions(reply))
}

/// Answers a click by taking every button off the clicked message, leaving its text.
pub fn strip_update() -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::UpdateMessage(
        serenity::CreateInteractionResponseMessage::new().components(Vec::new()),
    )
}
