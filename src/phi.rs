//! The PHI categories of the i2b2 2014 de-identification scheme (tag name + TYPE attribute),
//! as used in `../shared/docs/phi-guidelines.md`, and the spans that carry them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One i2b2 2014 PHI category: the TYPE attribute, which also determines the tag name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PhiType {
    Patient,
    Doctor,
    Username,
    Profession,
    Hospital,
    Organization,
    Street,
    City,
    State,
    Country,
    Zip,
    LocationOther,
    Age,
    Date,
    Phone,
    Fax,
    Email,
    Url,
    Ipaddr,
    Ssn,
    MedicalRecord,
    HealthPlan,
    Account,
    License,
    Vehicle,
    Device,
    Bioid,
    Idnum,
}

impl PhiType {
    pub const ALL: [PhiType; 28] = [
        PhiType::Patient,
        PhiType::Doctor,
        PhiType::Username,
        PhiType::Profession,
        PhiType::Hospital,
        PhiType::Organization,
        PhiType::Street,
        PhiType::City,
        PhiType::State,
        PhiType::Country,
        PhiType::Zip,
        PhiType::LocationOther,
        PhiType::Age,
        PhiType::Date,
        PhiType::Phone,
        PhiType::Fax,
        PhiType::Email,
        PhiType::Url,
        PhiType::Ipaddr,
        PhiType::Ssn,
        PhiType::MedicalRecord,
        PhiType::HealthPlan,
        PhiType::Account,
        PhiType::License,
        PhiType::Vehicle,
        PhiType::Device,
        PhiType::Bioid,
        PhiType::Idnum,
    ];

    /// The i2b2 tag name (element name in the XML).
    pub fn tag(self) -> &'static str {
        use PhiType::*;
        match self {
            Patient | Doctor | Username => "NAME",
            Profession => "PROFESSION",
            Hospital | Organization | Street | City | State | Country | Zip | LocationOther => {
                "LOCATION"
            }
            Age => "AGE",
            Date => "DATE",
            Phone | Fax | Email | Url | Ipaddr => "CONTACT",
            Ssn | MedicalRecord | HealthPlan | Account | License | Vehicle | Device | Bioid
            | Idnum => "ID",
        }
    }

    /// The i2b2 TYPE attribute.
    pub fn type_name(self) -> &'static str {
        use PhiType::*;
        match self {
            Patient => "PATIENT",
            Doctor => "DOCTOR",
            Username => "USERNAME",
            Profession => "PROFESSION",
            Hospital => "HOSPITAL",
            Organization => "ORGANIZATION",
            Street => "STREET",
            City => "CITY",
            State => "STATE",
            Country => "COUNTRY",
            Zip => "ZIP",
            LocationOther => "OTHER",
            Age => "AGE",
            Date => "DATE",
            Phone => "PHONE",
            Fax => "FAX",
            Email => "EMAIL",
            Url => "URL",
            Ipaddr => "IPADDR",
            Ssn => "SSN",
            MedicalRecord => "MEDICALRECORD",
            HealthPlan => "HEALTHPLAN",
            Account => "ACCOUNT",
            License => "LICENSE",
            Vehicle => "VEHICLE",
            Device => "DEVICE",
            Bioid => "BIOID",
            Idnum => "IDNUM",
        }
    }

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

    /// Whether the category belongs to the i2b2 HIPAA subset used for HIPAA recall
    /// (see the evaluation section of the PHI guidelines).
    pub fn is_hipaa(self) -> bool {
        use PhiType::*;
        match self {
            Patient | City | Street | Zip | Organization | Date | Phone | Fax | Email | Age => true,
            Ssn | MedicalRecord | HealthPlan | Account | License | Vehicle | Device | Bioid
            | Idnum => true,
            Doctor | Username | Profession | Hospital | State | Country | LocationOther | Url
            | Ipaddr => false,
        }
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
    pub start: usize,
    pub end: usize,
    pub kind: PhiType,
}

impl Span {
    pub fn new(start: usize, end: usize, kind: PhiType) -> Span {
        Span { start, end, kind }
    }

    pub fn len(&self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }

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
