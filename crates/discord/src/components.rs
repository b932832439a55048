//! Button clicks, routed from the global event handler by their parsed `custom_id`. Each click
//! is answered first (within Discord's 3 seconds), and only then are the other messages of the
//! table brought up to date: the public table message, the notice to the players now to act,
//! and the open hands of those players. One person's clicks are throttled (a generous bucket:
//! a quick player never meets it); a component that is not a button (pakka sends no menus) or
//! a custom_id that is not one of ours is answered with its notice, and nothing else happens.
//! A hand's buttons live on private messages and the table's on public ones; a click that
//! names one on the other kind of message (forged: Discord sends only the buttons a message
//! carries) never replaces that message: a lobby's button there is refused, and a hand's step
//! is answered with a new private message.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, FullEvent, Interaction};
use tokio::time::Instant;

use super::ids::ComponentId;
use super::render::HandStep;
use super::retry;
use super::upkeep::{self, after_move, drive_computers, update_table_message};
use super::words::{lang_of, mention, Lang, Plain, SeatNames};
use super::{pictures, refusal, render, send, throttle, Data, Error};
use pakka_table::Level;
use pakka_table::{Declined, LobbyChange, TableError, TableId, TableView};
use pakka_text::msg;
use pakka_text::{seat, verbatim};

pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let data = framework.user_data;
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(click),
        } => {
            let ctx = framework.serenity_context;
            if let Err(e) = on_click(ctx, data, click).await {
                tracing::error!(error = %e, custom_id = click.data.custom_id, "button failed");
            }
            data.clicks
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        // The gateway dropped and serenity came back: on the same session (nothing missed), or
        // on a new one (interactions sent in between were never delivered; Discord told their
        // users, and every button still works from its custom_id).
        FullEvent::Resume { .. } => {
            tracing::warn!("the gateway connection dropped; resumed the session");
        }
        // (A shard's first READY is its start, not a fault.)
        FullEvent::Ready { data_about_bot }
            if data.new_session(framework.serenity_context.shard_id.0) =>
        {
            tracing::warn!(
                session = data_about_bot.session_id,
                "the gateway session was lost; identified on a new one"
            );
        }
        _ => {}
    }
    Ok(())
}

/// Acknowledges a click within Discord's 3 seconds, trying again after a 5xx, a 429 or a hang
/// while time allows (a callback Discord took already counts as done). Answers whether the
/// click was acknowledged; a failure is logged once.
pub(super) async fn answer(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    deadline: Instant,
    response: serenity::CreateInteractionResponse,
) -> bool {
    let sent = retry::answer("answer a click", deadline, || {
        click.create_response(&ctx.http, response.clone())
    })
    .await;
    match sent {
        Ok(()) => true,
        Err(e) => {
            retry::report(&e, "the click", "it cannot be answered");
            false
        }
    }
}

async fn on_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
) -> Result<(), Error> {
    let deadline = Instant::now() + retry::ANSWER_BUDGET;
    data.remember_user(&click.user);
    let user = click.user.id.get();
    let guild = click.guild_id.map(|g| g.get());
    data.languages
        .heard(user, &click.locale, guild, click.guild_locale.as_deref());
    // Private answers in the clicker's language, public messages in the server's.
    let lang = lang_of(&click.locale);
    let reader = Plain(lang);
    // A server on another process's shards: that process holds its tables (see
    // `commands::on_our_shards`).
    if let Some(guild) = guild.filter(|&g| !data.service.serves(g)) {
        let reply = refusal(&TableError::OtherShard { guild }, &reader);
        answer(ctx, click, deadline, send::respond(&reply)).await;
        return Ok(());
    }
    if let Some(wait) = data.throttles.clicks.check(user, std::time::Instant::now()) {
        let text = msg!("discord-slow-clicks", seconds = throttle::seconds(wait));
        click
            .create_response(&ctx.http, send::respond(&render::notice(&text, &reader)))
            .await?;
        return Ok(());
    }
    if !matches!(
        click.data.kind,
        serenity::ComponentInteractionDataKind::Button
    ) {
        let reply = render::notice(&msg!("discord-unknown-menu"), &reader);
        click
            .create_response(&ctx.http, send::respond(&reply))
            .await?;
        return Ok(());
    }
    let public = data.guild_lang(guild.unwrap_or(0)).await;
    let id = match click.data.custom_id.parse::<ComponentId>() {
        Ok(id) => id,
        Err(_) => {
            let reply = render::notice(&msg!("discord-unknown-button"), &reader);
            answer(ctx, click, deadline, send::respond(&reply)).await;
            return Ok(());
        }
    };
    let private = is_private(click);
    if private && !id.on_private_message() {
        let reply = render::notice(&msg!("discord-unknown-button"), &reader);
        click
            .create_response(&ctx.http, send::respond(&reply))
            .await?;
        return Ok(());
    }
    let service = &data.service;
    match id {
        ComponentId::Hand(table) => {
            let names = names_for(data, table, lang).await;
            let (reply, alive) = match service.hand(table, user).await {
                // A hand that can still act, now or later, is brought alive on its turn.
                Ok(hand) => (
                    pictures::with_hand(
                        data,
                        &hand,
                        render::hand(&hand, HandStep::Page(0), &names),
                        lang,
                    )
                    .await,
                    (!hand.over).then_some(hand),
                ),
                Err(e) => (refusal(&e, &names), None),
            };
            let acked = answer(ctx, click, deadline, send::respond(&reply)).await;
            if let Some(hand) = alive.filter(|_| acked) {
                // The new hand message: remembered to bring it alive, and an older one retired.
                let message =
                    retry::again("read back a hand message", || click.get_response(&ctx.http))
                        .await;
                match message {
                    Ok(message) => {
                        upkeep::remember(ctx, data, &hand, user, &click.token, message.id.get())
                            .await
                    }
                    Err(e) => tracing::warn!("could not read back a hand message: {e}"),
                }
            }
        }
        ComponentId::Page { table, mv, .. }
        | ComponentId::Group { table, mv, .. }
        | ComponentId::Ask { table, mv, .. } => {
            // Another step of the same hand: shown only while the position is unchanged.
            let names = names_for(data, table, lang).await;
            match service.hand(table, user).await {
                Ok(hand) => {
                    let step = match id {
                        _ if hand.move_number != mv => HandStep::Page(0),
                        ComponentId::Group { group, .. } => HandStep::Group(group),
                        ComponentId::Ask { index, .. } => HandStep::Ask(index),
                        ComponentId::Page { page, .. } => HandStep::Page(page),
                        _ => HandStep::Page(0),
                    };
                    let reply =
                        pictures::with_hand(data, &hand, render::hand(&hand, step, &names), lang)
                            .await;
                    if answer(ctx, click, deadline, hand_response(click, reply)).await && private {
                        upkeep::remember(
                            ctx,
                            data,
                            &hand,
                            user,
                            &click.token,
                            click.message.id.get(),
                        )
                        .await;
                    }
                }
                Err(e) => {
                    answer(ctx, click, deadline, send::respond(&refusal(&e, &names))).await;
                }
            }
        }
        ComponentId::Act { table, mv, index } => {
            let names = names_for(data, table, lang).await;
            match service.act(table, user, mv, index).await {
                Ok(acted) => {
                    let reply = render::hand(&acted.hand, HandStep::Page(0), &names);
                    let reply = pictures::with_hand(data, &acted.hand, reply, lang).await;
                    // The move is stored; if the answer fails, the player's hand is brought up
                    // to date like everyone else's.
                    let acked = answer(ctx, click, deadline, hand_response(click, reply)).await;
                    if acked && private {
                        upkeep::remember(
                            ctx,
                            data,
                            &acted.hand,
                            user,
                            &click.token,
                            click.message.id.get(),
                        )
                        .await;
                    }
                    after_move(ctx, data, &acted, acked.then_some(user)).await;
                    drive_computers(ctx, data, table);
                }
                Err(e @ (TableError::Stale | TableError::Rule(_))) => {
                    // Refused: show the hand as it stands now, with the reason on top.
                    let hand = service.hand(table, user).await;
                    let reply = match &hand {
                        Ok(hand) => {
                            let reply = render::refused(
                                &e.msg(),
                                render::hand(hand, HandStep::Page(0), &names),
                                &names,
                            );
                            pictures::with_hand(data, hand, reply, lang).await
                        }
                        Err(e) => refusal(e, &names),
                    };
                    let acked = answer(ctx, click, deadline, hand_response(click, reply)).await;
                    if let (true, true, Ok(hand)) = (acked, private, hand) {
                        upkeep::remember(
                            ctx,
                            data,
                            &hand,
                            user,
                            &click.token,
                            click.message.id.get(),
                        )
                        .await;
                    }
                }
                Err(e) => {
                    answer(ctx, click, deadline, send::respond(&refusal(&e, &names))).await;
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
                    answer(
                        ctx,
                        click,
                        deadline,
                        send::update(&render::lobby(&view, public)),
                    )
                    .await;
                }
                Ok(LobbyChange::Started(view)) => {
                    // The lobby message becomes the table message of the first deal.
                    let reply =
                        pictures::with_table(data, &view, render::table(&view, public)).await;
                    answer(ctx, click, deadline, send::update(&reply)).await;
                    upkeep::table_message_posted(data, &view, click.message.id.get()).await;
                    upkeep::started(ctx, data, &view).await;
                }
                Err(e) => {
                    answer(ctx, click, deadline, send::respond(&refusal(&e, &reader))).await;
                }
            }
        }
        ComponentId::Decline(table) => match service.decline(table, user).await {
            Ok(Declined::Cancelled(view)) => {
                let text = msg!(
                    "discord-cancelled",
                    who = verbatim(mention(user)),
                    game = view.game_name()
                );
                let reply = render::announce(&text, &Plain(public));
                answer(ctx, click, deadline, send::update(&reply)).await;
                upkeep::closed(ctx, data, &view).await;
            }
            Ok(Declined::Freed { view, .. }) => {
                // The seat is open again: anyone may join, or the creator invites or fills it.
                answer(
                    ctx,
                    click,
                    deadline,
                    send::update(&render::lobby(&view, public)),
                )
                .await;
            }
            Err(e) => {
                answer(ctx, click, deadline, send::respond(&refusal(&e, &reader))).await;
            }
        },
        ComponentId::Back(table) => match service.back(table, user).await {
            Ok(view) => {
                // The away notice keeps its button only for those still away.
                let away: Vec<u64> = view
                    .seats
                    .iter()
                    .filter(|s| s.stand_in)
                    .filter_map(|s| s.user)
                    .collect();
                let reply = if away.is_empty() {
                    render::announce(
                        &msg!(
                            "discord-back",
                            who = seat_or_mention(&view, user),
                            game = view.game_name()
                        ),
                        &SeatNames::public(&view, public),
                    )
                } else {
                    render::away(&view, &away, public)
                };
                answer(ctx, click, deadline, send::update(&reply)).await;
                update_table_message(ctx, data, &view).await;
                upkeep::ping(ctx, data, &view).await;
            }
            Err(e) => {
                answer(ctx, click, deadline, send::respond(&refusal(&e, &reader))).await;
            }
        },
        ComponentId::Again(table) => match service.rematch(table, user).await {
            Ok(change) => {
                // The result message keeps its words and loses its button: it has done its job.
                answer(ctx, click, deadline, send::strip_update()).await;
                let (LobbyChange::Started(view) | LobbyChange::Waiting(view)) = change;
                let reply = pictures::with_table(data, &view, render::opened(&view, public)).await;
                if let Some(message) = upkeep::post(ctx, view.channel_id, &reply).await {
                    upkeep::table_message_posted(data, &view, message).await;
                }
                if view.phase == pakka_table::Phase::Playing {
                    upkeep::started(ctx, data, &view).await;
                }
            }
            Err(e) => {
                answer(ctx, click, deadline, send::respond(&refusal(&e, &reader))).await;
            }
        },
        ComponentId::Abandon {
            table,
            confirm: false,
        } => {
            let _ = table;
            let reply = render::private(&msg!("discord-game-goes-on"), lang);
            answer(ctx, click, deadline, hand_response(click, reply)).await;
        }
        ComponentId::Abandon {
            table,
            confirm: true,
        } => {
            let ended = service.forfeit(table, user).await;
            ended_by(ctx, data, click, deadline, user, ended, true).await?;
        }
        ComponentId::Replay {
            table,
            step,
            page,
            owner,
            ..
        } => {
            super::replay::on_click(ctx, data, click, deadline, table, step, page, owner).await;
        }
        ComponentId::Close(table) => {
            // The permission is read from this click, never trusted from the earlier command.
            let ended = service.close(table, user, moderator(click)).await;
            ended_by(ctx, data, click, deadline, user, ended, false).await?;
        }
        ComponentId::Scores { game, period, page } => {
            // Anyone may turn the pages of a leaderboard: the message shows the new page.
            let Some((game, period)) = render::scores_of(game, period) else {
                let reply = render::notice(&msg!("discord-unknown-button"), &reader);
                answer(ctx, click, deadline, send::respond(&reply)).await;
                return Ok(());
            };
            match service
                .scores(guild.unwrap_or_default(), game, period, page)
                .await
            {
                Ok(page) => {
                    let reply = render::scores(&page, public);
                    answer(ctx, click, deadline, send::update(&reply)).await;
                }
                Err(e) => {
                    answer(ctx, click, deadline, send::respond(&refusal(&e, &reader))).await;
                }
            }
        }
    }
    Ok(())
}

/// A user as a public message names them: by their seat, or by mention when not seated.
fn seat_or_mention(view: &TableView, user: u64) -> pakka_text::Arg {
    match view.seat_of(user) {
        Some(s) => seat(s),
        None => verbatim(mention(user)),
    }
}

/// The seats of a table as a player's hand names them.
async fn names_for(data: &Data, table: TableId, lang: Lang) -> SeatNames {
    match data.service.view(table).await {
        Ok(view) => data.seat_names(&view, lang),
        Err(_) => SeatNames::default(),
    }
}

/// Whether the clicking member may manage messages in the channel (a moderator).
fn moderator(click: &ComponentInteraction) -> bool {
    click
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_messages())
}

/// A table ended by a forfeit or a moderator's close: the confirm message says so, the table's
/// messages lose their buttons, and the channel is told.
async fn ended_by(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    deadline: Instant,
    user: u64,
    ended: Result<TableView, TableError>,
    forfeit: bool,
) -> Result<(), Error> {
    let lang = lang_of(&click.locale);
    match ended {
        Ok(view) => {
            let mine = if forfeit {
                msg!("discord-you-forfeited")
            } else {
                msg!("discord-you-closed")
            };
            answer(
                ctx,
                click,
                deadline,
                hand_response(click, render::private(&mine, lang)),
            )
            .await;
            upkeep::closed(ctx, data, &view).await;
            let who = seat_or_mention(&view, user);
            let text = if forfeit {
                msg!("discord-forfeited", who = who, game = view.game_name())
            } else {
                msg!("discord-closed", who = who, game = view.game_name())
            };
            let public = data.guild_lang(view.guild_id).await;
            let notice = render::announce(&text, &SeatNames::public(&view, public));
            upkeep::post(ctx, view.channel_id, &notice).await;
        }
        Err(e) => {
            answer(
                ctx,
                click,
                deadline,
                hand_response(click, refusal(&e, &Plain(lang))),
            )
            .await;
        }
    }
    Ok(())
}

/// Whether the clicked message is a private (ephemeral) one.
pub(super) fn is_private(click: &ComponentInteraction) -> bool {
    click
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL))
}

/// The answer to a step of a private message (a hand, the confirm of `/abandon`): it replaces
/// the clicked message when that is private, and is a new private message otherwise, so a
/// public message is never replaced by what one person may see.
fn hand_response(
    click: &ComponentInteraction,
    mut reply: render::Reply,
) -> serenity::CreateInteractionResponse {
    if is_private(click) {
        send::update(&reply)
    } else {
        reply.ephemeral = true;
        send::respond(&reply)
    }
}
