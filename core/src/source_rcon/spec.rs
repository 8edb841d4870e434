//! Source RCON to the machinery above the protocols (`crate::spec`): a packet codec of its
//! own, and the RCON plan of the protocols whose servers run it (Minecraft Java, Source).

use serde_json::Value;

use super::options::SourceRconRequest;
use super::packet::MAX_PACKET;
use super::{Packet, SourceRconExchange};
use crate::error::Result;
use crate::options::Common;
use crate::spec::{self, Packets, QueryPlan, Running, Spec, Start, Transport, Types};
use crate::wire::FrameDecoder;

pub struct SourceRcon;

impl spec::Protocol for SourceRcon {
    type Codec = Self;
    const SPEC: Spec = Spec {
        name: "source-rcon",
        title: "Source RCON",
        label: "Source RCON",
        transport: Transport::Tcp,
        default_port: None,
        rcon: None,
        alone: "is a packet codec: run a command with rcon('minecraft-java' | 'a2s', target, { password }, command)",
    };
    const TYPES: Types = Types {
        request: "SourceRconPacket",
        response: "SourceRconPacket",
        decode_options: "Record<string, never>",
        ..Types::NONE
    };
    const PACKETS: Option<Packets> = Some(Packets::of::<SourceRcon>().with_frames(frames));

    #[cfg(feature = "ts")]
    fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
        crate::spec::decls![cfg; Packet, super::options::MinecraftRconOptions]
    }
}

crate::spec::packets::plain_codec!(SourceRcon, Packet, "RCON packet", Packet, "RCON packet");

/// Whole packets out of a TCP stream.
fn frames(max_frame: Option<u32>, _gold_src: bool) -> Box<dyn spec::Frames> {
    Box::new(FrameDecoder::source_rcon(max_frame.map_or(MAX_PACKET, |m| m as usize)))
}

/// `rcon(name, target, options, command)` for a protocol whose servers run Source RCON.
pub fn rcon(options: Value, command: &str) -> Result<Box<dyn QueryPlan>> {
    Ok(Box::new(RconPlan {
        request: SourceRconRequest::read(options)?,
        command: command.to_string(),
    }))
}

#[derive(Debug)]
struct RconPlan {
    request: SourceRconRequest,
    command: String,
}

impl QueryPlan for RconPlan {
    fn common(&self) -> &Common {
        &self.request.common
    }

    fn transport(&self) -> Transport {
        Transport::Tcp
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let o = &self.request;
        let exchange = SourceRconExchange::new(&o.password, &self.command, o.format, at.budget)?;
        Ok(spec::query::Mapped::boxed(exchange, |lines| {
            Ok(spec::Outcome::Lines(lines))
        }))
    }
}
