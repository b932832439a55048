//! Button clicks, routed from the global event handler by their parsed `custom_id`. Each click
//! is answered first (within Discord's 3 seconds), and only then are the other messages of the
//! table brought up to date: the public table message, the notice to the players now to act,
//! and the open hands of those players.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;
use serenity::{ComponentInteraction, FullEvent, Interaction};

use super::ids::ComponentId;
use super::render::HandStep;
use super::words::{mention, SeatNames};
use super::{refusal, render, send, Data, Error};
use crate::ai::Level;
use crate::catalog::NoNames;
use crate::msg;
use crate::table::{Acted, LobbyChange, Phase, TableError, TableId, TableView};
use crate::text::{seat, verbatim};

pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(click),
    } = event
    {
        let ctx = framework.serenity_context;
        let data = framework.user_data;
        if let Err(e) = on_click(ctx, data, click).await {
            tracing::error!(error = %e, custom_id = click.data.custom_id, "button failed");
        }
    }
    Ok(())
}

async fn on_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
) -> Result<(), Error> {
    data.remember_user(&click.user);
    let user = click.user.id.get();
    let id = match click.data.custom_id.parse::<ComponentId>() {
        Ok(id) => id,
        Err(_) => {
            let reply = render::notice(&msg!("discord-unknown-button"), &NoNames);
            click
                .create_response(&ctx.http, send::respond(&reply))
                .await?;
            return Ok(());
        }
    };
    let service = &data.service;
    match id {
        ComponentId::Hand(table) => {
            let names = names_for(data, table).await;
            let (reply, alive) = match service.hand(table, user).await {
                // A hand that can still act, now or later, is brought alive on its turn.
                Ok(hand) => (render::hand(&hand, HandStep::Page(0), &names), !hand.over),
                Err(e) => (refusal(&e, &names), false),
            };
            click
                .create_response(&ctx.http, send::respond(&reply))
                .await?;
            if alive {
                data.remember_hand(table, user, &click.token);
            }
        }
        ComponentId::Page { table, mv, .. }
        | ComponentId::Group { table, mv, .. }
        | ComponentId::Ask { table, mv, .. } => {
            // Another step of the same hand: shown only while the position is unchanged.
            let names = names_for(data, table).await;
            match service.hand(table, user).await {
                Ok(hand) => {
                    let step = match id {
                        _ if hand.move_number != mv => HandStep::Page(0),
                        ComponentId::Group { group, .. } => HandStep::Group(group),
                        ComponentId::Ask { index, .. } => HandStep::Ask(index),
                        ComponentId::Page { page, .. } => HandStep::Page(page),
                        _ => HandStep::Page(0),
                    };
                    click
                        .create_response(
                            &ctx.http,
                            send::update(&render::hand(&hand, step, &names)),
                        )
                        .await?;
                    data.remember_hand(table, user, &click.token);
                }
                Err(e) => {
                    click
                        .create_response(&ctx.http, send::respond(&refusal(&e, &names)))
                        .await?;
                }
            }
        }
        ComponentId::Act { table, mv, index } => {
            let names = names_for(data, table).await;
            match service.act(table, user, mv, index).await {
                Ok(acted) => {
                    click
                        .create_response(
                            &ctx.http,
                            send::update(&render::hand(&acted.hand, HandStep::Page(0), &names)),
                        )
                        .await?;
                    data.remember_hand(table, user, &click.token);
                    after_move(ctx, data, &acted).await;
                    drive_computers(ctx, data, table);
                }
                Err(e @ (TableError::Stale | TableError::Rule(_))) => {
                    // Refused: show the hand as it stands now, with the reason on top.
                    let reply = match service.hand(table, user).await {
                        Ok(hand) => render::refused(
                            &e.msg(),
                            render::hand(&hand, HandStep::Page(0), &names),
                            &names,
                        ),
                        Err(e) => refusal(&e, &names),
                    };
                    click
                        .create_response(&ctx.http, send::update(&reply))
                        .await?;
                    data.remember_hand(table, user, &click.token);
                }
                Err(e) => {
                    click
                        .create_response(&ctx.http, send::respond(&refusal(&e, &names)))
                        .await?;
                }
            }
        }
        ComponentId::Accept(table) | ComponentId::Join(table) | ComponentId::Bot(table) => {
            let change = match id {
                ComponentId::Accept(_) => service.accept(table, user).await,
                ComponentId::Bot(_) => service.add_computer(table, user, Level::default()).await,
                _ => service.join(table, user).await,
            };
            match change {
                Ok(LobbyChange::Waiting(view)) => {
                    click
                        .create_response(&ctx.http, send::update(&render::lobby(&view)))
                        .await?;
                }
                Ok(LobbyChange::Started(view)) => {
                    // The lobby message becomes the table message of the first deal.
                    click
                        .create_response(&ctx.http, send::update(&render::table(&view)))
                        .await?;
                    if let Err(e) = service.set_message(table, click.message.id.get()).await {
                        tracing::error!(error = %e, "could not remember the table message");
                    }
                    notify_turn(ctx, &view, &view.to_act).await;
                    drive_computers(ctx, data, table);
                }
                Err(e) => {
                    click
                        .create_response(&ctx.http, send::respond(&refusal(&e, &NoNames)))
                        .await?;
                }
            }
        }
        ComponentId::Decline(table) => match service.abandon(table, user).await {
            Ok(view) => {
                let (who, game) = (verbatim(mention(user)), view.game_name());
                let text = if user == view.creator {
                    msg!("discord-cancelled", who = who, game = game)
                } else {
                    msg!("discord-declined", who = who, game = game)
                };
                let reply = render::announce(&text, &NoNames);
                click
                    .create_response(&ctx.http, send::update(&reply))
                    .await?;
            }
            Err(e) => {
                click
                    .create_response(&ctx.http, send::respond(&refusal(&e, &NoNames)))
                    .await?;
            }
        },
        ComponentId::Back(table) => match service.back(table, user).await {
            Ok(view) => {
                let reply = render::notice(&msg!("discord-welcome-back"), &NoNames);
                click
                    .create_response(&ctx.http, send::respond(&reply))
                    .await?;
                update_table_message(ctx, data, &view).await;
            }
            Err(e) => {
                click
                    .create_response(&ctx.http, send::respond(&refusal(&e, &NoNames)))
                    .await?;
            }
        },
        ComponentId::Again(table) => {
            let reply = match service.rematch(table, user).await {
                Ok(view) => render::lobby(&view),
                Err(e) => refusal(&e, &NoNames),
            };
            click
                .create_response(&ctx.http, send::respond(&reply))
                .await?;
        }
        ComponentId::Abandon {
            table,
            confirm: false,
        } => {
            let _ = table;
            let reply = render::private(&msg!("discord-game-goes-on"));
            click
                .create_response(&ctx.http, send::update(&reply))
                .await?;
        }
        ComponentId::Abandon {
            table,
            confirm: true,
        } => match service.abandon(table, user).await {
            Ok(view) => {
                let reply = render::private(&msg!("discord-you-abandoned"));
                click
                    .create_response(&ctx.http, send::update(&reply))
                    .await?;
                update_table_message(ctx, data, &view).await;
                let who = match view.seat_of(user) {
                    Some(s) => seat(s),
                    None => verbatim(mention(user)),
                };
                let notice = render::announce(
                    &msg!("discord-abandoned", who = who, game = view.game_name()),
                    &SeatNames::public(&view),
                );
                let channel = serenity::ChannelId::new(view.channel_id);
                if let Err(e) = channel
                    .send_message(&ctx.http, send::channel_message(&notice))
                    .await
                {
                    tracing::warn!(error = %e, "could not post the abandon notice");
                }
            }
            Err(e) => {
                click
                    .create_response(&ctx.http, send::update(&refusal(&e, &NoNames)))
                    .await?;
            }
        },
    }
    Ok(())
}

/// The seats of a table as a player's hand names them.
async fn names_for(data: &Data, table: TableId) -> SeatNames {
    match data.service.view(table).await {
        Ok(view) => data.seat_names(&view),
        Err(_) => SeatNames::default(),
    }
}

/// Brings the channel up to date after an applied move.
async fn after_move(ctx: &serenity::Context, data: &Data, acted: &Acted) {
    let view = &acted.table;
    if acted.finished {
        let record = match data
            .service
            .channel_record(view.channel_id, view.game_id)
            .await
        {
            Ok(record) => record,
            Err(e) => {
                tracing::warn!(error = %e, "could not read the channel's record");
                Vec::new()
            }
        };
        edit_or_post(ctx, data, view, &render::finished_table(view, &record)).await;
        return;
    }
    if acted.new_deal {
        post_table_message(ctx, data, view).await;
    } else {
        update_table_message(ctx, data, view).await;
    }
    if !acted.newly_to_act.is_empty() && !acted.finished {
        notify_turn(ctx, view, &acted.newly_to_act).await;
        let names = data.seat_names(view);
        for &user in &acted.newly_to_act {
            let Some(token) = data.open_hand(view.id, user) else {
                continue;
            };
            let Ok(hand) = data.service.hand(view.id, user).await else {
                continue;
            };
            let edit = send::edit_response(&render::hand(&hand, HandStep::Page(0), &names));
            if let Err(e) = edit.execute(&ctx.http, &token).await {
                tracing::debug!(error = %e, user, "could not bring an open hand alive");
            }
        }
    }
}

/// Edits the table message of the current deal, or posts one if there is none.
pub(super) async fn update_table_message(ctx: &serenity::Context, data: &Data, view: &TableView) {
    edit_or_post(ctx, data, view, &render::table(view)).await;
}

async fn edit_or_post(
    ctx: &serenity::Context,
    data: &Data,
    view: &TableView,
    reply: &render::Reply,
) {
    match view.message_id {
        Some(message) => {
            let channel = serenity::ChannelId::new(view.channel_id);
            let edit = send::edit_message(reply);
            if let Err(e) = channel
                .edit_message(&ctx.http, serenity::MessageId::new(message), edit)
                .await
            {
                tracing::warn!(error = %e, "could not edit the table message; posting a new one");
                post_message(ctx, data, view, reply).await;
            }
        }
        None => post_message(ctx, data, view, reply).await,
    }
}

/// Posts a fresh table message (a new deal, a resumed match, or the old one is gone) and
/// remembers it.
pub(super) async fn post_table_message(ctx: &serenity::Context, data: &Data, view: &TableView) {
    post_message(ctx, data, view, &render::table(view)).await;
}

async fn post_message(
    ctx: &serenity::Context,
    data: &Data,
    view: &TableView,
    reply: &render::Reply,
) {
    let channel = serenity::ChannelId::new(view.channel_id);
    match channel
        .send_message(&ctx.http, send::channel_message(reply))
        .await
    {
        Ok(message) => {
            if view.phase == Phase::Playing {
                if let Err(e) = data.service.set_message(view.id, message.id.get()).await {
                    tracing::warn!(error = %e, "could not remember the table message");
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "could not post the table message"),
    }
}

/// Mentions the players whose turn it now is, so Discord notifies them.
pub(super) async fn notify_turn(ctx: &serenity::Context, view: &TableView, users: &[u64]) {
    if users.is_empty() {
        return;
    }
    let channel = serenity::ChannelId::new(view.channel_id);
    let reply = render::your_turn(view, users);
    if let Err(e) = channel
        .send_message(&ctx.http, send::channel_message(&reply))
        .await
    {
        tracing::warn!(error = %e, "could not notify the players to act");
    }
}

/// Plays the computer players' moves of a table in the background, one after another with a
/// short pause each, until a person is to act or the game ends. Never runs inside a person's
/// interaction; at most one driver per table.
pub(super) fn drive_computers(ctx: &serenity::Context, data: &Data, table: TableId) {
    if !data.start_driving(table) {
        return;
    }
    let (ctx, data) = (ctx.clone(), data.clone());
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(data.timings.computer_pause).await;
            match data.service.computer_move(table).await {
                Ok(Some(acted)) => after_move(&ctx, &data, &acted).await,
                Ok(None) => break,
                Err(e) => {
                    if e.is_internal() {
                        tracing::error!(error = %e, table, "a computer player could not move");
                    }
                    break;
                }
            }
        }
        data.stop_driving(table);
        // A move may have come in between the last check and the release.
        if let Ok(Some(_)) = data.service.computer_to_act(table).await {
            drive_computers(&ctx, &data, table);
        }
    });
}

/// The bot's background work: computer players of restored tables, turn timers, and lobbies
/// that never started.
pub(super) fn start_background(ctx: &serenity::Context, data: &Data) {
    let (ctx, data) = (ctx.clone(), data.clone());
    tokio::spawn(async move {
        for table in data.service.table_ids() {
            drive_computers(&ctx, &data, table);
        }
        let tick = (data.timings.timer_minute / 6)
            .clamp(Duration::from_millis(20), Duration::from_secs(10));
        let mut interval = tokio::time::interval(tick);
        loop {
            interval.tick().await;
            for (view, users) in data.service.expire_turns(data.timings.timer_minute).await {
                let channel = serenity::ChannelId::new(view.channel_id);
                if let Err(e) = channel
                    .send_message(
                        &ctx.http,
                        send::channel_message(&render::away(&view, &users)),
                    )
                    .await
                {
                    tracing::warn!(error = %e, "could not announce a stand-in");
                }
                update_table_message(&ctx, &data, &view).await;
                drive_computers(&ctx, &data, view.id);
            }
            for view in data
                .service
                .expire_lobbies(data.timings.lobby_timeout)
                .await
            {
                let Some(message) = view.message_id else {
                    continue;
                };
                let reply = render::announce(
                    &msg!("discord-lobby-expired", game = view.game_name()),
                    &NoNames,
                );
                let channel = serenity::ChannelId::new(view.channel_id);
                if let Err(e) = channel
                    .edit_message(
                        &ctx.http,
                        serenity::MessageId::new(message),
                        send::edit_message(&reply),
                    )
                    .await
                {
                    tracing::warn!(error = %e, "could not close an expired lobby's message");
                }
            }
        }
    });
}
