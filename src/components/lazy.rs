//! Parts of the app only some visits need (online rooms, statistics, the analysis after a game, How to play,
//! column Yam; and the French words, which `i18n::fetch` brings) are wasm chunks of their own, fetched the
//! first time they are shown (tools/build-app.sh cuts them out at their split points). A split point hands
//! back the function that builds its view; [`lazy`] shows that the part is on its way, builds it once it is
//! here, and says so plainly when it cannot be fetched (offline on a device that never had it), with a way to
//! try again.

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
pub use wasm_split_helpers::SplitLoaderError;

use crate::store::GameStore;

/// What a split point answers: the function that builds its part (its code is in the chunk), or why the
/// chunk could not be fetched.
pub type Loaded<A> = Result<fn(A) -> AnyView, SplitLoaderError>;

enum Arrival<A: 'static> {
    OnItsWay,
    Here(fn(A) -> AnyView),
    NotFetched,
}

// By hand: a function pointer is copied whatever its argument.
impl<A> Clone for Arrival<A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A> Copy for Arrival<A> {}

/// A split point's fetch, boxed: one [`arriving`] serves every split point whose part takes the same arguments.
type Fetch<A> = Box<dyn Fn() -> Pin<Box<dyn Future<Output = Loaded<A>>>>>;

/// Shows the part a split point builds with `args`, once its chunk is here.
pub fn lazy<A, F>(load: fn() -> F, args: A) -> impl IntoView
where
    A: Clone + Send + Sync + 'static,
    F: Future<Output = Loaded<A>> + 'static,
{
    arriving(Box::new(move || Box::pin(load())), args)
}

fn arriving<A>(load: Fetch<A>, args: A) -> AnyView
where
    A: Clone + Send + Sync + 'static,
{
    let words = expect_context::<GameStore>().words();
    let arrival = RwSignal::new(Arrival::OnItsWay);
    let load = std::rc::Rc::new(load);
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
        Arrival::Here(build) => build(args.clone()),
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
