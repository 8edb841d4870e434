//! What a peer that answered in another protocol looks like, for the error that says so
//! ("not a Minecraft server: it answered like HTTP"). Only the first bytes are looked at.

/// A short name of the protocol `bytes` (the start of a reply) belong to, if recognised.
pub fn looks_like(bytes: &[u8]) -> Option<&'static str> {
    if let Some(service) = looks_like_service(bytes) {
        return Some(service);
    }
    let starts = |prefix: &[u8]| bytes.starts_with(prefix);
    Some(match bytes {
        _ if starts(b"SAMP") => "a SA:MP query reply",
        [0xff, 0xff, 0xff, 0xff, ..] | [0xfe, 0xff, 0xff, 0xff, ..] => "a Source (A2S) query reply",
        [0x1c, ..] if bytes.len() >= 35 => "a RakNet pong (Minecraft Bedrock)",
        [0xff, 0x00, ..] => "a Minecraft legacy kick",
        _ => return None,
    })
}

/// The TCP services whose first bytes are unmistakable (HTTP, SSH, TLS …): what a stream
/// of length-prefixed binary frames (Source RCON) can be told apart from without doubt,
/// where a game protocol's bytes could also be a broken frame's.
pub fn looks_like_service(bytes: &[u8]) -> Option<&'static str> {
    let starts = |prefix: &[u8]| bytes.starts_with(prefix);
    Some(match bytes {
        _ if starts(b"HTTP/") => "HTTP",
        _ if starts(b"SSH-") => "SSH",
        [0x15 | 0x16, 0x03, 0x00..=0x04, ..] => "TLS",
        _ if starts(b"220 ") || starts(b"220-") => "an FTP or SMTP server",
        _ if starts(b"+OK") => "a POP3 server",
        _ if starts(b"-ERR") || starts(b"+PONG") => "Redis",
        _ => return None,
    })
}

/// `like X`, or a plain description when the bytes are not recognised.
pub fn describe(bytes: &[u8]) -> String {
    match looks_like(bytes) {
        Some(name) => format!("like {name}"),
        None => format!("with {} bytes in no protocol it knows", bytes.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(looks_like(b"HTTP/1.1 400 Bad Request\r\n"), Some("HTTP"));
        assert_eq!(looks_like(&[0x16, 0x03, 0x01, 0x02]), Some("TLS"));
        assert_eq!(looks_like(b"SSH-2.0-OpenSSH"), Some("SSH"));
        assert_eq!(
            looks_like(&[0xff, 0xff, 0xff, 0xff, 0x49]),
            Some("a Source (A2S) query reply")
        );
        assert_eq!(looks_like(b"\x01\x02"), None);
        assert_eq!(describe(b"\x01\x02"), "with 2 bytes in no protocol it knows");
    }
}
