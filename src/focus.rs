//! Where the keyboard's focus goes when what held it goes: back to what opened a dialog, or on to what the table
//! asks for next (the device passed on, Roll, the first open box, the standings), never the page's body.

use std::cell::RefCell;

use leptos::prelude::request_animation_frame;
use wasm_bindgen::JsCast;

/// Where focus rests at the table when nothing there is to press (a computer's turn, another device's): it moves
/// on from here as soon as something is.
const RESTING: &str = ".turn .status";

/// What the table offers the focus, best first.
const AT_THE_TABLE: [&str; 7] = [
    "[data-pass-to]",
    "[data-action=\"roll\"]:not([disabled])",
    "[data-who-starts] select, [data-who-starts] button:not([disabled])",
    "button.cell-button[tabindex=\"0\"]:not([disabled])",
    "button.cell-button:not([disabled])",
    "[data-game-over]",
    RESTING,
];

/// How many frames the table is given for its best place to appear (a part of it that is a chunk on its way).
const FRAMES_TO_WAIT: u8 = 30;

thread_local! {
    /// The category of the box an undo gives back: the focus goes there the next time it is placed at the table.
    static PREFERRED: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The sheet's one tab stop: the hook of the box that last had the focus.
    static SHEET_STOP: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The dice's one tab stop: the die that last had the focus.
    static DICE_STOP: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The turn's toolbar's one tab stop: the tool that last had the focus.
    static TOOLS_STOP: RefCell<Option<String>> = const { RefCell::new(None) };
    /// What opened the dialog that just closed: the focus goes back there first, whichever of the dialog's
    /// closing and the table's change places it.
    static OPENER: RefCell<Option<web_sys::Element>> = const { RefCell::new(None) };
}

/// After a dialog closed: the focus goes back to what opened it (the same control drawn again, if it was), or
/// else where the table asks.
pub fn give_back(opener: Option<web_sys::Element>) {
    OPENER.with(|kept| *kept.borrow_mut() = opener);
    request_animation_frame(|| settle(FRAMES_TO_WAIT));
}

/// The control that opened the dialog just closed, if it can take the focus: itself, or the same box drawn
/// again.
fn opener_again() -> Option<web_sys::Element> {
    let opener = OPENER.with(|kept| kept.borrow_mut().take())?;
    if opener.is_connected() {
        return Some(opener).filter(|opener| !opener.matches(":disabled").unwrap_or(true));
    }
    let cell = opener.get_attribute("data-cell")?;
    query(&format!("button[data-cell=\"{cell}\"]"))
}

/// After the table changed: the sheet's boxes are one tab stop again, and where the focus was lost (or rests),
/// it goes where the table asks now.
pub fn keep_at_table() {
    request_animation_frame(|| settle(FRAMES_TO_WAIT));
}

/// An undo pressed (`undo`, the button, names the box's category in `data-gives-back`): the next time the
/// focus is placed at the table, it goes to that box of the current player once it is open again (in column
/// Yam, the first of that name).
pub fn give_back_box(undo: &web_sys::Element) {
    let category = undo.get_attribute("data-gives-back");
    PREFERRED.with(|preferred| *preferred.borrow_mut() = category);
}

/// The box given back by an undo, once it is the turn of the player who wrote it again.
fn box_given_back(category: &str) -> Option<web_sys::Element> {
    let seat = query("[data-current-seat]")?.get_attribute("data-current-seat")?;
    query(&format!(
        "button[data-cell^=\"{seat}:\"][data-cell$=\":{category}\"]"
    ))
}

/// The dice, the turn's tools and the sheet's open boxes are one tab stop each (the arrows move within them): the control
/// `focused` now, else the one that had the focus last if it is still there, else the first. Dice not rolled
/// yet take no stop; the sheet's frame is a stop of its own only while no box is open (it scrolls, and the
/// keyboard must reach it).
pub fn one_stop_in_each_group(focused: Option<&web_sys::Element>) {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    one_stop(&document, Group::Dice, focused);
    one_stop(&document, Group::Tools, focused);
    let boxes = one_stop(&document, Group::Boxes, focused);
    let frame = document.query_selector(".sheet-wrap").ok().flatten();
    let framed = frame.map_or(Ok(()), |frame| {
        frame.set_attribute("tabindex", if boxes { "-1" } else { "0" })
    });
    if framed.is_err() {
        leptos::logging::warn!("a tab stop could not be set");
    }
}

/// A group of controls that is one tab stop.
#[derive(Clone, Copy)]
pub enum Group {
    Dice,
    /// The turn's toolbar: Hint, Coach, the chances to win.
    Tools,
    Boxes,
}

impl Group {
    pub fn selector(self) -> &'static str {
        match self {
            Group::Dice => "[data-die]",
            Group::Tools => {
                ".turn-tools :is([data-action=\"hint\"], [data-action=\"coach\"], [data-action=\"odds\"])"
            }
            Group::Boxes => "button.cell-button",
        }
    }

    /// Whether a control of the group may take the stop (a die once rolled).
    fn may_stop(self, control: &web_sys::Element) -> bool {
        match self {
            Group::Dice => control
                .get_attribute("data-face")
                .is_some_and(|face| !face.is_empty()),
            Group::Tools => !control.matches(":disabled").unwrap_or(false),
            Group::Boxes => true,
        }
    }

    fn last_stop(self) -> &'static std::thread::LocalKey<RefCell<Option<String>>> {
        match self {
            Group::Dice => &DICE_STOP,
            Group::Tools => &TOOLS_STOP,
            Group::Boxes => &SHEET_STOP,
        }
    }
}

/// Makes one control of `group` its tab stop; whether any control may take it (an error if one would not).
fn one_stop(document: &web_sys::Document, group: Group, focused: Option<&web_sys::Element>) -> bool {
    let Ok(found) = document.query_selector_all(group.selector()) else {
        return false;
    };
    let controls: Vec<web_sys::Element> = listed(&found);
    let key = |control: &web_sys::Element| {
        ["data-die", "data-cell", "data-action"]
            .into_iter()
            .find_map(|name| control.get_attribute(name))
    };
    if let Some(key) = focused
        .filter(|focused| focused.matches(group.selector()).unwrap_or(false))
        .and_then(key)
    {
        group.last_stop().with(|stop| *stop.borrow_mut() = Some(key));
    }
    let open: Vec<&web_sys::Element> = controls
        .iter()
        .filter(|control| group.may_stop(control))
        .collect();
    if open.is_empty() {
        // A new turn's dice (or sheet) start from the first again.
        group.last_stop().with(|stop| stop.borrow_mut().take());
    }
    let last = group.last_stop().with(|stop| stop.borrow().clone());
    let stop = open
        .iter()
        .find(|control| last.is_some() && key(control) == last)
        .or(open.first())
        .copied();
    let mut set = Ok(());
    for control in &controls {
        let is_stop = stop.is_some_and(|stop| stop.is_same_node(Some(control)));
        set = set.and(control.set_attribute("tabindex", if is_stop { "0" } else { "-1" }));
    }
    if set.is_err() {
        leptos::logging::warn!("a tab stop could not be set");
    }
    stop.is_some()
}

/// Places the focus at the table's best place if it was lost; if only the resting place is there yet, looks
/// again on the next frames (the sheet, drawn a task later, is made one tab stop then).
fn settle(frames: u8) {
    one_stop_in_each_group(None);
    if !lost() {
        OPENER.with(|kept| kept.borrow_mut().take());
        return;
    }
    if let Some(opener) = opener_again()
        && take(&opener)
    {
        return;
    }
    let preferred = PREFERRED.with(|preferred| preferred.borrow_mut().take());
    if let Some(element) = preferred.as_deref().and_then(box_given_back)
        && take(&element)
    {
        return;
    }
    let best = AT_THE_TABLE
        .iter()
        .enumerate()
        .find_map(|(rank, selector)| Some((rank, query(selector)?)));
    let resting = best
        .as_ref()
        .is_none_or(|(rank, _)| *rank + 1 == AT_THE_TABLE.len());
    if let Some((_, element)) = best {
        take(&element);
    }
    if resting && frames > 0 {
        request_animation_frame(move || settle(frames - 1));
    }
}

/// Whether the focus is nowhere a person can act from: the body, a control gone or disabled, or the table's
/// resting place. Never while a dialog is open (the focus is its own).
fn lost() -> bool {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return false;
    };
    if document.query_selector("dialog[open]").ok().flatten().is_some() {
        return false;
    }
    let Some(active) = document.active_element() else {
        return true;
    };
    let body = document
        .body()
        .is_some_and(|body| body.is_same_node(Some(&active)));
    body || !active.is_connected()
        || active.matches(":disabled").unwrap_or(false)
        || active.matches(RESTING).unwrap_or(false)
}

/// The elements of a list `query_selector_all` found, in document order, as `T`.
pub fn listed<T: JsCast>(found: &web_sys::NodeList) -> Vec<T> {
    (0..found.length())
        .filter_map(|index| found.item(index)?.dyn_into().ok())
        .collect()
}

fn query(selector: &str) -> Option<web_sys::Element> {
    let document = web_sys::window()?.document()?;
    document.query_selector(selector).ok()?
}

/// Focuses `element` (a warning if it would not); whether it took the focus.
pub fn take(element: &web_sys::Element) -> bool {
    let Some(element) = element.dyn_ref::<web_sys::HtmlElement>() else {
        return false;
    };
    if element.focus().is_err() {
        leptos::logging::warn!("a control could not take the focus");
        return false;
    }
    true
}
