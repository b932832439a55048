//! Button clicks, routed from the global event handler by their parsed `custom_id`. Each click
//! is answered within Discord's 3 seconds. A move is acknowledged at once (a deferred update of
//! the hand it was made from) and then made; what it changed (every open hand, the mover's
//! included, the table message and the turn ping) is shown by the edge's subscriber (`listen`)
//! from the table service's event, the same way for a click, a window's move and a computer
//! player's. No handler calls into the subscriber or waits for it: what a handler's own answer
//! put in the chat it writes in `shown`. One person's clicks are throttled (a generous bucket:
//! a quick player never meets it); a component that is not a button (pakka sends no menus) or
//! a custom_id that is not one of ours is answered with its notice, and nothing else happens.
//! A hand's buttons live on private messages and the table's on public ones; a click that
//! names one on the other kind of message (forged: Discord sends only the buttons a message
//! carries) never replaces that message: a lobby's button there is refused, and a hand's step
//! is answered with a new private message.
//!
//! `on_click` only checks what every click must pass (the server's shard, the throttle, a
//! button of ours on the right kind of message) and routes: each `ComponentId` has its own
//! function below, given the click as a `Click`. Every answer, a refusal as much as a move,
//! goes through `answer`, which tries again while Discord's 3 seconds allow. A move reads the
//! table once: `TableService::act` answers the public view and every hand that changed, and
//! the display names come from here.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, FullEvent, Interaction};
use tokio::time::Instant;

use super::data::{Data, Error};
use super::ids::{ComponentId, EventAct};
use super::pace::Priority;
use super::public;
use super::render::{HandStep, Reply};
use super::reply::refusal;
use super::reply::{answer, is_private};
use super::retry;
use super::shown;
use super::words::{lang_of, mention, Lang, Plain, SeatNames};
use super::{health, permissions, pictures, place, render, send, throttle};
use pakka_table::{Declined, Edge, HandView, Level, LobbyChange, TableError, TableId, TableView};
use pakka_text::{msg, seat, verbatim, Msg};

pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let data = framework.user_data;
    if let FullEvent::Ready { data_about_bot } = event {
        data.gateway.heard_ready(data_about_bot);
    }
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(click),
        } => {
            let ctx = framework.serenity_context;
            // Held until the click is handled to its end: a stop waits for it.
            let Some(pass) = data.gate.enter() else {
                super::stopping::refuse_click(ctx, click).await;
                return Ok(());
            };
            // A task of its own: the framework's dispatch of the event (its future is some
            // kilobytes) ends now, instead of living as long as the click, and a busy server
            // has a click in flight at every table.
            let (ctx, data, click) = (ctx.clone(), data.clone(), kept(click));
            let arrived = Instant::now();
            tokio::spawn(async move { handle_click(&ctx, &data, &click, pass, arrived).await });
        }
        // The app's Entry Point command: the window on the channel's table (see `on_window`).
        FullEvent::InteractionCreate {
            interaction: Interaction::Command(command),
        } if command.data.kind == serenity::CommandType::PrimaryEntryPoint => {
            launch(framework.serenity_context, data, command).await;
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

/// A click as its handling keeps it: of the message clicked on only what the handlers read
/// (its id and flags), not its text, embeds, buttons and attachments, which Discord sends with
/// every click and are some kilobytes of a hand's message.
fn kept(click: &ComponentInteraction) -> ComponentInteraction {
    let mut kept = click.clone();
    let message = &mut kept.message;
    message.content = String::new();
    message.embeds = Vec::new();
    message.components = Vec::new();
    message.attachments = Vec::new();
    message.mentions = Vec::new();
    message.referenced_message = None;
    kept
}

/// A click handled to its end: answered, then counted as handled once what it changed is
/// shown in the channel too (see `Handled`), holding the stop's `pass` until then.
async fn handle_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    pass: super::gate::Pass,
    arrived: Instant,
) {
    let outcome = health::Outcome::default();
    // Waits for a place among the clicks handled at once; its answer's deadline counts from
    // its arrival all the same.
    // (Boxed: a click waiting for its place is a small task, not one the size of a handler.)
    let place = data.admission.click().await;
    let handled = Box::pin(on_click(ctx, data, click, &outcome, arrived)).await;
    drop(place);
    if let Err(e) = handled {
        tracing::error!(error = %e, custom_id = click.data.custom_id, "button failed");
        outcome.set(health::Outcome::FAILED);
    }
    let kind = click
        .data
        .custom_id
        .parse::<ComponentId>()
        .map_or("unknown", |id| id.kind());
    data.handled.after_shown(
        &data.progress,
        || data.service.last_event(),
        kind,
        outcome.name(),
        pass,
    );
}

/// One click being handled: where it came from, who made it, in which languages its answers
/// are worded, and the deadline of its answer.
struct Click<'a> {
    ctx: &'a serenity::Context,
    data: &'a Data,
    click: &'a ComponentInteraction,
    deadline: Instant,
    user: u64,
    /// Where the click's records are kept: its server, or a DM's or group DM's own channel.
    place: u64,
    /// The clicker's language: private answers.
    lang: Lang,
    /// The server's language: public messages.
    public: Lang,
    /// How the click ended, for the metrics.
    outcome: &'a health::Outcome,
}

impl Click<'_> {
    /// Answers the click (see [`answer`]); whether it was acknowledged.
    async fn answer(&self, response: serenity::CreateInteractionResponse) -> bool {
        let acked = answer(self.ctx, self.click, self.deadline, response).await;
        if !acked {
            self.outcome.set(health::Outcome::UNANSWERED);
        }
        acked
    }

    /// Answers with a private notice.
    async fn notice(&self, text: &Msg) {
        self.outcome.set(health::Outcome::REFUSED);
        let reply = render::notice(text, &Plain(self.lang));
        self.answer(send::respond(&reply)).await;
    }

    /// Answers a refused request privately (a bug is logged and answered generically).
    async fn refuse(&self, e: &TableError) {
        self.outcome.set(health::Outcome::REFUSED);
        self.answer(send::respond(&refusal(e, &Plain(self.lang))))
            .await;
    }

    /// Answers with a step of a private message (see [`hand_response`]).
    async fn answer_private(&self, reply: Reply) -> bool {
        self.answer(hand_response(self.click, reply)).await
    }

    /// Whether the clicked message is a private one.
    fn private(&self) -> bool {
        is_private(self.click)
    }

    /// Acknowledges the click at once with a deferred update of the clicked message (nothing on
    /// it changes yet); a clicked hand (showing the position after move `mv`) is remembered as
    /// the player's open hand, its token now the freshest, so the subscriber brings it up to
    /// date. Answers whether Discord took it.
    async fn acknowledge(&self, table: TableId, mv: u64) -> bool {
        if !self
            .answer(serenity::CreateInteractionResponse::Acknowledge)
            .await
        {
            return false;
        }
        if self.private() {
            let lane = shown::lane(self.data, table, self.user).await;
            let clicked = (self.click.token.as_str(), self.click.message.id.get());
            lane.remember(self.ctx, self.place, clicked, mv, false)
                .await;
        }
        true
    }

    /// The clicked message and the click's own token, which edits it.
    fn clicked(&self) -> (&str, u64) {
        (self.click.token.as_str(), self.click.message.id.get())
    }

    /// A hand's reply at `step`, seats named as this player knows them, with its picture.
    async fn hand_reply(&self, hand: &HandView, step: HandStep) -> Reply {
        let names = self.data.seat_names(&hand.roster.seats, self.lang);
        let reply = render::hand(hand, step, &names);
        pictures::with_hand(self.data, hand, reply, self.lang).await
    }
}

/// The table in play a click acts at (a hand and its steps, a move, a hint, a take-over, a
/// return from away), if any.
fn playing_at(id: &ComponentId) -> Option<TableId> {
    match *id {
        ComponentId::Hand(table)
        | ComponentId::Step { table, .. }
        | ComponentId::Act { table, .. }
        | ComponentId::Open { table, .. }
        | ComponentId::Hint { table, .. }
        | ComponentId::Take { table, .. }
        | ComponentId::Back(table) => Some(table),
        _ => None,
    }
}

impl Click<'_> {
    /// After a click at `table` in a channel reached by interactions alone was answered: its
    /// token is the table's freshest voice; when the chat fell behind (a change could not be
    /// shown for want of a live token: the channel is marked), the listener shows the table
    /// again as it stands, through this token; a table restored waiting carries on.
    async fn answered_where_only_clicks_reach(&self, table: TableId) {
        let channel = self.click.channel_id.get();
        if self.data.service.table_in(channel) != Some(table) {
            return;
        }
        self.data.tables.heard_voice(table, &self.click.token);
        let behind = self.data.channels.forbidden(channel);
        self.data.channels.forbid(channel, false);
        if behind {
            self.data.catch_up(table);
        }
        if let Err(e) = self.data.service.wait_for_edge(table, false).await {
            tracing::debug!(error = %e, "a click at a table that is gone");
        }
    }

    /// Whether the bot may still show `table` in the click's channel, as the click's
    /// `app_permissions` say. When it may not, the table waits (its clocks and computer players
    /// stopped) and the player is told privately which permissions to ask for; when it may
    /// again, a table that waited carries on.
    async fn may_show(&self, table: TableId) -> bool {
        let channel = self.click.channel_id.get();
        // Reached by interactions alone: no channel permission is needed (the click's answer
        // gives the table a live token; see `answered_where_only_clicks_reach`).
        if self.data.channels.by_interactions(channel) {
            return true;
        }
        // Only a click in the table's own channel speaks for it (a forged one elsewhere is
        // refused on its own).
        if self.data.service.table_in(channel) != Some(table) {
            return true;
        }
        let in_thread = self.click.channel.as_ref().is_some_and(|c| {
            matches!(
                c.kind,
                serenity::ChannelType::PublicThread | serenity::ChannelType::PrivateThread
            )
        });
        let pictures = self.data.images_on(self.place).await;
        let lacking = self
            .click
            .app_permissions
            .and_then(|have| permissions::lacking_in_play(have, pictures, in_thread));
        match lacking {
            Some(why) => {
                self.data.channels.forbid(channel, true);
                if let Err(e) = self.data.service.wait_for_edge(table, true).await {
                    tracing::debug!(error = %e, "a click at a table that is gone");
                }
                self.outcome.set(health::Outcome::REFUSED);
                self.notice(&why).await;
                false
            }
            None => {
                // (A waiting table's channel is marked: a click elsewhere costs no lock.)
                if self.data.channels.forbidden(channel) {
                    self.data.channels.forbid(channel, false);
                    if let Err(e) = self.data.service.wait_for_edge(table, false).await {
                        tracing::debug!(error = %e, "a click at a table that is gone");
                    }
                }
                true
            }
        }
    }
}

/// Checks what every click must pass, then hands it to the function of its `ComponentId`.
async fn on_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    outcome: &health::Outcome,
    arrived: Instant,
) -> Result<(), Error> {
    let deadline = arrived + retry::ANSWER_BUDGET;
    data.heard(&click.user);
    let user = click.user.id.get();
    let guild = click.guild_id.map(|g| g.get());
    let reach = place::reach_of(
        click.context,
        &click.authorizing_integration_owners,
        click.guild_id,
    );
    data.channels.reach(click.channel_id.get(), reach);
    // A DM or a group DM is a place of its own, in the language of whoever clicked last.
    let place = place::place_id(click.guild_id, click.channel_id);
    let place_locale =
        place::locale_of(click.guild_id, &click.locale, click.guild_locale.as_deref());
    data.languages
        .heard(user, &click.locale, Some(place), place_locale);
    // Private answers in the clicker's language, public messages in the server's.
    let lang = lang_of(&click.locale);
    let mut c = Click {
        ctx,
        data,
        click,
        deadline,
        user,
        place,
        lang,
        public: lang,
        outcome,
    };
    // A server on another process's shards: that process holds its tables (see
    // `commands::on_our_shards`).
    if let Some(guild) = guild.filter(|&g| !data.service.serves(g)) {
        c.refuse(&TableError::OtherShard { guild }).await;
        return Ok(());
    }
    if let Some(wait) = data.throttles.clicks.check(user, std::time::Instant::now()) {
        let text = msg!("discord-slow-clicks", seconds = throttle::seconds(wait));
        c.notice(&text).await;
        outcome.set(health::Outcome::THROTTLED);
        return Ok(());
    }
    if !matches!(
        click.data.kind,
        serenity::ComponentInteractionDataKind::Button
    ) {
        c.notice(&msg!("discord-unknown-menu")).await;
        return Ok(());
    }
    c.public = data.guild_lang(place).await;
    let Ok(id) = click.data.custom_id.parse::<ComponentId>() else {
        c.notice(&msg!("discord-unknown-button")).await;
        return Ok(());
    };
    if c.private() && !id.on_private_message() {
        c.notice(&msg!("discord-unknown-button")).await;
        return Ok(());
    }
    if let Some(table) = playing_at(&id) {
        if !c.may_show(table).await {
            return Ok(());
        }
    }
    // Each kind of click's future boxed on its own: a click holds the memory of the one it
    // runs, not of the largest of them (a busy server has a click in flight at every table).
    let handler: Handler<'_> = match id {
        ComponentId::Hand(table) => Box::pin(on_hand(&c, table)),
        ComponentId::Window(table) => Box::pin(on_window(&c, table)),
        ComponentId::Step { table, mv, step } => Box::pin(on_step(&c, table, mv, step)),
        ComponentId::Act { table, mv, index } => Box::pin(on_act(&c, table, mv, index)),
        ComponentId::Open { table, deal } => Box::pin(on_open(&c, table, deal)),
        ComponentId::Hint { table, .. } => Box::pin(on_hint(&c, table)),
        ComponentId::Take { table, seat } => Box::pin(on_take(&c, table, seat)),
        ComponentId::Accept(table) => Box::pin(on_accept(&c, table)),
        ComponentId::Join(table) => Box::pin(on_join(&c, table)),
        ComponentId::Bot(table) => Box::pin(on_bot(&c, table)),
        ComponentId::Decline(table) => Box::pin(on_decline(&c, table)),
        ComponentId::Back(table) => Box::pin(on_back(&c, table)),
        ComponentId::Rules(game) => Box::pin(on_rules(&c, game)),
        ComponentId::Words(game) => Box::pin(on_words(&c, game)),
        ComponentId::Again(table) => Box::pin(on_again(&c, table)),
        ComponentId::Abandon { confirm: false, .. } => Box::pin(on_keep_playing(&c)),
        ComponentId::Abandon {
            table,
            confirm: true,
        } => Box::pin(on_forfeit(&c, table)),
        ComponentId::Close(table) => Box::pin(on_close(&c, table)),
        ComponentId::Replay {
            table,
            step,
            page,
            owner,
            ..
        } => Box::pin(super::replay::on_click(
            ctx, data, click, deadline, table, step, page, owner,
        )),
        ComponentId::Scores {
            game,
            period,
            page,
            season,
        } => Box::pin(on_scores(&c, game, period, page, season)),
        ComponentId::Event { event, act } => Box::pin(on_event_button(&c, event, act)),
    };
    handler.await;
    if let Some(table) = playing_at(&id).filter(|_| reach == place::Reach::Interactions) {
        c.answered_where_only_clicks_reach(table).await;
    }
    Ok(())
}

/// A click's handler, boxed (see `on_click`).
type Handler<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'a>>;

/// "Show my hand": the player's hand as a new private message, remembered to bring it alive
/// on their turn (and an older hand message of theirs loses its buttons).
async fn on_hand(c: &Click<'_>, table: TableId) {
    let hand = match c.data.service.hand(table, c.user).await {
        Ok(hand) => hand,
        Err(e) => return c.refuse(&e).await,
    };
    new_hand_message(c, &hand).await;
}

/// A hand as a new private message answering the click, remembered to bring it alive on the
/// player's turn while it can still act.
async fn new_hand_message(c: &Click<'_>, hand: &HandView) {
    let reply = c.hand_reply(hand, HandStep::Page(0)).await;
    let acked = c.answer(send::respond(&reply)).await;
    // A hand that can still act, now or later, is brought alive on its turn.
    if !acked || hand.over {
        return;
    }
    let message = retry::again(
        retry::Route::OriginalGet,
        "read back a hand message",
        || c.click.get_response(&c.ctx.http),
    )
    .await;
    match message {
        Ok(message) => {
            let lane = shown::lane(c.data, hand.table, c.user).await;
            let answered = (c.click.token.as_str(), message.id.get());
            let guild = hand.roster.guild_id;
            lane.remember(c.ctx, guild, answered, hand.move_number, false)
                .await;
            // A later move may have been shown before this hand was remembered.
            lane.catch_up(c.ctx, hand.move_number).await;
        }
        Err(e) => tracing::warn!("could not read back a hand message: {e}"),
    }
}

/// 💡 in a hand of a table with hints: the move the `normal` computer player would make for
/// the presser's seat now (from that seat's view only) and why, as a new private message; the
/// hand stays as it is. The hint is for the position now, whatever move the button was shown
/// at.
/// "Open the table": Discord opens the Activity's window in the channel (LAUNCH_ACTIVITY),
/// which shows the channel's table. Off (or a table of another channel): said privately.
async fn on_window(c: &Click<'_>, table: TableId) {
    if !c.data.window {
        c.notice(&msg!("discord-window-off")).await;
        return;
    }
    if c.data.service.table_in(c.click.channel_id.get()) != Some(table) {
        c.notice(&msg!("discord-window-other-channel")).await;
        return;
    }
    c.answer(serenity::CreateInteractionResponse::LaunchActivity)
        .await;
}

/// The Entry Point command pressed: the window opens wherever it is served, on the channel's
/// table or, with none, on the form that opens one (in a DM or a group DM too, where the
/// window is how a table starts without a command); otherwise the person is told privately
/// why not.
async fn launch(ctx: &serenity::Context, data: &Data, command: &serenity::CommandInteraction) {
    let deadline = Instant::now() + retry::ANSWER_BUDGET;
    let lang = lang_of(&command.locale);
    let refuse = |text: Msg| render::notice(&text, &Plain(lang));
    let response = if !data.window {
        send::respond(&refuse(msg!("discord-window-off")))
    } else {
        serenity::CreateInteractionResponse::LaunchActivity
    };
    let sent = retry::answer("answer the Entry Point command", deadline, || {
        command.create_response(&ctx.http, response.clone())
    })
    .await;
    if let Err(e) = sent {
        retry::report(&e, "the Entry Point command", "not answered");
    }
}

async fn on_hint(c: &Click<'_>, table: TableId) {
    let hint = match c.data.service.hint(table, c.user).await {
        Ok(hint) => hint,
        Err(e) => return c.refuse(&e).await,
    };
    let names = c.data.seat_names(&hint.roster.seats, c.lang);
    c.answer(send::respond(&render::hint(&hint, &names))).await;
}

/// A person who is not seated takes over a computer player's seat of a running game whose
/// seats are open: answered with that seat's hand, privately; the table message names them
/// in the seat and tells it in its story, and the turn ping follows.
async fn on_take(c: &Click<'_>, table: TableId, seat: usize) {
    let took = match c.data.service.take_over(table, c.user, seat).await {
        Ok(took) => took,
        Err(e) => return c.refuse(&e).await,
    };
    // The table message and the turn ping follow the service's event.
    new_hand_message(c, &took.hand).await;
}

/// How long a step's answer waits for the player's hand lane (an edit of their hand under
/// way) before it acknowledges the click and edits the hand when the lane is free.
const STEP_LANE_WAIT: std::time::Duration = std::time::Duration::from_millis(1_000);

/// Another step of the same hand (a page, a group's actions, a confirm question): shown only
/// while the position is unchanged, else the hand from its top. On a hand message the answer
/// replaces it in the player's hand lane, like every change of a hand (when the lane stays busy,
/// the click is acknowledged first and the hand edited once it is free); a step pressed on a
/// public message is answered with a new private message.
async fn on_step(c: &Click<'_>, table: TableId, mv: u64, step: HandStep) {
    if !c.private() {
        let hand = match c.data.service.hand(table, c.user).await {
            Ok(hand) => hand,
            Err(e) => return c.refuse(&e).await,
        };
        let reply = c.hand_reply(&hand, step_at(&hand, mv, step)).await;
        c.answer_private(reply).await;
        return;
    }
    let waited = tokio::time::timeout(STEP_LANE_WAIT, shown::lane(c.data, table, c.user)).await;
    let (lane, deferred) = match waited {
        Ok(lane) => (lane, false),
        Err(_) => {
            if !c.acknowledge(table, mv).await {
                return;
            }
            (shown::lane(c.data, table, c.user).await, true)
        }
    };
    if !deferred && lane.superseded(c.click.message.id.get()) {
        // Pressed on a hand a newer one replaced (the click crossed its retiring): it keeps no
        // button, and the newer one stays the player's hand.
        c.answer(send::update(&render::hand_moved(c.lang))).await;
        return;
    }
    let hand = match c.data.service.hand(table, c.user).await {
        Ok(hand) => hand,
        Err(e) if deferred => return no_hand(c, table, &lane, &e).await,
        Err(e) => return c.refuse(&e).await,
    };
    let reply = c.hand_reply(&hand, step_at(&hand, mv, step)).await;
    if deferred {
        lane.show_clicked(c.ctx, c.clicked(), &reply, hand.move_number, None)
            .await;
    } else if c.answer_private(reply).await {
        let guild = hand.roster.guild_id;
        lane.remember(c.ctx, guild, c.clicked(), hand.move_number, hand.over)
            .await;
    }
    if hand.over {
        // The game's end owes this hand nothing more.
        c.data.tables.forget_hand(table, c.user, &c.click.token);
        return;
    }
    // A later move may have been heard of while this was under way.
    lane.catch_up(c.ctx, hand.move_number).await;
}

/// The step asked for at move `mv`, while the hand is still at that move; else its top.
fn step_at(hand: &HandView, mv: u64, step: HandStep) -> HandStep {
    if hand.move_number == mv {
        step
    } else {
        HandStep::Page(0)
    }
}

/// A move: acknowledged at once (a deferred update of the hand it was made from, so its token
/// may edit it at once), then applied and stored by the table service. The mover's hand, like
/// every hand the move changed, the table message and the turn ping, is brought up to date by
/// the subscriber from the move's event; a refused move edits the hand to say why.
async fn on_act(c: &Click<'_>, table: TableId, mv: u64, index: usize) {
    if !c.private() {
        return on_act_elsewhere(c, table, mv, index).await;
    }
    // Not acknowledged (Discord did not take the answer in time): nothing is played, and the
    // player, told by Discord that it failed, may press again.
    if !c.acknowledge(table, mv).await {
        return;
    }
    // Boxed: the move's storing is the largest future a click runs, and the click holds it only
    // while it runs.
    let acted = Box::pin(c.data.service.act(table, c.user, mv, index, Edge::Chat)).await;
    if let Err(e) = acted {
        refused_move(c, table, &e).await;
    }
}

/// A hand's move pressed on a public message (forged: Discord sends only the buttons a
/// message carries): checked as any move, and answered with a new private message (the
/// refusal, or the hand after the move), never by changing the public message.
async fn on_act_elsewhere(c: &Click<'_>, table: TableId, mv: u64, index: usize) {
    let acted = Box::pin(c.data.service.act(table, c.user, mv, index, Edge::Chat)).await;
    match acted {
        Ok(acted) => {
            let reply = c.hand_reply(&acted.hand, HandStep::Page(0)).await;
            c.answer_private(reply).await;
        }
        Err(e) => c.refuse(&e).await,
    }
}

/// The action every seat to act may take alike, pressed on the turn ping (Kop's "no
/// announcement"): taken for the presser's own seat, without opening their hand, and
/// answered privately with a line saying so; anyone else (not seated, already done, a button
/// of an earlier deal) is refused privately. The table's messages follow as after any move.
async fn on_open(c: &Click<'_>, table: TableId, deal: u32) {
    let (_, label) = match c.data.service.act_open(table, c.user, deal).await {
        Ok(done) => done,
        Err(e) => return c.refuse(&e).await,
    };
    // An open hand of the presser's is brought up to date with the others' when the
    // service's event is shown.
    let done = render::notice(&msg!("discord-open-done", action = label), &Plain(c.lang));
    c.answer(send::respond(&done)).await;
}

/// A refused move on a hand, after its acknowledgement: in the player's hand lane, the hand as
/// it stands now with the reason on top (a bug logged, and answered generically); with no hand
/// to show (the table closed, the presser not seated), or when the clicked message is no
/// longer the open hand, the reason alone in its place.
async fn refused_move(c: &Click<'_>, table: TableId, e: &TableError) {
    c.outcome.set(health::Outcome::REFUSED);
    if e.is_internal() {
        tracing::error!(error = %e, "table service failed");
    } else if e.is_outage() {
        tracing::warn!(error = %e, "the database is unavailable; the move changed nothing");
    }
    let lane = shown::lane(c.data, table, c.user).await;
    let alone = refused_alone(e, c.lang);
    if matches!(e, TableError::StoodIn) {
        // A computer player stands in: the reason with "I'm back" in the hand's place.
        let back = render::stood_in(alone.clone(), table, c.lang);
        lane.show_clicked(c.ctx, c.clicked(), &back, u64::MAX, Some(&back))
            .await;
        c.data.tables.forget_hand(table, c.user, &c.click.token);
        return;
    }
    let hand = match c.data.service.hand(table, c.user).await {
        Ok(hand) => hand,
        // No hand to show any more: the clicked message says why instead, and keeps no button.
        Err(e) => return no_hand(c, table, &lane, &e).await,
    };
    let names = c.data.seat_names(&hand.roster.seats, c.lang);
    let reply = render::refused(
        &e.msg(),
        render::hand(&hand, HandStep::Page(0), &names),
        &names,
    );
    let reply = pictures::with_hand(c.data, &hand, reply, c.lang).await;
    lane.show_clicked(c.ctx, c.clicked(), &reply, hand.move_number, Some(&alone))
        .await;
    // A later move may have been heard of while this edit was under way.
    lane.catch_up(c.ctx, hand.move_number).await;
}

/// A click on a hand with no hand to show any more (the table closed, the presser not seated):
/// the clicked message says why instead, keeps no button, and is not kept as an open hand.
async fn no_hand(c: &Click<'_>, table: TableId, lane: &shown::Lane<'_>, e: &TableError) {
    if e.is_internal() {
        tracing::error!(error = %e, "table service failed");
    }
    let reason = refused_alone(e, c.lang);
    lane.show_clicked(c.ctx, c.clicked(), &reason, u64::MAX, Some(&reason))
        .await;
    c.data.tables.forget_hand(table, c.user, &c.click.token);
}

/// A refusal in place of a hand, with no hand below it: "⚠️" and the reason.
fn refused_alone(e: &TableError, lang: Lang) -> Reply {
    render::notice(&msg!("discord-refused", reason = e.msg()), &Plain(lang))
}

/// An invited person accepts their seat.
async fn on_accept(c: &Click<'_>, table: TableId) {
    lobby_clicked(c, table).await;
    let change = Box::pin(c.data.service.accept(table, c.user)).await;
    lobby_changed(c, change).await;
}

/// Someone takes the first open seat.
async fn on_join(c: &Click<'_>, table: TableId) {
    lobby_clicked(c, table).await;
    let change = Box::pin(c.data.service.join(table, c.user)).await;
    lobby_changed(c, change).await;
}

/// The creator puts a computer player on the first open seat.
async fn on_bot(c: &Click<'_>, table: TableId) {
    lobby_clicked(c, table).await;
    let change = Box::pin(c.data.service.add_computer(table, c.user, Level::default())).await;
    lobby_changed(c, change).await;
}

/// A lobby's button pressed on a public message of the lobby's channel: that message is the
/// lobby's, kept before the service is asked, so that the showing of the game's start (which
/// edits it into the table message) never depends on the lobby's own answer having been read
/// back first.
async fn lobby_clicked(c: &Click<'_>, table: TableId) {
    let channel = c.click.channel_id.get();
    if !c.private() && c.data.service.table_in(channel) == Some(table) {
        let id = c.click.message.id.get();
        let message = if c.data.channels.by_interactions(channel) {
            public::Posted::original(id, &c.click.token)
        } else {
            public::Posted::channel(id)
        };
        shown::lobby_message(c.data, table, message).await;
    }
}

/// The lobby message after a seat was taken: the lobby as it stands, or, once every seat is
/// taken, the table message of the first deal.
async fn lobby_changed(c: &Click<'_>, change: Result<LobbyChange, TableError>) {
    match change {
        Ok(LobbyChange::Waiting(view)) => {
            c.answer(send::update(&render::lobby(&view, c.public)))
                .await;
        }
        Ok(LobbyChange::Started(view)) => {
            // The showing of the start edits the lobby's message into the table message; the
            // click only acknowledges, and its token may post the table's messages.
            if c.answer(serenity::CreateInteractionResponse::Acknowledge)
                .await
            {
                c.data.tables.heard_voice(view.id, &c.click.token);
            }
        }
        Err(e) => c.refuse(&e).await,
    }
}

/// A seated person leaves a lobby: their seat is open again, or the creator's leaving cancels
/// it.
async fn on_decline(c: &Click<'_>, table: TableId) {
    match c.data.service.decline(table, c.user).await {
        Ok(Declined::Cancelled(view)) => {
            let text = msg!(
                "discord-cancelled",
                who = verbatim(mention(c.user)),
                game = view.game_name()
            );
            let reply = render::announce(&text, &Plain(c.public));
            c.answer(send::update(&reply)).await;
        }
        Ok(Declined::Freed { view, .. }) => {
            // The seat is open again: anyone may join, or the creator invites or fills it.
            c.answer(send::update(&render::lobby(&view, c.public)))
                .await;
        }
        Err(e) => c.refuse(&e).await,
    }
}

/// A person takes their seat back from the computer standing in for them.
async fn on_back(c: &Click<'_>, table: TableId) {
    let view = match c.data.service.back(table, c.user).await {
        Ok(view) => view,
        Err(e) => return c.refuse(&e).await,
    };
    // Pressed on the person's own refused move (see `refused_move`): their hand again, in its
    // place; the table message tells everyone, and the away notice, where there is one, keeps
    // its button for the others.
    if c.private() {
        let hand = match c.data.service.hand(table, c.user).await {
            Ok(hand) => hand,
            Err(e) => return c.refuse(&e).await,
        };
        let reply = c.hand_reply(&hand, HandStep::Page(0)).await;
        if c.answer_private(reply).await {
            // The message is their open hand again, brought alive on their turn.
            let lane = shown::lane(c.data, table, c.user).await;
            let answered = (c.click.token.as_str(), c.click.message.id.get());
            lane.remember(
                c.ctx,
                hand.roster.guild_id,
                answered,
                hand.move_number,
                hand.over,
            )
            .await;
            lane.catch_up(c.ctx, hand.move_number).await;
        }
        return;
    }
    // The away notice keeps its button only for those still away.
    let away: Vec<u64> = view
        .seats
        .iter()
        .filter(|s| s.stand_in)
        .filter_map(|s| s.user)
        .collect();
    let reply = if away.is_empty() {
        let text = msg!(
            "discord-back",
            who = seat_or_mention(&view, c.user),
            game = view.game_name()
        );
        render::announce(&text, &SeatNames::public(&view, c.public))
    } else {
        render::away(&view, &away, c.public)
    };
    c.answer(send::update(&reply)).await;
}

/// "Play again" on a finished table's result: a new table on the same seats.
async fn on_again(c: &Click<'_>, table: TableId) {
    let change = match c.data.service.rematch(table, c.user).await {
        Ok(change) => change,
        Err(e) => return c.refuse(&e).await,
    };
    // The result message keeps its words and loses its button: it has done its job.
    let answered = c.answer(send::strip_update()).await;
    let view = match change {
        // The showing of the start posts the new table message.
        LobbyChange::Started(view) => {
            if answered {
                c.data.tables.heard_voice(view.id, &c.click.token);
            }
            return;
        }
        LobbyChange::Waiting(view) => view,
    };
    let reply = pictures::with_table(
        c.data,
        &view,
        render::opened(&view, c.public, c.data.window),
    )
    .await;
    if answered {
        // Its token may post the new table's message.
        c.data.tables.heard_voice(view.id, &c.click.token);
    }
    if let Some(message) = public::post(
        c.ctx,
        &c.data.channels,
        c.data
            .tables
            .voice_for(view.id, c.data.channels.by_interactions(view.channel_id)),
        view.channel_id,
        &reply,
        Priority::Person,
    )
    .await
    {
        shown::table_message_posted(c.data, &view, message).await;
    }
}

/// "Keep playing" on the confirm of `/abandon`.
async fn on_keep_playing(c: &Click<'_>) {
    let reply = render::private(&msg!("discord-game-goes-on"), c.lang);
    c.answer_private(reply).await;
}

/// The confirm of `/abandon`: the player forfeits.
async fn on_forfeit(c: &Click<'_>, table: TableId) {
    let ended = c.data.service.forfeit(table, c.user).await;
    ended_by(c, ended, true).await;
}

/// A moderator closes the table with no result.
async fn on_close(c: &Click<'_>, table: TableId) {
    // The permission is read from this click, never trusted from the earlier command.
    let ended = c
        .data
        .service
        .close(table, c.user, moderator(c.click))
        .await;
    ended_by(c, ended, false).await;
}

/// A table's "Rules": the game's summary, privately, in the presser's language.
async fn on_rules(c: &Click<'_>, game: &str) {
    match render::rules_privately(game, c.lang) {
        Some(reply) => {
            c.answer_private(reply).await;
        }
        None => c.notice(&msg!("discord-unknown-button")).await,
    }
}

/// A table's "❔": the game's own words explained, privately, in the presser's language.
async fn on_words(c: &Click<'_>, game: &str) {
    match render::words_privately(game, c.lang) {
        Some(reply) => {
            c.answer_private(reply).await;
        }
        None => c.notice(&msg!("discord-unknown-button")).await,
    }
}

/// Another page of a leaderboard: anyone may turn them; the message shows the new page.
async fn on_scores(
    c: &Click<'_>,
    game: Option<&'static str>,
    period: usize,
    page: usize,
    season: Option<u32>,
) {
    let Some((game, period)) = render::scores_of(game, period) else {
        return c.notice(&msg!("discord-unknown-button")).await;
    };
    let guild = c.place;
    let service = &c.data.service;
    let page = match season {
        Some(season) => service.scores_in_season(guild, game, season, page).await,
        None => service.scores(guild, game, period, page).await,
    };
    match page {
        Ok(page) => {
            c.answer(send::update(&render::scores(&page, c.public)))
                .await;
        }
        Err(e) => c.refuse(&e).await,
    }
}

/// A tournament message's button: the person signs up, withdraws or checks in, or the
/// organiser (or a server manager) starts, pauses or cancels the event. Answered privately; the
/// event's message is brought up to date by the tournaments' listener.
async fn on_event_button(c: &Click<'_>, event: i64, act: EventAct) {
    let service = &c.data.service;
    let manager = c
        .click
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild());
    let done = match act {
        EventAct::SignUp => service
            .sign_up(event, c.user)
            .await
            .map(|_| msg!("discord-event-signed-up")),
        EventAct::Withdraw => service
            .withdraw(event, c.user)
            .await
            .map(|_| msg!("discord-event-withdrew")),
        EventAct::CheckIn => service
            .check_in(event, c.user)
            .await
            .map(|view| msg!("discord-event-checked-in", round = i64::from(view.round))),
        EventAct::Start => service
            .start_event(event, c.user, manager)
            .await
            .map(|view| match view.phase {
                pakka_table::tournaments::Phase::Checkin => {
                    msg!("discord-event-started", round = i64::from(view.round))
                }
                _ => msg!("discord-event-round-begun", round = i64::from(view.round)),
            }),
        EventAct::Pause => service
            .pause_event(event, c.user, manager)
            .await
            .map(|view| {
                if view.paused {
                    msg!("discord-event-paused-now")
                } else {
                    msg!("discord-event-resumed")
                }
            }),
        EventAct::Cancel => service
            .cancel_event(event, c.user, manager)
            .await
            .map(|_| msg!("discord-event-cancelled-now")),
    };
    match done {
        Ok(text) => {
            let reply = render::notice(&text, &Plain(c.lang));
            c.answer(send::respond(&reply)).await;
        }
        Err(e) => {
            if e.is_internal() {
                tracing::error!(error = %e, event, "a tournament button failed");
            }
            c.notice(&super::commands::event_refusal(&e)).await;
        }
    }
}

/// A user as a public message names them: by their seat, or by mention when not seated.
fn seat_or_mention(view: &TableView, user: u64) -> pakka_text::Arg {
    match view.seat_of(user) {
        Some(s) => seat(s),
        None => verbatim(mention(user)),
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

/// A table ended by a forfeit or a moderator's close: the confirm message says so (the table's
/// messages lose their buttons, and the channel is told, from the service's event).
async fn ended_by(c: &Click<'_>, ended: Result<TableView, TableError>, forfeit: bool) {
    if let Err(e) = ended {
        c.answer_private(refusal(&e, &Plain(c.lang))).await;
        return;
    }
    let mine = if forfeit {
        msg!("discord-you-forfeited")
    } else {
        msg!("discord-you-closed")
    };
    c.answer_private(render::private(&mine, c.lang)).await;
}

/// The answer to a step of a private message (a hand, the confirm of `/abandon`): it replaces
/// the clicked message when that is private, and is a new private message otherwise, so a
/// public message is never replaced by what one person may see.
fn hand_response(
    click: &ComponentInteraction,
    mut reply: Reply,
) -> serenity::CreateInteractionResponse {
    if is_private(click) {
        send::update(&reply)
    } else {
        reply.ephemeral = true;
        send::respond(&reply)
    }
}
