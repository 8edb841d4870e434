//! A reply as `raw` (every string decoded with one encoding for the whole reply, colour
//! codes kept) and as the unified `Status` (colour codes gone).

use serde::Serialize;

use super::colours::{plain, quake_charset};
use super::exchange::QuakeOutcome;
use super::packets::{Reply, ReplyKind};
use super::state::{QuakePlayer, QuakeState, QuakeWorldPlayer};
use crate::status::{known, Known, Status, StatusPlayer, StatusPlayers};
use crate::text::{encoding_name, TextEncoding};
use crate::values::RuleList;

/// What `query('quake3')` returns in `raw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuakeQueryResult {
    #[serde(flatten)]
    pub state: QuakeState,
    /// The encoding the reply's strings were read with (`utf-8`, `windows-1252` …).
    pub encoding: String,
    /// Quake 3's: the server's name with its colour codes in every rendering (plain, ANSI,
    /// HTML), as a Minecraft MOTD has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<super::colours::Coloured>,
    pub latency_ms: f64,
}

/// The reply's text, decoded with `encoding` (detected over all its strings by default).
pub fn raw(outcome: &QuakeOutcome, encoding: TextEncoding) -> QuakeQueryResult {
    let (mut state, encoding) = decode_reply(&outcome.reply(), encoding);
    // The echo of our own request's challenge: no setting of the server's.
    state.info.0.retain(|(k, _)| k != "challenge");
    QuakeQueryResult {
        state,
        encoding,
        name: None,
        latency_ms: outcome.latency_ms,
    }
}

/// A reply's settings and players as text, with one encoding for all its strings, and
/// that encoding's name.
pub fn decode_reply(reply: &Reply<'_>, encoding: TextEncoding) -> (QuakeState, String) {
    let mut strings: Vec<&[u8]> = Vec::with_capacity(reply.info.pairs.len() * 2 + reply.players.len() * 3);
    for (k, v) in &reply.info.pairs {
        strings.extend([*k, *v]);
    }
    for p in &reply.players {
        strings.push(p.name);
        strings.push(p.team.unwrap_or_default());
        strings.push(p.world.as_ref().map(|w| w.skin).unwrap_or_default());
    }
    // QuakeWorld's high bit is a glyph's colour, no code page: read its bytes one to one
    // (windows-1252 writes them back as they came), and its names in its charset in the status.
    let encoding = match (encoding, reply.kind) {
        (TextEncoding::Auto, ReplyKind::World) if strings.iter().any(|s| std::str::from_utf8(s).is_err()) => {
            TextEncoding::Fixed(encoding_rs::WINDOWS_1252)
        }
        (e, _) => e,
    };
    let decoded = encoding.decode_all(&strings);
    let mut texts = decoded.texts.into_iter();
    let mut next = || texts.next().unwrap_or_default();
    let info = RuleList(reply.info.pairs.iter().map(|_| (next(), next())).collect());
    let players = reply
        .players
        .iter()
        .map(|p| {
            let (name, team, skin) = (next(), next(), next());
            QuakePlayer {
                name,
                score: p.score,
                ping: p.ping,
                team: p.team.map(|_| team),
                world: p.world.as_ref().map(|w| QuakeWorldPlayer {
                    userid: w.userid,
                    time: w.time,
                    skin,
                    top: w.top,
                    bottom: w.bottom,
                }),
            }
        })
        .collect();
    (QuakeState { info, players }, encoding_name(decoded.encoding))
}

pub fn status(outcome: QuakeOutcome, encoding: TextEncoding) -> Status<QuakeQueryResult> {
    let dialect = outcome.dialect;
    let reply = outcome.reply();
    let info_only = reply.kind == ReplyKind::Info;
    // QuakeWorld's names in its own charset, from the bytes.
    let world = reply.kind == ReplyKind::World;
    let world_names: Vec<String> = match world {
        true => reply.players.iter().map(|p| quake_charset(p.name)).collect(),
        false => vec![],
    };
    let world_name = reply.info.get("hostname").filter(|_| world).map(quake_charset);
    let mut raw = raw(&outcome, encoding);
    if dialect == super::packets::Dialect::Quake3 {
        let hostname = ["sv_hostname", "hostname"].iter().find_map(|k| raw.state.info.get(k));
        raw.name = hostname.map(super::colours::render);
    }
    let get = |keys: &[&str]| keys.iter().find_map(|k| raw.state.info.get(k)).unwrap_or_default();
    let number = |keys: &[&str]| get(keys).trim().parse::<u32>().ok();
    let list: Vec<StatusPlayer> = raw
        .state
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| StatusPlayer {
            name: world_names.get(i).cloned().unwrap_or_else(|| plain(&p.name, dialect)),
            id: None,
            score: Some(p.score),
            ping: u32::try_from(p.ping).ok(),
        })
        .collect();
    // `getinfo` counts the players; a status lists them.
    let online = match info_only {
        true => number(&["clients"]).unwrap_or(0),
        false => list.len() as u32,
    };
    let mut players = StatusPlayers::new(online, number(&["sv_maxclients", "maxclients"]).unwrap_or(0), list);
    if let (true, Some(humans)) = (info_only, number(&["g_humanplayers"])) {
        players.bots = Some(online.saturating_sub(humans));
    }
    let password = matches!(get(&["g_needpass", "needpass", "pswrd"]).trim(), "1");
    let name = world_name.unwrap_or_else(|| plain(get(&["sv_hostname", "hostname"]), dialect));
    Status::new(
        Known {
            name,
            map: known(get(&["mapname", "map"])),
            mode: known(game_type(
                get(&["gamename"]),
                get(&["g_gametype", "gametype", "*progs"]),
            )),
            version: known(get(&["version", "shortversion", "*version"])),
            password,
            players,
            ping_ms: Some(raw.latency_ms),
            ..Known::default()
        },
        raw,
    )
}

/// Quake 3's `g_gametype` as its name where the game is known to number them so (ioquake3's
/// `gametype_t` in bg_public.h; OpenArena adds five): `0` is `Free For All`. Mods number
/// their own, so others keep the number as sent.
fn game_type<'a>(game: &str, value: &'a str) -> &'a str {
    const NAMES: [&str; 13] = [
        "Free For All",
        "Tournament",
        "Single Player",
        "Team Deathmatch",
        "Capture the Flag",
        "One Flag CTF",
        "Overload",
        "Harvester",
        // OpenArena's own.
        "Elimination",
        "CTF Elimination",
        "Last Man Standing",
        "Double Domination",
        "Domination",
    ];
    let known = match game {
        "baseq3" | "missionpack" => 8,
        "baseoa" => NAMES.len(),
        _ => return value,
    };
    match value.trim().parse::<usize>() {
        Ok(n) if n < known => NAMES[n],
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::{Deadline, Exchange};
    use crate::quake::exchange::Ask;
    use crate::quake::Dialect;

    fn outcome(dialect: Dialect, status: bool, reply: &[u8]) -> QuakeOutcome {
        let mut ex = Ask::exchange(dialect, status, Deadline::for_call(1000.0, 0), 0.0, 1);
        ex.poll_transmit();
        ex.handle_input(20.0, reply);
        QuakeOutcome::new(dialect, ex.poll_result().unwrap().unwrap())
    }

    #[test]
    fn a_status_maps_names_without_colours_and_keeps_them_in_raw() {
        let reply = b"\xff\xff\xff\xffstatusResponse\n\\sv_hostname\\^1Caf\xe9 ^7Arena\\mapname\\q3dm17\\sv_maxclients\\16\\g_needpass\\1\\version\\ioq3 1.36\n3 40 \"^2Jos\xe9\"\n0 0 \"Bot\"\n";
        let s = status(outcome(Dialect::Quake3, true, reply), TextEncoding::Auto);
        assert_eq!(s.name, "Café Arena");
        let name = s.raw.name.as_ref().unwrap();
        assert_eq!(
            (name.raw.as_str(), name.plain.as_str()),
            ("^1Café ^7Arena", "Café Arena")
        );
        assert!(
            name.html.starts_with("<span style=\"color:#ff0000\">Café </span>"),
            "{}",
            name.html
        );
        assert_eq!(
            (s.map.as_deref(), s.version.as_deref(), s.password),
            (Some("q3dm17"), Some("ioq3 1.36"), true)
        );
        assert_eq!((s.players.online, s.players.max), (2, 16));
        assert_eq!(s.players.list[0].name, "José");
        assert_eq!((s.players.list[0].score, s.players.list[0].ping), (Some(3), Some(40)));
        assert_eq!(s.raw.state.players[0].name, "^2José", "raw keeps the codes");
        assert_eq!(s.raw.encoding, "windows-1252");
        assert_eq!(s.ping_ms, Some(20.0));
    }

    #[test]
    fn quakeworld_names_read_in_its_charset_raw_one_byte_each() {
        let reply = b"\xff\xff\xff\xffn\\hostname\\\x90QW\x91 arena\\maxclients\\8\n1 3 10 40 \"\xf4\xe8\xe5\x1cNeWb\" \"base\" 4 4\n\0";
        let s = status(outcome(Dialect::QuakeWorld, true, reply), TextEncoding::Auto);
        assert_eq!(
            (s.name.as_str(), s.players.list[0].name.as_str()),
            ("[QW] arena", "the.NeWb")
        );
        assert_eq!(s.raw.encoding, "windows-1252");
        assert_eq!(
            s.raw.state.players[0].name, "ôèå\u{1c}NeWb",
            "raw: each byte one character"
        );
    }

    #[test]
    fn an_info_reply_counts_players_and_bots() {
        let reply = b"\xff\xff\xff\xffinfoResponse\n\\hostname\\Arena\\mapname\\q3dm6\\clients\\5\\g_humanplayers\\2\\sv_maxclients\\12\n";
        let s = status(outcome(Dialect::Quake3, false, reply), TextEncoding::Auto);
        assert_eq!((s.players.online, s.players.max, s.players.bots), (5, 12, Some(3)));
        assert!(s.players.partial);
        assert_eq!(s.raw.encoding, "utf-8");
    }
}
