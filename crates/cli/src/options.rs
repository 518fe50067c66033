//! The command line's options: each command reads the ones it needs, checked against the rules.

use std::ffi::OsString;

use fivedice_rules::{Category, Column, Columns, Dice, HouseChoices, Joker, Rules, RulesetId};

/// The options every command shares; each command reads the ones it needs.
#[derive(Default)]
pub struct Options {
    pub rules: Option<String>,
    pub joker: Option<String>,
    pub columns: Option<String>,
    pub column: Option<String>,
    pub no_bonus: bool,
    /// Generala's house rules: `--first-roll-bonus 5|10`, `--no-first-roll-win`, `--no-double`,
    /// `--ace-after-six`.
    pub first_roll_bonus: Option<String>,
    pub no_first_roll_win: bool,
    pub no_double: bool,
    pub ace_after_six: bool,
    /// Another upper bonus the sheet offers: `--upper-bonus 50at75` (Maxi Yatzy).
    pub upper_bonus: Option<String>,
    /// `score`: the dice were made on the turn's first roll.
    pub first_roll: bool,
    pub filled: Option<String>,
    pub json: bool,
    pub bot: Option<String>,
    pub players: Option<String>,
    pub player: Vec<String>,
    pub to_play: Option<String>,
    pub batch: bool,
    pub games: Option<String>,
    pub seed: Option<String>,
    pub dice: Vec<String>,
    pub rolls_left: Option<String>,
    pub game: Option<String>,
    /// `verify`: a room's log.
    pub log: Option<String>,
    /// `replay`, `verify`: a replay link (the whole address, or its payload).
    pub link: Option<String>,
    pub positionals: Vec<String>,
}

impl Options {
    pub fn parse(parser: &mut lexopt::Parser) -> Result<Options, String> {
        use lexopt::Arg::{Long, Value};
        let mut options = Options::default();
        let text = |value: Result<OsString, lexopt::Error>| -> Result<String, String> {
            value
                .map_err(|error| error.to_string())?
                .into_string()
                .map_err(|raw| format!("{raw:?} is not valid text"))
        };
        while let Some(arg) = parser.next().map_err(|error| error.to_string())? {
            match arg {
                Long("rules") => options.rules = Some(text(parser.value())?),
                Long("joker") => options.joker = Some(text(parser.value())?),
                Long("columns") => options.columns = Some(text(parser.value())?),
                Long("column") => options.column = Some(text(parser.value())?),
                Long("filled") => options.filled = Some(text(parser.value())?),
                Long("no-bonus") => options.no_bonus = true,
                Long("first-roll-bonus") => options.first_roll_bonus = Some(text(parser.value())?),
                Long("no-first-roll-win") => options.no_first_roll_win = true,
                Long("no-double") => options.no_double = true,
                Long("ace-after-six") => options.ace_after_six = true,
                Long("upper-bonus") => options.upper_bonus = Some(text(parser.value())?),
                Long("first-roll") => options.first_roll = true,
                Long("json") => options.json = true,
                Long("bot") => options.bot = Some(text(parser.value())?),
                Long("players") => options.players = Some(text(parser.value())?),
                Long("player") => options.player.push(text(parser.value())?),
                Long("to-play") => options.to_play = Some(text(parser.value())?),
                Long("batch") => options.batch = true,
                Long("games") => options.games = Some(text(parser.value())?),
                Long("seed") => options.seed = Some(text(parser.value())?),
                Long("rolls-left") => options.rolls_left = Some(text(parser.value())?),
                Long("game") => options.game = Some(text(parser.value())?),
                Long("log") => options.log = Some(text(parser.value())?),
                Long("link") => options.link = Some(text(parser.value())?),
                Long("dice") => {
                    for value in parser.values().map_err(|error| error.to_string())? {
                        options.dice.push(text(Ok(value))?);
                    }
                }
                Value(value) => options.positionals.push(text(Ok(value))?),
                other => return Err(other.unexpected().to_string()),
            }
        }
        Ok(options)
    }

    pub fn expect_positionals(&self, count: usize, what: &str) -> Result<(), String> {
        if self.positionals.len() == count {
            Ok(())
        } else {
            Err(format!(
                "{what} takes {count} argument(s) besides options, got {}",
                self.positionals.len()
            ))
        }
    }

    /// The ruleset and options named by `--rules`, `--joker`, `--no-bonus`, Generala's house rules and
    /// `--upper-bonus`.
    pub fn rules(&self) -> Result<Rules, String> {
        let id: RulesetId = self
            .rules
            .as_deref()
            .ok_or("missing --rules <id> (yahtzee, yardzee, yam, yatzy, yacht, forced-yatzy, generala, maxi-yatzy)")?
            .parse()
            .map_err(|error: fivedice_rules::UnknownRuleset| error.to_string())?;
        let joker = match &self.joker {
            Some(joker) => Some(joker.parse::<Joker>().map_err(|error| error.to_string())?),
            None => None,
        };
        // `--no-bonus` on a ruleset without the bonus changes nothing, so it is not an error there.
        let bonus = (self.no_bonus && Rules::new(id).has_yahtzee_bonus()).then_some(false);
        let rules = Rules::from_choices(id, joker, bonus).map_err(|error| error.to_string())?;
        let rules = self.house_rules(rules)?;
        let rules = match &self.upper_bonus {
            Some(bonus) => {
                let bonus = (bonus.parse()).map_err(|_| {
                    format!("--upper-bonus wants points at a threshold (50at75), got {bonus:?}")
                })?;
                rules.with_upper_bonus(bonus).map_err(|error| error.to_string())?
            }
            None => rules,
        };
        let Some(columns) = self.columns.as_deref() else {
            return Ok(rules);
        };
        let columns = Columns::parse_list(columns).map_err(|error| format!("--columns: {error}"))?;
        rules.with_columns(columns).map_err(|error| error.to_string())
    }

    /// The rules with the house rules the options name, if they name any (only Generala has them).
    fn house_rules(&self, rules: Rules) -> Result<Rules, String> {
        let first_roll_bonus = match &self.first_roll_bonus {
            Some(bonus) => Some(
                bonus
                    .parse()
                    .map_err(|_| format!("--first-roll-bonus wants 5 or 10, got {bonus:?}"))?,
            ),
            None => None,
        };
        let choices = HouseChoices {
            first_roll_bonus,
            first_roll_wins: self.no_first_roll_win.then_some(false),
            double: self.no_double.then_some(false),
            ace_after_six: self.ace_after_six.then_some(true),
        };
        rules
            .with_house_choices(choices)
            .map_err(|error| error.to_string())
    }

    /// The column named by `--column`, which must be one of the rules' columns.
    pub fn column(&self, rules: Rules) -> Result<Option<Column>, String> {
        let Some(id) = self.column.as_deref() else {
            return Ok(None);
        };
        let column: Column = id
            .parse()
            .map_err(|error: fivedice_rules::UnknownColumn| error.to_string())?;
        if !rules.columns().contains(column) {
            return Err(format!(
                "--column {column}: this sheet's columns are {} (choose them with --columns)",
                rules.columns()
            ));
        }
        Ok(Some(column))
    }

    /// A whole number given with `--name`, within `range`.
    pub fn number(
        &self,
        value: &Option<String>,
        name: &str,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<u64, String> {
        let text = value
            .as_deref()
            .ok_or_else(|| format!("missing --{name} <number>"))?;
        match text.parse::<u64>() {
            Ok(number) if range.contains(&number) => Ok(number),
            _ => Err(format!(
                "--{name} wants a whole number from {} to {}, got {text:?}",
                range.start(),
                range.end()
            )),
        }
    }

    /// The dice these rules roll (five, or six for Maxi Yatzy), given after `--dice` or as the command's own
    /// arguments (either way, once).
    pub fn dice(&self, rules: Rules) -> Result<Dice, String> {
        let words = match (self.dice.is_empty(), self.positionals.is_empty()) {
            (false, false) => return Err("give the dice once: after --dice or as arguments".to_string()),
            (true, true) => return Err("missing --dice D D D D D (or the dice as arguments)".to_string()),
            (false, true) => &self.dice,
            (true, false) => &self.positionals,
        };
        let expected = rules.ruleset().dice;
        let wrong_count = |got: usize| {
            format!(
                "expected {expected} dice, got {got} ({} rolls {expected})",
                rules.id()
            )
        };
        match words.join(" ").parse::<Dice>() {
            Ok(dice) if dice.count() == expected => Ok(dice),
            Ok(dice) => Err(wrong_count(dice.count())),
            Err(fivedice_rules::DiceError::WrongCount(got)) => Err(wrong_count(got)),
            Err(error) => Err(error.to_string()),
        }
    }

    /// The cells named by `--filled id=value,...`, checked against the rules.
    pub fn filled(&self, rules: Rules) -> Result<fivedice_rules::Sheet, String> {
        let cells = pairs(self.filled.as_deref().unwrap_or(""), "--filled")?;
        sheet_of(rules, &cells, "--filled")
    }
}

/// The `id=value` pairs of a comma-separated list (as text); `what` names the list in errors.
pub fn pairs(list: &str, what: &str) -> Result<Vec<(String, String)>, String> {
    let items = list.split(',').map(str::trim).filter(|item| !item.is_empty());
    items
        .map(|item| {
            let (id, value) = item
                .split_once('=')
                .ok_or_else(|| format!("{what} wants id=value, got {item:?}"))?;
            Ok((id.trim().to_string(), value.trim().to_string()))
        })
        .collect()
}

/// A sheet with these cells written (`id`, value as text), each checked against the rules; `what` names the
/// input in errors.
pub fn sheet_of(
    rules: Rules,
    cells: &[(String, String)],
    what: &str,
) -> Result<fivedice_rules::Sheet, String> {
    let mut written = Vec::new();
    for (id, value) in cells {
        let category: Category = id
            .parse()
            .map_err(|error: fivedice_rules::UnknownCategory| format!("{what}: {error}"))?;
        let value: u16 = value
            .parse()
            .map_err(|_| format!("{what} {id}: {value:?} is not a score"))?;
        written.push((category, value));
    }
    rules.sheet(&written).map_err(|error| format!("{what}: {error}"))
}
