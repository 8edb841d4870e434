//! A game's query: its protocol at the game's candidate query ports, at once (the first
//! answer wins, [`super::ports::Ports`]), with its console beside it where it has one.

use super::*;

impl Call {
    /// A game's query: the given port is the game port unless `queryPort` is given; the
    /// candidate query ports ([`Game::candidates`]) run at once ([`ports::Ports`]). The
    /// `minecraft` race takes the given port as it is (both editions try it).
    pub(super) fn of_game(
        game: &'static Game,
        protocol: Protocol,
        target: &Value,
        options: Value,
        seed: u64,
        host_resolves: bool,
    ) -> Result<Self> {
        let who = protocol.caller();
        let text = target_text(target);
        let t = parse_target(target).map_err(|e| in_call(e, who, &text))?;
        // A console beside the query (7 Days to Die's telnet), when its options are given.
        let mut options = options;
        let console = match game.console {
            Some(c) => (c.take)(&mut options)
                .map_err(|e| in_call(e, who, &text))?
                .map(|plan| (c, plan)),
            None => None,
        };
        let mut hint = None;
        let mut asked = None;
        let mut call = match protocol.query()? {
            crate::spec::Query::Race => {
                // A game's own default port (Bedrock's 19132 for `mbe`), where it is not
                // the protocol's: a target without a port is asked there.
                let own = game
                    .game_port
                    .filter(|p| t.port.is_none() && Some(*p) != protocol.spec().default_port);
                let at = own.map(|p| serde_json::json!({ "host": t.host, "port": p }));
                Self::of_protocol(protocol, at.as_ref().unwrap_or(target), options, seed, host_resolves)?
            }
            crate::spec::Query::Plan(_) | crate::spec::Query::Parts(_) => {
                let (options, query_port) = take_query_port(game.with_options(options))?;
                asked = query_port;
                let ports = game.candidates(t.port, query_port)?;
                hint = unasked_query_port(game, t.port, &ports);
                let mut calls = Vec::with_capacity(ports.len());
                // Candidates share a deadline and sockets of their own: one local port can
                // be bound by one of them only.
                let binds = options
                    .get("localPort")
                    .is_some_and(|p| p.as_f64().is_some_and(|p| p != 0.0));
                if binds && ports.len() > 1 {
                    return Err(Error::invalid(format!(
                        "option localPort cannot be used with {}'s {} candidate query ports, asked at once: give queryPort",
                        game.name,
                        ports.len()
                    )));
                }
                for (k, port) in ports.iter().enumerate() {
                    let at = Target {
                        host: t.host.clone(),
                        port: Some(*port),
                    };
                    let text = Target::display(&t.host, *port);
                    let seed = seed.rotate_left(13 * k as u32) ^ k as u64;
                    let mut call = Self::of_protocol_at(protocol, at, text, options.clone(), seed, host_resolves)?;
                    call.settles = ports.len() == 1;
                    calls.push(call);
                }
                if calls.len() == 1 {
                    calls.pop().expect("one call")
                } else {
                    let race = ports::Ports::new(who, game.name, text.clone(), ports.clone(), calls);
                    Self::fronting(
                        who,
                        text.clone(),
                        t.clone(),
                        ports[0],
                        Box::new(race),
                        seed,
                        host_resolves,
                    )?
                }
            }
        };
        if let Some((console, (plan, port))) = console {
            let ct = Target {
                host: t.host.clone(),
                port: Some(port),
            };
            let caller = Caller {
                title: console.title,
                protocol: who.protocol,
            };
            let mut beside = Self::new(
                caller,
                Target::display(&t.host, port),
                ct,
                port,
                plan,
                seed.rotate_left(29),
                host_resolves,
            );
            beside.settles = false;
            // The front's call settles the status, with the game.
            call.settles = false;
            let front = console::Consoled::new(call, beside, console.merge);
            let query_port = t.port.or(game.game_port).unwrap_or(0);
            call = Self::fronting(
                who,
                text.clone(),
                t.clone(),
                query_port,
                Box::new(front),
                seed,
                host_resolves,
            )?;
        }
        call.target = text;
        // A call that connects elsewhere (a vendor's API) keeps the API's host to connect
        // and check a certificate against; its target is its subject's already.
        if call.subject.is_none() {
            call.host = t.host.clone();
        }
        call.game = Some((game, t.port, asked));
        call.hint = hint;
        Ok(call)
    }
}

/// A game's fixed query port left out of `ports` (a game port given that is not the
/// game's default: that port may be another server's on the same host), in words that say
/// how to ask it.
pub(crate) fn unasked_query_port(game: &Game, given: Option<u16>, ports: &[u16]) -> Option<String> {
    let q = game.query_port.filter(|q| !ports.contains(q))?;
    let at = given.map_or(String::new(), |p| format!(" with game port {p}"));
    Some(format!(
        "{}'s query port {q} (its default) was not asked{at}, as it may be another server's: give queryPort {q} (CLI: --query-port {q}) if it is this one's",
        game.name
    ))
}

/// A game's `queryPort` option, taken out of the options its protocol reads.
pub(crate) fn take_query_port(options: Value) -> Result<(Value, Option<u16>)> {
    let Value::Object(mut map) = options else {
        return Ok((options, None));
    };
    let port = match map.remove("queryPort") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_f64()
                .filter(|p| p.fract() == 0.0 && (1.0..=65535.0).contains(p))
                .ok_or_else(|| Error::invalid(format!("option queryPort must be a port number, got {v}")))?
                as u16,
        ),
    };
    Ok((Value::Object(map), port))
}
