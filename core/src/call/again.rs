//! An exchange that ended asking to be asked again ([`Again`]): an older protocol's
//! fallback, an HTTP `Retry-After` that ends before the deadline (waited out, twice at
//! most), or a redirect that stays on the server named (followed, five in a row at most).

use super::{Call, Step};
use crate::error::Error;
use crate::exchange::{Again, Millis};

/// Waits for a `Retry-After` a call takes.
const MAX_WAITS: u8 = 2;
/// What a wait must leave of the deadline for the request after it: else the refusal is
/// the answer at once (a timeout after the wait would lose what the server said).
const LEFT_AFTER_WAIT: Millis = 250.0;
/// Redirects in a row a call follows (as curl's `--max-redirs` is often set; browsers allow 20).
const MAX_REDIRECTS: u8 = 5;

/// What the call did when asked again.
#[derive(Debug, Default)]
pub(super) struct Asked {
    waits: u8,
    redirects: u8,
    /// Where the last redirect followed leads: the next exchange's path.
    pub(super) path: Option<String>,
}

impl Call {
    /// The exchange ended with `e`, asking for `again`: do it, or end with `e`.
    pub(super) fn ask_again(&mut self, now: Millis, mut e: Error, again: Again) {
        match again {
            Again::Fallback => match self.plan.fall_back(e) {
                Ok(()) => self.open(now),
                Err(e) => self.fail(e),
            },
            Again::After(at) if self.asked.waits < MAX_WAITS && at + LEFT_AFTER_WAIT <= self.budget.end => {
                self.asked.waits += 1;
                self.step = Step::Waiting { until: at };
            }
            Again::After(_) => self.fail(e),
            Again::At(location) => {
                let secure = self.plan.tls().is_some();
                match crate::http::location::same_server(&location, &self.host, self.port, secure) {
                    Some(path) if self.asked.redirects < MAX_REDIRECTS => {
                        self.asked.redirects += 1;
                        self.asked.path = Some(path);
                        self.open(now);
                    }
                    Some(_) => {
                        let next = MAX_REDIRECTS + 1;
                        e.message = format!(
                            "{}: the {next}th redirect in a row, past the {MAX_REDIRECTS} followed",
                            e.message
                        );
                        self.fail(e);
                    }
                    None => {
                        e.message.push_str(": another server (query it there)");
                        self.fail(e);
                    }
                }
            }
        }
    }
}
