//! The client flow ([`Resend`]): a ping with a random ident; the reply that echoes the
//! latest ident wins. `protobuf`: Mumble 1.5's form, asking for the extended information
//! (a 1.3 server ignores it: ask legacy for those).

use super::packets::{MumbleRequest, MumbleResponse};
use crate::error::Result;
use crate::exchange::{Deadline, Millis};
use crate::resend::{Answer, Probe, Resend};
use crate::rng::Rng;

pub type MumbleOutcome = Answer<MumbleResponse>;
pub type MumbleExchange = Resend<Ping>;

/// The form asked and the latest ident.
#[derive(Debug)]
pub struct Ping {
    protobuf: bool,
    ident: String,
}

impl Probe for Ping {
    type Reply = MumbleResponse;
    const SERVER: &'static str = "Mumble";

    fn asked(&self) -> String {
        "the ping".into()
    }

    fn request(&mut self, rng: &mut Rng) -> Vec<u8> {
        self.ident = rng.next_u64().to_string();
        let request = MumbleRequest {
            form: if self.protobuf { "protobuf" } else { "legacy" }.into(),
            ident: self.ident.clone(),
            extended: true,
        };
        request.encode().expect("a ping of ours always encodes")
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<MumbleResponse>> {
        let response = MumbleResponse::decode(bytes)?;
        // Another ident: an earlier attempt's.
        Ok((response.ident == self.ident).then_some(response))
    }
}

impl Resend<Ping> {
    pub fn ping(protobuf: bool, budget: Deadline, now: Millis, seed: u64) -> Self {
        let probe = Ping {
            protobuf,
            ident: String::new(),
        };
        Resend::new(probe, budget, now, seed)
    }
}
