//! The `?new=1&rules=…&players=…&dice=…&seed=…&joker=…` address that starts a game directly, the
//! `?room=…&name=…` address that opens an online room and joins it, and an event's addresses ([`gathering`];
//! see UI-HOOKS.md).

use fivedice_room::{RoomName, check_player_name};
use fivedice_rules::{Columns, DiceMode, HouseChoices, Joker, Language, Rules, RulesError, RulesetId};
use fivedice_worker::Level;

use crate::table::{DEFAULT_BOT_DELAY_MS, NewGameRequest};

mod gathering;

pub use gathering::{GatheringLaunch, Invitation, parse_gathering_launch, rules_query};

/// Reads the query string (with or without its `?`): `None` unless it asks for a new game, else the request or
/// a message naming the bad parameter. Players are checked when the game is created.
pub fn parse_launch(query: &str) -> Option<Result<NewGameRequest, String>> {
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
pub fn parse_room_launch(query: &str) -> Option<Result<RoomLaunch, String>> {
    let params = query_params(query);
    let room = param(&params, "room")?;
    Some(room_launch(room, &|name| param(&params, name)))
}

fn room_launch<'a>(room: &str, get: &impl Fn(&str) -> Option<&'a str>) -> Result<RoomLaunch, String> {
    let room = RoomName::parse(room).map_err(|error| error.to_string())?;
    let player = match get("name") {
        Some(name) => Some(check_player_name(name).map_err(|error| error.to_string())?),
        None => None,
    };
    let game = match get("rules") {
        Some(id) => {
            let ruleset = id
                .parse::<RulesetId>()
                .map_err(|error: fivedice_rules::UnknownRuleset| error.to_string())?;
            Some(RoomGame::of_ruleset(ruleset).map_err(|error| error.to_string())?)
        }
        None => None,
    };
    // Whether a code is one of the room's is the server's to say; an empty one is no link at all.
    let hand_over = match get("handover") {
        Some("") => return Err("handover: not a link that moves a seat".into()),
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
fn house_rules<'a>(rules: Rules, get: &dyn Fn(&str) -> Option<&'a str>) -> Result<Rules, String> {
    let yes_no = |name: &str| match get(name) {
        None => Ok(None),
        Some("yes") => Ok(Some(true)),
        Some("no") => Ok(Some(false)),
        Some(other) => Err(format!("{name}: {other:?} is not yes or no")),
    };
    let first_roll_bonus = match get("first_roll_bonus") {
        None => None,
        Some(bonus) => Some(
            bonus
                .parse()
                .map_err(|_| format!("first_roll_bonus: {bonus:?} is not 5 or 10"))?,
        ),
    };
    let choices = HouseChoices {
        first_roll_bonus,
        first_roll_wins: yes_no("first_roll_wins")?,
        double: yes_no("double")?,
        ace_after_six: yes_no("ace_after_six")?,
    };
    rules
        .with_house_choices(choices)
        .map_err(|error| error.to_string())
}

/// (One copy of it for every address that names rules: `get` is a `dyn`.)
/// The rules an address names: `rules=<id>`, with `joker=`, Generala's house rules, `upper_bonus=` and
/// `columns=`, each the ruleset's own when left out.
fn rules_named<'a>(get: &dyn Fn(&str) -> Option<&'a str>) -> Result<Rules, String> {
    let id: RulesetId = get("rules")
        .ok_or("the address names no ruleset (rules=yahtzee, yardzee, yam, yatzy, yacht, forced-yatzy, generala or maxi-yatzy)")?
        .parse()
        .map_err(|error: fivedice_rules::UnknownRuleset| error.to_string())?;
    // Without `joker=`, the rule printed on the ruleset's own sheet, as the setup screen chooses it.
    let joker = match get("joker") {
        Some(joker) => Some(joker.parse::<Joker>().map_err(|error| error.to_string())?),
        None => Some(Joker::printed_on(id)).filter(|_| id.ruleset().extra_five_of_a_kind.is_some()),
    };
    let rules = Rules::from_choices(id, joker, None).map_err(|error| error.to_string())?;
    let rules = house_rules(rules, get)?;
    // Another upper bonus the sheet offers: `upper_bonus=50at75` (Maxi Yatzy).
    let rules = match get("upper_bonus") {
        Some(bonus) => {
            let bonus = bonus
                .parse()
                .map_err(|_| format!("upper_bonus: {bonus:?} is not points at a threshold (50at75)"))?;
            rules.with_upper_bonus(bonus).map_err(|error| error.to_string())?
        }
        None => rules,
    };
    // Column Yam: `columns=down,free,up` (any of down, free, up, dry, announced, in sheet order).
    match get("columns") {
        Some(list) => {
            let columns = Columns::parse_list(list).map_err(|error| format!("columns: {error}"))?;
            rules.with_columns(columns).map_err(|error| error.to_string())
        }
        None => Ok(rules),
    }
}

fn request<'a>(get: &impl Fn(&str) -> Option<&'a str>) -> Result<NewGameRequest, String> {
    let rules = rules_named(get)?;
    let mode = get("dice").unwrap_or("app");
    let mode: DiceMode = mode
        .parse()
        .map_err(|_| format!("unknown dice mode {mode:?} (dice=app or dice=pad)"))?;
    let players: Vec<String> = get("players")
        .ok_or("the address names no players (players=Anna,Ben)")?
        .split(',')
        .map(str::to_string)
        .collect();
    let seed = match get("seed") {
        Some(seed) => Some(
            seed.parse::<u64>()
                .map_err(|_| format!("seed {seed:?} is not a whole number from 0 to 18446744073709551615"))?,
        ),
        None => None,
    };
    // Beyond UI-HOOKS.md: `bots=human,optimal,casual` seats computer players, `botdelay=<ms>` sets their pace.
    let computer: Vec<Option<Level>> = match get("bots") {
        Some(list) => list
            .split(',')
            .map(|seat| match seat {
                "" | "human" => Ok(None),
                level => level.parse::<Level>().map(Some),
            })
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    if computer.len() > players.len() {
        return Err(format!(
            "bots= names {} seats for {} players",
            computer.len(),
            players.len()
        ));
    }
    if mode == DiceMode::Pad && computer.iter().any(Option::is_some) {
        return Err("computer players need the app's dice (dice=app)".into());
    }
    let bot_delay_ms = match get("botdelay") {
        Some(delay) => delay
            .parse::<u32>()
            .map_err(|_| format!("botdelay {delay:?} is not a number of milliseconds"))?,
        None => DEFAULT_BOT_DELAY_MS,
    };
    Ok(NewGameRequest {
        rules,
        mode,
        players,
        seed,
        computer,
        bot_delay_ms,
        gathering: None,
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
mod tests {
    use super::*;
    use fivedice_rules::HouseRules;

    #[test]
    fn a_full_address_starts_a_game() {
        let request =
            parse_launch("?new=1&rules=yardzee&players=Anna,Ben%20B,Zo%C3%AB&dice=app&seed=42&joker=free")
                .unwrap()
                .unwrap();
        assert_eq!(
            request.rules,
            Rules::with_options(RulesetId::Yardzee, Joker::Free, true).unwrap()
        );
        assert_eq!(request.players, ["Anna", "Ben B", "Zoë"]);
        assert_eq!((request.mode, request.seed), (DiceMode::App, Some(42)));
    }

    #[test]
    fn without_joker_a_sheet_plays_the_rule_printed_on_it() {
        let joker = |query: &str| parse_launch(query).unwrap().unwrap().rules.joker();
        assert_eq!(joker("new=1&rules=yardzee&players=A"), Joker::None);
        assert_eq!(joker("new=1&rules=yahtzee&players=A"), Joker::Forced);
        assert_eq!(joker("new=1&rules=yardzee&players=A&joker=forced"), Joker::Forced);
        assert_eq!(joker("new=1&rules=yatzy&players=A"), Joker::None);
    }

    #[test]
    fn column_yam_by_address() {
        let request = parse_launch("new=1&rules=yam&columns=down,free,up&players=A,B")
            .unwrap()
            .unwrap();
        assert_eq!(request.rules.columns().as_slice(), Columns::USUAL);
        for (query, reason) in [
            ("new=1&rules=yahtzee&columns=down&players=A", "one column"),
            ("new=1&rules=yam&columns=down,down&players=A", "twice"),
            ("new=1&rules=yam&columns=sideways&players=A", "sideways"),
        ] {
            let error = parse_launch(query).unwrap().unwrap_err();
            assert!(error.contains(reason), "{query}: {error}");
        }
        let computers = parse_launch("new=1&rules=yam&columns=down,up&players=A,B&bots=human,optimal")
            .unwrap()
            .unwrap();
        assert_eq!(computers.computer, vec![None, Some(Level::Optimal)]);
    }

    #[test]
    fn generala_s_house_rules_by_address() {
        let house = |query: &str| parse_launch(query).unwrap().unwrap().rules.house();
        assert_eq!(house("new=1&rules=generala&players=A"), Some(HouseRules::DEFAULT));
        let chosen = house(
            "new=1&rules=generala&players=A&first_roll_bonus=10&first_roll_wins=no&double=no&ace_after_six=yes",
        );
        assert_eq!(
            chosen,
            Some(HouseRules {
                first_roll_bonus: 10,
                first_roll_wins: false,
                double: false,
                ace_after_six: true
            })
        );
        for (query, reason) in [
            ("new=1&rules=generala&players=A&first_roll_bonus=7", "5 or 10"),
            ("new=1&rules=generala&players=A&double=maybe", "maybe"),
            ("new=1&rules=yahtzee&players=A&double=no", "no house rules"),
        ] {
            let error = parse_launch(query).unwrap().unwrap_err();
            assert!(error.contains(reason), "{query}: {error}");
        }
    }

    #[test]
    fn maxi_yatzy_s_upper_bonus_by_address() {
        let bonus = |query: &str| {
            parse_launch(query)
                .unwrap()
                .map(|request| request.rules.ruleset().upper_bonus)
        };
        let usual = bonus("new=1&rules=maxi-yatzy&players=A").unwrap().unwrap();
        assert_eq!((usual.points, usual.threshold), (100, 84));
        let small = bonus("new=1&rules=maxi-yatzy&players=A&upper_bonus=50at75")
            .unwrap()
            .unwrap();
        assert_eq!((small.points, small.threshold), (50, 75));
        for (query, reason) in [
            (
                "new=1&rules=maxi-yatzy&players=A&upper_bonus=lots",
                "not points at a threshold",
            ),
            (
                "new=1&rules=yatzy&players=A&upper_bonus=50at75",
                "yatzy plays no upper bonus of 50 at 75",
            ),
        ] {
            let error = parse_launch(query).unwrap().unwrap_err();
            assert!(error.contains(reason), "{query}: {error}");
        }
    }

    #[test]
    fn defaults_and_plain_addresses() {
        assert_eq!(parse_launch(""), None);
        assert_eq!(parse_launch("?seed=3"), None);
        let request = parse_launch("new=1&rules=yam&players=A+B").unwrap().unwrap();
        assert_eq!(request.rules, Rules::new(RulesetId::Yam));
        assert_eq!(
            (request.players.clone(), request.mode, request.seed),
            (vec!["A B".to_string()], DiceMode::App, None)
        );
        let names =
            parse_launch("?new=1&rules=yahtzee&players=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E").unwrap();
        assert_eq!(names.unwrap().players, ["<img src=x onerror=alert(1)>"]);
    }

    #[test]
    fn bad_parameters_are_named() {
        let error = |query: &str| parse_launch(query).unwrap().unwrap_err();
        assert!(error("?new=1&rules=chess&players=A").contains("chess"));
        assert!(error("?new=1&players=A").contains("no ruleset"));
        assert!(error("?new=1&rules=yam&players=A&joker=forced").contains("no Joker"));
        assert!(error("?new=1&rules=yahtzee&players=A&joker=wild").contains("wild"));
        assert!(error("?new=1&rules=yahtzee&players=A&dice=cup").contains("cup"));
        assert!(error("?new=1&rules=yahtzee&players=A&seed=-1").contains("seed"));
        assert!(error("?new=1&rules=yahtzee").contains("no players"));
        assert_eq!(percent_decode("100%"), "100%");
        assert!(error("?new=1&rules=yam&players=A,B&bots=human,genius").contains("genius"));
        assert!(error("?new=1&rules=yam&players=A&bots=human,optimal").contains("2 seats for 1 players"));
        assert!(error("?new=1&rules=yam&players=A,B&dice=pad&bots=,optimal").contains("app's dice"));
    }

    #[test]
    fn a_room_address_opens_the_room_as_that_player() {
        let launch = parse_room_launch("?room=Friday%20Night&name=Anna&rules=yatzy&lang=fr")
            .unwrap()
            .unwrap();
        assert_eq!(launch.room.as_str(), "friday night");
        assert_eq!(launch.player.as_deref(), Some("Anna"));
        assert_eq!(launch.game, Some(RoomGame::of_ruleset(RulesetId::Yatzy).unwrap()));
        // The sheet's own Joker, as the setup screen first offers it.
        let yardzee = parse_room_launch("?room=lawn&rules=yardzee").unwrap().unwrap();
        let rules = yardzee.game.unwrap().rules;
        assert_eq!(rules.joker(), Joker::printed_on(RulesetId::Yardzee));
        assert_eq!(parse_room_launch("?new=1&rules=yam&players=A"), None);
        let watch = parse_room_launch("room=kitchen").unwrap().unwrap();
        assert_eq!((watch.player, watch.game), (None, None));
        let error = |query: &str| parse_room_launch(query).unwrap().unwrap_err();
        assert!(error("?room=%20&name=Anna").contains("name"));
        assert!(error("?room=Friday&handover=").contains("handover"));
        assert!(error("?room=kitchen&name=").contains("player needs a name"));
        assert!(error("?room=kitchen&name=A&rules=chess").contains("chess"));
    }

    #[test]
    fn computer_players_by_address() {
        let request = parse_launch("?new=1&rules=yatzy&players=A,B,C&bots=,optimal,casual&botdelay=0")
            .unwrap()
            .unwrap();
        assert_eq!(
            request.computer,
            [None, Some(Level::Optimal), Some(Level::Casual)]
        );
        assert_eq!(request.bot_delay_ms, 0);
    }
}
