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

/// What [`crate::input::Obj::deny_unknown`] says after the member's path: the known
/// members follow it.
const UNKNOWN_MEMBER: &str = ": unknown member; the known ones: ";

/// `e`, where it names an unknown member of an options or state object, with the known
/// member it is a slip of: `ratelimit: unknown member (did you mean rateLimit?); the known
/// ones: …`. The reader itself does not suggest: the browser's codec reads its options
/// through it, and its download has no room for this (measured +0.9 KiB gzipped), so the
/// callers that have room (serving) ask here.
pub fn with_member_suggestion(mut e: crate::error::Error) -> crate::error::Error {
    let Some((path, known)) = e.message.split_once(UNKNOWN_MEMBER) else {
        return e;
    };
    // The member's own name: the path's last key (`invalid serve options: a.b` → `b`).
    let path_end = path.rsplit(": ").next().unwrap_or(path);
    let key = path_end.rsplit('.').next().unwrap_or(path_end);
    let hint = did_you_mean(key, known.split(", "));
    if !hint.is_empty() {
        e.message = format!("{path}: unknown member{hint}; the known ones: {known}");
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_member_names_its_likely_spelling() {
        let read = |options| {
            crate::input::from_options::<crate::options::UdpServeOptions>("serve options", options).unwrap_err()
        };
        let e = read(serde_json::json!({ "ratelimit": false }));
        assert!(e.message.contains(UNKNOWN_MEMBER), "{}", e.message);
        assert!(with_member_suggestion(e).message.starts_with(
            "invalid serve options: ratelimit: unknown member (did you mean rateLimit?); the known ones: host, "
        ),);
        let nested = with_member_suggestion(read(
            serde_json::json!({ "rateLimit": { "burst": 1, "perSecond": 5, "persecond": 5 } }),
        ));
        assert_eq!(
            nested.message,
            "invalid serve options: rateLimit.persecond: unknown member (did you mean perSecond?); the known ones: burst, perSecond"
        );
        let far =
            crate::error::Error::invalid("invalid serve options: bogus: unknown member; the known ones: host, port");
        assert_eq!(with_member_suggestion(far.clone()).message, far.message);
    }

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
