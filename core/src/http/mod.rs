//! HTTP/1.1 as far as a game's status endpoints need it (FiveM's `/info.json` …): one GET
//! per connection and its reply read with every size bounded ([`get`]), and a responder's
//! side that reads a request head and writes a reply ([`serve`]). Heads are parsed by
//! `httparse` (zero-copy; an incomplete head is not an error, so bytes are fed as they come).

pub mod api;
pub mod basic;
pub mod chain;
pub mod fetch;
pub mod get;
pub mod lists;
pub mod location;
pub mod object;
pub mod page;
pub mod param;
pub mod part;
pub mod redact;
pub mod refusal;
pub mod serve;
pub mod vendor;

pub use get::{HttpGet, HttpReply, Limits};

/// A `QueryPlan`'s transport for a query over HTTP: TCP, its `common` options and its `tls`
/// fields as they are (an HTTP plan's three plain methods, written once), in the plan's
/// `impl QueryPlan`.
macro_rules! over_tcp {
    () => {
        fn tls(&self) -> Option<&$crate::tls::Tls> {
            self.tls.as_ref()
        }

        fn common(&self) -> &$crate::options::Common {
            &self.common
        }

        fn transport(&self) -> $crate::spec::Transport {
            $crate::spec::Transport::Tcp
        }
    };
}
pub(crate) use over_tcp;
pub use part::Get;
pub use redact::redacted;

/// The start of a body that did not read, for an error's `text`: 200 bytes at most, cut as
/// bytes (a character across the cut shows as U+FFFD).
pub fn excerpt(body: &[u8]) -> String {
    String::from_utf8_lossy(&body[..body.len().min(200)]).into_owned()
}

/// Header lines at most in a head, either side: a status endpoint's reply has a dozen.
pub const MAX_HEADERS: usize = 48;
/// The longest head, either side: past it a head that never ends (slowloris) is an error
/// at once, not at the deadline.
pub const MAX_HEAD: usize = 16 * 1024;
