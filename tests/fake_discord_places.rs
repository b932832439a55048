//! The fake Discord's places beyond the bot's servers, checked with a bare serenity client
//! (`fake_discord_smoke` has the walk through them): what Discord holds a user-installed app
//! to there (five follow-ups per interaction, no threads in a DM, no route of a server the bot
//! is not in, no guild commands there, `PRIVATE_CHANNEL` only with a user install), autocomplete,
//! select menus, ephemeral answers and forged interactions in each place, the default
//! `integration_types` a test can set, and the shard a DM or a server without the bot goes
//! out on.

use std::time::Duration;

use crate::support::fake_discord::{shard_of, FakeDiscord};
use serde_json::json;
use serenity::all::{
    AutocompleteChoice, Builder, ChannelId, Client, ClientBuilder, Command, Context,
    CreateActionRow, CreateAutocompleteResponse, CreateCommand, CreateCommandOption,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, CreateThread, EventHandler,
    GatewayIntents, GuildId, HttpBuilder, InstallationContext as Install, Interaction,
    InteractionContext as Where, Ready,
};

const STEP: Duration = Duration::from_secs(10);

/// A server without the bot, and its channel.
const GUILD_WITHOUT_BOT: u64 = FakeDiscord::GUILD_ID + (9 << 22);
const CHANNEL_WITHOUT_BOT: u64 = FakeDiscord::CHANNEL_ID + 9;

fn http(fake: &FakeDiscord) -> serenity::http::Http {
    let http = HttpBuilder::new(FakeDiscord::TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    http.set_application_id(serenity::all::ApplicationId::new(FakeDiscord::APP_ID));
    http
}

/// The Discord error code of a failed request.
fn code<T>(result: &serenity::Result<T>) -> Option<isize> {
    match result {
        Err(serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r))) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

/// `/deal` (both installations, every context, a `game` with autocomplete) answers publicly
/// with a select menu; `/peek` (a user install, group DMs only) answers privately; a choice in
/// the menu updates the message with who chose.
fn commands() -> Vec<CreateCommand> {
    let game = CreateCommandOption::new(serenity::all::CommandOptionType::String, "game", "A game")
        .set_autocomplete(true);
    vec![
        CreateCommand::new("deal")
            .description("Deal a table")
            .add_option(game)
            .integration_types(vec![Install::Guild, Install::User])
            .contexts(vec![Where::Guild, Where::BotDm, Where::PrivateChannel]),
        CreateCommand::new("peek")
            .description("A private look")
            .integration_types(vec![Install::User])
            .contexts(vec![Where::PrivateChannel]),
    ]
}

struct Dealer;

#[serenity::async_trait]
impl EventHandler for Dealer {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        if let Err(e) = Command::set_global_commands(&ctx.http, commands()).await {
            eprintln!("registering commands failed: {e}");
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match &interaction {
            Interaction::Autocomplete(a) => {
                let choices = ["kop", "paskahousu", "red7"]
                    .into_iter()
                    .filter(|g| {
                        let typed = a.data.autocomplete().map_or("", |o| o.value);
                        g.starts_with(typed)
                    })
                    .map(|g| AutocompleteChoice::new(g, g))
                    .collect();
                let answer = CreateAutocompleteResponse::new().set_choices(choices);
                a.create_response(&ctx.http, CreateInteractionResponse::Autocomplete(answer))
                    .await
            }
            Interaction::Command(cmd) if cmd.data.name == "peek" => {
                let reply = CreateInteractionResponseMessage::new()
                    .content(format!("your cards, {}", cmd.user.name))
                    .ephemeral(true);
                cmd.create_response(&ctx.http, CreateInteractionResponse::Message(reply))
                    .await
            }
            Interaction::Command(cmd) => {
                let options = ["a", "b"]
                    .into_iter()
                    .map(|v| CreateSelectMenuOption::new(v, v))
                    .collect();
                let menu =
                    CreateSelectMenu::new("deal:pick", CreateSelectMenuKind::String { options });
                let reply = CreateInteractionResponseMessage::new()
                    .content("dealt")
                    .components(vec![CreateActionRow::SelectMenu(menu)]);
                cmd.create_response(&ctx.http, CreateInteractionResponse::Message(reply))
                    .await
            }
            Interaction::Component(c) => {
                let values = match &c.data.kind {
                    serenity::all::ComponentInteractionDataKind::StringSelect { values } => {
                        values.join(",")
                    }
                    _ => String::new(),
                };
                let update = CreateInteractionResponseMessage::new()
                    .content(format!("picked {values} by {}", c.user.name));
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

async fn start(
    fake: &FakeDiscord,
    handler: impl EventHandler + 'static,
) -> anyhow::Result<(Client, std::sync::Arc<serenity::all::ShardManager>)> {
    let client = ClientBuilder::new_with_http(http(fake), GatewayIntents::GUILDS)
        .event_handler(handler)
        .await?;
    let manager = client.shard_manager.clone();
    Ok((client, manager))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_installed_app_meets_discords_limits_in_the_fake() {
    tokio::time::timeout(Duration::from_secs(60), limits_scenario())
        .await
        .expect("took more than 60 s")
        .expect("the places' limits");
}

async fn limits_scenario() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await;
    let (mut client, manager) = start(&fake, Dealer).await?;
    let task = tokio::spawn(async move { client.start().await });
    fake.wait_for_identify(STEP).await?;
    fake.wait_for_commands(STEP).await?;
    let http = http(&fake);
    let alice = fake.user(1001, "alice");
    let bob = fake.user(1002, "bob");
    let carol = fake.user(1003, "carol");

    // Autocomplete in the DM with the bot.
    let dm = fake.open_dm(&alice);
    let choices = fake
        .autocomplete(
            &alice,
            dm,
            "deal",
            json!([{"name": "game", "value": "k", "focused": true}]),
        )
        .await?;
    assert_eq!(choices, vec![json!({"name": "kop", "value": "kop"})]);

    // A group DM: alice deals; bob, who has not installed the app, chooses in its menu.
    let group = fake.open_group_dm(&[&alice, &bob]);
    let dealt = fake.slash(&alice, group, "deal", json!([])).await?;
    let table = dealt.message()?.clone();
    assert_eq!(
        table.interaction_metadata["authorizing_integration_owners"],
        json!({"1": alice.id.to_string()}),
        "the message tells who installed the app"
    );
    let picked = fake.select(&bob, table.id, "deal:pick", &["b"]).await?;
    assert_eq!(picked.callback_type, 7);
    assert_eq!(picked.content(), "picked b by bob");
    assert_eq!(picked.owners, json!({"1": alice.id.to_string()}));
    // /peek is for group DMs only, and answers privately there.
    let peek = fake.slash(&alice, group, "peek", json!([])).await?;
    let private = peek.message()?;
    assert!(private.ephemeral && private.is_visible_to(alice.id) && !private.is_visible_to(bob.id));
    assert!(fake.slash(&alice, dm, "peek", json!([])).await.is_err());
    assert!(fake
        .slash(&alice, FakeDiscord::CHANNEL_ID, "peek", json!([]))
        .await
        .is_err());
    // A forged interaction still carries the place's context and owners.
    let forged = fake
        .raw_interaction(
            &alice,
            group,
            2,
            json!({"id": "1", "name": "deal", "type": 1}),
            None,
        )
        .await?;
    assert_eq!(
        (forged.context, &forged.owners),
        (2, &json!({"1": alice.id.to_string()}))
    );
    assert_eq!(fake.violations(), Vec::<String>::new());

    // A user-installed app makes at most five follow-ups per interaction; a guild install any
    // number.
    for n in 0..5 {
        CreateInteractionResponseFollowup::new()
            .content(format!("follow-up {n}"))
            .execute(&http, (None, &dealt.token))
            .await?;
    }
    let sixth = CreateInteractionResponseFollowup::new()
        .content("one too many")
        .execute(&http, (None, &dealt.token))
        .await;
    assert_eq!(code(&sixth), Some(40094));
    let home = fake
        .slash(&alice, FakeDiscord::CHANNEL_ID, "deal", json!([]))
        .await?;
    for n in 0..6 {
        CreateInteractionResponseFollowup::new()
            .content(format!("follow-up {n}"))
            .execute(&http, (None, &home.token))
            .await?;
    }

    // No thread in a DM; nothing of a server the bot is not in.
    fake.add_guild_without_bot(GUILD_WITHOUT_BOT, &[CHANNEL_WITHOUT_BOT], &carol);
    let out = fake
        .raw_interaction(
            &carol,
            CHANNEL_WITHOUT_BOT,
            2,
            json!({"id": "1", "name": "deal", "type": 1}),
            None,
        )
        .await?;
    assert_eq!(
        (out.context, out.guild, &out.owners),
        (0, GUILD_WITHOUT_BOT, &json!({"1": carol.id.to_string()}))
    );
    let thread = ChannelId::new(dm)
        .create_thread(&http, CreateThread::new("no"))
        .await;
    assert_eq!(code(&thread), Some(50024));
    let there = ChannelId::new(CHANNEL_WITHOUT_BOT);
    let thread = there.create_thread(&http, CreateThread::new("no")).await;
    assert_eq!(code(&thread), Some(50001));
    assert_eq!(code(&there.broadcast_typing(&http).await), Some(50001));
    let server = GuildId::new(GUILD_WITHOUT_BOT);
    assert_eq!(code(&http.get_guild(server).await), Some(50001));
    assert_eq!(
        code(&server.set_commands(&http, commands()).await),
        Some(50001)
    );
    assert_eq!(fake.refused_channel_calls().len(), 4);
    assert!(fake.channel_calls_in(group).is_empty());

    // PRIVATE_CHANNEL needs a user install.
    let wrong = CreateCommand::new("wrong")
        .description("Group DMs without a user install")
        .contexts(vec![Where::PrivateChannel]);
    assert_eq!(
        code(&Command::set_global_commands(&http, vec![wrong]).await),
        Some(50035)
    );
    // A command registered without integration types gets the fake's default.
    fake.set_default_integration_types(&[0, 1]);
    let mut defs = commands();
    defs.push(CreateCommand::new("plain").description("Discord's defaults"));
    Command::set_global_commands(&http, defs).await?;
    assert_eq!(
        fake.command_named("plain").expect("plain")["integration_types"],
        json!([0, 1])
    );

    manager.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
    let violations = fake.violations();
    for expected in [
        "may create 5 follow-ups",
        "cannot be started in a thread or a DM",
        &format!("/channels/{CHANNEL_WITHOUT_BOT}/threads"),
        &format!("/channels/{CHANNEL_WITHOUT_BOT}/typing"),
        &format!("GET /api/v10/guilds/{GUILD_WITHOUT_BOT}"),
        &format!("/guilds/{GUILD_WITHOUT_BOT}/commands"),
        "context 2 (PRIVATE_CHANNEL) without integration type 1",
    ] {
        assert!(
            violations.iter().any(|v| v.contains(expected)),
            "{expected:?} not in {violations:?}"
        );
    }
    assert_eq!(violations.len(), 7, "{violations:?}");
    Ok(())
}

/// Registers `/where` (on shard 0, with the fake's default integration types) and answers it
/// with the shard that delivered it.
struct ShardEcho;

#[serenity::async_trait]
impl EventHandler for ShardEcho {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        if ctx.shard_id.0 == 0 {
            let cmd = CreateCommand::new("where").description("Which shard am I on?");
            let _ = Command::set_global_commands(&ctx.http, vec![cmd]).await;
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Interaction::Command(cmd) = interaction else {
            return;
        };
        let reply =
            CreateInteractionResponseMessage::new().content(format!("shard {}", ctx.shard_id));
        let _ = cmd
            .create_response(&ctx.http, CreateInteractionResponse::Message(reply))
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dms_go_out_on_shard_zero_and_a_server_without_the_bot_on_its_own() {
    tokio::time::timeout(Duration::from_secs(60), shards_scenario())
        .await
        .expect("took more than 60 s")
        .expect("the places' shards");
}

async fn shards_scenario() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await;
    // An app whose commands are made for both installations unless they say otherwise.
    fake.set_default_integration_types(&[0, 1]);
    let away = (1..)
        .map(|k| GUILD_WITHOUT_BOT + (k << 22))
        .find(|g| shard_of(*g, 2) == 1)
        .expect("a server on shard 1");
    let alice = fake.user(1001, "alice");
    let bob = fake.user(1002, "bob");
    fake.add_guild_without_bot(away, &[CHANNEL_WITHOUT_BOT], &alice);

    let (mut first, first_manager) = start(&fake, ShardEcho).await?;
    let first_task = tokio::spawn(async move { first.start_shard(0, 2).await });
    let (mut second, second_manager) = start(&fake, ShardEcho).await?;
    let second_task = tokio::spawn(async move { second.start_shard(1, 2).await });
    fake.wait_for_shards(&[[0, 2], [1, 2]], STEP).await?;
    fake.wait_for_commands(STEP).await?;
    assert!(
        fake.connections().iter().all(|c| !c.guilds.contains(&away)),
        "no GUILD_CREATE for a server without the bot"
    );

    let dm = fake.open_dm(&alice);
    let group = fake.open_group_dm(&[&alice, &bob]);
    for (channel, shard) in [(dm, 0), (group, 0), (CHANNEL_WITHOUT_BOT, 1)] {
        let out = fake.slash(&alice, channel, "where", json!([])).await?;
        assert_eq!(out.shard, [shard, 2], "{:?}", fake.place_of(channel));
        assert_eq!(out.content(), format!("shard {shard}"));
    }

    first_manager.shutdown_all().await;
    second_manager.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(5), first_task).await;
    let _ = tokio::time::timeout(Duration::from_secs(5), second_task).await;
    assert_eq!(fake.violations(), Vec::<String>::new());
    Ok(())
}
