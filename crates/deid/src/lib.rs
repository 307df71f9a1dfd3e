//! Deid Studio engine: de-identification of adverse drug reaction narratives the *inverse* way
//! (Meldau 2018): every token starts masked and is let back in only when the evidence says it is
//! safe. See `ARCHITECTURE.md` for the data flow.
//!
//! The unit of every decision and mask is the Unicode word ([`tokenize`]), and every offset the
//! engine gives or takes is a count of Unicode code points into the exact text, as in i2b2 XML
//! (not bytes, not UTF-16 units). A [`deidentify::Deidentifier`] turns texts into
//! [`deidentify::Annotation`]s: PHI [`Span`]s covering whole words, with the rules' reason for
//! every word; [`masking`] turns spans into masked text, [`i2b2`] into i2b2 2014 XML.
//!
//! # Example
//!
//! The rules-only de-identifier (the embedded dictionaries and recognizers, no model) on an
//! invented narrative:
//!
//! ```
//! use deid::deidentify::Deidentifier;
//! use deid::masking::mask_text;
//! use deid::rules::RuleEngine;
//! use deid::tokenize::OffsetMap;
//! use deid::PhiType;
//!
//! let engine = Deidentifier::rules_only(RuleEngine::embedded());
//! let text = "Seen by Dr Müller on 12/26/2020: fever and headache after the vaccine.";
//! let annotation = engine.annotate(text)?;
//! for span in &annotation.spans {
//!     // offsets are code points: "ü" counts one
//!     let words: String = text.chars().skip(span.start).take(span.len()).collect();
//!     println!("{}..{} {} {words:?}", span.start, span.end, span.kind);
//! }
//! // the name and the date are PHI, with their offsets in code points
//! assert!(annotation.spans.iter().any(|s| (s.start, s.end) == (11, 17)));
//! assert!(annotation
//!     .spans
//!     .iter()
//!     .any(|s| s.kind == PhiType::Date && (s.start, s.end) == (21, 31)));
//!
//! let masked = mask_text(text, &OffsetMap::new(text), &annotation.spans);
//! println!("{masked}");
//! assert!(!masked.contains("Müller") && !masked.contains("2020"));
//! assert!(masked.contains("[DATE]: fever and headache after the vaccine."));
//! # Ok::<(), deid::Error>(())
//! ```

// Every public item says what it is (offsets in code points, invariants, why): the engine is a
// library other programs embed, and its documentation is its contract.
#![deny(missing_docs)]

pub mod annotate;
pub mod calibrate;
pub mod combine;
pub mod config;
pub mod definitions;
pub mod deidentify;
pub mod error;
pub mod eval;
pub mod featurize;
pub mod formats;
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
