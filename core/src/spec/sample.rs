//! A protocol's sample state fitted to where it is served and which game it stands for
//! (`sampleState('a2s', { game: 'rust', port: 28016 })`): the game port and the game's
//! name it advertises follow the port and the game, not the sample's own (issue #48: a
//! `serve a2s --port 27020` that still told clients "Counter-Strike 2 on 27015").

use serde_json::Value;

use crate::error::{Error, Result};

/// Where a protocol's sample names its game and ports, as JSON pointers into the state.
/// Each value keeps the type the sample gives it (`"2302"` stays text, `27015` a number).
#[derive(Debug, Clone, Copy)]
pub struct SampleFit {
    /// The game id the sample depicts: the game a `sampleState(protocol, { port })` fits.
    pub game: &'static str,
    /// The port players connect to.
    pub game_port: Option<&'static str>,
    /// The query port itself, where the reply says it.
    pub query_port: Option<&'static str>,
    /// The game's name (A2S's `game` description).
    pub title: Option<&'static str>,
    /// Fields naming the sample's own game by a number of its (A2S's Steam app id), which
    /// another game does not share: zero (0 or `"0"`) for any other game.
    pub own: &'static [&'static str],
}

impl SampleFit {
    pub const fn of(game: &'static str) -> Self {
        Self {
            game,
            game_port: None,
            query_port: None,
            title: None,
            own: &[],
        }
    }
}

/// The game and ports a sample is fitted to.
#[derive(Debug, Clone, Copy)]
pub struct FitTo<'a> {
    pub game: &'a str,
    pub name: &'a str,
    pub game_port: u16,
    pub query_port: u16,
}

/// `sample` (the protocol's JSON) fitted to a game served at its ports.
pub fn fit(sample: &str, how: &SampleFit, to: FitTo<'_>) -> Result<String> {
    let mut state: Value = serde_json::from_str(sample).map_err(|e| Error::invalid(format!("sample: {e}")))?;
    let same_game = to.game == how.game;
    let mut set = |pointer: Option<&str>, to: Value| {
        if let Some(slot) = pointer.and_then(|p| state.pointer_mut(p)) {
            *slot = match (&*slot, to) {
                (Value::String(_), Value::Number(n)) => Value::String(n.to_string()),
                (_, to) => to,
            };
        }
    };
    set(how.game_port, to.game_port.into());
    set(how.query_port, to.query_port.into());
    if !same_game {
        set(how.title, to.name.into());
        for pointer in how.own {
            set(Some(pointer), 0.into());
        }
    }
    Ok(state.to_string())
}

// Its tests fit samples of several families (A2S, GameSpy, Unreal 2, Minecraft).
#[cfg(all(test, feature = "all-families"))]
mod tests {
    use serde_json::{json, Value};

    use crate::api::sample_state;

    fn sample(protocol: &str, options: Value) -> Value {
        serde_json::from_str(&sample_state(protocol, &options.to_string()).unwrap()).unwrap()
    }

    #[test]
    fn without_options_the_sample_is_served_as_written() {
        let a2s = sample("a2s", Value::Null);
        assert_eq!(a2s["info"]["gamePort"], 27015);
        assert_eq!(a2s["info"]["game"], "Counter-Strike 2");
        assert_eq!(a2s["info"]["appId"], 730);
    }

    #[test]
    fn the_game_port_follows_the_port_by_the_game_rule() {
        // The sample's own game: only the port moves.
        let a2s = sample("a2s", json!({ "port": 27020 }));
        assert_eq!(
            (&a2s["info"]["gamePort"], &a2s["info"]["appId"]),
            (&json!(27020), &json!(730))
        );
        // Rust's query is the game port + 1; its name replaces CS2's, whose app id it does not share.
        let rust = sample("a2s", json!({ "game": "Rust", "port": 28100 }));
        assert_eq!(rust["info"]["gamePort"], 28099);
        assert_eq!(
            (&rust["info"]["game"], &rust["info"]["appId"], &rust["info"]["gameId"]),
            (&json!("Rust"), &json!(0), &json!("0"))
        );
        // A game alone: its default query port.
        assert_eq!(sample("a2s", json!({ "game": "rust" }))["info"]["gamePort"], 28015);
        // Text stays text; a fixed query port leaves the game port at the game's default.
        let bf2 = sample("gamespy3", json!({ "port": 29950 }));
        assert_eq!(bf2["rules"]["hostport"], "16567");
        assert_eq!(sample("gamespy1", json!({ "port": 7790 }))["rules"]["hostport"], "7789");
        let ut = sample("unreal2", json!({ "port": 7790 }));
        assert_eq!(
            (&ut["info"]["port"], &ut["info"]["queryPort"]),
            (&json!(7789), &json!(7790))
        );
        assert_eq!(sample("minecraft-bedrock", json!({ "port": 19200 }))["portV4"], 19200);
    }

    #[test]
    fn a_game_of_another_protocol_or_none_is_refused() {
        let err = |p: &str, o: Value| sample_state(p, &o.to_string()).unwrap_err().to_string();
        assert!(err("a2s", json!({ "game": "mbe" })).contains("is served by 'minecraft-bedrock', not 'a2s'"));
        assert!(err("a2s", json!({ "game": "teamspeak2" })).contains("which gamequery has no responder for"));
        assert!(err("a2s", json!({ "game": "rsut" }))
            .contains("option game: unknown game \"rsut\"; did you mean dst, rs2v, rust"));
        assert!(err("a2s", json!({ "port": 0 })).contains("option port must be a whole number from 1 to 65535"));
        assert!(err("a2s", json!({ "prot": 1 }))
            .contains("unknown option \"prot\" for the sampleState call; its options are game, port"));
    }

    #[test]
    fn serve_as_a_game_listens_on_its_query_port() {
        let state = sample_state("a2s", "{}").unwrap();
        let at = |options: Value| {
            crate::serve::Server::new("a2s", &state, options, false, 1, [1; 32]).map(|(_, l)| l.addr.port())
        };
        assert_eq!(at(json!({ "game": "rust" })).unwrap(), 28016);
        assert_eq!(at(json!({ "game": "rust", "port": 0 })).unwrap(), 0);
        assert_eq!(at(json!({})).unwrap(), 27015);
        assert!(at(json!({ "game": 7 }))
            .unwrap_err()
            .to_string()
            .contains("option game must be a game id"));
    }
}
