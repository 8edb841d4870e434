//! "Did you mean": words a few typing slips from what was written — game ids, option
//! names and serve options alike (issue #48: the CLI's flags had it, the API's options not).

/// Levenshtein distance between two words (compared as bytes: ids and option names are
/// ASCII).
pub fn edits(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.bytes().enumerate() {
        let mut next = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            next.push((row[j + 1] + 1).min(next[j] + 1).min(row[j] + usize::from(ca != *cb)));
        }
        row = next;
    }
    row[b.len()]
}

/// The one of `known` closest to `word`, two edits away at most and fewer than half its
/// letters (any case), for an option name:
/// ` (did you mean players?)`, or nothing.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let word = word.to_ascii_lowercase();
    known
        .into_iter()
        .map(|k| (edits(&k.to_ascii_lowercase(), &word), k))
        // Two slips at most, and fewer than half the word (`z` is not a slip of `x`).
        .filter(|(d, _)| *d <= 2 && *d * 2 < word.len())
        .min_by_key(|(d, _)| *d)
        .map_or_else(String::new, |(_, k)| format!(" (did you mean {k}?)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_known_word_within_two_slips() {
        assert_eq!(edits("rust", "rsut"), 2);
        assert_eq!(
            did_you_mean("player", ["timeout", "players", "ping"]),
            " (did you mean players?)"
        );
        assert_eq!(
            did_you_mean("ratelimit", ["host", "rateLimit"]),
            " (did you mean rateLimit?)"
        );
        assert_eq!(did_you_mean("bogus", ["timeout", "players"]), "");
        assert_eq!(
            did_you_mean("z", ["x", "label"]),
            "",
            "one letter is no slip of another"
        );
    }
}
