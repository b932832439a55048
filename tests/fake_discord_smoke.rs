//! Proves that a real serenity (and poise) client works against the fake Discord in
//! `tests/support`: connect, register commands, answer a slash command with an ephemeral message
//! carrying a button, update that message on a click, defer and follow up, autocomplete,
//! reconnect after a dropped gateway connection.

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
