//! HTTP over a host's `fetch` (a browser page, a Worker, Deno), where the host has no
//! sockets to give: a call still opens a connection and writes its request as bytes, and
//! the host hands those bytes here to learn what to `fetch`; the reply `fetch` gives is
//! written back as the HTTP/1.1 head the call reads, its body following in chunks as it
//! streams ([`chunk`]), so a body cut short is told from a whole one. So every HTTP
//! protocol runs unchanged, with its own limits, redirects and errors, and the host's side
//! knows nothing of HTTP beyond calling `fetch`.

use super::serve::{read_request, Read};
use super::MAX_HEADERS;

/// What the bytes a call wrote on a connection hold so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// Not a whole request yet.
    Partial,
    Request(FetchRequest),
    /// Not an HTTP request: the protocol speaks raw TCP, which `fetch` cannot carry.
    NotHttp,
}

/// A request as `fetch` takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchRequest {
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
}

/// Request headers left out: the host writes its own framing and connection headers (a
/// browser drops them, Node's `fetch` refuses some), and a `User-Agent` would make every
/// request from a page "not simple", so a server that allows any origin but answers no
/// preflight (most status APIs that allow one at all) could not be read.
const HOSTS_OWN: [&str; 5] = [
    "host",
    "connection",
    "content-length",
    "transfer-encoding",
    "user-agent",
];

/// Reply headers left out of the head: `fetch` has already undone the framing and the
/// content coding; the body is framed again in chunks.
const UNDONE: [&str; 4] = ["content-length", "transfer-encoding", "content-encoding", "connection"];

/// The headers a call reads (redirects, `Retry-After`, what a refusal says): first into the
/// head, before the cap on its lines can drop them (`fetch` lists headers sorted by name).
const READ: [&str; 4] = ["location", "retry-after", "content-type", "www-authenticate"];

/// Reads the request a call wrote to `host:port` (over TLS: `https`).
pub fn request(written: &[u8], host: &str, port: u16, tls: bool) -> Written {
    let head = match read_request(written) {
        Read::Partial => return Written::Partial,
        Read::Bad(_) => return Written::NotHttp,
        Read::Head(head) => head,
    };
    let length = head
        .header("content-length")
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let body = &written[head.size..];
    if body.len() < length {
        return Written::Partial;
    }
    // Only a path: anything else would name another host in the URL. The core writes none.
    if !head.path.starts_with('/') {
        return Written::NotHttp;
    }
    let scheme = if tls { "https" } else { "http" };
    let host = match host.contains(':') && !host.starts_with('[') {
        true => format!("[{host}]"),
        false => host.to_string(),
    };
    let query = match head.query.is_empty() {
        true => String::new(),
        false => format!("?{}", head.query),
    };
    Written::Request(FetchRequest {
        url: format!("{scheme}://{host}:{port}{}{query}", head.path),
        method: head.method,
        headers: head
            .headers
            .into_iter()
            .filter(|(name, _)| !HOSTS_OWN.iter().any(|own| name.eq_ignore_ascii_case(own)))
            .collect(),
        body: (length > 0).then(|| body[..length].to_vec()),
    })
}

/// The head of `fetch`'s reply as the call reads it: the status, the headers but the
/// framing ones (those the call reads first), as many as a head may hold, and chunked
/// framing for the body that follows.
pub fn head(status: u16, reason: &str, headers: &[(String, String)]) -> Vec<u8> {
    // A reason or value with a line break would end the head early: `fetch` gives none, but
    // the host is not ours to trust.
    let clean = |s: &str| s.chars().filter(|c| *c != '\r' && *c != '\n').collect::<String>();
    let mut out = format!("HTTP/1.1 {status} {}\r\nTransfer-Encoding: chunked\r\n", clean(reason));
    let read = |name: &str| READ.iter().any(|r| name.eq_ignore_ascii_case(r));
    let kept = headers
        .iter()
        .filter(|(name, _)| !UNDONE.iter().any(|u| name.eq_ignore_ascii_case(u)))
        .filter(|(name, _)| !name.is_empty() && !name.contains([':', '\r', '\n']));
    let (first, rest): (Vec<_>, Vec<_>) = kept.partition(|(name, _)| read(name));
    first
        .into_iter()
        .chain(rest)
        .take(MAX_HEADERS - 2)
        .for_each(|(name, value)| out.push_str(&format!("{name}: {}\r\n", clean(value))));
    out.push_str("\r\n");
    out.into_bytes()
}

/// What a host said of a request `fetch` got no reply for, as an error shows it: without the
/// query string of any URL in it (Deno's words name the URL; TShock's token and Farming
/// Simulator's code ride there), as [`super::location::shown`] shows a location.
pub fn unanswered(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut query = false;
    for c in message.chars() {
        query = c == '?' || (query && !c.is_whitespace() && c != ')');
        if !query {
            out.push(c);
        }
    }
    out
}

/// A piece of `fetch`'s body as the call reads it after [`head`]: one chunk; the empty piece
/// is the body's end. A body the host saw cut has no end: the call says it was cut.
pub fn chunk(bytes: &[u8]) -> Vec<u8> {
    if bytes.is_empty() {
        return b"0\r\n\r\n".to_vec();
    }
    let mut out = format!("{:x}\r\n", bytes.len()).into_bytes();
    out.extend_from_slice(bytes);
    out.extend_from_slice(b"\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;
    use crate::http::{HttpGet, Limits};

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_get_becomes_a_url_and_the_headers_fetch_may_send() {
        let limits = Limits { body: 100 };
        let auth = [("Authorization", "Basic YTpi")];
        let mut get = HttpGet::new("::1", 8212, "/v1/api/info?x=1", &auth, limits, 0.0, 1000.0);
        let bytes = get.poll_transmit().unwrap();
        assert_eq!(request(&bytes[..10], "::1", 8212, false), Written::Partial);
        assert_eq!(
            request(&bytes, "::1", 8212, true),
            Written::Request(FetchRequest {
                method: "GET".into(),
                url: "https://[::1]:8212/v1/api/info?x=1".into(),
                headers: pairs(&[("Accept", "application/json"), ("Authorization", "Basic YTpi")]),
                body: None,
            })
        );
    }

    #[test]
    fn a_body_is_whole_before_it_is_asked() {
        let post =
            b"POST /auth HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}";
        assert_eq!(request(&post[..post.len() - 1], "h", 80, false), Written::Partial);
        let Written::Request(r) = request(post, "h", 80, false) else {
            panic!("a whole request")
        };
        assert_eq!((r.method.as_str(), r.url.as_str()), ("POST", "http://h:80/auth"));
        assert_eq!(r.headers, pairs(&[("Content-Type", "application/json")]));
        assert_eq!(r.body.as_deref(), Some(&b"{\"a\":1}"[..]));
    }

    #[test]
    fn raw_tcp_is_not_http() {
        // Minecraft's handshake: a length, then packet 0.
        assert_eq!(
            request(&[0x10, 0x00, 0xf6, 0x05, 0x09], "h", 25565, false),
            Written::NotHttp
        );
    }

    #[test]
    fn the_head_drops_what_fetch_undid_and_frames_the_body_in_chunks() {
        let headers = pairs(&[
            ("content-length", "5"),
            ("content-encoding", "gzip"),
            ("transfer-encoding", "chunked"),
            ("content-type", "application/json"),
            ("retry-after", "3"),
            ("x-evil\r\nset", "a\r\nb"),
        ]);
        let out = head(429, "Too Many\r\nRequests", &headers);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "HTTP/1.1 429 Too ManyRequests\r\nTransfer-Encoding: chunked\r\ncontent-type: application/json\r\nretry-after: 3\r\n\r\n"
        );
        // The call reads a body in pieces to its end ...
        let read = |pieces: &[&[u8]], end: bool| {
            let mut get = HttpGet::new("h", 80, "/", &[], Limits { body: 100 }, 0.0, 1000.0);
            get.poll_transmit();
            get.handle_input(1.0, &head(200, "", &pairs(&[("content-length", "2")])));
            for piece in pieces {
                get.handle_input(1.0, &chunk(piece));
            }
            if end {
                get.handle_input(1.0, &chunk(b""));
            }
            get.handle_close(2.0);
            get.poll_result().unwrap()
        };
        let reply = read(&[b"{\"a\"", b":1}"], true).unwrap();
        assert_eq!((reply.status, &reply.body[..]), (200, &b"{\"a\":1}"[..]));
        // ... and one the host saw cut (no end) is no reply.
        let e = read(&[b"{\"a\""], false).unwrap_err();
        assert!(e.message.contains("closed after"), "{}", e.message);
    }

    #[test]
    fn a_head_keeps_the_headers_the_call_reads_within_its_cap() {
        let mut many: Vec<_> = (0..200).map(|i| (format!("a-{i}"), "v".to_string())).collect();
        many.push(("location".into(), "/moved".into()));
        many.push(("retry-after".into(), "3".into()));
        let text = String::from_utf8(head(302, "Found", &many)).unwrap();
        assert_eq!(text.matches("\r\n").count(), MAX_HEADERS + 1, "{text}");
        assert!(
            text.contains("\r\nlocation: /moved\r\nretry-after: 3\r\na-0: v\r\n"),
            "{text}"
        );
    }

    #[test]
    fn what_fetch_said_keeps_no_query_string() {
        assert_eq!(
            unanswered(
                "error sending request for url (http://h:7878/v2/server/status?players=true&token=S3CRET): refused"
            ),
            "error sending request for url (http://h:7878/v2/server/status): refused"
        );
        assert_eq!(unanswered("Failed to fetch"), "Failed to fetch");
    }

    #[test]
    fn only_a_path_on_the_host_named_is_asked() {
        let odd = b"GET @evil.example/x HTTP/1.1\r\nHost: h\r\n\r\n";
        assert_eq!(request(odd, "h", 80, false), Written::NotHttp);
        let Written::Request(r) = request(b"GET / HTTP/1.1\r\n\r\n", "[::1]", 80, false) else {
            panic!("a whole request")
        };
        assert_eq!(r.url, "http://[::1]:80/");
    }
}
