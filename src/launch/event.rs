//! An event's addresses: the organiser's, the big screen's, and the tables' invitation, which names the event's
//! game as `?new=1` names rules.

use fivedice_room::{MAX_ROOM_NAME_CHARS, RoomName};
use fivedice_rules::{Rules, RulesetId};

use super::{AddressError, param, query_params, rules_named};
use crate::table::EventLink;

/// An event as an address names it (see UI-HOOKS.md): `?organise=<name>&rules=<id>…` opens one with this device
/// as its organiser (`?organise=` alone asks for its name and game), `?screen=<name>` shows its big screen (`&key=`
/// adds the QR code that seats a table), `?event=<name>&key=<key>&rules=<id>…` sets up a table of it, at the
/// event's game (the rules named as `?new=1` names them), and `?event=<name>&table=<id>&continue=<code>` takes up
/// one of its tables here.
/// An event's invitation, opened on this device: the table set up next plays in that event, at its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub link: EventLink,
    pub rules: Rules,
}

impl Invitation {
    /// The room a table of this event plays in when each plays on their own phone: the table's name and the
    /// event's, cut to fit, then `tag`'s four digits ("Table 3 · Claire & Tom 4821"), so two tables that chose
    /// the same name never meet in one room.
    pub fn room_for(&self, table: &str, tag: u16) -> Result<RoomName, fivedice_room::RoomError> {
        let named = format!("{} · {}", table.trim(), self.link.name);
        let fitted: String = named.chars().take(MAX_ROOM_NAME_CHARS - 5).collect();
        RoomName::parse(&format!("{} {:04}", fitted.trim_end(), tag % 10_000))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventLaunch {
    /// No name: the organiser's page asks for one (and for the game).
    Organise {
        name: Option<RoomName>,
        rules: Rules,
        /// The organiser's token, carried by a link that moves the event to this device.
        organiser: Option<String>,
    },
    Screen {
        name: RoomName,
        key: Option<String>,
    },
    Join(Invitation),
    /// A link from the organiser's page: this device takes up the event's table `table` (its own device is
    /// gone), with the link's single-use code.
    Continue {
        name: RoomName,
        table: String,
        code: String,
    },
}

/// Reads the query string: `None` unless it names an event, else what to show or why it cannot be.
pub fn parse_event_launch(query: &str) -> Option<Result<EventLaunch, AddressError>> {
    let params = query_params(query);
    let get = |name: &str| param(&params, name);
    let event_name = |name: &str| {
        RoomName::parse(name)
            .map(|name| name.shown().to_string())
            .map_err(AddressError::Name)
    };
    if let Some(name) = get("organise") {
        // Without a name (the start screen's way in), the organiser's page asks for one and for the game.
        if name.trim().is_empty() {
            let rules = match get("rules") {
                Some(_) => rules_named(&get),
                None => Ok(Rules::new(RulesetId::Yahtzee)),
            };
            return Some(rules.map(|rules| EventLaunch::Organise {
                name: None,
                rules,
                organiser: None,
            }));
        }
        return Some(
            RoomName::parse(name)
                .map_err(AddressError::Name)
                .and_then(|name| {
                    Ok(EventLaunch::Organise {
                        name: Some(name),
                        rules: rules_named(&get)?,
                        organiser: get("organiser").map(str::to_string),
                    })
                }),
        );
    }
    if let Some(name) = get("screen") {
        return Some(
            RoomName::parse(name)
                .map_err(AddressError::Name)
                .map(|name| EventLaunch::Screen {
                    name,
                    key: get("key").map(str::to_string),
                }),
        );
    }
    let name = get("event")?;
    if let (Some(table), Some(code)) = (get("table"), get("continue")) {
        return Some(
            RoomName::parse(name)
                .map_err(AddressError::Name)
                .map(|name| EventLaunch::Continue {
                    name,
                    table: table.to_string(),
                    code: code.to_string(),
                }),
        );
    }
    Some(event_name(name).and_then(|name| {
        let key = get("key")
            .filter(|key| !key.is_empty())
            .ok_or(AddressError::NoEventKey)?;
        let rules = rules_named(&get)?;
        let link = EventLink {
            name,
            key: key.to_string(),
        };
        Ok(EventLaunch::Join(Invitation { link, rules }))
    }))
}

/// The rules as an address names them (what [`rules_named`] reads): `rules=<id>`, the Joker where the ruleset has
/// one, Generala's house rules, another upper bonus, the columns.
pub fn rules_query(rules: Rules) -> String {
    let mut query = format!("rules={}", rules.id().id());
    if rules.ruleset().extra_five_of_a_kind.is_some() {
        query.push_str(&format!("&joker={}", rules.joker().id()));
    }
    if let Some(house) = rules.house() {
        let yes_no = |on: bool| if on { "yes" } else { "no" };
        query.push_str(&format!(
            "&first_roll_bonus={}&first_roll_wins={}&double={}&ace_after_six={}",
            house.first_roll_bonus,
            yes_no(house.first_roll_wins),
            yes_no(house.double),
            yes_no(house.ace_after_six)
        ));
    }
    if let Some(bonus) = rules.other_upper_bonus() {
        query.push_str(&format!("&upper_bonus={}", bonus.id()));
    }
    let columns = rules.columns();
    if columns.as_slice().len() > 1 {
        let ids: Vec<&str> = columns.as_slice().iter().map(|column| column.id()).collect();
        query.push_str(&format!("&columns={}", ids.join(",")));
    }
    query
}

#[cfg(test)]
mod tests {
    use super::*;
    use fivedice_rules::HouseRules;
    use fivedice_rules::{Columns, Joker};

    #[test]
    fn a_tables_room_is_named_after_the_table_and_its_event() {
        let invitation = |event: &str| Invitation {
            link: EventLink {
                name: event.into(),
                key: "k".into(),
            },
            rules: Rules::new(RulesetId::Yardzee),
        };
        let room = invitation("Claire & Tom").room_for(" Table 3 ", 4821).unwrap();
        assert_eq!(room.shown(), "Table 3 · Claire & Tom 4821");
        // Two tables of one name: two rooms.
        let other = invitation("Claire & Tom").room_for("Table 3", 77).unwrap();
        assert_eq!(other.shown(), "Table 3 · Claire & Tom 0077");
        let long = invitation("The wedding of Claire Dupont-Martin and Tom Smith");
        let room = long.room_for("Table 12", 9).unwrap();
        assert_eq!(room.shown().chars().count(), MAX_ROOM_NAME_CHARS);
        assert!(room.shown().starts_with("Table 12 · The wedding of"));
        // Cut just after the table's name: the space left is not doubled before the digits.
        let room = invitation("Ab").room_for(&"x".repeat(34), 1).unwrap();
        assert_eq!(room.shown(), format!("{} 0001", "x".repeat(34)));
    }

    #[test]
    fn an_events_addresses_name_what_to_show() {
        let organise = parse_event_launch("?organise=Claire%20%26%20Tom&rules=yardzee")
            .unwrap()
            .unwrap();
        assert_eq!(
            organise,
            EventLaunch::Organise {
                name: Some(RoomName::parse("Claire & Tom").unwrap()),
                rules: Rules::with_options(RulesetId::Yardzee, Joker::printed_on(RulesetId::Yardzee), true)
                    .unwrap(),
                organiser: None,
            }
        );
        // A link that moves the event to this device carries the organiser's token.
        let moved = parse_event_launch("?organise=Fair&rules=yatzy&organiser=t0k3n");
        assert!(matches!(
            moved,
            Some(Ok(EventLaunch::Organise { organiser: Some(ref token), .. })) if token == "t0k3n"
        ));
        let screen = parse_event_launch("?screen=claire+%26+tom&key=k1")
            .unwrap()
            .unwrap();
        assert_eq!(
            screen,
            EventLaunch::Screen {
                name: RoomName::parse("Claire & Tom").unwrap(),
                key: Some("k1".into()),
            }
        );
        let rules = Rules::new(RulesetId::Yatzy);
        let query = "?event=Claire%20%26%20Tom&key=k1&rules=yatzy";
        let EventLaunch::Join(invitation) = parse_event_launch(query).unwrap().unwrap() else {
            panic!("a table of the event");
        };
        assert_eq!(
            (invitation.link.name.as_str(), invitation.link.key.as_str()),
            ("Claire & Tom", "k1")
        );
        assert_eq!(invitation.rules, rules);
        assert!(
            parse_event_launch("?event=Claire&rules=yatzy").unwrap().is_err(),
            "no key"
        );
        // The organiser's link that continues a table on this device.
        assert_eq!(
            parse_event_launch("?event=Claire%20%26%20Tom&table=17-52341&continue=c0de"),
            Some(Ok(EventLaunch::Continue {
                name: RoomName::parse("Claire & Tom").unwrap(),
                table: "17-52341".into(),
                code: "c0de".into(),
            }))
        );
        assert!(
            parse_event_launch("?event=Claire&key=k1").unwrap().is_err(),
            "no game"
        );
        // No name yet (the start screen's way in): the organiser's page asks for it, at the game named or
        // Yahtzee.
        assert_eq!(
            parse_event_launch("?organise=%20&rules=yatzy"),
            Some(Ok(EventLaunch::Organise {
                name: None,
                rules: Rules::new(RulesetId::Yatzy),
                organiser: None,
            }))
        );
        assert_eq!(
            parse_event_launch("?organise="),
            Some(Ok(EventLaunch::Organise {
                name: None,
                rules: Rules::new(RulesetId::Yahtzee),
                organiser: None,
            }))
        );
        assert!(parse_event_launch("?organise=A&rules=chess").unwrap().is_err());
        assert_eq!(parse_event_launch("?new=1&rules=yatzy&players=A"), None);
    }

    #[test]
    fn the_rules_an_address_names_read_back_as_they_were() {
        let house = HouseRules {
            first_roll_bonus: 10,
            first_roll_wins: false,
            double: false,
            ace_after_six: true,
        };
        let chosen = [
            Rules::new(RulesetId::Yardzee),
            Rules::with_options(RulesetId::Yahtzee, Joker::Free, true).unwrap(),
            Rules::new(RulesetId::Generala).with_house(house).unwrap(),
            Rules::new(RulesetId::Yam)
                .with_columns(Columns::parse_list("down,free,up").unwrap())
                .unwrap(),
            Rules::new(RulesetId::MaxiYatzy)
                .with_upper_bonus(RulesetId::MaxiYatzy.ruleset().other_upper_bonuses[0])
                .unwrap(),
        ];
        let every_default = RulesetId::ALL.iter().map(|&id| Rules::new(id));
        for rules in chosen.into_iter().chain(every_default) {
            let query = rules_query(rules);
            let params = query_params(&query);
            assert_eq!(rules_named(&|name| param(&params, name)), Ok(rules), "{query}");
        }
    }
}
