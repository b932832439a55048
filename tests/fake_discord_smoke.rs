//! Proves that a real serenity (and poise) client works against the fake Discord in
//! `tests/support`: connect, register commands, answer a slash command with an ephemeral message
//! carrying a button, update that message on a click, defer and follow up, autocomplete,
//! reconnect after a dropped gateway connection; threads, permissions, shards; and the places a
//! user-installed app reaches (the DM with the bot, group DMs, servers without the bot) with
//! their contexts, owners, refused routes and expiring tokens.

use std::time::Duration;

use crate::support::FakeDiscord;
use serde_json::json;
use serenity::all::{
    ButtonStyle, Client, ClientBuilder, Command, CommandInteraction, ComponentInteraction, Context,
    CreateActionRow, CreateButton, CreateCommand, CreateCommandOption, CreateInteractionResponse,
    CreateInteractionResponseMessage, EventHandler, GatewayIntents, HttpBuilder, Interaction,
    Ready,
};

const STEP: Duration = Duration::from_secs(10);

fn http(fake: &FakeDiscord) -> serenity::http::Http {
    HttpBuilder::new(FakeDiscord::TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build()
}

/// Starts the client in the background; returns its shard manager (for shutting it down) and
/// its task.
fn spawn_client(
    mut client: Client,
) -> (
    std::sync::Arc<serenity::all::ShardManager>,
    tokio::task::JoinHandle<Result<(), serenity::Error>>,
) {
    let shards = client.shard_manager.clone();
    let task = tokio::spawn(async move { client.start().await });
    (shards, task)
}

async fn stop_client(
    shards: std::sync::Arc<serenity::all::ShardManager>,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
) {
    shards.shutdown_all().await;
    match tokio::time::timeout(Duration::from_secs(5), task).await {
        Ok(joined) => joined
            .expect("client task panicked")
            .expect("client ended with an error"),
        Err(_) => panic!("client did not stop within 5 s"),
    }
}

// ----- plain serenity --------------------------------------------------------------------------

struct Handler;

impl Handler {
    async fn command(&self, ctx: &Context, cmd: &CommandInteraction) -> serenity::Result<()> {
        let who = match cmd.data.options.first().map(|o| &o.value) {
            Some(serenity::all::CommandDataOptionValue::User(u)) => {
                let user = cmd.data.resolved.users.get(u).map(|u| u.name.clone());
                user.unwrap_or_else(|| "?".into())
            }
            _ => "nobody".into(),
        };
        let button = CreateButton::new("smoke:press")
            .label("Press me")
            .style(ButtonStyle::Primary);
        let reply = CreateInteractionResponseMessage::new()
            .content(format!("hello {} (asked about {who})", cmd.user.name))
            .ephemeral(true)
            .components(vec![CreateActionRow::Buttons(vec![button])]);
        cmd.create_response(&ctx.http, CreateInteractionResponse::Message(reply))
            .await
    }

    async fn component(&self, ctx: &Context, c: &ComponentInteraction) -> serenity::Result<()> {
        if c.data.custom_id == "smoke:reply" {
            // A new private message instead of an update; the clicked message is in the metadata.
            let reply = CreateInteractionResponseMessage::new()
                .content(format!("reply to message {}", c.message.id))
                .ephemeral(true);
            return c
                .create_response(&ctx.http, CreateInteractionResponse::Message(reply))
                .await;
        }
        let button = CreateButton::new("smoke:again")
            .label("Pressed")
            .disabled(true);
        let update = CreateInteractionResponseMessage::new()
            .content(format!("pressed {} by {}", c.data.custom_id, c.user.name))
            .components(vec![CreateActionRow::Buttons(vec![button])]);
        c.create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
            .await
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let hello = CreateCommand::new("hello")
            .description("Say hello")
            .add_option(
                CreateCommandOption::new(serenity::all::CommandOptionType::User, "who", "Someone")
                    .required(false),
            );
        if let Err(e) = Command::set_global_commands(&ctx.http, vec![hello]).await {
            eprintln!("registering commands failed: {e}");
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match &interaction {
            Interaction::Command(cmd) => self.command(&ctx, cmd).await,
            Interaction::Component(c) => self.component(&ctx, c).await,
            _ => Ok(()),
        };
        if let Err(e) = result {
            eprintln!("answering an interaction failed: {e}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_client_works_against_the_fake() {
    tokio::time::timeout(Duration::from_secs(60), serenity_scenario())
        .await
        .expect("the serenity smoke test took more than 60 s")
        .expect("serenity smoke test");
}

async fn serenity_scenario() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await;
    let client = ClientBuilder::new_with_http(http(&fake), GatewayIntents::GUILDS)
        .event_handler(Handler)
        .await?;
    let (shards, task) = spawn_client(client);

    fake.wait_for_identify(STEP).await?;
    let commands = fake.wait_for_commands(STEP).await?;
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert_eq!(commands[0]["name"], "hello");
    assert_eq!(
        fake.last_identify().expect("identify")["token"],
        "Bot fake-token"
    );

    let alice = fake.user(1001, "alice");
    let bob = fake.user(1002, "bob");

    // Slash command -> ephemeral message with one button.
    let out = fake
        .slash(
            &alice,
            FakeDiscord::CHANNEL_ID,
            "hello",
            json!([{"name": "who", "value": bob.id}]),
        )
        .await?;
    assert_eq!(out.callback_type, 4);
    let msg = out.message()?.clone();
    assert_eq!(msg.content, "hello alice (asked about bob)");
    assert!(msg.ephemeral);
    assert_eq!(msg.flags & 64, 64);
    assert_eq!(msg.visible_to, Some(alice.id));
    assert_eq!(
        msg.buttons(),
        vec![("smoke:press".to_string(), "Press me".to_string(), false)]
    );
    assert_eq!(fake.ephemerals_for(alice.id).len(), 1);
    assert!(fake.ephemerals_for(bob.id).is_empty());
    assert!(fake.channel_messages(FakeDiscord::CHANNEL_ID).is_empty());

    // Bob cannot click alice's ephemeral message; alice can.
    assert!(fake.click(&bob, msg.id, "smoke:press").await.is_err());
    let out = fake.click(&alice, msg.id, "smoke:press").await?;
    assert_eq!(out.callback_type, 7);
    let updated = fake.message(msg.id).expect("message still there");
    assert_eq!(updated.content, "pressed smoke:press by alice");
    assert_eq!(
        updated.buttons(),
        vec![("smoke:again".to_string(), "Pressed".to_string(), true)]
    );
    assert_eq!(updated.history.len(), 1);
    assert!(updated.ephemeral, "an update keeps the message ephemeral");
    assert!(
        fake.click(&alice, msg.id, "smoke:again").await.is_err(),
        "disabled button"
    );

    // A stale click on a button that is no longer there still reaches the bot.
    let stale = fake.click_unchecked(&alice, msg.id, "smoke:press").await?;
    assert_eq!(stale.callback_type, 7);

    // A click answered with a new message (type 4).
    let reply = fake.click_unchecked(&alice, msg.id, "smoke:reply").await?;
    assert_eq!(reply.callback_type, 4);
    let reply = reply.message()?;
    assert_eq!(reply.content, format!("reply to message {}", msg.id));
    assert_eq!(
        reply.interaction_metadata["interacted_message_id"],
        msg.id.to_string()
    );
    assert_eq!(fake.ephemerals_for(alice.id).len(), 2);

    // An unregistered command is refused before it reaches the bot.
    assert!(fake
        .slash(&alice, FakeDiscord::CHANNEL_ID, "nope", json!([]))
        .await
        .is_err());

    let latencies = fake.latencies();
    assert_eq!(latencies.len(), 4);
    assert!(
        latencies.iter().all(|l| *l < Duration::from_secs(3)),
        "{latencies:?}"
    );

    // Drop the gateway connection: the running client reconnects and resumes.
    fake.disconnect_bot().await;
    fake.wait_until(STEP, |f| f.resume_count() == 1).await?;
    fake.wait_for_identify(STEP).await?;
    assert_eq!(fake.identify_count(), 1, "resumed, not re-identified");
    let out = fake
        .slash(&bob, FakeDiscord::CHANNEL_ID, "hello", json!([]))
        .await?;
    assert_eq!(out.content(), "hello bob (asked about nobody)");

    stop_client(shards, task).await;
    assert_eq!(fake.violations(), Vec::<String>::new());

    // A second client can connect to the same fake (a restart).
    let client = ClientBuilder::new_with_http(http(&fake), GatewayIntents::GUILDS)
        .event_handler(Handler)
        .await?;
    let (shards, task) = spawn_client(client);
    fake.wait_for_identify(STEP).await?;
    assert_eq!(fake.identify_count(), 2);
    let out = fake.click(&alice, msg.id, "smoke:press").await;
    assert!(out.is_err(), "the button was replaced");
    let out = fake
        .slash(&alice, FakeDiscord::CHANNEL_ID, "hello", json!([]))
        .await?;
    assert!(out.is_ephemeral());
    stop_client(shards, task).await;

    assert_eq!(fake.violations(), Vec::<String>::new());
    Ok(())
}

// ----- the fake's own checks -------------------------------------------------------------------

struct RuleBreaker;

#[serenity::async_trait]
impl EventHandler for RuleBreaker {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let cmd = CreateCommand::new("bad").description("Break the rules");
        let _ = Command::set_global_commands(&ctx.http, vec![cmd]).await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Interaction::Command(cmd) = interaction else {
            return;
        };
        // 26 buttons in 6 rows, one label too long: Discord refuses this.
        let rows: Vec<CreateActionRow> = (0..6)
            .map(|r| {
                let buttons = (0..5)
                    .map(|b| CreateButton::new(format!("b{r}{b}")).label("x".repeat(81)))
                    .collect();
                CreateActionRow::Buttons(buttons)
            })
            .collect();
        let reply = CreateInteractionResponseMessage::new()
            .content("too much")
            .components(rows);
        let refused = cmd
            .create_response(&ctx.http, CreateInteractionResponse::Message(reply))
            .await;
        assert!(
            refused.is_err(),
            "the fake should refuse an invalid message"
        );
        // Then answer properly, twice: the second is refused too.
        let ok = CreateInteractionResponseMessage::new().content("fine");
        let _ = cmd
            .create_response(&ctx.http, CreateInteractionResponse::Message(ok.clone()))
            .await;
        let twice = cmd
            .create_response(&ctx.http, CreateInteractionResponse::Message(ok))
            .await;
        assert!(twice.is_err(), "the fake should refuse a second callback");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fake_records_rule_breaking() {
    tokio::time::timeout(Duration::from_secs(60), async {
        let fake = FakeDiscord::start().await;
        let client = ClientBuilder::new_with_http(http(&fake), GatewayIntents::GUILDS)
            .event_handler(RuleBreaker)
            .await?;
        let (shards, task) = spawn_client(client);
        fake.wait_for_identify(STEP).await?;
        fake.wait_for_commands(STEP).await?;
        let user = fake.user(7, "carol");
        let out = fake
            .slash(&user, FakeDiscord::CHANNEL_ID, "bad", json!([]))
            .await?;
        assert_eq!(out.content(), "fine");
        fake.wait_until(STEP, |f| f.violations().iter().any(|v| v.contains("twice")))
            .await?;
        let violations = fake.violations();
        let has = |s: &str| violations.iter().any(|v| v.contains(s));
        assert!(has("6 action rows"), "{violations:?}");
        assert!(has("label has 81 characters"), "{violations:?}");
        assert!(has("30 buttons"), "{violations:?}");
        assert!(has("acknowledged twice"), "{violations:?}");
        stop_client(shards, task).await;
        anyhow::Ok(())
    })
    .await
    .expect("took more than 60 s")
    .expect("rule-breaking test");
}

// ----- poise -----------------------------------------------------------------------------------

type PoiseContext<'a> = poise::Context<'a, (), anyhow::Error>;

/// Answers pong.
#[poise::command(slash_command)]
async fn ping(ctx: PoiseContext<'_>) -> anyhow::Result<()> {
    ctx.say("pong").await?;
    Ok(())
}

/// Defers privately, then answers.
#[poise::command(slash_command)]
async fn slow(ctx: PoiseContext<'_>) -> anyhow::Result<()> {
    ctx.defer_ephemeral().await?;
    tokio::time::sleep(Duration::from_millis(100)).await;
    // After a defer poise sends followups; the first fills in the deferred (ephemeral) response,
    // later ones are public unless marked ephemeral themselves.
    ctx.say("done thinking").await?;
    let private = poise::CreateReply::default()
        .content("and one more thing")
        .ephemeral(true);
    ctx.send(private).await?;
    ctx.say("for everyone").await?;
    Ok(())
}

async fn fruits(
    _ctx: PoiseContext<'_>,
    partial: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let choices = ["apple", "banana", "cherry"]
        .into_iter()
        .filter(|f| f.starts_with(partial))
        .map(|f| serenity::all::AutocompleteChoice::new(f, f))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Picks a fruit.
#[poise::command(slash_command)]
async fn pick(
    ctx: PoiseContext<'_>,
    #[description = "The fruit"]
    #[autocomplete = "fruits"]
    fruit: String,
) -> anyhow::Result<()> {
    ctx.say(format!("you picked {fruit}")).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn poise_client_works_against_the_fake() {
    tokio::time::timeout(Duration::from_secs(60), poise_scenario())
        .await
        .expect("the poise smoke test took more than 60 s")
        .expect("poise smoke test");
}

async fn poise_scenario() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![ping(), slow(), pick()],
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(())
            })
        })
        .build();
    let client = ClientBuilder::new_with_http(http(&fake), GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let (shards, task) = spawn_client(client);

    fake.wait_for_identify(STEP).await?;
    let commands = fake.wait_for_commands(STEP).await?;
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, ["ping", "slow", "pick"]);
    assert!(fake
        .requests()
        .iter()
        .any(|r| r == "GET /api/v10/oauth2/applications/@me"));

    let dave = fake.user(2001, "dave");
    let out = fake
        .slash(&dave, FakeDiscord::CHANNEL_ID, "ping", json!([]))
        .await?;
    assert_eq!(out.callback_type, 4);
    assert_eq!(out.content(), "pong");
    assert!(!out.is_ephemeral());
    let public = fake.channel_messages(FakeDiscord::CHANNEL_ID);
    assert_eq!(public.len(), 1);
    assert_eq!(public[0].content, "pong");

    let out = fake
        .slash(&dave, FakeDiscord::CHANNEL_ID, "slow", json!([]))
        .await?;
    assert_eq!(out.callback_type, 5);
    assert_eq!(out.content(), "done thinking");
    assert!(out.is_ephemeral());
    fake.wait_until(STEP, |f| f.ephemerals_for(dave.id).len() == 2)
        .await?;
    let private: Vec<String> = fake
        .ephemerals_for(dave.id)
        .into_iter()
        .map(|m| m.content)
        .collect();
    assert_eq!(private, ["done thinking", "and one more thing"]);
    fake.wait_until(STEP, |f| {
        f.channel_messages(FakeDiscord::CHANNEL_ID).len() == 2
    })
    .await?;
    let last = fake
        .last_channel_message(FakeDiscord::CHANNEL_ID)
        .expect("public followup");
    assert_eq!(last.content, "for everyone");

    let choices = fake
        .autocomplete(
            &dave,
            FakeDiscord::CHANNEL_ID,
            "pick",
            json!([{"name": "fruit", "value": "b", "focused": true}]),
        )
        .await?;
    assert_eq!(choices, vec![json!({"name": "banana", "value": "banana"})]);
    let out = fake
        .slash(
            &dave,
            FakeDiscord::CHANNEL_ID,
            "pick",
            json!([{"name": "fruit", "value": "cherry"}]),
        )
        .await?;
    assert_eq!(out.content(), "you picked cherry");

    assert!(fake.latencies().iter().all(|l| *l < Duration::from_secs(3)));
    stop_client(shards, task).await;
    assert_eq!(fake.violations(), Vec::<String>::new());
    Ok(())
}

// ----- threads, permissions, what is left alive ------------------------------------------------

/// Answers `/where` with where it was asked, the member's permissions and a button; a click
/// disables the button. Records the threads the gateway announced.
#[derive(Default)]
struct Probe {
    threads_seen: std::sync::Arc<std::sync::Mutex<Vec<u64>>>,
}

#[serenity::async_trait]
impl EventHandler for Probe {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let cmd = CreateCommand::new("where").description("Where am I?");
        let _ = Command::set_global_commands(&ctx.http, vec![cmd]).await;
    }

    async fn thread_create(&self, _ctx: Context, thread: serenity::all::GuildChannel) {
        self.threads_seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(thread.id.get());
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match &interaction {
            Interaction::Command(cmd) => {
                let channel = cmd.channel.as_ref().expect("partial channel");
                let perms = cmd.member.as_ref().and_then(|m| m.permissions);
                let content = format!(
                    "in {} kind {:?} parent {:?} perms {} app {}",
                    channel.id,
                    channel.kind,
                    channel.parent_id.map(|p| p.get()),
                    perms.map_or(0, |p| p.bits()),
                    cmd.app_permissions.map_or(0, |p| p.bits()),
                );
                let button = CreateButton::new("probe:press").label("Press");
                let reply = CreateInteractionResponseMessage::new()
                    .content(content)
                    .ephemeral(true)
                    .components(vec![CreateActionRow::Buttons(vec![button])]);
                cmd.create_response(&ctx.http, CreateInteractionResponse::Message(reply))
                    .await
            }
            Interaction::Component(c) => {
                let button = CreateButton::new("probe:press")
                    .label("Pressed")
                    .disabled(true);
                let update = CreateInteractionResponseMessage::new()
                    .content(format!("pressed in {}", c.channel_id))
                    .components(vec![CreateActionRow::Buttons(vec![button])]);
                c.create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await
            }
            _ => Ok(()),
        };
        if let Err(e) = result {
            eprintln!("answering an interaction failed: {e}");
        }
    }
}

/// The Discord error code of a failed request.
fn discord_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

async fn probe_client(
    fake: &FakeDiscord,
) -> anyhow::Result<(
    std::sync::Arc<std::sync::Mutex<Vec<u64>>>,
    std::sync::Arc<serenity::all::ShardManager>,
    tokio::task::JoinHandle<Result<(), serenity::Error>>,
)> {
    let probe = Probe::default();
    let seen = probe.threads_seen.clone();
    let client = ClientBuilder::new_with_http(http(fake), GatewayIntents::GUILDS)
        .event_handler(probe)
        .await?;
    let (shards, task) = spawn_client(client);
    fake.wait_for_identify(STEP).await?;
    fake.wait_for_commands(STEP).await?;
    Ok((seen, shards, task))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_work_against_the_fake() {
    tokio::time::timeout(Duration::from_secs(60), threads_scenario())
        .await
        .expect("the thread test took more than 60 s")
        .expect("thread test");
}

async fn threads_scenario() -> anyhow::Result<()> {
    use serenity::all::{
        AutoArchiveDuration, Channel, ChannelId, ChannelType, CreateMessage, CreateThread,
        EditMessage, EditThread, GetMessages,
    };
    let fake = FakeDiscord::start().await;
    let (seen, shards, task) = probe_client(&fake).await?;
    let http = http(&fake);
    let parent = ChannelId::new(FakeDiscord::CHANNEL_ID);

    // A public thread without a message: Discord also posts "started a thread" in the parent.
    let thread = parent
        .create_thread(
            &http,
            CreateThread::new("Kop #1")
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneDay),
        )
        .await?;
    assert_eq!(thread.kind, ChannelType::PublicThread);
    assert_eq!(thread.parent_id, Some(parent));
    assert_eq!(thread.guild_id.get(), FakeDiscord::GUILD_ID);
    assert_eq!(thread.name, "Kop #1");
    let meta = thread.thread_metadata.expect("thread_metadata");
    assert!(!meta.archived);
    assert_eq!(meta.auto_archive_duration, AutoArchiveDuration::OneDay);
    let listed = fake.threads();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0].id, listed[0].parent_id, listed[0].name.as_str()),
        (thread.id.get(), FakeDiscord::CHANNEL_ID, "Kop #1")
    );
    let started = fake.alive_public_messages(FakeDiscord::CHANNEL_ID);
    assert_eq!(started.len(), 1);
    assert_eq!(
        (started[0].kind, started[0].content.as_str()),
        (18, "Kop #1")
    );
    assert_eq!(
        started[0].reference["channel_id"],
        thread.id.get().to_string()
    );
    fake.wait_until(STEP, |_| seen.lock().unwrap().contains(&thread.id.get()))
        .await?;

    // GET /channels/{thread}.
    let Channel::Guild(got) = http.get_channel(thread.id).await? else {
        anyhow::bail!("a thread is a guild channel");
    };
    assert_eq!((got.id, got.kind), (thread.id, ChannelType::PublicThread));

    // Messages in the thread: post, edit, list, delete.
    let m1 = thread
        .id
        .send_message(&http, CreateMessage::new().content("first"))
        .await?;
    let m2 = thread
        .id
        .send_message(&http, CreateMessage::new().content("second"))
        .await?;
    assert_eq!(m1.channel_id, thread.id);
    thread
        .id
        .edit_message(&http, m1.id, EditMessage::new().content("first, edited"))
        .await?;
    let listed = thread
        .id
        .messages(&http, GetMessages::new().limit(10))
        .await?;
    let contents: Vec<&str> = listed.iter().map(|m| m.content.as_str()).collect();
    assert_eq!(contents, ["second", "first, edited"]);
    thread.id.delete_message(&http, m2.id).await?;
    assert_eq!(fake.alive_public_messages(thread.id.get()).len(), 1);
    assert_eq!(fake.public_messages_created(thread.id.get()), 2);
    assert_eq!(
        fake.alive_public_messages(FakeDiscord::CHANNEL_ID).len(),
        1,
        "messages in a thread are not in its parent"
    );

    // A slash command and a click in the thread carry the thread as their channel.
    let alice = fake.user(1001, "alice");
    let out = fake
        .slash(&alice, thread.id.get(), "where", json!([]))
        .await?;
    let expected = format!(
        "in {} kind PublicThread parent Some({}) perms {} app ",
        thread.id,
        FakeDiscord::CHANNEL_ID,
        crate::support::fake_discord::permissions::PLAIN_MEMBER,
    );
    assert!(out.content().starts_with(&expected), "{}", out.content());
    let reply = out.message()?.clone();
    assert_eq!(reply.channel_id, thread.id.get());
    let clicked = fake.click(&alice, reply.id, "probe:press").await?;
    assert_eq!(clicked.content(), format!("pressed in {}", thread.id));

    // A thread from a message: its id is the message's; a second one is refused.
    let table = parent
        .send_message(&http, CreateMessage::new().content("table"))
        .await?;
    let from = parent
        .create_thread_from_message(&http, table.id, CreateThread::new("Whist #2"))
        .await?;
    assert_eq!(from.id.get(), table.id.get());
    assert_eq!(from.kind, ChannelType::PublicThread);
    let starter = fake.message(table.id.get()).expect("starter message");
    assert_eq!(starter.thread, Some(from.id.get()));
    assert_eq!(starter.flags & 32, 32, "HAS_THREAD");
    let again = parent
        .create_thread_from_message(&http, table.id, CreateThread::new("Whist #3"))
        .await
        .expect_err("one thread per message");
    assert_eq!(discord_code(&again), Some(160004));
    let violations = fake.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0].contains("already has a thread"),
        "{violations:?}"
    );
    assert_eq!(
        fake.alive_public_messages(FakeDiscord::CHANNEL_ID).len(),
        2,
        "a thread from a message posts no 'started a thread' message"
    );

    // A private thread (Discord's default type): only its members and thread managers see it.
    let private = parent
        .create_thread(&http, CreateThread::new("hands"))
        .await?;
    assert_eq!(private.kind, ChannelType::PrivateThread);
    assert_eq!(
        fake.alive_public_messages(FakeDiscord::CHANNEL_ID).len(),
        2,
        "a private thread is not announced"
    );
    let bob = fake.user(1002, "bob");
    assert!(fake
        .slash(&bob, private.id.get(), "where", json!([]))
        .await
        .is_err());
    private.id.add_thread_member(&http, bob.id.into()).await?;
    let out = fake
        .slash(&bob, private.id.get(), "where", json!([]))
        .await?;
    assert!(
        out.content().contains("kind PrivateThread"),
        "{}",
        out.content()
    );

    // Archive, then a message brings it back; delete, then it is gone.
    thread
        .id
        .edit_thread(&http, EditThread::new().archived(true))
        .await?;
    assert!(fake.thread(thread.id.get()).expect("thread").archived);
    thread
        .id
        .send_message(&http, CreateMessage::new().content("back"))
        .await?;
    assert!(!fake.thread(thread.id.get()).expect("thread").archived);
    thread.id.delete(&http).await?;
    assert!(fake.thread(thread.id.get()).expect("thread").deleted);
    assert!(fake.alive_public_messages(thread.id.get()).is_empty());
    assert!(fake
        .slash(&alice, thread.id.get(), "where", json!([]))
        .await
        .is_err());
    assert_eq!(fake.violations().len(), 1);

    // Names are 1 to 100 characters, as in Discord.
    for name in [String::new(), "x".repeat(101)] {
        let refused = parent
            .create_thread(
                &http,
                CreateThread::new(name).kind(ChannelType::PublicThread),
            )
            .await
            .expect_err("bad thread name");
        assert_eq!(discord_code(&refused), Some(50035));
    }
    // Each bad name breaks Discord's OpenAPI description too, and the fake says both.
    let violations = fake.violations();
    assert_eq!(violations.len(), 5, "{violations:?}");
    assert!(violations[1].contains("breaks Discord's OpenAPI description"));
    assert!(violations[2].contains("thread name has 0 characters"));
    assert!(violations[3].contains("breaks Discord's OpenAPI description"));
    assert!(violations[4].contains("thread name has 101 characters"));

    stop_client(shards, task).await;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn permissions_reach_the_bot() {
    tokio::time::timeout(Duration::from_secs(60), async {
        use crate::support::fake_discord::permissions;
        use serenity::all::Permissions;
        let fake = FakeDiscord::start().await;
        let (_, shards, task) = probe_client(&fake).await?;
        let read = |content: &str| -> Permissions {
            let bits = content
                .split(" perms ")
                .nth(1)
                .and_then(|s| s.split(' ').next())
                .and_then(|s| s.parse().ok())
                .expect("perms in the answer");
            Permissions::from_bits_truncate(bits)
        };
        let plain = fake.user(3001, "plain");
        let out = fake
            .slash(&plain, FakeDiscord::CHANNEL_ID, "where", json!([]))
            .await?;
        let p = read(out.content());
        assert!(p.send_messages() && p.view_channel() && p.use_application_commands());
        assert!(!p.manage_messages() && !p.administrator(), "{p:?}");

        let moderator = fake.user(3002, "moderator");
        fake.set_permissions(moderator.id, permissions::MODERATOR);
        let out = fake
            .slash(&moderator, FakeDiscord::CHANNEL_ID, "where", json!([]))
            .await?;
        let p = read(out.content());
        assert!(p.manage_messages() && !p.administrator(), "{p:?}");
        let app: u64 = out
            .content()
            .rsplit(' ')
            .next()
            .and_then(|s| s.parse().ok())
            .expect("app permissions");
        assert_eq!(
            app,
            Permissions::from_bits_truncate(permissions::BOT).bits(),
            "the bot keeps its own permissions: {}",
            out.content()
        );
        assert_eq!(fake.permissions_of(plain.id), permissions::PLAIN_MEMBER);
        stop_client(shards, task).await;
        assert_eq!(fake.violations(), Vec::<String>::new());
        anyhow::Ok(())
    })
    .await
    .expect("took more than 60 s")
    .expect("permissions test");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fake_measures_what_is_left_alive() {
    tokio::time::timeout(Duration::from_secs(60), alive_scenario())
        .await
        .expect("took more than 60 s")
        .expect("what-is-left-alive test");
}

async fn alive_scenario() -> anyhow::Result<()> {
    use crate::support::fake_discord::permissions;
    use serenity::all::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, UserId};
    let fake = FakeDiscord::start().await;
    let (_, shards, task) = probe_client(&fake).await?;
    let http = http(&fake);
    let ch = ChannelId::new(FakeDiscord::CHANNEL_ID);
    let alice = fake.user(1001, "alice");
    let bob = fake.user(1002, "bob");

    // One enabled and one disabled button: one live button.
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new("t:play").label("Play"),
        CreateButton::new("t:old").label("Old").disabled(true),
    ])];
    let table = ch
        .send_message(
            &http,
            CreateMessage::new().content("table").components(buttons),
        )
        .await?;
    let table_id = table.id.get();
    assert_eq!(
        fake.live_buttons(ch.get()),
        vec![(table_id, "t:play".to_string(), "Play".to_string())]
    );

    // An ephemeral answer's button counts as live too, but not as a public message.
    let out = fake.slash(&alice, ch.get(), "where", json!([])).await?;
    let private = out.message()?.id;
    assert_eq!(fake.live_buttons(ch.get()).len(), 2);
    assert_eq!(fake.public_messages_created(ch.get()), 1);
    // Clicking disables it: no longer live.
    fake.click(&alice, private, "probe:press").await?;
    assert_eq!(fake.live_buttons(ch.get()).len(), 1);

    // Pings: mentions that allowed_mentions lets through, as Discord notifies.
    let text = format!("{} {} your move", alice.mention(), bob.mention());
    let only_alice = CreateAllowedMentions::new().users([UserId::new(alice.id)]);
    let ping = ch
        .send_message(
            &http,
            CreateMessage::new()
                .content(text.clone())
                .allowed_mentions(only_alice),
        )
        .await?;
    assert_eq!(ping.mentions.len(), 1, "mentions lists who is notified");
    let quiet = ch
        .send_message(
            &http,
            CreateMessage::new()
                .content(text.clone())
                .allowed_mentions(CreateAllowedMentions::new()),
        )
        .await?;
    let loud = ch
        .send_message(&http, CreateMessage::new().content(text.clone()))
        .await?;
    assert_eq!(
        fake.pings(ch.get()),
        vec![
            (ping.id.get(), vec![alice.id], false),
            (loud.id.get(), vec![alice.id, bob.id], false),
        ]
    );
    // Editing a message notifies nobody new.
    ch.edit_message(
        &http,
        quiet.id,
        EditMessage::new().allowed_mentions(CreateAllowedMentions::new().all_users(true)),
    )
    .await?;
    assert_eq!(fake.pings(ch.get()).len(), 2);

    // Deletion: the message is gone but was created; a ping on it is no longer live.
    ch.delete_message(&http, ping.id).await?;
    assert_eq!(fake.public_messages_created(ch.get()), 4);
    assert_eq!(fake.alive_public_messages(ch.get()).len(), 3);
    assert_eq!(
        fake.pings(ch.get())[0],
        (ping.id.get(), vec![alice.id], true)
    );
    assert!(fake.message(ping.id.get()).expect("kept").deleted);
    assert_eq!(fake.violations(), Vec::<String>::new());

    // A moderator may delete the bot's table; a plain member may not. The bot's next edit of
    // it gets 404 Unknown Message, like in Discord, and is no mistake of the bot's.
    assert!(fake.delete_message_as(&alice, table_id).is_err());
    let moderator = fake.user(1003, "moderator");
    fake.set_permissions(moderator.id, permissions::MODERATOR);
    fake.delete_message_as(&moderator, table_id)?;
    assert!(fake.live_buttons(ch.get()).is_empty());
    let gone = ch
        .edit_message(&http, table.id, EditMessage::new().content("edited"))
        .await
        .expect_err("deleted");
    assert_eq!(discord_code(&gone), Some(10008));
    assert_eq!(fake.violations(), Vec::<String>::new());

    // The bot editing a message it deleted itself is a mistake: 404 and a violation.
    let gone = ch
        .edit_message(&http, ping.id, EditMessage::new().content("edited"))
        .await
        .expect_err("deleted");
    assert_eq!(discord_code(&gone), Some(10008));
    let violations = fake.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0].contains("no such message"), "{violations:?}");

    stop_client(shards, task).await;
    Ok(())
}

// ----- servers on shards -----------------------------------------------------------------------

/// Answers `/where` with the shard that delivered it and the server it came from.
struct ShardEcho;

#[serenity::async_trait]
impl EventHandler for ShardEcho {
    async fn ready(&self, ctx: Context, ready: Ready) {
        if ctx.shard_id.0 == 0 {
            let cmd = CreateCommand::new("where").description("Which shard am I on?");
            let _ = Command::set_global_commands(&ctx.http, vec![cmd]).await;
        }
        let guilds: Vec<String> = ready.guilds.iter().map(|g| g.id.to_string()).collect();
        eprintln!("shard {} ready with {guilds:?}", ctx.shard_id);
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Interaction::Command(cmd) = interaction else {
            return;
        };
        let guild = cmd.guild_id.map(|g| g.get()).unwrap_or_default();
        let reply = CreateInteractionResponseMessage::new()
            .content(format!("shard {} guild {guild}", ctx.shard_id));
        let _ = cmd
            .create_response(&ctx.http, CreateInteractionResponse::Message(reply))
            .await;
    }
}

/// A second server, on the other shard of two from `FakeDiscord::GUILD_ID`.
const OTHER_GUILD: u64 = FakeDiscord::GUILD_ID + (1 << 22);
const OTHER_CHANNEL: u64 = FakeDiscord::CHANNEL_ID + 1;

async fn shard_client(
    fake: &FakeDiscord,
) -> anyhow::Result<(Client, std::sync::Arc<serenity::all::ShardManager>)> {
    let client = ClientBuilder::new_with_http(http(fake), GatewayIntents::GUILDS)
        .event_handler(ShardEcho)
        .await?;
    let manager = client.shard_manager.clone();
    Ok((client, manager))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_autosharded_client_gets_each_server_on_its_shard() {
    tokio::time::timeout(Duration::from_secs(60), autosharded_scenario())
        .await
        .expect("the autosharding smoke test took more than 60 s")
        .expect("autosharding smoke test");
}

async fn autosharded_scenario() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await;
    fake.add_guild(OTHER_GUILD, &[OTHER_CHANNEL]);
    assert_eq!(fake.guild_of(OTHER_CHANNEL), OTHER_GUILD);
    assert_eq!(
        fake.guild_of(FakeDiscord::CHANNEL_ID),
        FakeDiscord::GUILD_ID
    );
    assert_eq!(
        fake.guild_of(12345),
        FakeDiscord::GUILD_ID,
        "any other channel"
    );
    let home = crate::support::fake_discord::shard_of(FakeDiscord::GUILD_ID, 2);
    let away = crate::support::fake_discord::shard_of(OTHER_GUILD, 2);
    assert_ne!(home, away);
    fake.set_gateway_shards(2);
    let (mut client, manager) = shard_client(&fake).await?;
    let task = tokio::spawn(async move { client.start_autosharded().await });
    // serenity starts one shard every 5 seconds.
    fake.wait_for_shards(&[[0, 2], [1, 2]], Duration::from_secs(20))
        .await?;
    fake.wait_for_commands(STEP).await?;
    assert!(fake
        .requests()
        .iter()
        .any(|r| r == "GET /api/v10/gateway/bot"));
    // Each connection's READY announced its own shard's server only.
    for c in fake.connections() {
        let [id, _] = c.shard.expect("identified");
        let expected = if id == home {
            FakeDiscord::GUILD_ID
        } else {
            OTHER_GUILD
        };
        assert_eq!(c.guilds, vec![expected], "{c:?}");
    }
    let alice = fake.user(1001, "alice");
    for (channel, guild, shard) in [
        (FakeDiscord::CHANNEL_ID, FakeDiscord::GUILD_ID, home),
        (OTHER_CHANNEL, OTHER_GUILD, away),
    ] {
        let out = fake.slash(&alice, channel, "where", json!([])).await?;
        assert_eq!((out.guild, out.shard), (guild, [shard, 2]));
        assert_eq!(out.content(), format!("shard {shard} guild {guild}"));
    }
    manager.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
    assert_eq!(fake.violations(), Vec::<String>::new());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_routes_servers_to_shards_and_records_bad_sharding() {
    tokio::time::timeout(Duration::from_secs(60), routing_scenario())
        .await
        .expect("the shard routing smoke test took more than 60 s")
        .expect("shard routing smoke test");
}

async fn routing_scenario() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await;
    fake.add_guild(OTHER_GUILD, &[OTHER_CHANNEL]);
    let home = crate::support::fake_discord::shard_of(FakeDiscord::GUILD_ID, 2);
    let away = crate::support::fake_discord::shard_of(OTHER_GUILD, 2);
    assert_eq!(away, 1 - home);
    let alice = fake.user(1001, "alice");

    // Two clients, one shard each, as two processes run them: the first carries the home
    // server, the second the other one.
    let (mut first, first_manager) = shard_client(&fake).await?;
    let first_task = tokio::spawn(async move { first.start_shard(home, 2).await });
    let (mut second, second_manager) = shard_client(&fake).await?;
    let second_task = tokio::spawn(async move { second.start_shard(away, 2).await });
    fake.wait_for_shards(&[[0, 2], [1, 2]], STEP).await?;
    fake.wait_for_commands(STEP).await?;
    for (channel, guild, shard) in [
        (FakeDiscord::CHANNEL_ID, FakeDiscord::GUILD_ID, home),
        (OTHER_CHANNEL, OTHER_GUILD, away),
    ] {
        let out = fake.slash(&alice, channel, "where", json!([])).await?;
        assert_eq!((out.guild, out.shard), (guild, [shard, 2]));
        assert_eq!(out.content(), format!("shard {shard} guild {guild}"));
    }
    assert_eq!(fake.violations(), Vec::<String>::new());

    // A third client on the home shard again: both would get its servers.
    let (mut third, third_manager) = shard_client(&fake).await?;
    let third_task = tokio::spawn(async move { third.start_shard(home, 2).await });
    fake.wait_until(STEP, |f| !f.violations().is_empty())
        .await?;
    assert_eq!(
        fake.violations(),
        vec![format!(
            "two gateway connections identify as the same shard [{home}, 2]"
        )]
    );
    third_manager.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), third_task).await;

    // Shard 0 of 4 shares servers with shard 0 of 2; shard 2 of 2 does not exist.
    let (mut fourth, fourth_manager) = shard_client(&fake).await?;
    let fourth_task = tokio::spawn(async move { fourth.start_shard(2, 4).await });
    fake.wait_until(STEP, |f| f.violations().len() >= 2).await?;
    assert!(
        fake.violations()[1].contains("[0, 2] and [2, 4]"),
        "{:?}",
        fake.violations()
    );
    fourth_manager.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), fourth_task).await;
    // A bare shard, not a client (serenity's runner gives up on a 4010 less quietly).
    let url = std::sync::Arc::new(tokio::sync::Mutex::new(fake.gateway_url()));
    let info = serenity::all::ShardInfo {
        id: serenity::all::ShardId(2),
        total: 2,
    };
    let mut fifth =
        serenity::all::Shard::new(url, FakeDiscord::TOKEN, info, GatewayIntents::GUILDS, None)
            .await?;
    fifth.identify().await?;
    fake.wait_until(STEP, |f| f.violations().len() >= 3).await?;
    assert!(
        fake.violations()[2].contains("shard [2, 2]"),
        "{:?}",
        fake.violations()
    );
    drop(fifth);

    // The second client stops: its server's interactions have nowhere to go.
    second_manager.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), second_task).await;
    fake.wait_until(STEP, |f| !f.guild_connected(OTHER_GUILD))
        .await?;
    let lost = fake.slash(&alice, OTHER_CHANNEL, "where", json!([])).await;
    assert!(lost.is_err());
    assert_eq!(fake.violations().len(), 4, "{:?}", fake.violations());
    assert!(
        fake.violations()[3].contains(&format!("server {OTHER_GUILD} has no connected")),
        "{:?}",
        fake.violations()
    );
    // The first client's server plays on.
    let out = fake
        .slash(&alice, FakeDiscord::CHANNEL_ID, "where", json!([]))
        .await?;
    assert_eq!(out.shard, [home, 2]);
    first_manager.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), first_task).await;
    // With no connection at all the bot is down: an error, no violation.
    fake.wait_until(STEP, |f| !f.bot_connected()).await?;
    assert!(fake
        .slash(&alice, OTHER_CHANNEL, "where", json!([]))
        .await
        .is_err());
    assert_eq!(fake.violations().len(), 4);
    Ok(())
}

// ----- places: the DM with the bot, group DMs, servers without the bot -------------------------

/// Registers `/here` for both installations in every context, `/guildwide` with Discord's
/// defaults (a guild install, every context) and the Entry Point for both installations in
/// every context; answers `/here` with what serenity read of where it was asked (publicly, with
/// a button), a click with who clicked and who installed the app, the Entry Point with
/// LAUNCH_ACTIVITY.
struct Anywhere;

/// `authorizing_integration_owners` as serenity read them: `guild:<id>` (0 in the DM with the
/// bot), `user:<id>`.
fn owners_text(owners: &serenity::all::AuthorizingIntegrationOwners) -> String {
    use serenity::all::AuthorizingIntegrationOwner as Owner;
    let mut owners: Vec<String> = owners
        .0
        .iter()
        .map(|o| match o {
            Owner::GuildInstall(g) => format!("guild:{}", g.map_or(0, |g| g.get())),
            Owner::UserInstall(u) => format!("user:{u}"),
            other => format!("{other:?}"),
        })
        .collect();
    owners.sort();
    owners.join(",")
}

#[serenity::async_trait]
impl EventHandler for Anywhere {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        use serenity::all::{
            CommandType, EntryPointHandlerType, InstallationContext as Install,
            InteractionContext as Where,
        };
        let everywhere = vec![Where::Guild, Where::BotDm, Where::PrivateChannel];
        let here = CreateCommand::new("here")
            .description("Where am I?")
            .integration_types(vec![Install::Guild, Install::User])
            .contexts(everywhere.clone());
        let guildwide = CreateCommand::new("guildwide").description("Where the server has the app");
        let launch = CreateCommand::new("launch")
            .kind(CommandType::PrimaryEntryPoint)
            .handler(EntryPointHandlerType::AppHandler)
            .description("Open the table")
            .integration_types(vec![Install::Guild, Install::User])
            .contexts(everywhere);
        if let Err(e) = Command::set_global_commands(&ctx.http, vec![here, guildwide, launch]).await
        {
            eprintln!("registering commands failed: {e}");
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match &interaction {
            Interaction::Command(cmd)
                if cmd.data.kind == serenity::all::CommandType::PrimaryEntryPoint =>
            {
                cmd.create_response(&ctx.http, CreateInteractionResponse::LaunchActivity)
                    .await
            }
            Interaction::Command(cmd) => {
                let content = format!(
                    "context {:?} owners {} guild {} member {} user {} app {}",
                    cmd.context,
                    owners_text(&cmd.authorizing_integration_owners),
                    cmd.guild_id.map_or(0, |g| g.get()),
                    cmd.member.is_some(),
                    cmd.user.name,
                    cmd.app_permissions.map_or(0, |p| p.bits()),
                );
                let button = CreateButton::new("here:press").label("Press");
                let reply = CreateInteractionResponseMessage::new()
                    .content(content)
                    .components(vec![CreateActionRow::Buttons(vec![button])]);
                cmd.create_response(&ctx.http, CreateInteractionResponse::Message(reply))
                    .await
            }
            Interaction::Component(c) => {
                let reply = CreateInteractionResponseMessage::new()
                    .content(format!(
                        "pressed by {} owners {}",
                        c.user.name,
                        owners_text(&c.authorizing_integration_owners)
                    ))
                    .ephemeral(true);
                c.create_response(&ctx.http, CreateInteractionResponse::Message(reply))
                    .await
            }
            _ => Ok(()),
        };
        if let Err(e) = result {
            eprintln!("answering an interaction failed: {e}");
        }
    }
}

/// A server without the bot, and its channel.
const GUILD_WITHOUT_BOT: u64 = FakeDiscord::GUILD_ID + (7 << 22);
const CHANNEL_WITHOUT_BOT: u64 = FakeDiscord::CHANNEL_ID + 7;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_serves_dms_group_dms_and_servers_without_the_bot() {
    tokio::time::timeout(Duration::from_secs(60), places_scenario())
        .await
        .expect("the places smoke test took more than 60 s")
        .expect("places smoke test");
}

async fn places_scenario() -> anyhow::Result<()> {
    use crate::support::fake_discord::{permissions, Place, TOKEN_LIFETIME};
    use serde_json::Value;
    use serenity::all::{
        Builder, ChannelId, CreateInteractionResponseFollowup, CreateMessage, GuildId, UserId,
    };
    let fake = FakeDiscord::start().await;
    let client = ClientBuilder::new_with_http(http(&fake), GatewayIntents::GUILDS)
        .event_handler(Anywhere)
        .await?;
    let (shards, task) = spawn_client(client);
    fake.wait_for_identify(STEP).await?;
    fake.wait_for_commands(STEP).await?;
    let http = http(&fake);
    // (The follow-up routes name the application.)
    http.set_application_id(serenity::all::ApplicationId::new(FakeDiscord::APP_ID));

    // The commands as registered; Discord fills in what the bot left out (a guild install,
    // every context).
    let here = fake.command_named("here").expect("/here");
    assert_eq!(
        (&here["integration_types"], &here["contexts"]),
        (&json!([0, 1]), &json!([0, 1, 2]))
    );
    let guildwide = fake.command_named("guildwide").expect("/guildwide");
    assert_eq!(
        (&guildwide["integration_types"], &guildwide["contexts"]),
        (&json!([0]), &Value::Null)
    );

    let alice = fake.user(1001, "alice");
    let bob = fake.user(1002, "bob");
    let carol = fake.user(1003, "carol");
    let dave = fake.user(1004, "dave");

    // The bot's own server, as always.
    let out = fake
        .slash(&alice, FakeDiscord::CHANNEL_ID, "here", json!([]))
        .await?;
    assert_eq!(
        out.content(),
        format!(
            "context Some(Guild) owners guild:{} guild {} member true user alice app {}",
            FakeDiscord::GUILD_ID,
            FakeDiscord::GUILD_ID,
            // (serenity keeps the bits it knows.)
            serenity::all::Permissions::from_bits_truncate(permissions::BOT).bits()
        )
    );
    assert_eq!(
        (out.context, &out.owners),
        (0, &json!({"0": FakeDiscord::GUILD_ID.to_string()}))
    );

    // The DM between alice and the bot: context 1, no server, the user at the top.
    let dm = fake.open_dm(&alice);
    assert_eq!(fake.place_of(dm), Place::BotDm(alice.id));
    let out = fake.slash(&alice, dm, "here", json!([])).await?;
    assert_eq!(
        out.content(),
        format!(
            "context Some(BotDm) owners guild:0,user:{} guild 0 member false user alice app {}",
            alice.id,
            permissions::APP_IN_BOT_DM
        )
    );
    assert_eq!(
        (out.context, out.guild, out.shard),
        (1, 0, [0, 1]),
        "a DM on shard 0"
    );
    assert_eq!(
        out.owners,
        json!({"0": "0", "1": alice.id.to_string()}),
        "both installations reach the DM with the bot"
    );
    let message = out.message()?.clone();
    assert!(message.is_visible_to(alice.id) && !message.is_visible_to(bob.id));
    // A guild-install command works in the DM with the bot too (contexts null: every one).
    let out = fake.slash(&alice, dm, "guildwide", json!([])).await?;
    assert_eq!(out.owners, json!({"0": "0"}));
    // The bot may post in its own DM through the channel's routes; the fake counts them.
    assert!(fake.channel_calls_in(dm).is_empty());
    ChannelId::new(dm)
        .send_message(&http, CreateMessage::new().content("a note"))
        .await?;
    assert_eq!(
        fake.channel_calls_in(dm),
        vec![format!("POST /api/v10/channels/{dm}/messages")]
    );
    let channel = ChannelId::new(dm).to_channel(&http).await?;
    assert!(
        matches!(&channel, serenity::all::Channel::Private(c) if c.recipient.id == alice.id),
        "{channel:?}"
    );

    // A group DM of alice (who installed the app), bob and carol: context 2, no bot there.
    let group = fake.open_group_dm(&[&alice, &bob, &carol]);
    let out = fake.slash(&alice, group, "here", json!([])).await?;
    assert_eq!(
        out.content(),
        format!(
            "context Some(PrivateChannel) owners user:{} guild 0 member false user alice app {}",
            alice.id,
            permissions::APP_IN_PRIVATE_CHANNEL
        )
    );
    assert_eq!((out.context, out.shard), (2, [0, 1]));
    let table = out.message()?.clone();
    assert!(table.is_visible_to(bob.id) && !table.is_visible_to(dave.id));
    // Bob has not installed the app: its commands are not his to use here...
    let refused = fake.slash(&bob, group, "here", json!([])).await;
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| e.to_string().contains("cannot be used")),
        "{refused:?}"
    );
    // ...nor is a guild-install command anyone's here.
    assert!(fake
        .slash(&alice, group, "guildwide", json!([]))
        .await
        .is_err());
    // But anyone there may press the button of the app's message; alice is still the owner.
    let pressed = fake.click(&bob, table.id, "here:press").await?;
    assert_eq!(
        pressed.content(),
        format!("pressed by bob owners user:{}", alice.id)
    );
    assert!(
        fake.click(&dave, table.id, "here:press").await.is_err(),
        "not in it"
    );
    // Once bob installs the app, he can use it there too.
    fake.install_for_user(&bob);
    let out = fake.slash(&bob, group, "here", json!([])).await?;
    assert_eq!(out.owners, json!({"1": bob.id.to_string()}));

    // A follow-up through the token, edited; the people there see it.
    let token = out.token.clone();
    let followup = CreateInteractionResponseFollowup::new()
        .content("the next hand")
        .execute(&http, (None, &token))
        .await?;
    let edited = CreateInteractionResponseFollowup::new()
        .content("the hand after")
        .execute(&http, (Some(followup.id), &token))
        .await?;
    assert_eq!(edited.content, "the hand after");
    let shown = fake.message(followup.id.get()).expect("follow-up");
    assert_eq!(shown.channel_id, group);
    assert!(shown.is_visible_to(carol.id) && !shown.is_visible_to(dave.id));
    assert_eq!(fake.violations(), Vec::<String>::new());

    // The group DM's own routes are not the bot's: 403 Missing Access, recorded.
    let refused = ChannelId::new(group).say(&http, "hello").await;
    assert_eq!(refused.as_ref().err().and_then(discord_code), Some(50001));
    assert_eq!(
        fake.refused_channel_calls(),
        vec![format!("POST /api/v10/channels/{group}/messages")]
    );
    assert!(
        fake.violations()
            .iter()
            .any(|v| v.contains("Missing Access") && v.contains("group DM")),
        "{:?}",
        fake.violations()
    );

    // Past the token's 15 minutes its follow-up can no longer be edited: 401, 50027.
    fake.advance_clock(TOKEN_LIFETIME + Duration::from_secs(60));
    let expired = CreateInteractionResponseFollowup::new()
        .content("too late")
        .execute(&http, (Some(followup.id), &token))
        .await;
    assert_eq!(expired.as_ref().err().and_then(discord_code), Some(50027));
    assert_eq!(fake.expired_token_calls().len(), 1);
    assert_eq!(
        fake.message(followup.id.get()).expect("kept").content,
        "the hand after"
    );
    // A new interaction's token is young again.
    let out = fake.slash(&alice, group, "here", json!([])).await?;
    CreateInteractionResponseFollowup::new()
        .content("on time")
        .execute(&http, (None, &out.token))
        .await?;

    // A server without the bot, where carol installed the app to her account: context 0, the
    // server and the member, but only her installation among the owners; no GUILD_CREATE.
    fake.add_guild_without_bot(GUILD_WITHOUT_BOT, &[CHANNEL_WITHOUT_BOT], &carol);
    let out = fake
        .slash(&carol, CHANNEL_WITHOUT_BOT, "here", json!([]))
        .await?;
    assert_eq!(
        out.content(),
        format!(
            "context Some(Guild) owners user:{} guild {GUILD_WITHOUT_BOT} member true user carol app {}",
            carol.id,
            permissions::APP_IN_GUILD_WITHOUT_BOT
        )
    );
    assert_eq!(out.owners, json!({"1": carol.id.to_string()}));
    assert!(fake
        .connections()
        .iter()
        .all(|c| !c.guilds.contains(&GUILD_WITHOUT_BOT)));
    assert!(fake
        .slash(&dave, CHANNEL_WITHOUT_BOT, "here", json!([]))
        .await
        .is_err());
    assert!(fake
        .slash(&carol, CHANNEL_WITHOUT_BOT, "guildwide", json!([]))
        .await
        .is_err());
    let member = http
        .get_member(GuildId::new(GUILD_WITHOUT_BOT), UserId::new(carol.id))
        .await;
    assert_eq!(member.as_ref().err().and_then(discord_code), Some(50001));

    // The Entry Point in a group DM, and its Activity's location: a private channel.
    let launched = fake.launch(&alice, group).await?;
    assert_eq!(launched.callback_type, 12);
    let instance = fake.open_activity(group, &[&alice, &bob]);
    let addr = fake.base_url().trim_start_matches("http://").parse()?;
    let path = format!(
        "/api/v10/applications/{}/activity-instances/{instance}",
        FakeDiscord::APP_ID
    );
    let (status, body) = crate::support::http::get(addr, &path).await?;
    assert_eq!(status, 200, "{body}");
    let location = serde_json::from_str::<Value>(&body)?["location"].clone();
    assert_eq!(
        location,
        json!({"id": format!("pc-{group}"), "kind": "pc", "channel_id": group.to_string()})
    );
    let instance = fake.open_activity(CHANNEL_WITHOUT_BOT, &[&carol]);
    let path = format!(
        "/api/v10/applications/{}/activity-instances/{instance}",
        FakeDiscord::APP_ID
    );
    let (_, body) = crate::support::http::get(addr, &path).await?;
    let location = serde_json::from_str::<Value>(&body)?["location"].clone();
    assert_eq!(
        (&location["kind"], &location["guild_id"]),
        (&json!("gc"), &json!(GUILD_WITHOUT_BOT.to_string()))
    );

    stop_client(shards, task).await;
    assert_eq!(
        fake.refused_channel_calls(),
        vec![
            format!("POST /api/v10/channels/{group}/messages"),
            format!(
                "GET /api/v10/guilds/{GUILD_WITHOUT_BOT}/members/{}",
                carol.id
            ),
        ]
    );
    assert_eq!(fake.violations().len(), 3, "{:?}", fake.violations());
    Ok(())
}
