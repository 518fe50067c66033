//! Why a move, a table or a room is refused, in German: every reason of the rules and of the room.

use super::BoxName;
use crate::launch::AddressError;
use fivedice_room::{HandOverRefusal, Refusal, RoomError, Trouble};
use fivedice_rules::{
    Column, ColumnsError, DiceMode, GameError, MAX_NAME_CHARS, RulesError, RulesetId, SetupError,
};

/// A game's name as German players know it (Yahtzee is Kniffel), not its id.
fn game(ruleset: &RulesetId) -> &'static str {
    ruleset.ruleset().name.german()
}

pub(super) fn refused(error: &GameError, name: BoxName) -> String {
    match error {
        GameError::GameOver => "das Spiel ist vorbei".into(),
        GameError::NoRollsLeft => "keine Würfe mehr in diesem Zug: Wähle ein Feld".into(),
        GameError::NotRolled => "würfle zuerst".into(),
        GameError::NoSuchDie(die) => format!("es gibt keinen Würfel {die} (die Würfel gehen von 0 bis 4)"),
        GameError::WrongDiceCount { expected, got } => {
            format!("dieses Spiel würfelt mit {expected} Würfeln, nicht mit {got}")
        }
        GameError::AlreadyHeld(die) => format!("Würfel {die} wird schon festgehalten"),
        GameError::NotHeld(die) => format!("Würfel {die} wird nicht festgehalten"),
        GameError::HeldDieChanged(die) => {
            format!("ein Wurf kann den festgehaltenen Würfel {die} nicht ändern")
        }
        GameError::NotInRuleset(category) => format!("dieser Block hat kein Feld „{}“", name(*category)),
        GameError::CellFilled(category) => format!("das Feld „{}“ ist schon belegt", name(*category)),
        GameError::JokerForbids { category, allowed } => {
            let allowed: Vec<String> = allowed.iter().map(|&cell| name(cell)).collect();
            format!(
                "die Joker-Regel verbietet „{}“ bei diesem Wurf; erlaubt: {}",
                name(*category),
                allowed.join(", ")
            )
        }
        GameError::WrongMode(DiceMode::App) => "dieses Spiel wird mit den Würfeln der App gespielt".into(),
        GameError::WrongMode(DiceMode::Pad) => "dieses Spiel ist ein Block für echte Würfel".into(),
        GameError::DiceEntered => {
            "es sind Würfel eingegeben: Trag sie ein oder lösche sie, um einen Wert einzutragen".into()
        }
        GameError::ValueNotOffered { category, value } => {
            format!("im Feld „{}“ ist {value} nicht möglich", name(*category))
        }
        GameError::NoFirstRollRule => "dieses Spiel zahlt nichts extra für den ersten Wurf".into(),
        GameError::SecondFiveFirst { five_of_a_kind } => format!(
            "die Doppel-Generala zählt erst, wenn im Feld „{}“ Punkte stehen",
            name(*five_of_a_kind)
        ),
        GameError::NoBonus => "kein Bonus möglich: Im Feld für fünf Gleiche stehen keine 50".into(),
        GameError::NothingToUndo => "es gibt nichts rückgängig zu machen".into(),
        GameError::UndoTooLate => "zu spät zum Rückgängigmachen: Der nächste Zug hat begonnen".into(),
        GameError::FirstSeatFixed => "wer beginnt, steht schon fest: Das Spiel hat begonnen".into(),
        GameError::RollOffMismatch => "nach diesem Auswürfeln beginnt nicht dieser Spieler".into(),
        GameError::NoCrossingOut => {
            "auf diesem Block wird nur ein Feld gestrichen, das die Würfel nicht ergeben".into()
        }
        GameError::NoSuchSeat(seat) => format!("es gibt keinen Platz {seat}"),
        GameError::NoSuchColumn(column) => {
            format!("dieser Block hat keine Spalte „{}“", column.label().german())
        }
        GameError::OutOfOrder {
            column: Column::Free,
            next,
        } => format!(
            "dieser Block wird der Reihe nach gefüllt, von oben nach unten: Als Nächstes kommt „{}“",
            name(*next)
        ),
        GameError::OutOfOrder { column, next } => format!(
            "die Spalte „{}“ wird der Reihe nach gefüllt: Als Nächstes kommt „{}“",
            column.label().german(),
            name(*next)
        ),
        GameError::DryAfterReroll => {
            "die Spalte „Trocken“ nimmt nur einen ersten Wurf, ohne Nachwürfeln".into()
        }
        GameError::NotAnnounced => {
            "nach dem Nachwürfeln nimmt die Spalte „Angesagt“ nur das nach dem ersten Wurf angesagte Feld"
                .into()
        }
        GameError::AnnouncementBinds(category) => format!(
            "„{}“ ist angesagt: Dieser Zug endet in diesem Feld der Spalte „Angesagt“",
            name(*category)
        ),
        GameError::AnnounceAfterFirstRoll => "angesagt wird direkt nach dem ersten Wurf".into(),
        GameError::WriteNow => {
            "nur noch Felder ohne Nachwürfeln sind frei: Trag jetzt ein (oder sag an)".into()
        }
    }
}

pub(super) fn setup_refused(error: &SetupError) -> String {
    match error {
        SetupError::PlayerCount { count, min, max } => {
            format!("{count} Spieler: Dieses Spiel ist für {min} bis {max} Spieler")
        }
        SetupError::EmptyName { seat } => format!("Spieler {} braucht einen Namen", seat + 1),
        SetupError::NameTooLong { seat } => {
            format!(
                "der Name von Spieler {} ist länger als {MAX_NAME_CHARS} Zeichen",
                seat + 1
            )
        }
        SetupError::DuplicateName(name) => {
            format!(
                "zwei Spieler heißen „{name}“ (Großbuchstaben machen keinen anderen Namen): Gib jedem einen eigenen"
            )
        }
        SetupError::NoSuchSeat(seat) => format!("es gibt keinen Platz {seat} zum Starten"),
    }
}

fn rules_refused(error: &RulesError) -> String {
    match error {
        RulesError::UnknownJoker(id) => {
            format!("unbekannte Joker-Regel „{id}“ (bekannt: forced, free, none)")
        }
        RulesError::NoJoker(ruleset) => format!("{} hat keine Joker-Regel", game(ruleset)),
        RulesError::NoBonus(ruleset) => format!("{} hat keinen Kniffel-Bonus", game(ruleset)),
        RulesError::NoColumns(ruleset) => {
            format!("{} wird mit einer einzigen Spalte gespielt", game(ruleset))
        }
        RulesError::NotInRuleset(category, ruleset) => {
            format!("{} hat kein Feld „{}“", game(ruleset), category.id())
        }
        RulesError::ValueNotOffered(category, value) => {
            format!("im Feld „{}“ ist {value} nicht möglich", category.id())
        }
        RulesError::FilledTwice(category) => format!("das Feld „{}“ ist doppelt belegt", category.id()),
        RulesError::FilledOutOfOrder { filled, open } => format!(
            "der Block wird der Reihe nach gefüllt: „{}“ ist belegt, während „{}“ darüber noch frei ist",
            filled.id(),
            open.id()
        ),
        RulesError::NoHouseRules(ruleset) => format!("{ruleset} hat keine Hausregeln"),
        RulesError::FirstRollBonus(bonus) => {
            format!("ein im ersten Wurf gemachtes Feld bringt 5 oder 10 mehr, nicht {bonus}")
        }
        RulesError::UpperBonus(ruleset, bonus) => {
            format!(
                "{ruleset} spielt keinen Bonus von {} bei {}",
                bonus.points, bonus.threshold
            )
        }
    }
}

/// Seats are numbered from 1 for the players.
fn room_refused(error: &RoomError) -> String {
    match error {
        RoomError::RoomNameEmpty => "ein Raum braucht einen Namen".into(),
        RoomError::RoomNameTooLong => {
            format!(
                "ein Raumname hat höchstens {} Zeichen",
                fivedice_room::MAX_ROOM_NAME_CHARS
            )
        }
        RoomError::RoomNameControl => "ein Raumname darf keine Steuerzeichen enthalten".into(),
        RoomError::PlayerNameEmpty => "ein Spieler braucht einen Namen".into(),
        RoomError::PlayerNameTooLong => format!("ein Spielername hat höchstens {MAX_NAME_CHARS} Zeichen"),
        RoomError::PlayerNameControl => "ein Spielername darf keine Steuerzeichen enthalten".into(),
        RoomError::NameTaken(name) => format!("in diesem Raum heißt schon jemand „{name}“"),
        RoomError::RoomFull { max } => {
            format!("der Raum ist voll: Dieses Spiel ist für höchstens {max} Spieler")
        }
        RoomError::Started => "das Spiel hat begonnen; eröffne einen neuen Raum".into(),
        RoomError::NotInLobby => "das Spiel hat begonnen: Das ging nur vorher".into(),
        RoomError::NotStarted => "das Spiel hat noch nicht begonnen".into(),
        RoomError::GameOver => "das Spiel ist vorbei".into(),
        RoomError::NotHost => "nur der Gastgeber kann das".into(),
        RoomError::NoSuchSeat(seat) => format!("in diesem Raum gibt es keinen Platz {}", seat + 1),
        RoomError::NotYourTurn { seat } => format!("Platz {} ist dran, nicht du", seat + 1),
        RoomError::ComputerPlays { seat } => {
            format!(
                "ein Computerspieler spielt auf Platz {}: Übernimm den Platz zuerst wieder",
                seat + 1
            )
        }
        RoomError::Stale { .. } => {
            "das Spiel hat sich geändert, bevor dein Tippen ankam: Schau noch mal hin und versuch es erneut"
                .into()
        }
        RoomError::TooManyForRules {
            ruleset,
            players,
            max,
        } => format!(
            "{} ist für höchstens {max} Spieler, und {players} sitzen am Tisch",
            game(ruleset)
        ),
        RoomError::NotAwayLongEnough { seat, away_ms: None } => {
            format!(
                "Platz {} ist verbunden: Ein Computer kann ihn nicht übernehmen",
                seat + 1
            )
        }
        RoomError::NotAwayLongEnough {
            seat,
            away_ms: Some(away),
        } => format!(
            "Platz {} ist seit {} s weg; ein Computer kann nach {} s übernehmen",
            seat + 1,
            away / 1000,
            fivedice_room::TAKE_OVER_AFTER_MS / 1000
        ),
        RoomError::AlreadyComputer { seat } => format!("ein Computer spielt schon auf Platz {}", seat + 1),
        RoomError::NotComputer { seat } => {
            format!(
                "auf Platz {} sitzt ein Mensch: Nur ein Computerspieler kann entfernt werden",
                seat + 1
            )
        }
        RoomError::NoStandIn { seat } => format!("kein Computer vertritt Platz {}", seat + 1),
        RoomError::DiceAreDrawn => "der Raum würfelt selbst".into(),
        RoomError::EventsGame => "dieser Raum ist ein Tisch eines Events und spielt dessen Spiel".into(),
        RoomError::DiceRevealed => {
            "die Würfel wurden am Ende offengelegt: die Kästchen des Spiels stehen fest".into()
        }
        RoomError::Game(error) => refused(error, &|category| category.id().to_string()),
        RoomError::Rules(error) => rules_refused(error),
        RoomError::Setup(error) => setup_refused(error),
        RoomError::OutOfOrder { .. } | RoomError::Inconsistent(_) => {
            "das Protokoll des Raums passt nicht zum Stand dieses Geräts: Es wird neu geladen".into()
        }
    }
}

pub(super) fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Room(error) => room_refused(error),
        Refusal::NotYourSeat => "dieser Platz gehört nicht zu diesem Gerät".into(),
        Refusal::NoRoom => "auf dieser Verbindung ist kein Raum offen".into(),
        Refusal::AlreadyInRoom => "diese Verbindung ist schon in einem Raum".into(),
        Refusal::RateLimited => "zu viele Nachrichten: Warte einen Moment".into(),
        Refusal::BadMessage => "der Server hat diese Nachricht nicht verstanden".into(),
        Refusal::TooBig { max_bytes } => format!("eine Nachricht hat höchstens {max_bytes} Bytes"),
        Refusal::TooManyRooms => "der Server hat zu viele offene Räume; versuch es später noch mal".into(),
        Refusal::RoomDamaged => {
            "das Protokoll dieses Raums ist beschädigt: Hier kann nicht mehr gespielt werden; eröffne einen neuen \
             Raum, um weiterzuspielen"
                .into()
        }
        Refusal::NewRoomsLimited => {
            "von hier wurden kürzlich viele Räume eröffnet; warte ein paar Minuten und versuch es dann noch mal".into()
        }
        Refusal::Unavailable(Trouble::NotLoaded) => "der Raum konnte nicht geladen werden; versuch es noch mal".into(),
        Refusal::Unavailable(Trouble::NotSaved) => "der Zug konnte nicht gespeichert werden; versuch es noch mal".into(),
        Refusal::Unavailable(Trouble::NoRandomness) => "kein Zufall für die Würfel verfügbar; versuch es noch mal".into(),
        Refusal::HandOver(HandOverRefusal::Unknown) => "dieser Link verlegt keinen Platz dieses Raums".into(),
        Refusal::HandOver(HandOverRefusal::Used) => {
            "dieser Link wurde schon geöffnet: Bitte am Tisch um einen neuen".into()
        }
        Refusal::HandOver(HandOverRefusal::Expired) => {
            "dieser Link ist älter als zehn Minuten: Bitte am Tisch um einen neuen".into()
        }
        Refusal::HandOver(HandOverRefusal::SeatHere) => {
            "das Gerät dieses Spielers ist da: Sein Platz bleibt dort".into()
        }
        Refusal::HandOver(HandOverRefusal::SaidNo) => "der Tisch hat Nein gesagt: Du schaust zu".into(),
        Refusal::HandOver(HandOverRefusal::AskedTooOften) => {
            "von hier kamen kürzlich viele Anfragen: Warte eine Minute und frag dann noch mal".into()
        }
    }
}

/// Warum einer Startadresse nicht gefolgt werden kann.
pub(super) fn address_refused(error: &AddressError) -> String {
    match error {
        AddressError::Missing { parameter, example } => format!("sie nennt kein {parameter} ({example})"),
        AddressError::NotOneOf {
            parameter,
            value,
            allowed,
        } => format!("{parameter}=„{value}“ ist keiner der möglichen Werte: {allowed}"),
        AddressError::Name(error) => room_refused(error),
        AddressError::Rules(error) => rules_refused(error),
        AddressError::Columns(ColumnsError::Empty) => "columns=: ein Block hat mindestens eine Spalte".into(),
        AddressError::Columns(ColumnsError::Twice(column)) => {
            format!(
                "columns=: die Spalte „{}“ steht zweimal auf dem Block",
                column.label().german()
            )
        }
        AddressError::Columns(ColumnsError::Unknown(column)) => {
            format!("columns=: unbekannte Spalte „{}“", column.0)
        }
        AddressError::MoreComputersThanPlayers { computers, players } => {
            format!("bots= nennt {computers} Plätze für {players} Spieler")
        }
        AddressError::ComputersNeedAppDice => {
            "Computerspieler spielen mit den Würfeln der App (dice=app)".into()
        }
        AddressError::NoEventKey => {
            "dem Link des Events fehlt sein Schlüssel: fragen Sie die Organisatorin oder den Organisator"
                .into()
        }
        AddressError::EmptyHandOver => "handover= nennt keinen Link, der einen Platz umzieht".into(),
    }
}
