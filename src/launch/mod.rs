//! The `?new=1&rules=…&players=…&dice=…&seed=…&joker=…` address that starts a game directly, the
//! `?room=…&name=…` address that opens an online room and joins it, and an event's addresses ([`event`];
//! see UI-HOOKS.md).

use fivedice_room::{RoomName, check_player_name};
use fivedice_rules::{
    Columns, ColumnsError, DiceMode, HouseChoices, Joker, Language, Rules, RulesError, RulesetId,
    UnknownColumn,
};
use fivedice_worker::Level;

use crate::table::{DEFAULT_BOT_DELAY_MS, NewGameRequest};

mod error;
mod event;

pub use error::AddressError;
use error::RULESETS;
pub use event::{EventLaunch, Invitation, parse_event_launch, rules_query};

/// Reads the query string (with or without its `?`): `None` unless it asks for a new game, else the request or
/// why not. Players are checked when the game is created.
pub fn parse_launch(query: &str) -> Option<Result<NewGameRequest, AddressError>> {
    let params = query_params(query);
    let get = |name: &str| param(&params, name);
    if get("new") != Some("1") {
        return None;
    }
    Some(request(&get))
}

/// Whether the query string asks for something a launch address does (a new game, a room, an event's page or
/// invitation): `None` if not, else whether it is an event's address (which stays, so a reload shows it again).
pub fn launch_asked(query: &str) -> Option<bool> {
    let params = query_params(query);
    let has = |name: &str| param(&params, name).is_some();
    let event = has("organise") || has("screen") || has("event");
    (event || has("new") || has("room")).then_some(event)
}

/// The language a launch address asks for (`&lang=en|fr|es|de`, with `new=1`, `room=` or alone): `None` when it
/// names none, else the language or why the tag is not one the app speaks.
pub fn parse_language(query: &str) -> Option<Result<Language, String>> {
    let params = query_params(query);
    let tag = param(&params, "lang")?;
    Some(
        tag.parse()
            .map_err(|error: fivedice_rules::UnknownLanguage| error.to_string()),
    )
}

/// An online room as a launch address asks for it: `?room=<name>&name=<player>` (`&rules=` preselects the
/// game, should this device host the lobby; `&handover=<code>` is a link that moves a seat to this device).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomLaunch {
    pub room: RoomName,
    /// Who joins from this device; `None` opens the room to watch (or to resume the seats held there).
    pub player: Option<String>,
    /// The game chosen as soon as this device hosts the lobby.
    pub game: Option<RoomGame>,
    /// The code of a link that moves a seat to this device, taken once the server has welcomed it.
    pub hand_over: Option<String>,
}

/// A room's game: its rules and its dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomGame {
    pub rules: Rules,
    pub dice: DiceMode,
}

impl RoomGame {
    /// A ruleset as the setup screen first offers it (its sheet's own Joker), with the app's dice.
    pub fn of_ruleset(ruleset: RulesetId) -> Result<RoomGame, RulesError> {
        let joker = ruleset
            .ruleset()
            .extra_five_of_a_kind
            .map(|_| Joker::printed_on(ruleset));
        Ok(RoomGame {
            rules: Rules::from_choices(ruleset, joker, None)?,
            dice: DiceMode::App,
        })
    }
}

/// Reads the query string: `None` unless it names a room, else the room to open or why it cannot be.
pub fn parse_room_launch(query: &str) -> Option<Result<RoomLaunch, AddressError>> {
    let params = query_params(query);
    let room = param(&params, "room")?;
    Some(room_launch(room, &|name| param(&params, name)))
}

fn room_launch<'a>(room: &str, get: &impl Fn(&str) -> Option<&'a str>) -> Result<RoomLaunch, AddressError> {
    let room = RoomName::parse(room).map_err(AddressError::Name)?;
    let player = match get("name") {
        Some(name) => Some(check_player_name(name).map_err(AddressError::Name)?),
        None => None,
    };
    let game = match get("rules") {
        Some(id) => Some(RoomGame::of_ruleset(ruleset_named(id)?).map_err(AddressError::Rules)?),
        None => None,
    };
    // Whether a code is one of the room's is the server's to say; an empty one is no link at all.
    let hand_over = match get("handover") {
        Some("") => return Err(AddressError::EmptyHandOver),
        code => code.map(str::to_string),
    };
    Ok(RoomLaunch {
        room,
        player,
        game,
        hand_over,
    })
}

fn query_params(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(key), percent_decode(value))
        })
        .collect()
}

fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params
        .iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.as_str())
}

/// Generala's house rules from the address: `first_roll_bonus=5|10`, `first_roll_wins=yes|no`,
/// `double=yes|no`, `ace_after_six=yes|no`, each the usual rule when left out; refused for another ruleset.
fn house_rules<'a>(rules: Rules, get: &dyn Fn(&str) -> Option<&'a str>) -> Result<Rules, AddressError> {
    let yes_no = |name: &'static str| match get(name) {
        None => Ok(None),
        Some("yes") => Ok(Some(true)),
        Some("no") => Ok(Some(false)),
        Some(other) => Err(AddressError::not_one_of(name, other, "yes, no")),
    };
    let first_roll_bonus = match get("first_roll_bonus") {
        None => None,
        Some(bonus) => Some(
            bonus
                .parse()
                .map_err(|_| AddressError::not_one_of("first_roll_bonus", bonus, "5, 10"))?,
        ),
    };
    let choices = HouseChoices {
        first_roll_bonus,
        first_roll_wins: yes_no("first_roll_wins")?,
        double: yes_no("double")?,
        ace_after_six: yes_no("ace_after_six")?,
    };
    rules.with_house_choices(choices).map_err(AddressError::Rules)
}

/// The ruleset `rules=` names.
fn ruleset_named(id: &str) -> Result<RulesetId, AddressError> {
    id.parse()
        .map_err(|_: fivedice_rules::UnknownRuleset| AddressError::not_one_of("rules", id, RULESETS))
}

/// (One copy of it for every address that names rules: `get` is a `dyn`.)
/// The rules an address names: `rules=<id>`, with `joker=`, Generala's house rules, `upper_bonus=` and
/// `columns=`, each the ruleset's own when left out.
fn rules_named<'a>(get: &dyn Fn(&str) -> Option<&'a str>) -> Result<Rules, AddressError> {
    let id = ruleset_named(get("rules").ok_or(AddressError::Missing {
        parameter: "rules",
        example: "rules=yahtzee",
    })?)?;
    // Without `joker=`, the rule printed on the ruleset's own sheet, as the setup screen chooses it.
    let joker = match get("joker") {
        Some(joker) => Some(joker.parse::<Joker>().map_err(AddressError::Rules)?),
        None => Some(Joker::printed_on(id)).filter(|_| id.ruleset().extra_five_of_a_kind.is_some()),
    };
    let rules = Rules::from_choices(id, joker, None).map_err(AddressError::Rules)?;
    let rules = house_rules(rules, get)?;
    // Another upper bonus the sheet offers: `upper_bonus=50at75` (Maxi Yatzy).
    let rules = match get("upper_bonus") {
        Some(bonus) => {
            let bonus = bonus
                .parse()
                .map_err(|_| AddressError::not_one_of("upper_bonus", bonus, "50at75"))?;
            rules.with_upper_bonus(bonus).map_err(AddressError::Rules)?
        }
        None => rules,
    };
    // Column Yam: `columns=down,free,up` (any of down, free, up, dry, announced, in sheet order).
    match get("columns") {
        Some(list) => {
            let columns = Columns::parse_list(list).map_err(|error| match error {
                ColumnsError::Unknown(UnknownColumn(column)) => {
                    AddressError::not_one_of("columns", &column, "down, free, up, dry, announced")
                }
                error => AddressError::Columns(error),
            })?;
            rules.with_columns(columns).map_err(AddressError::Rules)
        }
        None => Ok(rules),
    }
}

fn request<'a>(get: &impl Fn(&str) -> Option<&'a str>) -> Result<NewGameRequest, AddressError> {
    let rules = rules_named(get)?;
    let mode = get("dice").unwrap_or("app");
    let mode: DiceMode = mode
        .parse()
        .map_err(|_| AddressError::not_one_of("dice", mode, "app, pad"))?;
    let players: Vec<String> = get("players")
        .ok_or(AddressError::Missing {
            parameter: "players",
            example: "players=Anna,Ben",
        })?
        .split(',')
        .map(str::to_string)
        .collect();
    let seed = match get("seed") {
        Some(seed) => Some(
            seed.parse::<u64>()
                .map_err(|_| AddressError::not_one_of("seed", seed, "0 … 18446744073709551615"))?,
        ),
        None => None,
    };
    // Beyond UI-HOOKS.md: `bots=human,optimal,casual` seats computer players, `botdelay=<ms>` sets their pace.
    let computer: Vec<Option<Level>> = match get("bots") {
        Some(list) => list
            .split(',')
            .map(|seat| match seat {
                "" | "human" => Ok(None),
                level => level.parse::<Level>().map(Some).map_err(|_| {
                    AddressError::not_one_of("bots", level, "human, winner, optimal, strong, casual")
                }),
            })
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    if computer.len() > players.len() {
        return Err(AddressError::MoreComputersThanPlayers {
            computers: computer.len(),
            players: players.len(),
        });
    }
    if mode == DiceMode::Pad && computer.iter().any(Option::is_some) {
        return Err(AddressError::ComputersNeedAppDice);
    }
    let bot_delay_ms = match get("botdelay") {
        Some(delay) => delay
            .parse::<u32>()
            .map_err(|_| AddressError::not_one_of("botdelay", delay, "0, 1, 2 … (ms)"))?,
        None => DEFAULT_BOT_DELAY_MS,
    };
    Ok(NewGameRequest {
        rules,
        mode,
        players,
        seed,
        computer,
        bot_delay_ms,
        event: None,
    })
}

/// Decodes `%XX` escapes (as UTF-8) and `+` as a space, as browsers write query strings.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| text.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (bytes[i], escaped) {
            (_, Some(byte)) => {
                decoded.push(byte);
                i += 3;
            }
            (b'+', None) => {
                decoded.push(b' ');
                i += 1;
            }
            (byte, None) => {
                decoded.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

#[cfg(test)]
mod tests;
