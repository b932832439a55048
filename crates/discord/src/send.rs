//! Turns `message::Reply` values into serenity builders: interaction responses, channel
//! messages, edits and poise replies. Mentions only notify the users a reply names in `ping`.
//! A reply's picture is sent as an attachment shown by the message's one embed; an edit or an
//! update replaces the message's attachments and embeds, so an old picture never piles up and a
//! reply without one takes the old one away.

use poise::serenity_prelude as serenity;

use super::message::{Image, Reply, Style};

fn attachment(image: &Image) -> serenity::CreateAttachment {
    serenity::CreateAttachment::bytes(image.png.as_slice(), image.file)
}

/// A reply's picture as the file a channel message or edit uploads beside its builder's JSON
/// (`rest` sends the two; serenity's builders keep their files to themselves).
pub fn file(reply: &Reply) -> Option<serenity::CreateAttachment> {
    reply.image.as_ref().map(attachment)
}

fn embed(image: &Image) -> serenity::CreateEmbed {
    serenity::CreateEmbed::new()
        .image(format!("attachment://{}", image.file))
        .colour(0x1d5c3f)
}

fn rows(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    reply
        .rows
        .iter()
        .filter(|row| !row.is_empty())
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.iter()
                    .map(|b| match &b.url {
                        Some(url) => serenity::CreateButton::new_link(url.clone())
                            .label(b.label.clone())
                            .disabled(b.disabled),
                        // Only `Button::link` makes a `Link`, always with its address.
                        None => serenity::CreateButton::new(b.id.clone())
                            .label(b.label.clone())
                            .disabled(b.disabled)
                            .style(match b.style {
                                Style::Primary => serenity::ButtonStyle::Primary,
                                Style::Secondary | Style::Link => serenity::ButtonStyle::Secondary,
                                Style::Success => serenity::ButtonStyle::Success,
                                Style::Danger => serenity::ButtonStyle::Danger,
                            }),
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

/// A reply's text, buttons and mentions on one of serenity's message builders (they share
/// these methods but no trait).
macro_rules! body {
    ($builder:expr, $reply:expr) => {
        $builder
            .content($reply.content.clone())
            .components(rows($reply))
            .allowed_mentions(mentions($reply))
    };
}

/// An interaction response message (a new message, or the update of the clicked one).
pub fn response_message(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    let message =
        body!(serenity::CreateInteractionResponseMessage::new(), reply).ephemeral(reply.ephemeral);
    // The attachments are always sent, so an update without a picture takes the old one away.
    match &reply.image {
        Some(image) => message
            .files([attachment(image)])
            .embeds(vec![embed(image)]),
        None => message.embeds(Vec::new()),
    }
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
    let message = body!(poise::CreateReply::default(), reply).ephemeral(reply.ephemeral);
    match &reply.image {
        Some(image) => message.attachment(attachment(image)).embed(embed(image)),
        None => message,
    }
}

/// A new channel message.
pub fn channel_message(reply: &Reply) -> serenity::CreateMessage {
    let message = body!(serenity::CreateMessage::new(), reply);
    match &reply.image {
        Some(image) => message.add_file(attachment(image)).embed(embed(image)),
        None => message,
    }
}

/// An edit of a channel message.
pub fn edit_message(reply: &Reply) -> serenity::EditMessage {
    let edit = body!(serenity::EditMessage::new(), reply);
    match &reply.image {
        Some(image) => edit
            .new_attachment(attachment(image))
            .embeds(vec![embed(image)]),
        None => edit.remove_all_attachments().embeds(Vec::new()),
    }
}

/// An edit of an interaction's original response (an open hand).
pub fn edit_response(reply: &Reply) -> serenity::EditInteractionResponse {
    let edit = body!(serenity::EditInteractionResponse::new(), reply);
    match &reply.image {
        Some(image) => edit
            .new_attachment(attachment(image))
            .embeds(vec![embed(image)]),
        None => edit.clear_attachments().embeds(Vec::new()),
    }
}

/// A public follow-up of an interaction (a table's message posted through its webhook).
pub fn followup(reply: &Reply) -> serenity::CreateInteractionResponseFollowup {
    let message = body!(serenity::CreateInteractionResponseFollowup::new(), reply);
    match &reply.image {
        Some(image) => message.add_file(attachment(image)).embed(embed(image)),
        None => message,
    }
}

/// An edit of a follow-up through the interaction webhook that posted it.
pub fn edit_webhook(reply: &Reply) -> serenity::EditWebhookMessage {
    let edit = body!(serenity::EditWebhookMessage::new(), reply);
    match &reply.image {
        Some(image) => edit
            .new_attachment(attachment(image))
            .embeds(vec![embed(image)]),
        None => edit.clear_attachments().embeds(Vec::new()),
    }
}

/// Answers a click by taking every button off the clicked message, leaving its text.
pub fn strip_update() -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::UpdateMessage(
        serenity::CreateInteractionResponseMessage::new().components(Vec::new()),
    )
}
