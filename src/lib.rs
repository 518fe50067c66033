//! Five Dice, the app: Leptos components over one game store. The rules crate answers every question of scoring.
#![forbid(unsafe_code)]

pub mod back;
pub mod components;
pub mod engine;
pub mod event_client;
pub mod event_feed;
pub mod feel;
pub mod files;
pub mod focus;
pub mod i18n;
pub mod keys;
pub mod launch;
pub mod page;
pub mod room_client;
pub mod setup_draft;
pub mod stats;
pub mod storage;
pub mod store;
pub mod table;
pub mod wake_lock;

pub use components::App;
