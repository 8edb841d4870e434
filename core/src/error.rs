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
    /// The caller aborted (AbortSignal).
    Aborted,
    /// RCON password rejected by the server.
    RconAuth,
    /// Host name resolution failed.
    Dns,
    /// A socket operation failed.
    Network,
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
        Self::Aborted,
        Self::RconAuth,
        Self::Dns,
        Self::Network,
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
            Self::Aborted => "GQ_ABORTED",
            Self::RconAuth => "GQ_RCON_AUTH",
            Self::Dns => "GQ_DNS",
            Self::Network => "GQ_NETWORK",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A failure with its stable code and, for decode errors, the field and byte offset.
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
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            field: None,
            offset: None,
            text: None,
        }
    }

    /// A decode error at `offset` while reading `field`.
    pub fn at(code: ErrorCode, field: &'static str, offset: usize, detail: impl fmt::Display) -> Self {
        Self {
            code,
            message: format!("{field} at byte {offset}: {detail}"),
            field: Some(field),
            offset: Some(offset),
            text: None,
        }
    }

    pub fn with_text(mut self, text: impl Into<String>) -> Self {
        self.text = Some(text.into());
        self
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidArgument, message)
    }

    pub fn timeout(what: impl fmt::Display) -> Self {
        Self::new(ErrorCode::Timeout, format!("no answer to {what} before the deadline"))
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
