//! The most frequent US given names and surnames (`lexicons/context/frequent_given_names.txt`,
//! `frequent_surnames.txt`, built by `lexicons/build.py` from the Census files): where the context
//! already says a person is named, a frequent name counts even where it is an everyday word
//! ("brown", "young", "ivy", "ben"), which the name lists' own flags leave out.

use std::collections::HashSet;
use std::sync::LazyLock;

fn entries(text: &'static str) -> HashSet<&'static str> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

static SURNAMES: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    entries(include_str!(
        "../../../../../lexicons/context/frequent_surnames.txt"
    ))
});

static GIVEN_NAMES: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    entries(include_str!(
        "../../../../../lexicons/context/frequent_given_names.txt"
    ))
});

/// One of the 1,000 most frequent US surnames (any case).
pub(super) fn is_frequent_surname(word: &str) -> bool {
    SURNAMES.contains(word.to_lowercase().as_str())
}

/// One of the 1,000 most frequent US given names of either sex (any case).
pub(super) fn is_frequent_given_name(word: &str) -> bool {
    GIVEN_NAMES.contains(word.to_lowercase().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everyday_words_among_the_frequent_names() {
        assert!(is_frequent_surname("Brown") && is_frequent_surname("YOUNG"));
        assert!(is_frequent_given_name("ivy") && is_frequent_given_name("Ben"));
        assert!(!is_frequent_surname("fever") && !is_frequent_given_name("fever"));
    }
}
