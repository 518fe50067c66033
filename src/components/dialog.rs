//! The frame every dialog of the app is drawn in, modal for real: the page behind is inert (the `<dialog>`
//! element's modal mode), Tab and Shift+Tab go round inside it, Escape and a tap beside it close it, and the
//! focus goes back to what opened it when it closes (where that is still there to take it).

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What can take the focus inside a dialog, in the order Tab visits it.
const FOCUSABLE: &str = "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), \
                         textarea:not([disabled]), [tabindex]:not([tabindex=\"-1\"])";

/// A modal dialog named by the element `labelled_by` inside it. The focus goes to `first` when it opens (the
/// first control in it otherwise); `close` is run on Escape and on a tap beside it. A dialog only `watched` (a
/// computer's box, shown before it is written) is not modal and leaves the focus where it is.
#[component]
pub fn Dialog(
    close: Callback<()>,
    labelled_by: &'static str,
    #[prop(optional)] first: Option<NodeRef<html::Button>>,
    #[prop(optional)] watched: bool,
    children: Children,
) -> impl IntoView {
    let frame = NodeRef::<html::Dialog>::new();
    let opener = document().active_element();
    Effect::new(move |_| {
        let Some(frame) = frame.get() else { return };
        if watched {
            frame.set_open(true);
            return;
        }
        if !frame.open() && frame.show_modal().is_err() {
            leptos::logging::warn!("a dialog could not open as modal: the page behind stays reachable");
        }
        let first = first
            .and_then(|first| first.get())
            .map(|first| first.unchecked_into::<web_sys::Element>());
        if let Some(first) = first.or_else(|| focusables(&frame).into_iter().next().map(Into::into)) {
            // The dialog's own focusing (its first control) is moved where the dialog says.
            crate::focus::take(&first);
        }
    });
    if !watched {
        on_cleanup(move || crate::focus::give_back(opener));
    }
    view! {
        <dialog
            class="backdrop"
            role="dialog"
            aria-modal=(!watched).then_some("true")
            aria-labelledby=labelled_by
            node_ref=frame
            on:click=move |event| {
                // A tap beside the dialog's box lands on the dialog itself (the backdrop it draws).
                let beside = event.target().zip(frame.get_untracked()).is_some_and(|(target, frame)| {
                    target.dyn_ref::<web_sys::Node>().is_some_and(|node| frame.is_same_node(Some(node)))
                });
                if beside {
                    close.run(());
                }
            }
            on:keydown=move |event| match event.key().as_str() {
                "Escape" => {
                    // Not the browser's own closing: the dialog's owner says it is closed, and it goes.
                    event.prevent_default();
                    event.stop_propagation();
                    close.run(());
                }
                "Tab" => {
                    if let Some(frame) = frame.get_untracked() {
                        go_round(&frame, &event);
                    }
                }
                _ => {}
            }
        >
            {children()}
        </dialog>
    }
}

/// Tab from the last control goes to the first, Shift+Tab from the first to the last: the focus never leaves.
fn go_round(frame: &web_sys::HtmlDialogElement, event: &web_sys::KeyboardEvent) {
    let inside = focusables(frame);
    let (Some(first), Some(last)) = (inside.first(), inside.last()) else {
        event.prevent_default();
        return;
    };
    let active = document().active_element();
    let at = |element: &web_sys::HtmlElement| {
        active
            .as_ref()
            .is_some_and(|active| element.is_same_node(Some(active)))
    };
    let outside = active.as_ref().is_none_or(|active| !frame.contains(Some(active)));
    let to = match event.shift_key() {
        true if at(first) || outside => last,
        false if at(last) || outside => first,
        _ => return,
    };
    event.prevent_default();
    crate::focus::take(to);
}

/// The dialog's controls that take the focus, in document order (the hidden ones left out).
fn focusables(frame: &web_sys::HtmlDialogElement) -> Vec<web_sys::HtmlElement> {
    let Ok(found) = frame.query_selector_all(FOCUSABLE) else {
        return Vec::new();
    };
    crate::focus::listed::<web_sys::HtmlElement>(&found)
        .into_iter()
        .filter(|element| element.offset_width() > 0 || element.offset_height() > 0)
        .collect()
}
