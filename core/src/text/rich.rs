//! Unity's rich text (TextMeshPro's tags), as Eco writes its servers' names:
//! `<b><color=#ff0000>L</color>…</b>`. [`strip`] keeps the text between the tags; a `<…>`
//! that names no tag (`<3`, `a <bracket>`) stays text.

/// TextMeshPro's tag names.
const TAGS: &[&str] = &[
    "align",
    "alpha",
    "b",
    "br",
    "color",
    "cspace",
    "font",
    "font-weight",
    "gradient",
    "i",
    "indent",
    "line-height",
    "line-indent",
    "link",
    "lowercase",
    "margin",
    "mark",
    "mspace",
    "nobr",
    "noparse",
    "page",
    "pos",
    "rotate",
    "s",
    "size",
    "smallcaps",
    "space",
    "sprite",
    "strikethrough",
    "style",
    "sub",
    "sup",
    "u",
    "uppercase",
    "voffset",
    "width",
];

/// `text` without its rich-text tags.
pub fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find(['>', '<']) {
            Some(close) if after.as_bytes()[close] == b'>' && is_tag(&after[..close]) => rest = &after[close + 1..],
            _ => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What is between `<` and `>` opens or closes a tag: a name of [`TAGS`] (with `=value` or
/// attributes after it), or a colour as `#rrggbb`.
fn is_tag(inside: &str) -> bool {
    let inside = inside.strip_prefix('/').unwrap_or(inside);
    if let Some(hex) = inside.strip_prefix('#') {
        return matches!(hex.len(), 3 | 4 | 6 | 8) && hex.bytes().all(|b| b.is_ascii_hexdigit());
    }
    let name = &inside[..inside.find(['=', ' ']).unwrap_or(inside.len())];
    TAGS.iter().any(|t| t.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::strip;

    #[test]
    fn tags_go_and_text_stays() {
        assert_eq!(
            strip("<b><color=#ff0000>L</color><color=#ff2a00>e</color>t's</b> Eco"),
            "Let's Eco"
        );
        assert_eq!(
            strip("<size=120%>Big</size> <#00ff00>green</color> <link=\"x\">a</link>"),
            "Big green a"
        );
        assert_eq!(strip("I <3 Eco <bracket> a<b"), "I <3 Eco <bracket> a<b");
        assert_eq!(strip("<<b>x</b>>"), "<x>");
        assert_eq!(strip(""), "");
    }
}
