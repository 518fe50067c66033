//! Parts of the app only some visits need (the table, which the start screen never shows; online rooms,
//! statistics, the analysis after a game, How to play, column Yam, the saved games' lists, a hint's answer, a new version's banner, a long history's older games kept as sheets; and the French words, which
//! `i18n::fetch` brings) are wasm chunks of their own, fetched the first time they are shown (tools/build-app.sh cuts them out at their split points). A split point hands
//! back the function that builds its view; [`lazy`] shows that the part is on its way, builds it once it is
//! here, and says so plainly when it cannot be fetched (offline on a device that never had it), with a way to
//! try again.

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use leptos::prelude::*;
pub use wasm_split_helpers::SplitLoaderError;

use super::shown::shown_when;
use crate::store::GameStore;

/// What a split point answers: the function that builds its part (its code is in the chunk), or why the
/// chunk could not be fetched.
pub type Loaded<A> = Result<fn(A) -> AnyView, SplitLoaderError>;

/// A part whose chunk is here, ready to build with its arguments.
type Build = Rc<dyn Fn() -> AnyView>;

#[derive(Clone)]
enum Arrival {
    OnItsWay,
    Here(Build),
    NotFetched,
}

/// A split point's fetch, boxed with its part's arguments: one [`arriving`] serves every split point.
type Fetch = Rc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<Build, SplitLoaderError>>>>>;

/// Shows the part a split point builds with `args`, once its chunk is here.
pub fn lazy<A, F>(load: fn() -> F, args: A) -> AnyView
where
    A: Clone + 'static,
    F: Future<Output = Loaded<A>> + 'static,
{
    arriving(fetching(load, args))
}

/// The same, while `when` holds: fetched the first time it does, and shown while it does.
pub fn lazy_when<A, F>(when: impl Fn() -> bool + Send + Sync + 'static, load: fn() -> F, args: A) -> AnyView
where
    A: Clone + 'static,
    F: Future<Output = Loaded<A>> + 'static,
{
    let fetch = StoredValue::new_local(fetching(load, args));
    shown_when(when, move || fetch.with_value(|fetch| arriving(fetch.clone())))
}

/// The same for a part that shows nothing until it is used (the value picker, closed): fetched at once and
/// quietly, so that it is here when it is needed; a chunk that cannot be fetched says so as [`lazy`]'s does.
pub fn prefetched<A, F>(load: fn() -> F, args: A) -> AnyView
where
    A: Clone + 'static,
    F: Future<Output = Loaded<A>> + 'static,
{
    arrive(fetching(load, args), true)
}

fn fetching<A, F>(load: fn() -> F, args: A) -> Fetch
where
    A: Clone + 'static,
    F: Future<Output = Loaded<A>> + 'static,
{
    Rc::new(move || {
        let args = args.clone();
        Box::pin(async move {
            let build = load().await?;
            Ok(Rc::new(move || build(args.clone())) as Build)
        })
    })
}

fn arriving(load: Fetch) -> AnyView {
    arrive(load, false)
}

/// Fetches a part and shows it once here; `quietly`, nothing shows while it is on its way.
fn arrive(load: Fetch, quietly: bool) -> AnyView {
    let words = expect_context::<GameStore>().words();
    let arrival = RwSignal::new_local(Arrival::OnItsWay);
    let fetch = move || {
        arrival.set(Arrival::OnItsWay);
        let load = load.clone();
        leptos::task::spawn_local(async move {
            arrival.set(match load().await {
                Ok(build) => Arrival::Here(build),
                Err(_) => Arrival::NotFetched,
            });
        });
    };
    fetch();
    let fetch = StoredValue::new_local(fetch);
    (move || match arrival.get() {
        Arrival::Here(build) => build(),
        Arrival::OnItsWay if quietly => ().into_any(),
        Arrival::OnItsWay => view! { <p class="muted" data-lazy="fetching">{words.fetching}</p> }.into_any(),
        Arrival::NotFetched => view! {
            <p class="error" role="alert" data-lazy="not-fetched">
                {words.not_fetched_offline} " "
                <button type="button" class="link" data-action="fetch-again" on:click=move |_| fetch.with_value(|fetch| fetch())>
                    {words.try_again}
                </button>
            </p>
        }
        .into_any(),
    })
    .into_any()
}

/// Adds a chunk's own stylesheet to the page, once (`id` names it): index.html links only the styles every
/// visit needs, and a chunk brings the rest with its code (the rooms', the events').
pub fn add_styles(id: &str, css: &'static str) {
    let document = document();
    if document.get_element_by_id(id).is_some() {
        return;
    }
    let added = document.create_element("style").ok().and_then(|style| {
        style.set_id(id);
        style.set_text_content(Some(css));
        document.head()?.append_child(&style).ok()
    });
    if added.is_none() {
        leptos::logging::warn!("the styles {id} could not be added to the page");
    }
}
