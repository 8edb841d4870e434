//! One error type for every protocol and every face (Rust, Node, WASM).
//!
//! The `code` is the stable, documented part: JavaScript callers switch on it, so a code
//! is never renamed. The message is for humans and may change.

use std::fmt;

/// Stable error codes. `as_str()` is what JavaScript sees as `err.code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// The input ended before a field was complete.
    Truncated,
    /// The packet does not start with the protocol's magic bytes.
    BadMagic,
    /// A length prefix or a packet length disagrees with the protocol or with what remains.
    BadLength,
    /// A reply or request carries an opcode/type we did not expect here.
    UnexpectedOpcode,
    /// Bytes were left over where the protocol says the packet ends.
    TrailingBytes,
    /// A field holds a value the protocol does not allow.
    Malformed,
    /// A stream frame declares a length above the configured cap.
    FrameTooLarge,
    /// A JSON document (e.g. a Minecraft status) is not valid JSON.
    BadJson,
    /// An argument from the caller is invalid (unknown protocol, bad target, bad option).
    InvalidArgument,
    /// Unknown text encoding label.
    BadEncoding,
    /// No answer before the deadline.
    Timeout,
    /// Nothing listens on that port: the host said so (ICMP port unreachable for UDP, a
    /// refused connection for TCP).
    PortClosed,
    /// Something answered, in another protocol (an HTTP server, another game's query).
    WrongProtocol,
    /// The caller aborted (AbortSignal).
    Aborted,
    /// RCON password rejected by the server.
    RconAuth,
    /// Host name resolution failed.
    Dns,
    /// A socket operation failed.
    Network,
    /// A game whose protocol gamequery does not speak yet (the message names it).
    UnsupportedGame,
    /// The server refused to answer so soon (HTTP 429: ask less often).
    RateLimited,
    /// The server refused to answer this client (HTTP 403: a token is needed, or the
    /// request was taken for a proxy's).
    Forbidden,
    /// The server refused the credentials given, or wanted some (HTTP 401: the message says
    /// which option to check).
    Auth,
    /// An HTTP status the query cannot use (404, 500, a redirect it does not follow):
    /// [`Error::http_status`] holds it.
    HttpStatus,
    /// A TLS handshake failed (a certificate not trusted or not for the name, a port that
    /// does not speak TLS): the message says what to check (`tls.ca`, `tls.insecure` …).
    Tls,
    /// The vendor's list (BeamMP's …) answered, and has no server at that address and port:
    /// it is down, private, or listed under another address.
    NotListed,
    /// A bug in gamequery ended the call (a panic in its core): the process goes on.
    Internal,
}

impl ErrorCode {
    pub const ALL: &'static [ErrorCode] = &[
        Self::Truncated,
        Self::BadMagic,
        Self::BadLength,
        Self::UnexpectedOpcode,
        Self::TrailingBytes,
        Self::Malformed,
        Self::FrameTooLarge,
        Self::BadJson,
        Self::InvalidArgument,
        Self::BadEncoding,
        Self::Timeout,
        Self::PortClosed,
        Self::WrongProtocol,
        Self::Aborted,
        Self::RconAuth,
        Self::Dns,
        Self::Network,
        Self::UnsupportedGame,
        Self::RateLimited,
        Self::Forbidden,
        Self::Auth,
        Self::HttpStatus,
        Self::Tls,
        Self::NotListed,
        Self::Internal,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Truncated => "GQ_TRUNCATED",
            Self::BadMagic => "GQ_BAD_MAGIC",
            Self::BadLength => "GQ_BAD_LENGTH",
            Self::UnexpectedOpcode => "GQ_UNEXPECTED_OPCODE",
            Self::TrailingBytes => "GQ_TRAILING_BYTES",
            Self::Malformed => "GQ_MALFORMED",
            Self::FrameTooLarge => "GQ_FRAME_TOO_LARGE",
            Self::BadJson => "GQ_BAD_JSON",
            Self::InvalidArgument => "GQ_INVALID_ARGUMENT",
            Self::BadEncoding => "GQ_BAD_ENCODING",
            Self::Timeout => "GQ_TIMEOUT",
            Self::PortClosed => "GQ_PORT_CLOSED",
            Self::WrongProtocol => "GQ_WRONG_PROTOCOL",
            Self::Aborted => "GQ_ABORTED",
            Self::RconAuth => "GQ_RCON_AUTH",
            Self::Dns => "GQ_DNS",
            Self::Network => "GQ_NETWORK",
            Self::UnsupportedGame => "GQ_UNSUPPORTED_GAME",
            Self::RateLimited => "GQ_RATE_LIMITED",
            Self::Forbidden => "GQ_FORBIDDEN",
            Self::Auth => "GQ_AUTH",
            Self::HttpStatus => "GQ_HTTP_STATUS",
            Self::Tls => "GQ_TLS",
            Self::NotListed => "GQ_NOT_LISTED",
            Self::Internal => "GQ_INTERNAL",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A failure with its stable code and, for decode errors, the field and byte offset; a
/// network call adds what it was doing ([`Context`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    pub code: ErrorCode,
    pub message: String,
    /// The wire field being read when decoding failed.
    pub field: Option<&'static str>,
    /// Byte offset into the packet where that field starts.
    pub offset: Option<usize>,
    /// The offending text, where keeping it helps (e.g. invalid status JSON).
    pub text: Option<String>,
    /// How many times the request that went unanswered was sent.
    pub attempts: Option<u32>,
    /// The HTTP status a server refused with (`err.httpStatus`).
    pub http_status: Option<u16>,
    /// The seconds its `Retry-After` asked to wait (`err.retryAfter`).
    pub retry_after: Option<u32>,
    pub context: Option<Box<Context>>,
}

/// The call an error comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    pub protocol: &'static str,
    /// The target as the caller gave it.
    pub target: String,
    /// Where it resolved to, once it did.
    pub address: Option<std::net::SocketAddr>,
    /// Its IP as text (`err.address`), written here by the calls that know it, so that
    /// formatting an IPv6 address stays out of the browser's codec module.
    pub ip: Option<String>,
    /// A game's query: what happened on each candidate port (`err.candidates`).
    pub candidates: Vec<Candidate>,
}

/// One candidate port of a game's query, and why it gave no status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub port: u16,
    pub code: ErrorCode,
    pub message: String,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            field: None,
            offset: None,
            text: None,
            attempts: None,
            http_status: None,
            retry_after: None,
            context: None,
        }
    }

    /// A decode error at `offset` while reading `field`.
    pub fn at(code: ErrorCode, field: &'static str, offset: usize, detail: impl fmt::Display) -> Self {
        Self {
            field: Some(field),
            offset: Some(offset),
            ..Self::new(code, format!("{field} at byte {offset}: {detail}"))
        }
    }

    pub fn with_attempts(mut self, attempts: u32) -> Self {
        self.attempts = Some(attempts);
        self
    }

    /// Names the call in the message (`SA:MP query of play.example.org:7777: …`) and keeps
    /// it in [`Error::context`]. A second call only fills in what the first did not know.
    /// The message without the `Factorio query of host (address): ` a call put first, where
    /// it did ([`Error::in_call`], which also gives the error its context; neither a title
    /// nor a target has a `: ` in it): for a message about a part of a call, said inside
    /// another. An error no call named (a mistake in the options) is whole.
    pub fn own_message(&self) -> &str {
        match (&self.context, self.message.split_once(": ")) {
            (Some(_), Some((_, own))) => own,
            _ => &self.message,
        }
    }

    pub fn in_call(mut self, who: Caller, target: &str, address: Option<std::net::SocketAddr>) -> Self {
        if let Some(c) = &mut self.context {
            if c.address.is_none() {
                c.ip = address.map(|a| a.ip().to_string());
                c.address = address;
            }
            return self;
        }
        let what = who.title;
        let at = match address {
            Some(a)
                if a.ip().to_string()
                    != target
                        .rsplit_once(':')
                        .map_or(target, |(h, _)| h)
                        .trim_matches(['[', ']']) =>
            {
                format!(" ({a})")
            }
            _ => String::new(),
        };
        self.message = format!("{what} of {target}{at}: {}", self.message);
        self.context = Some(Box::new(Context {
            protocol: who.protocol,
            target: target.to_string(),
            address,
            ip: address.map(|a| a.ip().to_string()),
            candidates: Vec::new(),
        }));
        self
    }

    /// The HTTP status a server refused with, and the wait it asked for.
    pub fn with_http(mut self, status: u16, retry_after: Option<u32>) -> Self {
        self.http_status = Some(status);
        self.retry_after = retry_after;
        self
    }

    pub fn with_text(mut self, text: impl Into<String>) -> Self {
        self.text = Some(text.into());
        self
    }

    /// The caller aborted (an AbortSignal fired).
    pub fn aborted() -> Self {
        Self::new(ErrorCode::Aborted, "the operation was aborted")
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidArgument, message)
    }

    /// No answer to `what` (`'i'`, `the challenge`) after `attempts` sends.
    pub fn timeout(what: impl fmt::Display, attempts: u32) -> Self {
        Self::new(
            ErrorCode::Timeout,
            format!(
                "no answer to {what} (sent {}) before the deadline",
                Self::sends(attempts)
            ),
        )
        .with_attempts(attempts)
    }

    /// A [`Error::timeout`] of one connection, when the call tried `connections` in all
    /// (each with the request sent again): the message and `attempts` say the same.
    pub fn over_connections(self, connections: u32) -> Self {
        if self.code != ErrorCode::Timeout || connections <= 1 {
            return self;
        }
        let all = format!("(sent {}, each on a new connection)", Self::sends(connections));
        Self {
            message: self.message.replacen("(sent once)", &all, 1),
            ..self
        }
        .with_attempts(connections)
    }

    fn sends(n: u32) -> String {
        if n == 1 {
            "once".to_string()
        } else {
            format!("{n} times")
        }
    }
}

/// What JavaScript sees of an error: `err.code`, `err.message`, and the rest as fields of
/// the `GameQueryError` (`npm/gamequery-wasm/glue.mjs`).
#[derive(Debug, serde::Serialize)]
pub struct Detail<'a> {
    pub code: &'static str,
    pub message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempts: Option<u32>,
    #[serde(rename = "httpStatus", skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    #[serde(rename = "retryAfter", skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[serde(serialize_with = "candidates")]
    pub candidates: &'a [Candidate],
}

fn candidates<S: serde::Serializer>(list: &[Candidate], s: S) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(list.len()))?;
    for c in list {
        seq.serialize_element(&serde_json::json!({ "port": c.port, "code": c.code.as_str(), "message": c.message }))?;
    }
    seq.end()
}

impl Detail<'_> {
    /// The JSON text serde would write, written without serde_json's writer (see
    /// [`Json`](crate::json::Json)'s `Display`): the browser's module carries only this.
    pub fn to_json(&self) -> String {
        enum Value<'v> {
            Text(&'v str),
            Number(u64),
        }
        let members = [
            ("code", Some(Value::Text(self.code))),
            ("message", Some(Value::Text(self.message))),
            ("field", self.field.map(Value::Text)),
            ("offset", self.offset.map(|n| Value::Number(n as u64))),
            ("text", self.text.map(Value::Text)),
            ("attempts", self.attempts.map(|n| Value::Number(n.into()))),
            ("httpStatus", self.http_status.map(|n| Value::Number(n.into()))),
            ("retryAfter", self.retry_after.map(|n| Value::Number(n.into()))),
            ("protocol", self.protocol.map(Value::Text)),
            ("target", self.target.map(Value::Text)),
            ("address", self.address.as_deref().map(Value::Text)),
            ("port", self.port.map(|n| Value::Number(n.into()))),
        ];
        let mut out = String::from("{");
        for (key, value) in members.iter().filter_map(|(k, v)| Some((k, v.as_ref()?))) {
            if out.len() > 1 {
                out.push(',');
            }
            crate::json::write_string(&mut out, key);
            out.push(':');
            match value {
                Value::Text(s) => crate::json::write_string(&mut out, s),
                Value::Number(n) => out.push_str(&n.to_string()),
            }
        }
        if !self.candidates.is_empty() {
            out.push_str(",\"candidates\":[");
            for (k, c) in self.candidates.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push_str(&format!("{{\"port\":{},\"code\":", c.port));
                crate::json::write_string(&mut out, c.code.as_str());
                out.push_str(",\"message\":");
                crate::json::write_string(&mut out, &c.message);
                out.push('}');
            }
            out.push(']');
        }
        out.push('}');
        out
    }
}

impl Error {
    pub fn detail(&self) -> Detail<'_> {
        let context = self.context.as_deref();
        Detail {
            code: self.code.as_str(),
            message: &self.message,
            field: self.field,
            offset: self.offset,
            text: self.text.as_deref(),
            attempts: self.attempts,
            http_status: self.http_status,
            retry_after: self.retry_after,
            protocol: context.map(|c| c.protocol),
            target: context.map(|c| c.target.as_str()),
            address: context.and_then(|c| c.ip.clone()),
            port: context.and_then(|c| c.address).map(|a| a.port()),
            candidates: context.map_or(&[], |c| &c.candidates),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `text` in double quotes, escaped as JSON, for error messages. Not `{:?}`: Debug's
/// escaping brings the standard library's Unicode tables into the browser's download.
/// Who made a call, for messages: what it is (`A2S query`, `Source RCON`) and the
/// protocol the caller named (`a2s`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caller {
    pub title: &'static str,
    pub protocol: &'static str,
}

/// A name that did not resolve, in words a bot can read to its users rather than the C
/// library's (`failed to lookup address information: Name or service not known`): what
/// the resolver said, told by the phrases each system's resolver uses.
pub fn dns_failed(host: &str, resolver: &str) -> Error {
    let said = resolver.to_ascii_lowercase();
    let has = |phrases: &[&str]| phrases.iter().any(|p| said.contains(p));
    let why = if has(&[
        "name or service not known",
        "nodename nor servname",
        "no such host",
        "enotfound",
        "nxdomain",
    ]) {
        "no such host: the name does not exist in DNS".to_string()
    } else if has(&["temporary failure", "try again", "eai_again", "timed out"]) {
        "the DNS server did not answer in time (a temporary failure: try again)".to_string()
    } else if has(&["no address associated", "enodata", "no data"]) {
        "the name exists but has no address".to_string()
    } else {
        resolver
            .trim_start_matches("failed to lookup address information: ")
            .to_string()
    };
    Error::new(ErrorCode::Dns, format!("cannot resolve {host}: {why}"))
}

pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    crate::json::write_string(&mut out, text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_s_own_part_is_what_follows_the_call_that_named_it() {
        let who = Caller {
            title: "Factorio query",
            protocol: "factorio",
        };
        let named = Error::new(ErrorCode::HttpStatus, "GET /x: answered HTTP 500").in_call(
            who,
            "play.example.org:34197",
            Some("[::1]:443".parse().unwrap()),
        );
        assert_eq!(
            named.message,
            "Factorio query of play.example.org:34197 ([::1]:443): GET /x: answered HTTP 500"
        );
        assert_eq!(named.own_message(), "GET /x: answered HTTP 500");
        // No call named it (a mistake in the options): all of it is its own.
        let own = Error::invalid("option api must be an http(s) URL: got x");
        assert_eq!(own.own_message(), own.message);
    }

    #[test]
    fn a_name_that_does_not_resolve_is_told_in_words_not_libc_s() {
        let said = |os: &str| dns_failed("game.example.invalid", os).message;
        let none = "cannot resolve game.example.invalid: no such host: the name does not exist in DNS";
        // glibc, macOS, Windows, Node's dns.lookup (the WASM engine's host).
        for os in [
            "failed to lookup address information: Name or service not known",
            "failed to lookup address information: nodename nor servname provided, or not known",
            "No such host is known. (os error 11001)",
            "getaddrinfo ENOTFOUND game.example.invalid",
        ] {
            assert_eq!(said(os), none, "{os}");
        }
        assert_eq!(
            said("failed to lookup address information: Temporary failure in name resolution"),
            "cannot resolve game.example.invalid: the DNS server did not answer in time (a temporary failure: try again)"
        );
        assert_eq!(
            said("failed to lookup address information: weird"),
            "cannot resolve game.example.invalid: weird"
        );
        assert_eq!(dns_failed("h", "x").code, ErrorCode::Dns);
    }

    #[test]
    fn detail_json_is_what_serde_writes() {
        let bare = Error::new(ErrorCode::Timeout, "no \"reply\"\n");
        let full = Error::at(ErrorCode::Malformed, "player name", 12, "bad\u{1}byte")
            .with_text("§aMOTD")
            .with_attempts(3)
            .with_http(429, Some(30))
            .in_call(
                Caller {
                    title: "SA:MP query",
                    protocol: "samp",
                },
                "[::1]:7777",
                Some("[::1]:7777".parse().unwrap()),
            );
        for e in [bare, full] {
            let detail = e.detail();
            assert_eq!(detail.to_json(), serde_json::to_string(&detail).unwrap());
        }
    }
}
