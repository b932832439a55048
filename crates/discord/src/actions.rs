//! How the chat offers each of the table's actions (`pakka_table::TableAction`, the one list
//! both edges offer): a button of a message (its `ComponentId`) or a slash command. The match
//! is exhaustive, so an action added to the list does not build here until the chat offers it,
//! and the test below checks that every button reads back and every command is registered.

use pakka_table::{TableAction, TableId};

use super::ids::ComponentId;

/// Where the chat offers an action.
#[derive(Debug, PartialEq)]
pub enum Offered {
    /// A button, of the table's messages or a hand's (for table `table`).
    Button(ComponentId),
    /// A slash command, by its English name.
    Command(&'static str),
}

/// How the chat offers `action` at table `table`.
pub fn offered_as(action: TableAction, table: TableId) -> Offered {
    use Offered::{Button, Command};
    match action {
        TableAction::Join => Button(ComponentId::Join(table)),
        TableAction::Accept => Button(ComponentId::Accept(table)),
        TableAction::Decline | TableAction::Leave => Button(ComponentId::Decline(table)),
        TableAction::AddComputer => Button(ComponentId::Bot(table)),
        TableAction::Move => Button(ComponentId::Act {
            table,
            mv: 0,
            index: 0,
        }),
        TableAction::Hint => Button(ComponentId::Hint { table, mv: 0 }),
        TableAction::TakeOver => Button(ComponentId::Take { table, seat: 0 }),
        TableAction::Back => Button(ComponentId::Back(table)),
        TableAction::PlayAgain => Button(ComponentId::Again(table)),
        TableAction::GiveUp => Command("abandon"),
        TableAction::Pause => Command("pause"),
        TableAction::Resume => Command("resume"),
        TableAction::Rules => Command("rules"),
        TableAction::Leaderboard => Command("scores"),
    }
}

#[cfg(test)]
mod tests {
    //! Every action of the table's one list is offered in the chat: its button's custom_id
    //! reads back as the same button, and its command is one the bot registers.

    use super::*;

    #[test]
    fn the_chat_offers_every_action_of_the_tables_list() {
        for action in TableAction::ALL {
            match offered_as(action, 42) {
                Offered::Button(id) => {
                    let text = id.to_string();
                    assert_eq!(text.parse::<ComponentId>().ok(), Some(id), "{action:?}");
                }
                Offered::Command(name) => assert!(
                    crate::command_names::COMMANDS
                        .iter()
                        .any(|(english, _, _)| *english == name),
                    "{action:?}: /{name} is not registered"
                ),
            }
        }
    }
}
