//! Playing to win: every keep and cell chosen for the best chance of finishing first against the opponents'
//! actual positions, on the assumption that they play optimally from here, and so does this player after the
//! turn in hand. The turn is solved exactly for that chance: each way of ending it is worth
//! Σₓ P(this player's final = x) · share(x), where share(x) is what the opponents leave to a final of x (the
//! chance that none of them ends above it, ties shared), and keeps are chosen back from the last roll as the
//! expected score's are.

use std::collections::HashMap;

use fivedice_rules::{Category, DiceSource, FaceCounts, Game, GameError, Sheet};

use crate::advice::{AdviceError, Choice, Keep, TurnAdvisor};
use crate::keeps::{FIRST_ROLL, KEEPS, ROLLS};
use crate::lanes::Lanes;
use crate::odds::{Odds, Shares, Standing, turn_order, with_first_roll_wins};
use crate::playing::{self, PlayError};
use crate::turn::{REROLLS, SINGLE, play_keeps};

/// A choice with its chance to win, and its expected final score under optimal play (for ties of chance).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedWin {
    pub choice: Choice,
    pub win: f64,
    pub expected_remaining: f64,
}

/// Every option of one situation by its chance to win, best first; options within a millionth of the best
/// chance go by expected score (a game already won or lost is still played for points).
#[derive(Clone, Debug, PartialEq)]
pub struct WinAdvice {
    pub rolls_left: u8,
    pub options: Vec<RatedWin>,
}

impl WinAdvice {
    pub fn best(&self) -> &RatedWin {
        &self.options[0]
    }
}

/// Chances this close count as equal, and the expected score decides.
const SAME_CHANCE: f64 = 1e-6;

/// One turn solved for the chance to win.
pub struct WinningTurn<'o, 't> {
    odds: &'o mut Odds<'t>,
    sheet: Sheet,
    total: u16,
    /// What the opponents leave to each final total of this player.
    shares: Shares,
    /// The turn solved for the expected score: the options, and their expected points.
    advisor: TurnAdvisor<'t>,
    /// The chance to win of writing a score (with a bonus) in a cell, as worked out so far.
    written: HashMap<(Category, u16, u16), f64>,
    keep_values: [Vec<f32>; REROLLS],
    start: f64,
}

impl<'t> Odds<'t> {
    /// The turn of `game`'s current player, solved for the chance to win against the other seats (each at
    /// the start of a turn, as they are while this one plays). With no opponent it plays for points.
    pub fn game_turn<'o>(&'o mut self, game: &Game) -> Result<WinningTurn<'o, 't>, AdviceError> {
        let seat = game.current_seat();
        let mut standings = standings(game, false);
        let me = standings.remove(seat);
        self.winning_turn(me.sheet, me.total, &standings)
    }

    /// Each seat's chance to win `game` when everyone plays optimally from here, the current player's dice
    /// counted once rolled; where five alike on a turn's first roll win at once (Generala), each turn's chance
    /// of them too.
    pub fn game_chances(&mut self, game: &Game) -> Result<Vec<f64>, AdviceError> {
        // Five alike on a turn's first roll won it: whatever the sheets, the game is that seat's.
        if let Some(winner) = game.won_on_first_roll() {
            return Ok((0..game.players().len())
                .map(|seat| f64::from(u8::from(seat == winner)))
                .collect());
        }
        let chances = self.chances(&standings(game, true))?;
        if !game.rules().first_roll_wins() || game.players().len() < 2 || game.is_over() {
            return Ok(chances);
        }
        let current = game.current_seat();
        let turn = game.turn();
        let ruleset = game.rules().ruleset();
        let open: Vec<usize> = (0..chances.len())
            .map(|seat| {
                game.sheet(seat, fivedice_rules::Column::Free)
                    .map_or(0, |sheet| sheet.open_count(ruleset))
            })
            .collect();
        let mut turns = turn_order(&open, current);
        // The turn in hand rolled already: its first roll is past.
        if turn.rolls_used > 0 {
            turns.remove(0);
        }
        Ok(with_first_roll_wins(&chances, &turns))
    }

    /// Solves the turn about to start for the player with this sheet and total, against these opponents.
    pub fn winning_turn<'o>(
        &'o mut self,
        sheet: &Sheet,
        total: u16,
        opponents: &[Standing],
    ) -> Result<WinningTurn<'o, 't>, AdviceError> {
        let finals = self.finals(opponents)?;
        let table = self.table();
        let mut turn = WinningTurn {
            odds: self,
            sheet: sheet.clone(),
            total,
            shares: Shares::against(finals.iter()),
            advisor: table.turn(sheet)?,
            written: HashMap::new(),
            keep_values: Default::default(),
            start: 0.0,
        };
        let mut keeps = vec![Lanes::<SINGLE>::splat(0.0); KEEPS];
        let mut first_roll = vec![Lanes::<SINGLE>::splat(0.0); ROLLS];
        let first_roll_pays = table.model.first_roll_pays();
        for roll in 0..ROLLS {
            keeps[FIRST_ROLL + roll] = Lanes::splat(turn.best_win(roll, false)? as f32);
            if first_roll_pays {
                first_roll[roll] = Lanes::splat(turn.best_win(roll, true)? as f32);
            }
        }
        let mut keep_values: [Vec<f32>; REROLLS] = Default::default();
        let first_roll = first_roll_pays.then_some(first_roll.as_slice());
        let start = play_keeps(&table.model.graph, &mut keeps, first_roll, |rerolls, values| {
            keep_values[rerolls] = values.iter().map(|lanes| lanes.lane(0)).collect();
        });
        turn.keep_values = keep_values;
        turn.start = f64::from(start.lane(0));
        Ok(turn)
    }
}

impl WinningTurn<'_, '_> {
    /// The chance to win before the turn's first roll.
    pub fn chance(&self) -> f64 {
        self.start
    }

    /// The best chance to win of writing a roll (by number), later in the turn or right after its first roll.
    fn best_win(&mut self, roll: usize, first_roll: bool) -> Result<f64, AdviceError> {
        let mut best = 0.0f64;
        let cells: Vec<_> = self.advisor.cells_of_roll(roll, first_roll).collect();
        for (category, score, bonus) in cells {
            best = best.max(self.cell_win(category, score, bonus)?);
        }
        Ok(best)
    }

    /// The chance to win of writing `score` (earning `bonus`) in a cell.
    fn cell_win(&mut self, category: Category, score: u16, bonus: u16) -> Result<f64, AdviceError> {
        if let Some(&known) = self.written.get(&(category, score, bonus)) {
            return Ok(known);
        }
        let (after, gained) = self.odds.written(&self.sheet, category, score, bonus);
        let rest = self.odds.later(&after)?;
        let win = self.shares.of(&rest, u32::from(self.total + gained));
        self.written.insert((category, score, bonus), win);
        Ok(win)
    }

    /// Every option with these dice and rolls left, by chance to win (then expected score), best first.
    pub fn advise(&mut self, dice: FaceCounts, rolls_left: u8) -> Result<WinAdvice, AdviceError> {
        let table = self.odds.table();
        let advice = self.advisor.advise(dice, rolls_left)?;
        let first_roll = usize::from(rolls_left) == REROLLS;
        let scores = table.rules().scores_rolled(&self.sheet, dice, first_roll);
        let mut options = Vec::with_capacity(advice.options.len());
        for rated in &advice.options {
            let win = match rated.choice {
                Choice::Keep(Keep(counts)) => {
                    let keep = table.model.graph.keep_number(counts);
                    f64::from(self.keep_values[usize::from(rolls_left) - 1][keep])
                }
                Choice::Cell(category) => {
                    let score = scores
                        .get(category)
                        .expect("advice offers the cells the rules allow");
                    self.cell_win(category, score, scores.bonus)?
                }
            };
            options.push(RatedWin {
                choice: rated.choice,
                win,
                expected_remaining: rated.expected_remaining,
            });
        }
        // The advice came best score first: a stable sort by chance keeps that order among equal chances.
        let best = options.iter().map(|option| option.win).fold(0.0, f64::max);
        options.sort_by(|a, b| {
            let level = |win: f64| if best - win <= SAME_CHANCE { best } else { win };
            level(b.win).total_cmp(&level(a.win))
        });
        Ok(WinAdvice { rolls_left, options })
    }
}

/// Every seat of `game` as the odds see it; with `dice_in_hand`, the current player's turn under way (once
/// rolled, and while the game goes on).
fn standings(game: &Game, dice_in_hand: bool) -> Vec<Standing<'_>> {
    let current = game.current_seat();
    let rolled = (game.turn().dice)
        .filter(|_| dice_in_hand && !game.is_over())
        .map(|dice| (dice.counts(), game.rolls_left()));
    (game.sheets().iter().enumerate())
        .map(|(seat, sheet)| Standing {
            sheet,
            total: game.totals(seat).map_or(0, |totals| totals.grand),
            turn: rolled.filter(|_| seat == current),
        })
        .collect()
}

/// Plays the current player's turn of `game` to win, with dice from `dice`, to the cell written.
pub fn play_to_win(odds: &mut Odds, game: &mut Game, dice: &mut impl DiceSource) -> Result<(), PlayError> {
    let mut turn = odds.game_turn(game)?;
    playing::play_turn(game, dice, |game| {
        let rolled = game.turn().dice.ok_or(GameError::NotRolled)?;
        let advice = turn.advise(rolled.counts(), game.rolls_left())?;
        Ok(advice.best().choice.into())
    })
}
