//! What a trace shows of a request sent: an `Authorization` header's value is a password
//! (Basic) or a token, so it is replaced before the bytes reach a caller's `trace` or the
//! CLI's `--debug` dump. Both engines' drivers show sends through [`redacted`].

/// What replaces a credential.
const HIDDEN: &[u8] = b"[redacted]";

/// `bytes` with the value of every `Authorization` header of an HTTP request head replaced
/// by `[redacted]`; `None` when there is none to hide (the bytes are shown as they are).
pub fn redacted(bytes: &[u8]) -> Option<Vec<u8>> {
    let first = bytes.windows(2).position(|w| w == b"\r\n")?;
    // A request line ends in its version: anything else (a datagram, a console line) is not
    // an HTTP head, whatever it holds.
    if !bytes[..first].ends_with(b" HTTP/1.1") && !bytes[..first].ends_with(b" HTTP/1.0") {
        return None;
    }
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(bytes.len(), |at| at + 2);
    let mut out = Vec::with_capacity(bytes.len());
    let mut hid = false;
    let mut at = 0;
    while at < end {
        let len = bytes[at..end]
            .windows(2)
            .position(|w| w == b"\r\n")
            .map_or(end - at, |n| n + 2);
        let line = &bytes[at..at + len];
        let name = b"authorization:";
        if line.len() >= name.len() && line[..name.len()].eq_ignore_ascii_case(name) {
            out.extend_from_slice(b"Authorization: ");
            out.extend_from_slice(HIDDEN);
            out.extend_from_slice(if line.ends_with(b"\r\n") { b"\r\n" } else { b"" });
            hid = true;
        } else {
            out.extend_from_slice(line);
        }
        at += len;
    }
    out.extend_from_slice(&bytes[end..]);
    hid.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_are_hidden_and_nothing_else_moves() {
        let sent =
            b"GET /v1/api/info HTTP/1.1\r\nHost: x\r\nauthorization: Basic YWRtaW46czNjcmV0\r\nAccept: */*\r\n\r\n";
        let shown = redacted(sent).unwrap();
        assert_eq!(
            shown,
            b"GET /v1/api/info HTTP/1.1\r\nHost: x\r\nAuthorization: [redacted]\r\nAccept: */*\r\n\r\n"
        );
        assert_eq!(redacted(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"), None);
        // Not a request head: shown as it is.
        assert_eq!(redacted(b"\xff\xff\xff\xffgetinfo\r\nAuthorization: x\r\n"), None);
        assert_eq!(redacted(b"Authorization: x"), None);
        // A body after the head is not a header.
        let body = b"POST / HTTP/1.1\r\nHost: x\r\n\r\nAuthorization: kept";
        assert_eq!(redacted(body), None);
    }
}
