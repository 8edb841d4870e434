//! One `GET` (or a `POST` of a JSON body) on a connection of its own (`Connection: close`: no keep-alive to manage, and
//! the parts of a status are fetched at once over several connections instead of one after
//! another on one). The reply is read as it comes: the head up to [`MAX_HEAD`], then the
//! body by `Content-Length`, chunks or the end of the stream, never past the caller's
//! limit — a declared length over it fails at once, before a byte of the body. 2xx is the
//! reply; any other status is a typed error, which may ask to be asked again
//! ([`super::refusal`]).

use super::{MAX_HEAD, MAX_HEADERS};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Again, Millis};

/// How much a reply may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The body's bytes at most (decoded, for chunks).
    pub body: usize,
}

/// A reply's status and body.
#[derive(Debug, Clone, PartialEq)]
pub struct HttpReply {
    pub status: u16,
    pub body: Vec<u8>,
    /// From the request's send to the end of the head.
    pub latency_ms: f64,
    /// The error a status other than 2xx is, for an exchange that reads such replies'
    /// bodies too ([`HttpGet::reading_refusals`]): the body is the protocol's to read first.
    pub refused: Option<Error>,
}

/// A chunk-size line longer than this is no server's (the size and a short extension).
const MAX_SIZE_LINE: usize = 1024;

#[derive(Debug)]
enum Framing {
    /// `Content-Length`: this many bytes (as declared: more than a 32-bit target's `usize`).
    Length(u64),
    /// `Transfer-Encoding: chunked`: what is left of the chunk being read, once its size
    /// line was; `None` between chunks.
    Chunked(Option<usize>),
    /// Neither: up to the end of the stream.
    Close,
}

#[derive(Debug)]
enum Reading {
    Head,
    Body { status: u16, framing: Framing },
}

#[derive(Debug)]
pub struct HttpGet {
    /// The request as messages name it (`GET /info.json`): its query string left out, as
    /// it may carry a token (TShock's).
    what: String,
    limits: Limits,
    outbox: Option<Vec<u8>>,
    /// Received and not consumed yet: the head, then chunk framing.
    raw: Vec<u8>,
    body: Vec<u8>,
    reading: Reading,
    sent_at: Millis,
    latency_ms: f64,
    deadline: Option<Millis>,
    result: Option<Result<HttpReply>>,
    /// A refusal's ask: a `Retry-After`, a redirect's location.
    again: Option<Again>,
    /// Read a refusal's body as a reply ([`Self::reading_refusals`]), and the refusal.
    refusals: bool,
    refused: Option<Error>,
    /// The connection is plain TCP: a close without an answer may be a TLS server's.
    plain: bool,
}

impl HttpGet {
    /// `GET path` of `host` (and `port`, unless 80), with `headers` besides the usual ones,
    /// given up at `end`.
    pub fn new(
        host: &str,
        port: u16,
        path: &str,
        headers: &[(&str, &str)],
        limits: Limits,
        now: Millis,
        end: Millis,
    ) -> Self {
        Self::request(host, port, "GET", path, headers, None, limits, now, end)
    }

    /// `POST path` with a JSON `body` (Satisfactory's API), as [`Self::new`] otherwise.
    #[allow(clippy::too_many_arguments)]
    pub fn post(
        host: &str,
        port: u16,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
        limits: Limits,
        now: Millis,
        end: Millis,
    ) -> Self {
        Self::request(host, port, "POST", path, headers, Some(body), limits, now, end)
    }

    /// `method path`, with `body` when given (Hawakening's logout is a `PUT`), as
    /// [`Self::new`] otherwise.
    #[allow(clippy::too_many_arguments)]
    pub fn request(
        host: &str,
        port: u16,
        method: &'static str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
        limits: Limits,
        now: Millis,
        end: Millis,
    ) -> Self {
        Self {
            what: format!("{method} {}", path.split('?').next().unwrap_or(path)),
            limits,
            outbox: Some(request(host, port, method, path, headers, body)),
            raw: Vec::new(),
            body: Vec::new(),
            reading: Reading::Head,
            sent_at: now,
            latency_ms: 0.0,
            deadline: Some(end),
            result: None,
            again: None,
            refusals: false,
            refused: None,
            plain: false,
        }
    }

    /// The request goes over plain TCP (`tls` false), for what a close without an answer
    /// may mean: an HTTPS server that closes a plain request without a TLS alert.
    pub fn plain(mut self, plain: bool) -> Self {
        self.plain = plain;
        self
    }

    /// A reply other than 2xx is read whole too, the error it is in its `refused`: for an
    /// API whose errors are a body to read (TeamSpeak's WebQuery answers 401 or 400 with its
    /// own error code and message). One that asks to be asked again (a redirect, a
    /// `Retry-After`) is still the call's to follow.
    pub fn reading_refusals(mut self) -> Self {
        self.refusals = true;
        self
    }

    fn finish(&mut self, result: Result<HttpReply>) {
        self.deadline = None;
        self.raw = Vec::new();
        self.result = Some(result);
    }

    fn fail(&mut self, code: ErrorCode, message: String) {
        self.finish(Err(Error::new(code, message)));
    }

    fn done(&mut self, status: u16) {
        let body = std::mem::take(&mut self.body);
        let latency_ms = self.latency_ms;
        let refused = self.refused.take();
        self.finish(Ok(HttpReply {
            status,
            body,
            latency_ms,
            refused,
        }));
    }

    /// The head, once whole: the status checked and the body's framing known.
    fn read_head(&mut self, now: Millis) -> Option<()> {
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut response = httparse::Response::new(&mut headers);
        let parsed = response.parse(&self.raw);
        let len = match parsed {
            Ok(httparse::Status::Complete(len)) => len,
            Ok(httparse::Status::Partial) if self.raw.len() > MAX_HEAD => {
                self.fail(
                    ErrorCode::FrameTooLarge,
                    format!("the HTTP head to {} is over {} KiB", self.what, MAX_HEAD / 1024),
                );
                return None;
            }
            Ok(httparse::Status::Partial) => return None,
            Err(httparse::Error::TooManyHeaders) => {
                self.fail(
                    ErrorCode::FrameTooLarge,
                    format!("the HTTP reply to {} has over {MAX_HEADERS} headers", self.what),
                );
                return None;
            }
            Err(_) => {
                let like = crate::sniff::describe(&self.raw);
                // A TLS record to a plain request: the server speaks HTTPS (the bytes come
                // here only on a plain connection; over TLS they are decrypted first).
                let hint = match crate::sniff::looks_like_service(&self.raw) {
                    Some("TLS") => ": it speaks HTTPS; set the option tls (true, or { ca, insecure })",
                    _ => "",
                };
                self.fail(
                    ErrorCode::WrongProtocol,
                    format!("not an HTTP server: it answered {like}{hint}"),
                );
                return None;
            }
        };
        let status = response.code.unwrap_or(0);
        // ` Too Many Requests`, or nothing where the server sent no reason.
        let reason = response
            .reason
            .filter(|r| !r.is_empty())
            .map(|r| format!(" {r}"))
            .unwrap_or_default();
        let framing = framing(response.headers);
        self.latency_ms = round_ms(now - self.sent_at);
        if !(200..300).contains(&status) {
            let (e, again) = super::refusal::refusal(&self.what, status, &reason, response.headers, now);
            if self.refusals && again.is_none() {
                self.refused = Some(e);
            } else {
                self.again = again;
                self.finish(Err(e));
                return None;
            }
        }
        let framing = match framing {
            Ok(f) => f,
            Err(message) => {
                self.fail(
                    ErrorCode::Malformed,
                    format!("the HTTP reply to {}: {message}", self.what),
                );
                return None;
            }
        };
        if let Framing::Length(n) = framing {
            if n > self.limits.body as u64 {
                self.fail(ErrorCode::FrameTooLarge, self.too_large(Some(n)));
                return None;
            }
        }
        self.raw.drain(..len);
        self.reading = Reading::Body { status, framing };
        Some(())
    }

    fn too_large(&self, declared: Option<u64>) -> String {
        let limit = self.limits.body;
        match declared {
            Some(n) => format!(
                "the reply to {} declares {n} bytes, over the {limit} this query reads",
                self.what
            ),
            None => format!("the reply to {} is over the {limit} bytes this query reads", self.what),
        }
    }

    /// Moves what arrived into the body; `true` once the body is whole.
    fn read_body(&mut self) -> Result<bool> {
        let Reading::Body { framing, .. } = &mut self.reading else {
            return Ok(false);
        };
        match framing {
            Framing::Length(n) => {
                // Checked against the limit with the head: it fits a `usize`.
                let n = *n as usize;
                let take = (n - self.body.len()).min(self.raw.len());
                self.body.extend_from_slice(&self.raw[..take]);
                // Bytes past the declared length are no part of this reply: dropped.
                self.raw.clear();
                Ok(self.body.len() == n)
            }
            Framing::Close => {
                if self.body.len() + self.raw.len() > self.limits.body {
                    return Err(Error::new(ErrorCode::FrameTooLarge, self.too_large(None)));
                }
                self.body.append(&mut self.raw);
                Ok(false)
            }
            Framing::Chunked(left) => loop {
                match left {
                    None => match httparse::parse_chunk_size(&self.raw) {
                        Ok(httparse::Status::Complete((used, size))) => {
                            self.raw.drain(..used);
                            if size == 0 {
                                // The last chunk: trailers, if any, are not read.
                                return Ok(true);
                            }
                            let size = usize::try_from(size).unwrap_or(usize::MAX);
                            if size > self.limits.body.saturating_sub(self.body.len()) {
                                return Err(Error::new(ErrorCode::FrameTooLarge, self.too_large(None)));
                            }
                            *left = Some(size);
                        }
                        Ok(httparse::Status::Partial) if self.raw.len() > MAX_SIZE_LINE => {
                            return Err(Error::new(
                                ErrorCode::Malformed,
                                format!("a chunk size line of the reply to {} never ends", self.what),
                            ))
                        }
                        Ok(httparse::Status::Partial) => return Ok(false),
                        Err(_) => {
                            return Err(Error::new(
                                ErrorCode::Malformed,
                                format!("a chunk size of the reply to {} is not hexadecimal", self.what),
                            ))
                        }
                    },
                    Some(0) => {
                        // The chunk's data is followed by its line end.
                        if self.raw.len() < 2 {
                            return Ok(false);
                        }
                        if &self.raw[..2] != b"\r\n" {
                            return Err(Error::new(
                                ErrorCode::Malformed,
                                format!("a chunk of the reply to {} is longer than its size", self.what),
                            ));
                        }
                        self.raw.drain(..2);
                        *left = None;
                    }
                    Some(n) => {
                        if self.raw.is_empty() {
                            return Ok(false);
                        }
                        let take = (*n).min(self.raw.len());
                        self.body.extend_from_slice(&self.raw[..take]);
                        self.raw.drain(..take);
                        *n -= take;
                    }
                }
            },
        }
    }

    fn status(&self) -> u16 {
        match self.reading {
            Reading::Body { status, .. } => status,
            Reading::Head => 0,
        }
    }
}

/// The request's bytes. `Accept-Encoding` is not sent: the body comes as it is.
fn request(host: &str, port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&[u8]>) -> Vec<u8> {
    let host = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_string()
    };
    let authority = if port == 80 { host } else { format!("{host}:{port}") };
    let mut out = format!(
        "{method} {path} HTTP/1.1\r\nHost: {authority}\r\nUser-Agent: gamequery\r\nAccept: application/json\r\nConnection: close\r\n"
    );
    for (name, value) in headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(body) = body {
        out.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    out.push_str("\r\n");
    let mut out = out.into_bytes();
    out.extend_from_slice(body.unwrap_or_default());
    out
}

/// The body's framing from the head's headers: chunks win over a length (RFC 9112 6.3).
fn framing(headers: &[httparse::Header<'_>]) -> std::result::Result<Framing, String> {
    let value = |name: &str| {
        headers
            .iter()
            .filter(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).trim().to_ascii_lowercase())
            .collect::<Vec<_>>()
    };
    if value("transfer-encoding").iter().any(|v| v.ends_with("chunked")) {
        return Ok(Framing::Chunked(None));
    }
    let lengths = value("content-length");
    match lengths.first() {
        None => Ok(Framing::Close),
        Some(first) if lengths.iter().any(|l| l != first) => Err("two different Content-Lengths".into()),
        Some(n) => n
            .parse::<u64>()
            .map(Framing::Length)
            .map_err(|_| format!("Content-Length {n:?} is not a number")),
    }
}

impl crate::exchange::Exchange for HttpGet {
    type Output = HttpReply;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.take()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.result.is_some() {
            return;
        }
        self.raw.extend_from_slice(bytes);
        if matches!(self.reading, Reading::Head) && self.read_head(now).is_none() {
            return;
        }
        match self.read_body() {
            Ok(true) => self.done(self.status()),
            Ok(false) => {}
            Err(e) => self.finish(Err(e)),
        }
    }

    fn handle_close(&mut self, _now: Millis) {
        if self.result.is_some() {
            return;
        }
        match &self.reading {
            Reading::Body {
                status,
                framing: Framing::Close,
            } => self.done(*status),
            Reading::Head if self.raw.is_empty() => {
                let tls = if self.plain {
                    "; one that speaks only HTTPS does so to a plain request: the option tls"
                } else {
                    ""
                };
                self.fail(
                    ErrorCode::Network,
                    format!(
                        "the server closed the connection without answering {} (servers do so while they rate-limit an address{tls})",
                        self.what
                    ),
                )
            }
            Reading::Head => self.fail(
                ErrorCode::Truncated,
                format!(
                    "the connection closed inside the HTTP head of the reply to {}",
                    self.what
                ),
            ),
            Reading::Body { .. } => self.fail(
                ErrorCode::Truncated,
                format!(
                    "the connection closed after {} bytes of the reply to {}",
                    self.body.len(),
                    self.what
                ),
            ),
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        self.deadline
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.result.is_some() || self.deadline.is_none_or(|d| now < d) {
            return;
        }
        let got = match self.reading {
            Reading::Head if self.raw.is_empty() => "nothing came".to_string(),
            Reading::Head => format!("{} bytes of its head came", self.raw.len()),
            Reading::Body { .. } => format!("{} bytes of its body came", self.body.len()),
        };
        self.finish(Err(Error::new(
            ErrorCode::Timeout,
            format!("no whole reply to {} before the deadline ({got})", self.what),
        )));
    }

    fn again(&self) -> Option<Again> {
        self.again.clone()
    }

    fn poll_result(&mut self) -> Option<Result<HttpReply>> {
        self.result.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;

    fn get(limit: usize) -> HttpGet {
        HttpGet::new(
            "127.0.0.1",
            30120,
            "/info.json",
            &[],
            Limits { body: limit },
            0.0,
            1000.0,
        )
    }

    fn feed(ex: &mut HttpGet, parts: &[&[u8]]) -> Option<Result<HttpReply>> {
        for p in parts {
            ex.handle_input(1.0, p);
        }
        ex.poll_result()
    }

    #[test]
    fn the_request_is_one_get_that_closes() {
        let mut ex = HttpGet::new(
            "::1",
            30120,
            "/players.json",
            &[("X-Players-Token", "t")],
            Limits { body: 10 },
            0.0,
            1.0,
        );
        assert_eq!(
            String::from_utf8(ex.poll_transmit().unwrap()).unwrap(),
            "GET /players.json HTTP/1.1\r\nHost: [::1]:30120\r\nUser-Agent: gamequery\r\nAccept: application/json\r\nConnection: close\r\nX-Players-Token: t\r\n\r\n"
        );
    }

    #[test]
    fn bodies_by_length_by_chunks_and_by_close_byte_by_byte() {
        let reply = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello";
        let mut ex = get(100);
        for b in reply.iter() {
            assert!(ex.poll_result().is_none());
            ex.handle_input(2.0, std::slice::from_ref(b));
        }
        assert_eq!(ex.poll_result().unwrap().unwrap().body, b"hello");

        let chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n1\r\n!\r\n0\r\n\r\n";
        let mut ex = get(100);
        for b in chunked.iter() {
            ex.handle_input(2.0, std::slice::from_ref(b));
        }
        assert_eq!(ex.poll_result().unwrap().unwrap().body, b"hello!");

        let mut ex = get(100);
        assert!(feed(&mut ex, &[b"HTTP/1.0 200 OK\r\n\r\n[1,", b"2]"]).is_none());
        ex.handle_close(3.0);
        assert_eq!(ex.poll_result().unwrap().unwrap().body, b"[1,2]");
    }

    #[test]
    fn a_tls_record_to_a_plain_request_says_to_set_tls() {
        // A TLS alert (protocol_version), as a TLS server sends to bytes that are no handshake.
        let e = feed(&mut get(100), &[&[0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x46]])
            .unwrap()
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::WrongProtocol);
        assert!(
            e.message
                .ends_with("it answered like TLS: it speaks HTTPS; set the option tls (true, or { ca, insecure })"),
            "{}",
            e.message
        );
        let e = feed(&mut get(100), &[b"SSH-2.0-x\r\n"]).unwrap().unwrap_err();
        assert!(e.message.ends_with("it answered like SSH"), "{}", e.message);
    }

    #[test]
    fn sizes_past_the_limit_fail_before_the_body() {
        let huge = b"HTTP/1.1 200 OK\r\nContent-Length: 5000000000\r\n\r\n";
        let e = feed(&mut get(1 << 20), &[huge]).unwrap().unwrap_err();
        assert_eq!(e.code, ErrorCode::FrameTooLarge);
        assert!(e.message.contains("5000000000"), "{}", e.message);
        let chunk = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFF\r\n";
        assert_eq!(
            feed(&mut get(1 << 20), &[chunk]).unwrap().unwrap_err().code,
            ErrorCode::FrameTooLarge
        );
        let mut ex = get(10);
        let e = feed(&mut ex, &[b"HTTP/1.1 200 OK\r\n\r\n", &[b'a'; 11]])
            .unwrap()
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::FrameTooLarge);
        // A head that never ends: an error once it passes the bound, not at the deadline.
        let mut ex = get(10);
        ex.handle_input(1.0, b"HTTP/1.1 200 OK\r\nX-Slow: ");
        let e = feed(&mut ex, &[&vec![b'a'; MAX_HEAD]]).unwrap().unwrap_err();
        assert_eq!(e.code, ErrorCode::FrameTooLarge);
    }

    #[test]
    fn statuses_and_strangers_are_typed() {
        let code = |reply: &[u8]| feed(&mut get(100), &[reply]).unwrap().unwrap_err().code;
        assert_eq!(code(b"HTTP/1.1 429 Too Many Requests\r\n\r\n"), ErrorCode::RateLimited);
        assert_eq!(code(b"HTTP/1.1 403 Forbidden\r\n\r\nNope."), ErrorCode::Forbidden);
        assert_eq!(code(b"HTTP/1.1 401 Unauthorized\r\n\r\n"), ErrorCode::Auth);
        assert_eq!(code(b"HTTP/1.1 404 Not Found\r\n\r\n"), ErrorCode::HttpStatus);
        assert_eq!(code(b"HTTP/1.1 503 Busy\r\n\r\n"), ErrorCode::HttpStatus);
        // A refusal that asks to be asked again says so to the call.
        let mut ex = get(100);
        ex.handle_input(5.0, b"HTTP/1.1 503 Busy\r\nRetry-After: 2\r\n\r\n");
        let e = ex.poll_result().unwrap().unwrap_err();
        assert_eq!(
            (e.http_status, e.retry_after, ex.again()),
            (Some(503), Some(2), Some(Again::After(2005.0)))
        );
        assert_eq!(code(b"\xff\xff\xff\xffinfoResponse\n"), ErrorCode::WrongProtocol);
        assert_eq!(
            code(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n"),
            ErrorCode::Malformed
        );
        let mut ex = get(100);
        ex.handle_input(1.0, b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc");
        ex.handle_close(2.0);
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::Truncated);
        let mut ex = get(100);
        ex.handle_close(2.0);
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::Network);
        let mut ex = get(100);
        ex.handle_input(1.0, b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab");
        ex.handle_timeout(1000.0);
        let e = ex.poll_result().unwrap().unwrap_err();
        assert_eq!(e.code, ErrorCode::Timeout);
        assert!(e.message.contains("2 bytes of its body"), "{}", e.message);
    }
}
