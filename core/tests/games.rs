//! Games: the table's rules (candidate query ports, old ids, names that are protocols
//! too) and a game's call — its candidate ports asked at once, without sockets, on a
//! fake clock, against the core's own A2S responder.
#![cfg(feature = "all-families")]

use std::net::SocketAddr;

use gamequery_core::call::{Call, Input, Io, Outcome};
use gamequery_core::games::{self, find, Game, GAMES, MAX_CANDIDATES};
use gamequery_core::protocol::Protocol;
use gamequery_core::serve::{Reply, Server};
use gamequery_core::ErrorCode;
use serde_json::{json, Value};

fn game(id: &str) -> &'static Game {
    find(id).unwrap_or_else(|| panic!("{id} is in the table"))
}

#[test]
fn the_given_port_is_the_game_port_and_its_query_ports_come_first() {
    // Rust: game + 1 since 2023 (the table's source says where from), the given port too.
    assert_eq!(game("rust").candidates(Some(28015), None).unwrap(), [28016, 28015]);
    assert_eq!(game("rust").candidates(None, None).unwrap(), [28016]);
    // V Rising: + 1 or + 15.
    assert_eq!(
        game("vrising").candidates(Some(27015), None).unwrap(),
        [27016, 27030, 27015]
    );
    assert_eq!(game("vrising").candidates(None, None).unwrap(), [27016, 27030]);
    // ARK: a fixed query port belongs to the default game port only.
    assert_eq!(game("ase").candidates(Some(7777), None).unwrap(), [27015, 7777]);
    assert_eq!(game("ase").candidates(Some(7779), None).unwrap(), [7779]);
    assert_eq!(game("ase").candidates(None, None).unwrap(), [27015]);
    // Queried on the game port itself.
    assert_eq!(game("csgo").candidates(Some(27016), None).unwrap(), [27016]);
    assert_eq!(game("gtasam").candidates(None, None).unwrap(), [7777]);
    // `queryPort` given: that one only.
    assert_eq!(game("vrising").candidates(Some(27015), Some(9876)).unwrap(), [9876]);
    // A negative offset below port 1 is no port.
    let below = game("aosc");
    assert_eq!(below.offsets, &[-1]);
    assert_eq!(below.candidates(Some(1), None).unwrap(), [1]);
}

#[test]
fn the_game_port_follows_from_what_answered() {
    let rust = game("rust");
    // The game port given, its offset answered: the port given.
    assert_eq!(rust.connect_port(Some(28015), None, 28016), Some(28015));
    // The port given answered itself: it was the query port (#48, 18).
    assert_eq!(rust.connect_port(Some(28016), None, 28016), Some(28015));
    // `queryPort` beside a target port: the target's is the game port, even the same one.
    assert_eq!(rust.connect_port(Some(28016), Some(28016), 28016), Some(28016));
    assert_eq!(rust.connect_port(Some(1), Some(28016), 28016), Some(1));
    // `queryPort` alone: the rule back from it; nothing: the default.
    assert_eq!(rust.connect_port(None, Some(28116), 28116), Some(28115));
    assert_eq!(rust.connect_port(None, None, 28016), Some(28015));
    // A fixed query port says nothing of the game port: the one given, else the default.
    let ark = game("ase");
    assert_eq!(ark.connect_port(Some(7779), None, 7779), Some(7779));
    assert_eq!(ark.connect_port(None, Some(27015), 27015), Some(7777));
    // Queried on the game port itself.
    assert_eq!(game("csgo").connect_port(Some(27016), None, 27016), Some(27016));
}

#[test]
fn every_rule_gives_a_few_valid_ports() {
    for g in GAMES {
        for given in [None, Some(1), Some(27015), Some(65535)] {
            match g.candidates(given, None) {
                Ok(ports) => {
                    assert!(
                        !ports.is_empty() && ports.len() <= MAX_CANDIDATES,
                        "{}: {ports:?}",
                        g.id
                    );
                    assert!(ports.iter().all(|p| *p > 0), "{}: {ports:?}", g.id);
                }
                // A game with no port at all, whose protocol has none either.
                Err(e) => assert!(
                    given.is_none() && g.game_port.is_none() && g.query_port.is_none(),
                    "{}: {e}",
                    g.id
                ),
            }
        }
    }
}

#[test]
fn ids_are_unique_sorted_and_old_ids_never_shadow_one() {
    let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(ids, sorted, "the table is in id order, each id once");
    assert!(GAMES.len() >= 358, "every gamedig 5 id");
    for g in GAMES {
        for old in g.old_ids {
            assert!(
                find(old).is_some_and(|found| found.id == g.id || ids.contains(old)),
                "{old}"
            );
        }
    }
    // An old id resolves to its game.
    assert_eq!(find("arkse").unwrap().id, "ase");
    assert_eq!(find("minecraftbe").unwrap().id, "mbe");
}

#[test]
fn a_name_that_is_a_protocol_and_a_game_means_the_same_server() {
    // Protocols win the name (`query('minecraft')` is the protocol's race); a game that
    // shares a name must answer in that protocol, so either reading queries the same thing.
    for p in Protocol::all() {
        for g in GAMES
            .iter()
            .filter(|g| g.id == p.name() || g.old_ids.contains(&p.name()))
        {
            assert_eq!(g.protocol, p.name(), "{} is a protocol and names {}", p.name(), g.id);
        }
    }
    assert_eq!(find("samp").unwrap().id, "gtasam");
}

#[test]
fn a_game_whose_protocol_is_not_here_says_which_it_needs() {
    let e = games::resolve("m2m").unwrap_err();
    assert_eq!(e.code, ErrorCode::UnsupportedGame);
    assert_eq!(
        e.message,
        r#"Mafia II - Multiplayer ("m2m") answers in the "mafia2mp" protocol, which gamequery does not speak yet"#
    );
    let e = Call::query("m2m", &json!("127.0.0.1"), Value::Null, 1, false).unwrap_err();
    assert_eq!(e.code, ErrorCode::UnsupportedGame);
    let e = Call::query("rusty", &json!("127.0.0.1"), Value::Null, 1, false).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    assert!(
        e.message
            .starts_with(r#"unknown protocol or game "rusty"; did you mean "rust"? protocols: samp, "#),
        "{}",
        e.message
    );
    let supported = GAMES.iter().filter(|g| g.supported().is_some()).count();
    assert!(
        supported >= 139,
        "gamedig's valve, goldsrc, minecraft, mbe, samp and open.mp ids: {supported}"
    );
}

/// An A2S state without the game port in its extra data (so `connect` is the game's).
fn a2s_server() -> Server {
    let mut state: Value = serde_json::from_str(Protocol::parse("a2s").unwrap().sample().unwrap()).unwrap();
    state["info"].as_object_mut().unwrap().remove("gamePort");
    Server::new("a2s", &state.to_string(), Value::Null, false, 7, [7; 32])
        .unwrap()
        .0
}

#[test]
fn every_candidate_port_is_asked_at_once_and_the_one_that_answers_wins() {
    let call = Call::query(
        "vrising",
        &json!("play.example.org:27015"),
        json!({ "timeout": 3000 }),
        1,
        false,
    );
    let mut call = call.unwrap();
    // One lookup for the three candidates.
    let Some(Io::Resolve { host, .. }) = call.poll_io() else {
        panic!("a lookup first")
    };
    assert_eq!(host, "play.example.org");
    assert_eq!(call.poll_io(), None, "the other candidates wait for that lookup");
    call.handle(0.0, Input::Resolved(Ok(vec!["127.0.0.1".parse().unwrap()])));
    let mut opens = vec![];
    while let Some(io) = call.poll_io() {
        match io {
            Io::Open { id, port, .. } => opens.push((id, port)),
            other => panic!("only opens before any socket is open, got {other:?}"),
        }
    }
    assert_eq!(opens.iter().map(|o| o.1).collect::<Vec<_>>(), [27016, 27030, 27015]);
    // 27016: nothing listens. The others open and send their request at once.
    call.handle(1.0, Input::Refused { id: opens[0].0 });
    let mut sends = vec![];
    for &(id, _) in &opens[1..] {
        call.handle(1.0, Input::Opened { id });
        while let Some(io) = call.poll_io() {
            if let Io::Send { id, bytes } = io {
                sends.push((id, bytes));
            }
        }
    }
    assert_eq!(sends.len(), 2, "a request on each open candidate: {sends:?}");
    // The server on game + 15 answers; the game port stays silent.
    let mut server = a2s_server();
    let from: SocketAddr = "127.0.0.1:50000".parse().unwrap();
    let (mut now, mut pending) = (2.0, vec![sends.remove(0)]);
    let outcome = loop {
        let mut replies = vec![];
        for (id, bytes) in pending.drain(..) {
            if let Reply::Send(out) = server.handle_datagram(now as u64, from, &bytes) {
                replies.extend(out.into_iter().map(|r| (id, r)));
            }
        }
        now += 1.0;
        for (id, reply) in replies {
            call.handle_received(now, id, &reply);
        }
        while let Some(io) = call.poll_io() {
            if let Io::Send { id, bytes } = io {
                pending.push((id, bytes));
            }
        }
        if let Some(result) = call.poll_result() {
            break result.unwrap();
        }
        assert!(now < 50.0, "answered within a few round trips");
    };
    let Outcome::Status(_) = &outcome else {
        panic!("a status")
    };
    let status = serde_json::to_value(outcome).unwrap();
    assert_eq!(status["protocol"], "a2s");
    assert_eq!(status["port"], 27030);
    assert_eq!(
        status["game"],
        json!({ "id": "vrising", "name": "V Rising", "gamePort": 27015, "queryPort": 27030 })
    );
    assert_eq!(status["connect"], "play.example.org:27015");
    assert!(now < 10.0, "no candidate's timeout was waited for: {now} ms");
}

#[test]
fn when_no_candidate_answers_the_error_tells_each_ports_story() {
    let mut call = Call::query("rust", &json!("127.0.0.1:28015"), json!({ "timeout": 500 }), 1, false).unwrap();
    let mut opens = vec![];
    while let Some(io) = call.poll_io() {
        if let Io::Open { id, port, .. } = io {
            opens.push((id, port));
        }
    }
    assert_eq!(opens.iter().map(|o| o.1).collect::<Vec<_>>(), [28016, 28015]);
    call.handle(0.0, Input::Refused { id: opens[0].0 });
    call.handle(0.0, Input::Opened { id: opens[1].0 });
    let mut now = 0.0;
    let e = loop {
        while call.poll_io().is_some() {}
        if let Some(result) = call.poll_result() {
            break result.unwrap_err();
        }
        now = call.poll_timeout().expect("a deadline");
        call.handle_timeout(now);
    };
    assert!(now <= 500.0, "one deadline for all candidates: {now}");
    assert_eq!(
        e.code,
        ErrorCode::Timeout,
        "silence on one port outweighs a closed other"
    );
    assert_eq!(
        e.message,
        "A2S query of 127.0.0.1:28015: no query port of Rust answered — 28016 closed; 28015 silent"
    );
    let detail: Value = serde_json::from_str(&e.detail().to_json()).unwrap();
    assert_eq!(detail["candidates"][0]["port"], 28016);
    assert_eq!(detail["candidates"][0]["code"], "GQ_PORT_CLOSED");
    assert_eq!(detail["candidates"][1]["code"], "GQ_TIMEOUT");
    assert!(
        detail["candidates"][1]["message"]
            .as_str()
            .unwrap()
            .starts_with("no answer to A2S_INFO"),
        "{detail}"
    );
    assert_eq!(detail["target"], "127.0.0.1:28015");
    assert_eq!(detail["address"], "127.0.0.1");
}

#[test]
fn query_port_given_asks_that_port_alone() {
    let mut call = Call::query(
        "rust",
        &json!("127.0.0.1:28015"),
        json!({ "queryPort": 28099 }),
        1,
        false,
    )
    .unwrap();
    let Some(Io::Open { port, .. }) = call.poll_io() else {
        panic!("an open")
    };
    assert_eq!(port, 28099);
    let e = Call::query("rust", &json!("127.0.0.1"), json!({ "queryPort": 0 }), 1, false).unwrap_err();
    assert_eq!(e.message, "option queryPort must be a port number, got 0");
}
