//! What `query('a2s')` returns: the replies mapped to the unified `Status`.

use super::{apps, A2sQueryResult};
use crate::status::{known, Known, Status, StatusPlayer, StatusPlayers};

/// A2S: `players.online` is the reply's count, bots included as in the list A2S_PLAYER
/// returns (which marks none of them), and `players.bots` how many are bots; counts
/// above 255 come from the `mp…`/`cp…` keywords where servers put them.
pub fn status(raw: A2sQueryResult) -> Status<A2sQueryResult> {
    let app_id = raw.info.as_ref().map_or(0, |i| i.app_id);
    let list = raw
        .players
        .iter()
        .filter(|p| !apps::fake_player(app_id, &p.name))
        .map(|p| StatusPlayer {
            name: p.name.clone(),
            id: None,
            score: Some(p.score.into()),
            ping: None,
        })
        .collect();
    let (name, map, mode, version, password, online, max, bots) = match (&raw.info, &raw.gold_src) {
        (Some(i), _) => {
            let max = keyword(i.keywords.as_deref(), "mp").unwrap_or(i.max_players.into());
            let online = keyword(i.keywords.as_deref(), "cp").unwrap_or(i.players.into());
            let bots = Some(u32::from(i.bots).min(online));
            (&i.name, &i.map, &i.game, &i.version, i.password, online, max, bots)
        }
        (None, Some(g)) => (
            &g.name,
            &g.map,
            &g.game,
            &String::new(),
            g.password,
            g.players.into(),
            g.max_players.into(),
            g.bots.map(|b| u32::from(b.min(g.players))),
        ),
        (None, None) => unreachable!("an A2S result always has its info"),
    };
    // Frontlines: Fuel of War names its mode apart from its description.
    let mode = raw.ffow.as_ref().map_or(mode, |f| &f.mode);
    // What a game keeps in its rules (Battalion 1944's name and counts …) wins.
    let own = apps::from_rules(&raw);
    let name = own.name.as_ref().unwrap_or(name);
    let (online, max) = (own.online.unwrap_or(online), own.max.unwrap_or(max));
    let password = own.password.unwrap_or(password);
    let version = own.version.as_ref().unwrap_or(version);
    Status::new(
        Known {
            name: name.clone(),
            map: known(map),
            mode: known(mode),
            version: known(version),
            password,
            players: StatusPlayers {
                bots,
                ..StatusPlayers::new(online, max, list)
            },
            ping_ms: Some(raw.latency_ms),
            advertised_port: raw.info.as_ref().and_then(|i| i.game_port),
        },
        raw,
    )
}

/// A number tagged in the keywords (`mp575` → 575), as Rust servers write their counts.
fn keyword(keywords: Option<&str>, prefix: &str) -> Option<u32> {
    keywords?
        .split(',')
        .find_map(|t| t.trim().strip_prefix(prefix)?.parse().ok())
}
