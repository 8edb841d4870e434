//! A responder's side: a request head read from what a connection sent so far, and a
//! whole reply written (one per connection: each is closed after it).

use super::{MAX_HEAD, MAX_HEADERS};
use crate::spec::serve::{Stream, StreamOutput};

/// A request's head: what a status endpoint routes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    pub method: String,
    /// The path, without its query string.
    pub path: String,
    /// The query string (`token=…`), empty when there is none.
    pub query: String,
    pub(super) headers: Vec<(String, String)>,
    /// The head's length: where a body starts.
    pub(super) size: usize,
}

impl Head {
    /// The first value of header `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What the bytes so far hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    /// More is needed.
    Partial,
    Head(Head),
    /// Not a request to answer: the status to close with (400, 431).
    Bad(u16),
}

/// Reads the request head at the start of `buf`.
pub fn read_request(buf: &[u8]) -> Read {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(buf) {
        Ok(httparse::Status::Complete(size)) => {
            let target = request.path.unwrap_or("/");
            let (path, query) = target.split_once('?').unwrap_or((target, ""));
            Read::Head(Head {
                method: request.method.unwrap_or("").to_string(),
                path: path.to_string(),
                query: query.to_string(),
                headers: request
                    .headers
                    .iter()
                    .map(|h| (h.name.to_string(), String::from_utf8_lossy(h.value).into_owned()))
                    .collect(),
                size,
            })
        }
        Ok(httparse::Status::Partial) if buf.len() > MAX_HEAD => Read::Bad(431),
        Ok(httparse::Status::Partial) => Read::Partial,
        Err(httparse::Error::TooManyHeaders) => Read::Bad(431),
        Err(_) => Read::Bad(400),
    }
}

/// A whole reply, closing the connection.
pub fn reply(status: u16, content_type: &str, body: &[u8]) -> Vec<u8> {
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Content Too Large",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        _ => "Error",
    };
    let mut out = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}

/// A connection's bytes so far (its state a `Vec<u8>`, as `open_stream` made it), and the
/// request head once whole; `Err`: what to write now — nothing while the head is partial,
/// 400 or 431 (and close) for one that is bad.
pub fn request_of(stream: &mut Stream, chunk: &[u8]) -> Result<Head, StreamOutput> {
    let Some(buf) = stream.downcast_mut::<Vec<u8>>() else {
        return Err(closing(vec![]));
    };
    buf.extend_from_slice(chunk);
    match read_request(buf) {
        Read::Partial => Err(StreamOutput::default()),
        Read::Bad(status) => Err(closing(reply(status, "text/plain", b""))),
        Read::Head(head) => Ok(head),
    }
}

/// [`request_of`] for a request with a body (a `POST`'s, by `Content-Length`), up to `max`
/// bytes: the head and the body once both are whole; past `max`, 413 and close.
pub fn request_with_body(stream: &mut Stream, chunk: &[u8], max: usize) -> Result<(Head, Vec<u8>), StreamOutput> {
    let head = request_of(stream, chunk)?;
    let length = match head.header("content-length").map(|v| v.trim().parse::<usize>()) {
        None => 0,
        Some(Ok(n)) if n <= max => n,
        Some(Ok(_)) => return Err(closing(reply(413, "text/plain", b""))),
        Some(Err(_)) => return Err(closing(reply(400, "text/plain", b""))),
    };
    let Some(buf) = stream.downcast_mut::<Vec<u8>>() else {
        return Err(closing(vec![]));
    };
    match buf.get(head.size..head.size + length) {
        Some(body) => {
            let body = body.to_vec();
            Ok((head, body))
        }
        None => Err(StreamOutput::default()),
    }
}

/// `write`, then close: one request per connection.
pub fn closing(write: Vec<u8>) -> StreamOutput {
    StreamOutput { write, close: true }
}

/// A credential a request gave equals the one wanted, in a time that does not depend on
/// where they differ.
pub fn same_secret(given: &[u8], wanted: &[u8]) -> bool {
    given.len() == wanted.len() && given.iter().zip(wanted).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_read_as_they_come() {
        let req = b"GET /players.json?token=abc HTTP/1.1\r\nHost: x\r\nX-Players-Token: t\r\n\r\n";
        assert_eq!(read_request(&req[..20]), Read::Partial);
        let Read::Head(head) = read_request(req) else {
            panic!("a whole head")
        };
        assert_eq!(
            (head.method.as_str(), head.path.as_str(), head.query.as_str()),
            ("GET", "/players.json", "token=abc")
        );
        assert_eq!(head.header("x-players-token"), Some("t"));
        assert_eq!(read_request(b"\xff\xff\xff\xffgetinfo x"), Read::Bad(400));
        let slow = [&b"GET / HTTP/1.1\r\nX: "[..], &vec![b'a'; MAX_HEAD]].concat();
        assert_eq!(read_request(&slow), Read::Bad(431));
        let reply = reply(200, "application/json", b"{}");
        let mut stream: Stream = Box::<Vec<u8>>::default();
        let post = b"POST /api/v1 HTTP/1.1\r\nContent-Length: 4\r\n\r\n{\"a\"";
        assert!(request_with_body(&mut stream, &post[..30], 64).is_err_and(|o| o.write.is_empty() && !o.close));
        let (head, body) = request_with_body(&mut stream, &post[30..], 64).unwrap();
        assert_eq!((head.method.as_str(), body.as_slice()), ("POST", &b"{\"a\""[..]));
        let mut stream: Stream = Box::<Vec<u8>>::default();
        let big = request_with_body(&mut stream, b"POST / HTTP/1.1\r\nContent-Length: 65\r\n\r\n", 64);
        assert!(big.is_err_and(|o| o.close && o.write.starts_with(b"HTTP/1.1 413")));
        assert!(reply.ends_with(b"Content-Length: 2\r\nConnection: close\r\n\r\n{}"));
    }
}
