//! `getinfo` as a client ([`Resend`]): a fresh 8-hex-digit challenge per attempt (FXServer
//! drops a request with more than 8 bytes after the command, and ends none); its limit (2
//! a second, 10 at once per address) leaves room for the retransmissions.

use super::packets::{FivemRequest, FivemResponse};
use crate::error::Result;
use crate::resend::{Answer, Probe, Resend};
use crate::rng::Rng;

pub type InfoOutcome = Answer<FivemResponse>;
pub type GetInfo = Resend<Info>;

/// The challenge of the latest request.
#[derive(Debug, Default)]
pub struct Info {
    challenge: String,
}

impl Probe for Info {
    type Reply = FivemResponse;
    const REQUEST: &'static str = "getinfo";
    const SERVER: &'static str = "FiveM";

    fn request(&mut self, rng: &mut Rng) -> Vec<u8> {
        self.challenge = format!("{:08x}", rng.next_u64() as u32);
        let request = FivemRequest {
            command: "getinfo".into(),
            challenge: self.challenge.clone(),
        };
        request.encode().expect("8 hex digits always encode")
    }

    fn read(&self, bytes: &[u8]) -> Result<Option<FivemResponse>> {
        let r = FivemResponse::decode(bytes)?;
        Ok((r.info.get("challenge") == Some(self.challenge.as_str())).then_some(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::{Deadline, Exchange};

    #[test]
    fn only_the_latest_challenge_is_taken() {
        let mut ex = GetInfo::new(Info::default(), Deadline::for_call(1000.0, 1), 0.0, 7);
        let first = ex.poll_transmit().unwrap();
        assert_eq!(first.len(), 4 + "getinfo ".len() + 8);
        let old = String::from_utf8(first[12..].to_vec()).unwrap();
        ex.handle_timeout(500.0);
        let second = String::from_utf8(ex.poll_transmit().unwrap()[12..].to_vec()).unwrap();
        assert_ne!(old, second);
        let reply = |c: &str| format!("\u{ff}\u{ff}\u{ff}\u{ff}infoResponse\n\\clients\\1\\challenge\\{c}\\iv\\5");
        let bytes = |s: String| s.chars().map(|c| c as u32 as u8).collect::<Vec<u8>>();
        ex.handle_input(600.0, &bytes(reply(&old)));
        assert!(ex.poll_result().is_none());
        ex.handle_input(620.0, &bytes(reply(&second)));
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!((out.response.info.get("clients"), out.latency_ms), (Some("1"), 120.0));
    }
}
