//! The table's news, heard: one polite live region that says every roll, hold, box written, undo, who starts,
//! a computer's move, another device's and the game's end, once, in the player's language. It follows the
//! table's log (`crate::table::news` reads each entry); how it follows and its words are a chunk fetched with the
//! table.

use fivedice_room::Room;
use fivedice_rules::{Language, Place, Rules};
use leptos::prelude::*;

use super::lazy::{Loaded, prefetched};
use super::who_starts::roll_off_said;
use crate::i18n::{self, NewsWords, Words};
use crate::store::GameStore;
use crate::store::Reading as _;
use crate::table::news::{News, news};

/// The region (a chunk fetched as the table shows).
#[component]
pub fn TableNews() -> impl IntoView {
    prefetched(news_part, ())
}

#[wasm_split_helpers::wasm_split(news, fallible)]
fn news_part() -> Loaded<()> {
    Ok(|()| {
        let said = RwSignal::new(String::new());
        follow_the_log(said);
        view! { <p class="visually-hidden" role="status" aria-live="polite" data-table-news>{move || said.get()}</p> }
            .into_any()
    })
}

/// At most this many entries are told at once: a room catching up after a drop says only its latest news.
const TOLD_AT_ONCE: usize = 3;

/// Tells each entry the table's log gains, against the room as it was before it.
fn follow_the_log(said: RwSignal<String>) {
    let store = expect_context::<GameStore>();
    let language = store.speech().language().get_untracked();
    let (words, news_words) = (store.words(), i18n::news_words(language));
    // The table told so far (its id) and its room as last told.
    let told = StoredValue::new_local(None::<(String, Room)>);
    Effect::new(move |ran_before: Option<()>| {
        let heard = store.table().with(|table| {
            let table = table.as_ref()?;
            let same = told.with_value(|told| {
                told.as_ref()
                    .is_some_and(|(id, room)| *id == table.id() && room.seq() <= table.room().seq())
            });
            if !same {
                // A table just opened: a game that has just started says who starts (unless the table is asked
                // who does: a score pad), one resumed whose turn it is.
                told.set_value(Some((table.id().to_string(), table.room().clone())));
                let game = table.room().game().filter(|game| !game.is_over())?;
                let fresh = game.log().is_empty() && game.turn().rolls_used == 0 && game.players().len() > 1;
                let roll_off = table.room().first_player_roll().filter(|_| fresh).cloned();
                let turn = News::Turn {
                    seat: game.current_seat(),
                };
                return Some(vec![roll_off.map_or(turn, News::Starts)]);
            }
            let mut heard = Vec::new();
            told.update_value(|told| {
                let Some((_, room)) = told else { return };
                let new: Vec<_> = table
                    .log()
                    .iter()
                    .filter(|entry| entry.seq > room.seq())
                    .collect();
                let quiet = new.len().saturating_sub(TOLD_AT_ONCE);
                for (index, entry) in new.into_iter().enumerate() {
                    let before = room.clone();
                    if room.apply_entry(entry).is_err() {
                        // Not this room's next entry (the log restarted): follow the table as it is, quietly.
                        *room = table.room().clone();
                        return;
                    }
                    if index >= quiet {
                        heard.extend(news(&before, &entry.event, room));
                    }
                }
            });
            Some(heard)
        });
        // While a score pad's table is asked who starts, nobody starts yet, whatever roll its room drew.
        let asked = store.table().who_starts_asked().get_untracked();
        let heard: Vec<News> = heard
            .unwrap_or_default()
            .into_iter()
            .filter(|news| !(asked && matches!(news, News::Starts(_) | News::Turn { .. })))
            .collect();
        if heard.is_empty() {
            return;
        }
        let text = store.table().with_untracked(|table| {
            let table = table.as_ref()?;
            let game = table.room().game()?;
            let name = |seat: usize| game.players().get(seat).cloned().unwrap_or_default();
            let rules = game.rules();
            let sentences: Vec<String> = heard
                .iter()
                .map(|news| {
                    say(
                        news,
                        Speaking {
                            words,
                            news_words,
                            language,
                            rules,
                            name: &name,
                        },
                    )
                })
                .collect();
            Some(sentences.join(" "))
        });
        if let Some(text) = text {
            // The same words again are still news: a space sets them apart, so the region changes.
            let text = match said.with_untracked(|said| said.trim_end() == text) {
                true => format!("{text}\u{a0}"),
                false => text,
            };
            match ran_before {
                Some(()) => said.set(text),
                // A live region is heard only once it is in the page: what there was to say as it came is said
                // a frame later.
                None => request_animation_frame(move || said.set(text)),
            }
        }
    });
}

/// What the words of a piece of news need.
#[derive(Clone, Copy)]
struct Speaking<'a> {
    words: &'static Words,
    news_words: &'static NewsWords,
    language: Language,
    rules: Rules,
    name: &'a dyn Fn(usize) -> String,
}

/// One piece of news in words.
fn say(news: &News, speaking: Speaking) -> String {
    let Speaking {
        words,
        news_words: said,
        language,
        rules,
        name,
    } = speaking;
    let label = |place: Place| super::place_label(rules, place, language).unwrap_or_default();
    let cell = |category| label(Place::new(fivedice_rules::Column::Free, category));
    let faces = |faces: &[u8]| faces.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    match news {
        News::Starts(roll) => roll_off_said(words, roll, name),
        News::Rolled {
            seat,
            faces: rolled,
            held,
        } => (said.rolled)(&name(*seat), &faces(rolled), &faces(held)),
        News::Held { die, face } => (said.held)(die + 1, *face),
        News::Released { die, face } => (said.released)(die + 1, *face),
        News::Entered { seat, faces: entered } => (said.entered)(&name(*seat), &faces(entered)),
        News::Announced { seat, category } => (said.announced)(&name(*seat), &cell(*category)),
        News::Wrote { seat, place, points } => (words.wrote)(&name(*seat), *points, &label(*place)),
        News::CrossedOut { seat, place } => (said.crossed_out)(&name(*seat), &label(*place)),
        News::Undone {
            seat,
            category,
            points,
        } => (said.undone)(&name(*seat), &cell(*category), *points),
        News::Turn { seat } => (said.turn)(&name(*seat)),
        News::WonOnFirstRoll { seat } => (words.won_on_first_roll)(&name(*seat)),
        News::Over { winners, total } => {
            let names: Vec<String> = winners.iter().map(|&seat| name(seat)).collect();
            let listed = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{}{}{last}", rest.join(", "), said.and),
                _ => names.concat(),
            };
            (said.over)(&listed, names.len(), *total)
        }
    }
}

#[cfg(test)]
mod tests;
