//! The optimal-strategy engine: exact expected values for every decision of a solitaire game.
#![forbid(unsafe_code)]
