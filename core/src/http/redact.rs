//! What a trace shows of a request sent: an `Authorization` header's value is a password
//! (Basic) or a token, an `x-api-key` header's (TeamSpeak's WebQuery) a key, and so is a
//! query string's `token=` (TShock's) or `code=` (Farming Simulator's), and so is a form
//! body's token (EOS's external auth sends a device's) and a JSON body's (Hawakening's login
//! sends a password, its logout the grant), so they are replaced before the bytes
//! reach a caller's `trace` or the CLI's `--debug` dump. Both engines' drivers show sends
//! through [`redacted`].

/// What replaces a credential.
pub const HIDDEN: &str = "[redacted]";

/// Query string parameters whose values are credentials.
const SECRET_PARAMETERS: &[&[u8]] = &[
    b"token",
    b"code",
    b"password",
    b"key",
    b"apikey",
    b"api_key",
    b"api-key",
    b"secret",
    b"client_secret",
    b"access_token",
    b"external_auth_token",
    b"refresh_token",
    b"accessgrant",
];
/// Header names (lower case, with the colon) whose values are credentials.
const SECRET_HEADERS: &[&[u8]] = &[b"authorization:", b"x-api-key:"];

/// `bytes` with the value of every credential header and parameter of an
/// HTTP request head replaced by `[redacted]`; `None` when there is none to hide (the
/// bytes are shown as they are).
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
    let mut hid = request_line(&bytes[..first], &mut out);
    let (mut form, mut json) = (false, false);
    let mut at = first;
    while at < end {
        let len = bytes[at..end]
            .windows(2)
            .position(|w| w == b"\r\n")
            .map_or(end - at, |n| n + 2);
        let line = &bytes[at..at + len];
        let secret = SECRET_HEADERS
            .iter()
            .find(|name| line.len() >= name.len() && line[..name.len()].eq_ignore_ascii_case(name));
        if let Some(name) = secret {
            out.extend_from_slice(&line[..name.len()]);
            out.push(b' ');
            out.extend_from_slice(HIDDEN.as_bytes());
            out.extend_from_slice(if line.ends_with(b"\r\n") { b"\r\n" } else { b"" });
            hid = true;
        } else {
            let lower = line.to_ascii_lowercase();
            let content = lower.starts_with(b"content-type:");
            form |= content && lower.windows(33).any(|w| w == b"application/x-www-form-urlencoded");
            json |= content && lower.windows(16).any(|w| w == b"application/json");
            out.extend_from_slice(line);
        }
        at += len;
    }
    // A form body is parameters too (after the blank line that ends the head).
    match (form, json, bytes[end..].strip_prefix(b"\r\n")) {
        (true, _, Some(body)) => {
            out.extend_from_slice(b"\r\n");
            hid |= parameters(body, &mut out);
        }
        (_, true, Some(body)) => {
            out.extend_from_slice(b"\r\n");
            match json_hidden(body) {
                Some(shown) => {
                    out.extend_from_slice(&shown);
                    hid = true;
                }
                None => out.extend_from_slice(body),
            }
        }
        _ => out.extend_from_slice(&bytes[end..]),
    }
    hid.then_some(out)
}

/// The request line into `out`, each credential parameter's value hidden; `true` when one was.
fn request_line(line: &[u8], out: &mut Vec<u8>) -> bool {
    let Some(q) = line.iter().position(|&b| b == b'?') else {
        out.extend_from_slice(line);
        return false;
    };
    // The target ends at the space before the version.
    let end = line
        .iter()
        .rposition(|&b| b == b' ')
        .filter(|&e| e > q)
        .unwrap_or(line.len());
    out.extend_from_slice(&line[..=q]);
    let hid = parameters(&line[q + 1..end], out);
    out.extend_from_slice(&line[end..]);
    hid
}

/// `name=value&…` into `out`, each credential's value hidden; `true` when one was.
fn parameters(pairs: &[u8], out: &mut Vec<u8>) -> bool {
    let mut hid = false;
    for (i, pair) in pairs.split(|&b| b == b'&').enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        match pair.iter().position(|&b| b == b'=') {
            Some(eq) if SECRET_PARAMETERS.iter().any(|k| pair[..eq].eq_ignore_ascii_case(k)) => {
                out.extend_from_slice(&pair[..=eq]);
                out.extend_from_slice(HIDDEN.as_bytes());
                hid = true;
            }
            _ => out.extend_from_slice(pair),
        }
    }
    hid
}

/// A JSON body with each credential member's text (`"Password": "…"`, at any depth)
/// hidden; `None` when it has none (or is not JSON: the body is shown as it is).
fn json_hidden(body: &[u8]) -> Option<Vec<u8>> {
    // Every member is visited: each credential in the body is hidden, not the first.
    fn hide(value: &mut serde_json::Value) -> bool {
        use serde_json::Value;
        let mut hid = false;
        match value {
            Value::Object(members) => {
                for (k, v) in members.iter_mut() {
                    let secret = SECRET_PARAMETERS.iter().any(|s| k.as_bytes().eq_ignore_ascii_case(s));
                    if secret && v.is_string() {
                        *v = Value::String(HIDDEN.to_string());
                        hid = true;
                    } else {
                        hid |= hide(v);
                    }
                }
            }
            Value::Array(items) => {
                for v in items {
                    hid |= hide(v);
                }
            }
            _ => {}
        }
        hid
    }
    let mut value = serde_json::from_slice::<serde_json::Value>(body).ok()?;
    hide(&mut value).then(|| value.to_string().into_bytes())
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
            b"GET /v1/api/info HTTP/1.1\r\nHost: x\r\nauthorization: [redacted]\r\nAccept: */*\r\n\r\n"
        );
        let key = b"GET /byport/9987/serverinfo?api-key=BAB HTTP/1.1\r\nx-api-key: BAB\r\nHost: x\r\n\r\n";
        assert_eq!(
            redacted(key).unwrap(),
            b"GET /byport/9987/serverinfo?api-key=[redacted] HTTP/1.1\r\nx-api-key: [redacted]\r\nHost: x\r\n\r\n"
        );
        assert_eq!(redacted(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"), None);
        // Not a request head: shown as it is.
        assert_eq!(redacted(b"\xff\xff\xff\xffgetinfo\r\nAuthorization: x\r\n"), None);
        assert_eq!(redacted(b"Authorization: x"), None);
        let token = b"GET /v2/server/status?players=true&token=ABC123&rules=false HTTP/1.1\r\nHost: x\r\n\r\n";
        assert_eq!(
            redacted(token).unwrap(),
            b"GET /v2/server/status?players=true&token=[redacted]&rules=false HTTP/1.1\r\nHost: x\r\n\r\n"
        );
        assert_eq!(redacted(b"GET /a?players=true HTTP/1.1\r\n\r\n"), None);
        // A body after the head is not a header.
        let body = b"POST / HTTP/1.1\r\nHost: x\r\n\r\nAuthorization: kept";
        assert_eq!(redacted(body), None);
        // A form body's tokens are hidden; a JSON body is shown as it is.
        let form = b"POST /auth/v1/oauth/token HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\ngrant_type=external_auth&external_auth_token=DEV&nonce=n";
        assert_eq!(
            redacted(form).unwrap(),
            b"POST /auth/v1/oauth/token HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\ngrant_type=external_auth&external_auth_token=[redacted]&nonce=n"
        );
        let json = b"POST /f HTTP/1.1\r\nContent-Type: application/json\r\n\r\n{\"token\":1}";
        assert_eq!(redacted(json), None);
        // A JSON body's credential texts are hidden, at any depth; the rest kept in order.
        let login = b"POST /api/users/a%40b.c/accessGrant HTTP/1.1\r\nContent-Type: application/json\r\n\r\n{\"Password\":\"hunter2\",\"x\":[{\"AccessGrant\":\"T\"}],\"n\":1}";
        assert_eq!(
            redacted(login).unwrap(),
            b"POST /api/users/a%40b.c/accessGrant HTTP/1.1\r\nContent-Type: application/json\r\n\r\n{\"Password\":\"[redacted]\",\"x\":[{\"AccessGrant\":\"[redacted]\"}],\"n\":1}"
        );
    }
}
