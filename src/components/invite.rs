//! Invite: the room's address as a QR code to point a phone at, and as a link to open, copy or send, so the
//! people at the table join from their own devices. Shown in the room's lobby and above its sheet.

use std::fmt::Write as _;

use leptos::prelude::*;
use qrcodegen::{QrCode, QrCodeEcc};
use wasm_bindgen::JsCast;

use crate::i18n;
use crate::room_client::room_status;
use crate::store::GameStore;

/// The Invite button and, once pressed, the room's QR code and link.
#[component]
pub fn Invite(#[prop(into)] room: Signal<String>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    let open = RwSignal::new(false);
    let link = RwSignal::new(None::<String>);
    let toggle = move |_| {
        open.update(|open| *open = !*open);
        if open.get_untracked() {
            leptos::task::spawn_local(async move {
                let invite = room_status().await.and_then(|status| status.invite);
                link.set(room_link(&room.get_untracked(), "", invite));
            });
        }
    };
    let copy = move |_| {
        let Some(text) = link.get_untracked() else { return };
        leptos::task::spawn_local(async move {
            let room_words = store.speech().words_of(i18n::room_words);
            store.tell(if copy_to_clipboard(&text).await {
                room_words.link_copied
            } else {
                room_words.link_not_copied
            });
        });
    };
    let shown = move || {
        let link = link.get()?;
        let code = qr_svg(&link, room_words.invite_code);
        Some(view! {
            <div class="invite" data-invite data-link=link.clone()>
                {code}
                <p class="invite-text">{room_words.invite_how}</p>
                <p class="invite-link">
                    <a href=link.clone()>{link.clone()}</a>
                </p>
                <button type="button" class="secondary" data-action="copy-invite" on:click=copy>
                    {room_words.copy_link}
                </button>
            </div>
        })
    };
    view! {
        <button
            type="button"
            class="secondary invite-button"
            data-action="invite"
            aria-expanded=move || open.get().to_string()
            on:click=toggle
        >
            {room_words.invite}
        </button>
        <Show when=move || open.get()>{shown}</Show>
    }
}

/// The address that opens `room` from another device (`more` adds to its query).
fn room_link(room: &str, more: &str, invite: Option<String>) -> Option<String> {
    app_address(
        &format!("room={}{more}", String::from(js_sys::encode_uri_component(room))),
        invite,
    )
}

/// The link that moves `name`'s seat to another device, as a QR code and a link, on the device that asked
/// for it: whoever opens it takes the seat.
#[component]
pub fn HandOverLink(room: String, seat: usize, name: String, code: String) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    let link = RwSignal::new(None::<String>);
    leptos::task::spawn_local(async move {
        let invite = room_status().await.and_then(|status| status.invite);
        link.set(room_link(&room, &format!("&handover={code}"), invite));
    });
    let how = (room_words.hand_over_how)(&name);
    move || {
        let link = link.get()?;
        let code = qr_svg(&link, room_words.hand_over_code);
        Some(view! {
            <div class="invite hand-over" data-hand-over=seat.to_string() data-link=link.clone()>
                {code}
                <p class="invite-text">{how.clone()}</p>
                <p class="invite-link">
                    <a href=link.clone()>{link.clone()}</a>
                </p>
            </div>
        })
    }
}

/// The app's address with this query, as other devices reach it: the page's own directory, or the server's
/// address on its network where the page was loaded from this machine alone (127.0.0.1, localhost), which no
/// other device reaches.
pub(super) fn app_address(query: &str, invite: Option<String>) -> Option<String> {
    let location = web_sys::window()?.location();
    let (host, origin, path) = (
        location.hostname().ok()?,
        location.origin().ok()?,
        location.pathname().ok()?,
    );
    let this_machine_only = matches!(host.as_str(), "127.0.0.1" | "localhost" | "[::1]" | "::1");
    let base = match invite {
        Some(invite) if this_machine_only => invite,
        _ => format!("{origin}{}", &path[..=path.rfind('/')?]),
    };
    Some(format!("{base}index.html?{query}"))
}

/// The link as a QR code, drawn as SVG: one square per dark module, with the quiet zone of four modules a
/// reader needs around it.
pub(super) fn qr_svg(link: &str, label: &'static str) -> Option<impl IntoView + use<>> {
    const QUIET: i32 = 4;
    let code = QrCode::encode_text(link, QrCodeEcc::Medium).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if code.get_module(x, y) {
                // Writing to a String cannot fail.
                let _ = write!(path, "M{},{}h1v1h-1z", x + QUIET, y + QUIET);
            }
        }
    }
    let side = size + 2 * QUIET;
    Some(view! {
        <svg class="qr" viewBox=format!("0 0 {side} {side}") role="img" aria-label=label shape-rendering="crispEdges">
            <rect width=side.to_string() height=side.to_string() fill="#fff" />
            <path d=path fill="#000" />
        </svg>
    })
}

/// Puts `text` on the clipboard, where the browser lets the page.
async fn copy_to_clipboard(text: &str) -> bool {
    let Some(navigator) = web_sys::window().map(|window| window.navigator()) else {
        return false;
    };
    let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).ok();
    let write = clipboard.as_ref().and_then(|clipboard| {
        let write = js_sys::Reflect::get(clipboard, &"writeText".into()).ok()?;
        write
            .dyn_into::<js_sys::Function>()
            .ok()?
            .call1(clipboard, &text.into())
            .ok()
    });
    match write.and_then(|promise| promise.dyn_into::<js_sys::Promise>().ok()) {
        Some(promise) => wasm_bindgen_futures::JsFuture::from(promise).await.is_ok(),
        None => false,
    }
}
