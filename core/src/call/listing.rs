//! A call whose plan reads a central list ([`crate::http::lists`]): before it connects, a
//! copy another query fetched may answer, or the call waits for that query's fetch.

use super::{Call, Step};
use crate::error::{Error, ErrorCode};
use crate::exchange::Millis;
use crate::spec::{Listed, Start};

impl Call {
    /// Waited for another query's fetch: look again, and fetch where it gave up.
    pub(super) fn look_again(&mut self, now: Millis) {
        if self.unlisted(now) {
            self.resolve(now);
        }
    }

    /// Gone elsewhere to a central list: `true` to fetch it; else the answer came from a copy
    /// another query fetched, or the call waits for that query's fetch ([`Step::Listing`]).
    pub(super) fn unlisted(&mut self, now: Millis) -> bool {
        let at = start_at!(self, now, None, None);
        match self.plan.listed(at) {
            None => true,
            Some(Listed::Answer(result)) => {
                match result {
                    Ok(outcome) => self.finish(Ok(outcome)),
                    Err(e) => self.fail(e),
                }
                false
            }
            Some(Listed::Wait) if now < self.budget.end => {
                let until = (now + crate::http::lists::WAIT_TICK).min(self.budget.end);
                self.step = Step::Listing { until };
                false
            }
            Some(Listed::Wait) => {
                self.fail(Error::new(
                    ErrorCode::Timeout,
                    format!(
                        "{}'s list, fetched by another query, did not come within the deadline",
                        self.host
                    ),
                ));
                false
            }
        }
    }
}
