//! An online room's seats: the lobby (another person at this device, the game and its options, computer
//! players, the start, leaving) and, in play, a computer standing in for a person away. Each is one action
//! of a seat this device holds, sent to the room server like every other.

use fivedice_room::{Action, ClientMessage, HeldSeat, Phase, Refusal, RulesChoice, TAKE_OVER_AFTER_MS};
use fivedice_rules::{Columns, DiceMode, HouseRules, Joker, RulesetId, UpperBonus, case};
use fivedice_worker::Level;
use leptos::prelude::*;

use super::GameStore;

/// What the people of an online room do in its lobby (and, in play, for a seat whose person is away): each
/// is one action of a seat this device holds, sent through the store's one path.
pub struct Lobby<'a> {
    pub(super) store: &'a GameStore,
}

impl Lobby<'_> {
    /// Lobby: gives up this device's seats and leaves the room.
    pub fn leave_room(&self) {
        let lobby = self.store.table.with_untracked(|table| {
            let table = table.as_ref().filter(|table| table.is_online())?;
            (table.room().phase() == Phase::Lobby).then(|| table.seats().seats())
        });
        // Seats above a leaving one move down, and so do the tokens held here (they follow the room's
        // events): leave from the highest, so each token sent still names the seat it holds now.
        for seat in lobby.unwrap_or_default().into_iter().rev() {
            self.store.act_as(seat, Action::Leave, false);
        }
        self.store.close_room();
    }

    /// Lobby: another person at this device takes a seat too (two people sharing a tablet). The device
    /// then plays each of its seats in turn.
    pub fn seat_another_player(&self, player: &str) {
        if self.may_seat_another() {
            self.send_join(player);
        }
    }

    /// Lobby: this device, holding no seat here yet (an invitation opened the room, or a join was refused
    /// for its name), takes one as `player`.
    pub fn join_as(&self, player: &str) {
        if self.store.table.may_join() {
            self.send_join(player);
        }
    }

    fn send_join(&self, player: &str) {
        let player = match fivedice_room::check_player_name(player) {
            Ok(player) => player,
            Err(error) => {
                return self
                    .store
                    .tell((self.store.words().refusal)(&Refusal::Room(error)));
            }
        };
        if let Some(room) = self
            .store
            .table
            .with_untracked(|table| Some(table.as_ref()?.room().name().clone()))
        {
            self.store.connection.remember_online_as(&player, &room);
        }
        self.store.connection.joining(player.clone());
        // Offline, the welcome sends the join once the device is back.
        self.store.send(ClientMessage::join(player));
    }

    /// Whether another person at this device may join too: in the lobby, once a seat is held here, while
    /// the room has a free seat.
    fn may_seat_another(&self) -> bool {
        self.store
            .table
            .with_untracked(|table| table.as_ref().is_some_and(|table| table.may_seat_another()))
    }

    /// Host, lobby: the game to play (Joker where the ruleset has one: the one chosen, else the one printed on
    /// its sheet; the columns where it is played in columns, one column otherwise; Generala's house rules, the
    /// usual ones unless chosen; another upper bonus where the sheet offers it, the sheet's own unless chosen).
    pub fn choose_room_rules(
        &self,
        ruleset: RulesetId,
        joker: Option<Joker>,
        dice: DiceMode,
        columns: Columns,
        house: Option<HouseRules>,
        upper_bonus: Option<UpperBonus>,
    ) {
        let Some(host) = self.hosted_seat() else { return };
        // Unless chosen, the rule printed on the ruleset's own sheet, as the setup screen chooses it.
        let joker = Some(joker.unwrap_or(Joker::printed_on(ruleset)))
            .filter(|_| ruleset.ruleset().extra_five_of_a_kind.is_some());
        let columns = match ruleset.ruleset().plays_in_columns {
            true => columns,
            false => Columns::ONE,
        };
        let choice = Action::ChooseRules(RulesChoice {
            joker,
            columns,
            house: house.filter(|_| ruleset.ruleset().first_roll.is_some()),
            upper_bonus: upper_bonus.filter(|bonus| ruleset.ruleset().other_upper_bonuses.contains(bonus)),
            ..RulesChoice::of(ruleset, dice)
        });
        // Awaited: a Start sent before this choice's event is back would be refused as stale.
        self.store.act_as(host, choice, true);
    }

    /// Host, lobby: the game begins (the server rolls for who starts); not while the host's last choice, or
    /// a Start already sent, is on its way.
    pub fn start_room_game(&self) {
        if untrack(|| self.store.table.awaiting_answer()) {
            return;
        }
        if let Some(host) = self.hosted_seat() {
            self.store.act_as(host, Action::Start, true);
        }
    }

    /// Host, lobby: a computer player of this level joins the room (the host's device plays it).
    pub fn add_room_computer(&self, level: Level) {
        let Some(host) = self.hosted_seat() else { return };
        // "Computer 3" at the third seat, or the next number nobody in the room is called.
        let names: Vec<String> = self.store.table.with_untracked(|table| {
            let seats = table.as_ref().map(|t| t.room().seats()).unwrap_or_default();
            seats.iter().map(|seat| seat.name.clone()).collect()
        });
        let words = self.store.words();
        let name = (names.len() + 1..)
            .map(words.computer_n)
            .find(|name| !names.iter().any(|taken| case::same_name(taken, name)))
            .unwrap_or_default();
        // Awaited, as a choice of the game is: a Start before its event is back would be refused as stale.
        self.store.act_as(host, Action::AddComputer { name, level }, true);
    }

    /// Host, lobby: a computer player added leaves the room.
    pub fn remove_room_computer(&self, seat: usize) {
        let Some(host) = self.hosted_seat() else { return };
        // Awaited, as adding one is: a Start before its event is back would be refused as stale.
        self.store.act_as(host, Action::RemoveComputer { seat }, true);
    }

    /// Any person seated here: a computer player at `level` takes over a seat whose person has been away long
    /// enough, for that seat's turn (`one_turn`) or until the seat is given back.
    pub fn take_over_seat(&self, seat: usize, level: Level, one_turn: bool) {
        if let Some(HeldSeat { seat: actor, .. }) = self.held_here() {
            let action = Action::TakeOver {
                seat,
                level,
                one_turn,
            };
            self.store.act_as(actor, action, false);
        }
    }

    /// Any person seated here: the seat's person plays again.
    pub fn give_back_seat(&self, seat: usize) {
        if let Some(HeldSeat { seat: actor, .. }) = self.held_here() {
            self.store.act_as(actor, Action::GiveBack { seat }, false);
        }
    }

    /// Any person seated here: asks the server for a link that moves `seat`, whose device is away, to another
    /// device (it shows once the code is here).
    pub fn offer_hand_over(&self, seat: usize) {
        if let Some(held) = self.held_here() {
            let token = held.token;
            self.store.send(ClientMessage::OfferHandOver { token, seat });
        }
    }

    /// Once the host's device has been away long enough, the next person here takes the host's place (each
    /// device looks on the room's clock; the one holding that seat asks): in the lobby to start the game, in
    /// play to play the computers.
    pub(super) fn host_if_due(&self) {
        let due = self.store.connection.read_now(|online| {
            let online = online?;
            let away = |seat: &usize| online.away_ms(*seat).is_some();
            self.store.table.with_untracked(|table| {
                let table = table.as_ref().filter(|table| table.is_online())?;
                let room = &table.room();
                let host_away = online.away_ms(room.host()?)?;
                let due = room.phase() != Phase::Finished && host_away >= TAKE_OVER_AFTER_MS as f64;
                room.next_person_here(away)
                    .filter(|next| due && table.seats().holds(*next))
            })
        });
        if let Some(seat) = due {
            self.store.act_as(seat, Action::BecomeHost, false);
        }
    }

    /// A device that came after the start: "That's me", it asks for the seat of the away player it is.
    pub fn ask_seat(&self, seat: usize) {
        if self.store.send(ClientMessage::AskSeat { seat }) {
            self.store.connection.asking_seat();
        }
    }

    /// Any person seated here answers a device asking for a seat back: let it in, or not.
    pub fn answer_seat(&self, request: u64, let_in: bool) {
        if let Some(held) = self.held_here() {
            let token = held.token;
            self.store.send(ClientMessage::AnswerSeat {
                token,
                request,
                let_in,
            });
        }
    }

    /// A seat this device holds in an online room (the lowest), with its token, to act for the table with.
    fn held_here(&self) -> Option<HeldSeat> {
        self.store.table.with_untracked(|table| {
            let table = table.as_ref().filter(|table| table.is_online())?;
            table.seats().as_slice().first().cloned()
        })
    }

    /// The host's seat, if this device holds it in an online room.
    fn hosted_seat(&self) -> Option<usize> {
        self.store.table.with_untracked(|table| {
            let table = table.as_ref().filter(|table| table.is_online())?;
            table.hosted_seat()
        })
    }

    /// The game a room address asked for, chosen as soon as this device hosts the lobby.
    pub(super) fn choose_preselected_rules(&self) {
        let Some(game) = self.store.connection.read_now(|online| online?.preselect) else {
            return;
        };
        let lobby = self.store.table.with_untracked(|table| {
            table
                .as_ref()
                .is_some_and(|table| table.room().phase() == Phase::Lobby)
        });
        if let Some(host) = self.hosted_seat().filter(|_| lobby) {
            self.store.connection.preselect_chosen();
            // Awaited, as any choice of the game is.
            self.store
                .act_as(host, Action::choosing(game.rules, game.dice), true);
        }
    }
}
