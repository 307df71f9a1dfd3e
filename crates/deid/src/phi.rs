//! The PHI categories of the i2b2 2014 de-identification scheme (tag name + TYPE attribute),
//! as used in `../shared/docs/phi-guidelines.md`, and the spans that carry them.

pub use crate::definitions::PhiType;
use serde::{Deserialize, Serialize};
use std::fmt;

// The enum, its list and its tag, TYPE, HIPAA membership and placeholder are generated from
// `definitions/definitions.toml` (`src/definitions.rs`); what is computed from them stays here.
impl PhiType {
    /// Parse a tag name + TYPE pair as found in i2b2 XML. The tag must agree with the TYPE
    /// (`OTHER` is only a LOCATION type in i2b2 2014).
    pub fn from_tag_and_type(tag: &str, type_name: &str) -> Option<PhiType> {
        let tag = tag.to_ascii_uppercase();
        let ty = type_name.to_ascii_uppercase();
        PhiType::ALL
            .into_iter()
            .find(|t| t.tag() == tag && t.type_name() == ty)
    }

    /// Parse either `TAG/TYPE` or a bare TYPE name (`DATE`, `CITY`, `IDNUM`).
    pub fn parse(s: &str) -> Option<PhiType> {
        if let Some((tag, ty)) = s.split_once('/') {
            return PhiType::from_tag_and_type(tag, ty);
        }
        let ty = s.to_ascii_uppercase();
        PhiType::ALL.into_iter().find(|t| t.type_name() == ty)
    }
}

impl fmt::Display for PhiType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.tag(), self.type_name())
    }
}

/// A PHI span: `[start, end)` in Unicode code points of the document text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Span {
    /// Code point offset of the first character.
    pub start: usize,
    /// Code point offset one past the last character.
    pub end: usize,
    /// The category.
    pub kind: PhiType,
}

impl Span {
    /// The span `[start, end)` of category `kind` (code points; not checked against any text).
    pub fn new(start: usize, end: usize, kind: PhiType) -> Span {
        Span { start, end, kind }
    }

    /// Its length in code points (`end` must not be below `start`).
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether it covers no character (`end <= start`).
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }

    /// Whether it shares a character with `[start, end)` (touching spans do not overlap).
    pub fn overlaps(&self, start: usize, end: usize) -> bool {
        self.start < end && start < self.end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_and_type_round_trip_for_every_category() {
        for t in PhiType::ALL {
            assert_eq!(PhiType::from_tag_and_type(t.tag(), t.type_name()), Some(t));
            assert_eq!(PhiType::parse(&t.to_string()), Some(t));
        }
        assert_eq!(PhiType::from_tag_and_type("NAME", "CITY"), None);
        assert_eq!(PhiType::parse("OTHER"), Some(PhiType::LocationOther));
    }

    #[test]
    fn hipaa_subset_matches_guidelines() {
        assert!(PhiType::Date.is_hipaa() && PhiType::Idnum.is_hipaa() && PhiType::Age.is_hipaa());
        assert!(!PhiType::Doctor.is_hipaa() && !PhiType::State.is_hipaa());
        assert!(!PhiType::Hospital.is_hipaa() && !PhiType::Profession.is_hipaa());
    }
}
