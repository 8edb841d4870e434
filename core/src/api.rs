//! The protocol-generic codec surface both bindings expose: protocol names and JSON
//! values in, bytes/JSON out. Bindings only convert these values to and from JS.

use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, Result};
use crate::internal::{checkpoint, contain};

pub use crate::input::from_serde_json as from_json;
pub use crate::protocol::{Decode, Protocol};
pub use crate::spec::sink::{to_json, Json, Sink, Tape};

pub fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("core types always serialize")
}

/// Client → server: build a request packet from its JSON description.
pub fn encode_request(protocol: &str, request: &str) -> Result<Vec<u8>> {
    contain("encodeRequest", || {
        checkpoint("encode");
        (Protocol::parse(protocol)?.packets()?.encode_request)(request)
    })
}

/// Server side: parse a request packet.
pub fn decode_request<S: Decode>(protocol: &str, bytes: &[u8], _out: S) -> Result<S::Out> {
    contain("decodeRequest", || {
        checkpoint("decode");
        let protocol = Protocol::parse(protocol)?;
        protocol.packets()?;
        (S::decoders(protocol).request)(bytes)
    })
}

/// Server → client: build a reply packet from its JSON description.
pub fn encode_response(protocol: &str, response: &str) -> Result<Vec<u8>> {
    contain("encodeResponse", || {
        checkpoint("encode");
        (Protocol::parse(protocol)?.packets()?.encode_response)(response)
    })
}

/// Client side: parse a reply packet (`options`: the protocol's decode options, JSON text).
pub fn decode_response<S: Decode>(protocol: &str, bytes: &[u8], options: Option<&str>, _out: S) -> Result<S::Out> {
    contain("decodeResponse", || {
        checkpoint("decode");
        let protocol = Protocol::parse(protocol)?;
        protocol.packets()?;
        (S::decoders(protocol).response)(bytes, options)
    })
}

/// `describeStatus(status, color)`: a status (JSON text, as `query` gave it) for people —
/// fields, sections, notes, warnings — as JSON text. Its `protocol` picks the describer.
pub fn describe_status(status: &str, color: bool) -> Result<String> {
    contain("describeStatus", || describe(status, color))
}

fn describe(status: &str, color: bool) -> Result<String> {
    checkpoint("describe");
    let status: Value =
        serde_json::from_str(status).map_err(|e| Error::invalid(format!("status must be a query's result: {e}")))?;
    let protocol = status["protocol"].as_str().and_then(|p| Protocol::parse(p).ok());
    let mut description = match protocol {
        Some(p) => p.describe(&status, color),
        None => crate::spec::describe::generic(&status, color),
    };
    where_to_join(&status, &mut description);
    Ok(to_json(&description))
}

/// `gamequery/gamedig`: a status (JSON text, as `query` gave it) in gamedig 5's result
/// shape, as JSON text — or the timeout gamedig's `requestRulesRequired` /
/// `requestPlayersRequired` make of a request left unanswered. Its `protocol` picks the
/// mapping.
pub fn gamedig_result(status: &str, rules_required: bool, players_required: bool) -> Result<String> {
    contain("gamedig", || gamedig_shape(status, rules_required, players_required))
}

fn gamedig_shape(status: &str, rules_required: bool, players_required: bool) -> Result<String> {
    let status: crate::json::Json =
        serde_json::from_str(status).map_err(|e| Error::invalid(format!("status must be a query's result: {e}")))?;
    let own = status["protocol"]
        .as_str()
        .and_then(|p| Protocol::parse(p).ok())
        .and_then(Protocol::gamedig_parts);
    let variant = crate::gamedig::variant(&status);
    crate::spec::gamedig::required_results(&status, own, variant, rules_required, players_required).map(|r| to_json(&r))
}

/// `gamequery/gamedig`: gamedig's query options (JSON text) → `{ name, target, options,
/// rulesRequired, playersRequired }` (JSON text) for `query`.
pub fn gamedig_plan(options: &str, listen_udp_port: Option<u32>) -> Result<String> {
    let options: Value =
        serde_json::from_str(options).map_err(|e| Error::invalid(format!("options must be an object: {e}")))?;
    let listen_udp_port = match listen_udp_port {
        None => None,
        Some(p) => Some(
            u16::try_from(p)
                .ok()
                .filter(|p| *p > 0)
                .ok_or_else(|| Error::invalid(format!("listenUdpPort must be a port number, got {p}")))?,
        ),
    };
    crate::gamedig::plan(&options, listen_udp_port).map(|plan| to_json(&plan))
}

/// `gamequery/gamedig`'s `games`: every game in gamedig's entry shape (JSON text).
pub fn gamedig_games() -> String {
    to_json(&crate::gamedig::games())
}

/// What every status says about ports, whatever its protocol: the game asked for and the
/// query port that answered (after the name), and where players join (last).
fn where_to_join(status: &Value, d: &mut crate::spec::describe::Description) {
    let game = &status["game"];
    if let (Some(name), Some(id)) = (game["name"].as_str(), game["id"].as_str()) {
        let port = game["queryPort"]
            .as_u64()
            .map(|p| format!(", query port {p}"))
            .unwrap_or_default();
        let at = d.fields.iter().position(|(l, _)| l == "name").map_or(0, |k| k + 1);
        d.fields
            .insert(at, ("queried as".into(), format!("{name} ({id}){port}")));
    }
    if let Some(connect) = status["connect"].as_str().filter(|c| !c.is_empty()) {
        d.fields.push(("connect".into(), connect.to_string()));
    }
}

/// `sampleState(protocol, { game, port })`: a state to serve (JSON text), for every
/// protocol that serves; with `port` (the query port it is served on) or `game` (a game
/// id of that protocol), its game port and game follow them (`spec::sample`).
pub fn sample_state(protocol: &str, options: &str) -> Result<String> {
    let protocol = Protocol::parse(protocol)?;
    let sample = protocol.sample()?;
    let options: serde_json::Value = crate::input::from_serde_json("sampleState options", options)?;
    let mut o = crate::options::Options::local("sampleState call", options)?;
    let game = o.string("game")?;
    let port = o.integer("port", 1, 65535, 0)? as u16;
    o.finish(&["game", "port"])?;
    let game = match game {
        Some(id) => Some(crate::serve::game_served_by(&id, protocol)?),
        None => protocol.sample_fit().and_then(|f| crate::games::by_id(f.game)),
    };
    match (protocol.sample_fit(), game) {
        (Some(how), Some(game)) if port != 0 || game.id != how.game => {
            let port = if port != 0 {
                port
            } else {
                game.default_query_port().unwrap_or_default()
            };
            let to = crate::spec::sample::FitTo {
                game: game.id,
                name: game.name,
                game_port: game.game_port_at(port),
                query_port: port,
            };
            crate::spec::sample::fit(sample, how, to)
        }
        _ => Ok(sample.to_string()),
    }
}

/// The VarInt at `offset` → (value, length in bytes); the oracle for the JS `decodeVarInt`.
pub fn decode_varint(bytes: &[u8], offset: usize) -> Result<(i32, usize)> {
    crate::wire::decode_varint(bytes, offset, "VarInt")?.ok_or_else(|| {
        Error::at(
            crate::error::ErrorCode::Truncated,
            "VarInt",
            offset,
            "the input ends inside the VarInt",
        )
    })
}

/// `new FrameDecoder(protocol, { maxFrame, goldSrc })`: whole packets out of a TCP
/// stream (Minecraft, Source RCON), or whole A2S replies out of datagrams.
pub fn frame_decoder(protocol: &str, max_frame: Option<u32>, gold_src: bool) -> Result<Frames> {
    let protocol = Protocol::parse(protocol)?;
    let frames = protocol.packets().ok().and_then(|p| p.frames).ok_or_else(|| {
        Error::invalid(format!(
            "{} has no frames to join",
            crate::error::quoted(protocol.name())
        ))
    })?;
    Ok(frames(max_frame, gold_src))
}

pub type Frames = Box<dyn crate::spec::Frames>;
