//! `getinfo` as a client ([`Resend`]): a fresh 8-hex-digit challenge per attempt (FXServer
//! drops a request with more than 8 bytes after the command, and ends none); its limit (2
//! a second, 10 at once per address) leaves room for the retransmissions. Asked for
//! (`status: true`), `getstatus` goes just before each `getinfo`: a server with it on
//! (`sv_enableGetStatus`) answers it first, so its players come with `getinfo`'s reply and
//! nothing waits for a reply that most servers never send. Not by default: whether
//! FXServer counts it against `getinfo`'s limit is not known here.

use super::packets::{FivemRequest, FivemResponse};
use crate::error::Result;
use crate::resend::{Answer, Probe, Resend};
use crate::rng::Rng;

pub type InfoOutcome = Answer<InfoReply>;
pub type GetInfo = Resend<Info>;

/// `getinfo`'s reply, and `getstatus`'s when it came first.
#[derive(Debug)]
pub struct InfoReply {
    pub info: FivemResponse,
    pub status: Option<FivemResponse>,
}

/// The challenge of the latest request; whether to ask `getstatus` too, and its reply.
#[derive(Debug, Default)]
pub struct Info {
    challenge: String,
    ask_status: bool,
    status: Option<FivemResponse>,
}

impl Info {
    /// `status`: ask `getstatus` before each `getinfo`.
    pub fn new(status: bool) -> Self {
        Self {
            ask_status: status,
            ..Self::default()
        }
    }
}

impl Probe for Info {
    type Reply = InfoReply;
    const SERVER: &'static str = "FiveM";

    fn asked(&self) -> String {
        "getinfo".into()
    }

    fn request(&mut self, rng: &mut Rng) -> Vec<u8> {
        self.challenge = format!("{:08x}", rng.next_u64() as u32);
        let request = FivemRequest {
            command: "getinfo".into(),
            challenge: self.challenge.clone(),
        };
        request.encode().expect("8 hex digits always encode")
    }

    fn before(&mut self) -> Option<Vec<u8>> {
        let request = FivemRequest {
            command: "getstatus".into(),
            challenge: self.challenge.clone(),
        };
        self.ask_status
            .then(|| request.encode().expect("8 hex digits always encode"))
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<InfoReply>> {
        let r = FivemResponse::decode(bytes)?;
        // FXServer's `statusResponse` echoes no challenge: one that does must echo ours.
        if r.kind == "statusResponse" {
            let ours = r.info.get("challenge").is_none_or(|c| c == self.challenge);
            if self.ask_status && ours {
                self.status = Some(r);
            }
            return Ok(None);
        }
        if r.info.get("challenge") != Some(self.challenge.as_str()) {
            return Ok(None);
        }
        Ok(Some(InfoReply {
            info: r,
            status: self.status.take(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::{Deadline, Exchange};

    #[test]
    fn only_the_latest_challenge_is_taken() {
        let mut ex = GetInfo::new(Info::new(false), Deadline::for_call(1000.0, 1), 0.0, 7);
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
        assert_eq!(
            (out.response.info.info.get("clients"), out.latency_ms),
            (Some("1"), 120.0)
        );
        assert!(out.response.status.is_none());
    }

    fn latin1(s: &str) -> Vec<u8> {
        s.chars().map(|c| c as u32 as u8).collect()
    }

    /// Asked for, `getstatus` goes first with the same challenge; its reply, when the
    /// server sends one, comes with `getinfo`'s. Not asked for, none is sent or taken.
    #[test]
    fn getstatus_goes_first_and_its_reply_comes_along() {
        let mut ex = GetInfo::new(Info::new(true), Deadline::for_call(1000.0, 1), 0.0, 7);
        let status = ex.poll_transmit().unwrap();
        let info = ex.poll_transmit().unwrap();
        assert!(ex.poll_transmit().is_none());
        assert_eq!(&status[4..14], b"getstatus ");
        assert_eq!(&info[4..12], b"getinfo ");
        assert_eq!(status[14..], info[12..], "one challenge for both");
        let challenge = String::from_utf8(info[12..].to_vec()).unwrap();
        ex.handle_input(
            5.0,
            &latin1(
                "\u{ff}\u{ff}\u{ff}\u{ff}statusResponse\n\\sv_maxclients\\32\\clients\\1\n0 40 \"Ann\"\n\\mapname\\x",
            ),
        );
        assert!(ex.poll_result().is_none());
        ex.handle_input(
            6.0,
            &latin1(&format!(
                "\u{ff}\u{ff}\u{ff}\u{ff}infoResponse\n\\clients\\1\\challenge\\{challenge}"
            )),
        );
        let out = ex.poll_result().unwrap().unwrap();
        let status = out.response.status.expect("getstatus's reply");
        assert_eq!((status.players[0].name.as_str(), status.players[0].ping), ("Ann", 40));

        let mut plain = GetInfo::new(Info::new(false), Deadline::for_call(1000.0, 1), 0.0, 7);
        assert_eq!(&plain.poll_transmit().unwrap()[4..12], b"getinfo ");
        assert!(plain.poll_transmit().is_none());
    }
}
