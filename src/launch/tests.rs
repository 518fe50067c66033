//! Launch addresses as a person or a test opens them: what each asks, and why a bad one cannot be followed.

use super::*;
use crate::i18n::address_refused;
use fivedice_room::RoomError;
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
        let said = address_refused(Language::English, &error_of(query));
        assert!(said.contains(reason), "{query}: {said}");
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
        (
            "new=1&rules=generala&players=A&first_roll_bonus=7",
            "5 or 10 more, not 7",
        ),
        ("new=1&rules=generala&players=A&double=maybe", "maybe"),
        ("new=1&rules=yahtzee&players=A&double=no", "no house rules"),
    ] {
        let said = address_refused(Language::English, &error_of(query));
        assert!(said.contains(reason), "{query}: {said}");
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
            "upper_bonus=\"lots\" is not one of: 50at75",
        ),
        (
            "new=1&rules=yatzy&players=A&upper_bonus=50at75",
            "yatzy plays no upper bonus of 50 at 75",
        ),
    ] {
        let said = address_refused(Language::English, &error_of(query));
        assert!(said.contains(reason), "{query}: {said}");
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
    let not_one_of = |parameter, value: &str| AddressError::NotOneOf {
        parameter,
        value: value.to_string(),
        allowed: match parameter {
            "rules" => RULESETS,
            "dice" => "app, pad",
            "seed" => "0 … 18446744073709551615",
            "bots" => "human, winner, optimal, strong, casual",
            _ => "yes, no",
        },
    };
    assert_eq!(
        error("?new=1&rules=chess&players=A"),
        not_one_of("rules", "chess")
    );
    assert!(matches!(
        error("?new=1&players=A"),
        AddressError::Missing {
            parameter: "rules",
            ..
        }
    ));
    let no_joker = error("?new=1&rules=yam&players=A&joker=forced");
    assert_eq!(no_joker, AddressError::Rules(RulesError::NoJoker(RulesetId::Yam)));
    let wild = error("?new=1&rules=yahtzee&players=A&joker=wild");
    assert_eq!(wild, AddressError::Rules(RulesError::UnknownJoker("wild".into())));
    assert_eq!(
        error("?new=1&rules=yahtzee&players=A&dice=cup"),
        not_one_of("dice", "cup")
    );
    assert_eq!(
        error("?new=1&rules=yahtzee&players=A&seed=-1"),
        not_one_of("seed", "-1")
    );
    assert!(matches!(
        error("?new=1&rules=yahtzee"),
        AddressError::Missing {
            parameter: "players",
            ..
        }
    ));
    assert_eq!(percent_decode("100%"), "100%");
    assert_eq!(
        error("?new=1&rules=yam&players=A,B&bots=human,genius"),
        not_one_of("bots", "genius")
    );
    assert_eq!(
        error("?new=1&rules=yam&players=A&bots=human,optimal"),
        AddressError::MoreComputersThanPlayers {
            computers: 2,
            players: 1
        }
    );
    assert_eq!(
        error("?new=1&rules=yam&players=A,B&dice=pad&bots=,optimal"),
        AddressError::ComputersNeedAppDice
    );
    let generala = "?new=1&rules=generala&players=A&double=maybe";
    assert_eq!(error(generala), not_one_of("double", "maybe"));
}

/// Every way an address can be wrong, in each language: worded there, naming what the address says.
#[test]
fn a_bad_address_is_said_in_each_language() {
    let bad = [
        "?new=1&rules=chess&players=A",
        "?new=1&players=A",
        "?new=1&rules=yam&players=A&joker=forced",
        "?new=1&rules=yahtzee&players=A&dice=cup",
        "?new=1&rules=yam&players=A&bots=human,optimal",
        "?new=1&rules=yam&players=A,B&dice=pad&bots=,optimal",
        "?new=1&rules=yam&players=A&columns=down,down",
        "?new=1&rules=yam&players=A&columns=sideways",
    ];
    for language in Language::ALL {
        let english = |query| address_refused(Language::English, &error_of(query));
        for query in bad {
            let said = address_refused(language, &error_of(query));
            assert!(!said.is_empty(), "{query}");
            if language != Language::English {
                assert_ne!(said, english(query), "{language:?} words {query} in English");
            }
        }
    }
    let said = address_refused(Language::French, &error_of("?new=1&rules=chess&players=A"));
    assert!(said.contains("chess") && said.contains("yahtzee"), "{said}");
}

fn error_of(query: &str) -> AddressError {
    parse_launch(query).unwrap().unwrap_err()
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
    assert_eq!(
        error("?room=%20&name=Anna"),
        AddressError::Name(RoomError::RoomNameEmpty)
    );
    assert_eq!(error("?room=Friday&handover="), AddressError::EmptyHandOver);
    assert_eq!(
        error("?room=kitchen&name="),
        AddressError::Name(RoomError::PlayerNameEmpty)
    );
    assert!(matches!(
        error("?room=kitchen&name=A&rules=chess"),
        AddressError::NotOneOf {
            parameter: "rules",
            ..
        }
    ));
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
