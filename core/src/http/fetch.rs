//! HTTP over a host's `fetch` (a browser page, a Worker, Deno), where the host has no
//! sockets to give: a call still opens a connection and writes its request as bytes, and
//! the host hands those bytes here to learn what to `fetch`; the reply `fetch` gives is
//! written back as the HTTP/1.1 head the call reads, its body following as it streams. So
//! every HTTP protocol runs unchanged, with its own limits, redirects and errors, and the
//! host's side knows nothing of HTTP beyond calling `fetch`.

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
/// browser refuses to be given them), and a `User-Agent` would make every request from a
/// page "not simple", so a server that allows any origin but answers no preflight (most
/// status APIs that allow one at all) could not be read.
const HOSTS_OWN: [&str; 5] = [
    "host",
    "connection",
    "content-length",
    "transfer-encoding",
    "user-agent",
];

/// Reply headers left out of the head: `fetch` has already undone the framing and the
/// content coding, so the body is read to its end.
const UNDONE: [&str; 4] = ["content-length", "transfer-encoding", "content-encoding", "connection"];

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
    let scheme = if tls { "https" } else { "http" };
    let host = match host.contains(':') {
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

/// The head of `fetch`'s reply as the call reads it: the status, and the headers but the
/// framing ones, as many as a head may hold (a CDN's reply can carry more than a status
/// endpoint's; the framing and the ones the call reads come first in practice).
pub fn head(status: u16, reason: &str, headers: &[(String, String)]) -> Vec<u8> {
    // A reason or value with a line break would end the head early: `fetch` gives none, but
    // the host is not ours to trust.
    let clean = |s: &str| s.chars().filter(|c| *c != '\r' && *c != '\n').collect::<String>();
    let mut out = format!("HTTP/1.1 {status} {}\r\n", clean(reason));
    headers
        .iter()
        .filter(|(name, _)| !UNDONE.iter().any(|u| name.eq_ignore_ascii_case(u)))
        .filter(|(name, _)| !name.is_empty() && !name.contains([':', '\r', '\n']))
        .take(MAX_HEADERS - 1)
        .for_each(|(name, value)| out.push_str(&format!("{name}: {}\r\n", clean(value))));
    out.push_str("\r\n");
    out.into_bytes()
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
    fn the_head_drops_what_fetch_undid_and_reads_to_the_end() {
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
            String::from_utf8(out.clone()).unwrap(),
            "HTTP/1.1 429 Too ManyRequests\r\ncontent-type: application/json\r\nretry-after: 3\r\n\r\n"
        );
        // The call reads it, and a body to the end of the stream.
        let mut get = HttpGet::new("h", 80, "/", &[], Limits { body: 100 }, 0.0, 1000.0);
        get.poll_transmit();
        let ok = head(200, "", &pairs(&[("content-length", "2")]));
        get.handle_input(1.0, &ok);
        get.handle_input(1.0, b"{}");
        get.handle_close(2.0);
        let reply = get.poll_result().unwrap().unwrap();
        assert_eq!((reply.status, &reply.body[..]), (200, &b"{}"[..]));
    }

    #[test]
    fn a_head_holds_no_more_headers_than_the_call_reads() {
        let many: Vec<_> = (0..200).map(|i| (format!("x-{i}"), "v".to_string())).collect();
        let text = String::from_utf8(head(200, "OK", &many)).unwrap();
        assert_eq!(text.matches("\r\nx-").count(), MAX_HEADERS - 1);
    }
}
