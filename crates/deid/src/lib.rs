//! Deid Studio engine: de-identification of adverse drug reaction narratives the *inverse* way
//! (Meldau 2018): every token starts masked and is let back in only when the evidence says it is
//! safe. See `ARCHITECTURE.md` for the data flow.

pub mod annotate;
pub mod calibrate;
pub mod combine;
pub mod config;
pub mod definitions;
pub mod deidentify;
pub mod error;
pub mod eval;
pub mod featurize;
pub mod fsutil;
pub mod i2b2;
pub mod input;
pub mod isolate;
pub mod lexicon;
pub mod masking;
pub mod model;
pub mod phi;
pub mod recognize;
pub mod rules;
pub mod surrogate;
pub mod tokenize;

pub use error::{Error, Result};
pub use phi::{PhiType, Span};
