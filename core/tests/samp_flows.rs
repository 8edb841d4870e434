//! The query and RCON exchanges against the responder, in memory on a virtual clock:
//! no sockets, no sleeping (the quinn-proto `Pair` technique).
#![cfg(feature = "samp")]

use std::net::IpAddr;

use gamequery_core::exchange::Deadline;
use gamequery_core::samp::exchange::{QueryExchange, QueryOptions};
use gamequery_core::samp::rcon::{RconExchange, RconOptions};
use gamequery_core::samp::responder::{Reply, Responder, ResponderOptions};
use gamequery_core::samp::{
    Address, Info, LatencySource, OpenMpInfo, Player, PlayersMode, PlayersSource, RuleList, ServerState,
};
use gamequery_core::text::TextEncoding;
use gamequery_core::ErrorCode;

const CLIENT: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

fn state(players: u16, version: &str) -> ServerState {
    ServerState {
        info: Info {
            password: false,
            players,
            max_players: 200,
            hostname: "Test server".into(),
            gamemode: "Freeroam".into(),
            language: "English".into(),
            ..Default::default()
        },
        rules: RuleList(vec![
            ("weburl".into(), "example.org".into()),
            ("version".into(), version.into()),
        ]),
        players: (0..players.min(100))
            .map(|i| Player {
                id: Some(i as u8),
                name: format!("p{i}"),
                score: -(i as i32),
                ping: Some(20 + u32::from(i)),
            })
            .collect(),
        open_mp: Some(OpenMpInfo {
            discord: "discord.gg/x".into(),
            light_banner: "https://example.org/l.png".into(),
            dark_banner: "https://example.org/d.png".into(),
            logo: Some("https://example.org/logo.png".into()),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// Moves datagrams between the two sides with `delay` ms one way; drops what `drop` says.
struct Pair {
    now: f64,
    delay: f64,
    sent: Vec<u8>,
}

impl Pair {
    fn run(
        &mut self,
        ex: &mut QueryExchange,
        server: &mut Responder,
        mut drop: impl FnMut(u8) -> bool,
    ) -> gamequery_core::Result<ServerState> {
        for _ in 0..1000 {
            let mut replies = Vec::new();
            while let Some(pkt) = ex.poll_transmit() {
                self.sent.push(pkt[10]);
                if drop(pkt[10]) {
                    continue;
                }
                if let Reply::Send(r) = server.handle(self.now as u64, CLIENT, &pkt) {
                    replies.push(r);
                }
            }
            if !replies.is_empty() {
                self.now += 2.0 * self.delay;
                for r in replies {
                    ex.handle_datagram(self.now, &r);
                }
                if let Some(res) = ex.poll_result() {
                    return res;
                }
                continue;
            }
            if let Some(res) = ex.poll_result() {
                return res;
            }
            let t = ex.poll_timeout().expect("a running exchange always has a deadline");
            self.now = self.now.max(t);
            ex.handle_timeout(self.now);
        }
        panic!("exchange did not finish");
    }
}

fn query(
    server: &mut Responder,
    players: PlayersMode,
    drop: impl FnMut(u8) -> bool,
) -> (gamequery_core::Result<ServerState>, Vec<u8>, f64) {
    let opts = QueryOptions {
        players,
        ..Default::default()
    };
    let mut ex = QueryExchange::new(Address::default(), opts, *b"abcd", 0.0);
    let mut pair = Pair {
        now: 0.0,
        delay: 5.0,
        sent: vec![],
    };
    let res = pair.run(&mut ex, server, drop);
    (res, pair.sent, pair.now)
}

/// A full query with `opts` against `server`, `delay` ms each way, nothing lost.
fn run_with(server: &mut Responder, opts: QueryOptions, delay: f64) -> gamequery_core::Result<ServerState> {
    let mut ex = QueryExchange::new(Address::default(), opts, *b"abcd", 0.0);
    Pair {
        now: 0.0,
        delay,
        sent: vec![],
    }
    .run(&mut ex, server, |_| false)
}

fn responder(s: ServerState, legacy: bool) -> Responder {
    Responder::new(
        s,
        ResponderOptions {
            legacy,
            ..Default::default()
        },
    )
    .unwrap()
}

#[test]
fn open_mp_server_full_query() {
    let mut server = responder(state(20, "omp 1.4.0.2779"), false);
    let (res, sent, elapsed) = query(&mut server, PlayersMode::Auto, |_| false);
    let s = res.unwrap();
    assert!(s.is_open_mp);
    // open.mp known from the version rule: `d` never sent; `p` goes beside `r`.
    assert_eq!(sent, b"irpco");
    assert_eq!(s.players.len(), 20);
    assert_eq!(s.players_source, Some(PlayersSource::Clients));
    assert_eq!(s.players[3].score, -3);
    assert_eq!(s.players[3].id, None);
    assert_eq!(s.open_mp.unwrap().logo.as_deref(), Some("https://example.org/logo.png"));
    assert_eq!(
        (s.latency_ms, s.latency_source),
        (Some(10.0), Some(LatencySource::Ping))
    );
    assert_eq!(s.rules.get("version"), Some("omp 1.4.0.2779"));
    assert_eq!(s.info.hostname, "Test server");
    assert_eq!(elapsed, 30.0, "three round trips, no step waited for a timeout");
}

#[test]
fn legacy_server_gives_ids_and_pings_via_d() {
    let mut server = responder(state(12, "0.3.7-R2"), true);
    let (res, sent, elapsed) = query(&mut server, PlayersMode::Auto, |_| false);
    let s = res.unwrap();
    assert!(!s.is_open_mp);
    // A `0.3.7-R2` version rule says SA:MP: no `o` asked, and `d` alone for the list.
    assert_eq!(sent, b"irpd");
    assert_eq!(s.players_source, Some(PlayersSource::Detailed));
    assert_eq!(
        (s.players[5].id, s.players[5].ping, s.players[5].score),
        (Some(5), Some(25), -5)
    );
    assert!(s.open_mp.is_none());
    assert_eq!(elapsed, 30.0);
    // Without a telling version rule, `c`, `d` and `o` are asked; `o` unanswered costs a
    // grace of 4 × the `r` round trip (floor 50 ms), not a whole timeout (1000 ms).
    let mut server = responder(state(12, "custom"), true);
    let (res, sent, elapsed) = query(&mut server, PlayersMode::Auto, |_| false);
    assert!(!res.unwrap().is_open_mp);
    assert_eq!(sent, b"irpcdo");
    assert_eq!(elapsed, 10.0 + 10.0 + 50.0);
}

#[test]
fn open_mp_detected_by_o_reply_stops_waiting_for_d() {
    // An open.mp server with a custom version rule: only `o` reveals it.
    let mut server = responder(state(3, "my build"), false);
    let (res, sent, elapsed) = query(&mut server, PlayersMode::Auto, |_| false);
    let s = res.unwrap();
    assert!(s.is_open_mp);
    assert_eq!(sent, b"irpcdo");
    assert_eq!(s.players_source, Some(PlayersSource::Clients));
    assert_eq!(elapsed, 30.0, "the `o` reply ended the wait for `d`: no timeout");
}

#[test]
fn open_mp_grace_follows_the_round_trip() {
    let mut server = responder(state(2, "custom"), true);
    // 40 ms one way: `r` RTT 80 ms → grace 320 ms for `o`.
    let s = run_with(&mut server, QueryOptions::default(), 40.0).unwrap();
    assert!(s.open_mp.is_none());
    let mut ex = QueryExchange::new(Address::default(), QueryOptions::default(), *b"abcd", 0.0);
    let mut pair = Pair {
        now: 0.0,
        delay: 40.0,
        sent: vec![],
    };
    pair.run(&mut ex, &mut server, |_| false).unwrap();
    assert_eq!(pair.now, 80.0 + 80.0 + 320.0);
}

#[test]
fn more_than_100_players_withholds_the_list_without_waiting() {
    let mut server = responder(state(150, "omp 1.4.0.2779"), false);
    let (res, sent, _) = query(&mut server, PlayersMode::Auto, |_| false);
    let s = res.unwrap();
    assert_eq!(sent, b"irpo");
    assert!(s.players.is_empty());
    assert!(s.players_withheld.unwrap().contains("150 players"));
}

#[test]
fn players_modes() {
    let mut server = responder(state(4, "0.3.7"), true);
    let (_, sent, _) = query(&mut server, PlayersMode::Clients, |_| false);
    assert_eq!(sent, b"irpc");
    let (_, sent, _) = query(&mut server, PlayersMode::Detailed, |_| false);
    assert_eq!(sent, b"irpd");
    let (res, sent, _) = query(&mut server, PlayersMode::None, |_| false);
    assert_eq!(sent, b"irp");
    assert!(res.unwrap().players_withheld.is_none());
}

#[test]
fn lost_info_is_retried_then_times_out() {
    let mut server = responder(state(1, "x"), false);
    let mut lost = 1;
    let (res, sent, _) = query(&mut server, PlayersMode::Auto, |op| {
        let d = op == b'i' && lost > 0;
        lost -= i32::from(d);
        d
    });
    assert!(res.is_ok());
    assert_eq!(&sent[..2], b"ii");
    // The default budget, 2500 ms with one retry: 1250 ms an attempt, over at 2500 ms.
    let (res, sent, now) = query(&mut server, PlayersMode::Auto, |op| op == b'i');
    let e = res.unwrap_err();
    assert_eq!((e.code, e.attempts), (ErrorCode::Timeout, Some(2)));
    assert_eq!(sent, b"ii");
    assert_eq!(now, 2500.0);
}

#[test]
fn silent_ping_falls_back_to_info_latency() {
    let mut server = responder(state(1, "omp 1"), false);
    let (res, _, elapsed) = query(&mut server, PlayersMode::Auto, |op| op == b'p');
    let s = res.unwrap();
    assert_eq!(
        (s.latency_ms, s.latency_source),
        (Some(10.0), Some(LatencySource::Info))
    );
    assert_eq!(
        elapsed,
        10.0 + 50.0,
        "a silent `p` costs a grace beside `r`, not a timeout"
    );
}

#[test]
fn a_server_ignoring_d_gives_its_list_through_c_after_a_grace() {
    let mut server = responder(state(12, "0.3.7-R2"), true);
    let (res, sent, elapsed) = query(&mut server, PlayersMode::Auto, |op| op == b'd');
    let s = res.unwrap();
    assert_eq!(sent, b"irpdc");
    assert_eq!(s.players.len(), 12);
    assert_eq!(s.players_source, Some(PlayersSource::Clients));
    assert!(s.warnings.is_empty(), "'auto' asked for any list");
    assert_eq!(elapsed, 10.0 + 10.0 + 50.0 + 10.0, "`d` waited a grace, not a timeout");
    let (res, _, _) = query(&mut server, PlayersMode::Detailed, |op| op == b'd');
    let s = res.unwrap();
    assert_eq!(s.players.len(), 12);
    assert!(s.warnings[0].contains("did not answer 'd'"), "{:?}", s.warnings);
}

#[test]
fn stray_and_wrong_echo_datagrams_are_ignored() {
    let mut ex = QueryExchange::new(Address::default(), QueryOptions::default(), *b"abcd", 0.0);
    let req = ex.poll_transmit().unwrap();
    let mut server = responder(state(1, "omp 1"), false);
    let Reply::Send(good) = server.handle(0, CLIENT, &req) else {
        panic!()
    };
    let mut wrong_port = good.clone();
    wrong_port[8] ^= 1;
    ex.handle_datagram(1.0, &wrong_port);
    ex.handle_datagram(1.0, b"garbage");
    ex.handle_datagram(1.0, &good[..5]);
    assert!(ex.poll_transmit().is_none(), "nothing advanced");
    ex.handle_datagram(2.0, &good);
    assert_eq!(ex.poll_transmit().unwrap()[10], b'r');
}

#[test]
fn cp1251_state_served_and_detected() {
    let mut s = state(2, "0.3.7");
    s.info.hostname = "Русский сервер ролевой игры".into();
    s.info.gamemode = "Ролевая игра".into();
    s.encoding = Some("windows-1251".into());
    let mut server = responder(s, true);
    let (res, _, _) = query(&mut server, PlayersMode::Auto, |_| false);
    let s = res.unwrap();
    assert_eq!(s.encoding.as_deref(), Some("windows-1251"));
    assert_eq!(s.info.hostname, "Русский сервер ролевой игры");
    assert!(s.raw_strings.is_none(), "raw strings only when asked for");
    let opts = QueryOptions {
        raw_strings: true,
        ..Default::default()
    };
    let s = run_with(&mut server, opts, 5.0).unwrap();
    assert_eq!(s.info.gamemode, "Ролевая игра");
    let raw = s.raw_strings.unwrap();
    assert_eq!(
        raw.info[0],
        gamequery_core::wire::to_hex(&encoding_rs::WINDOWS_1251.encode("Русский сервер ролевой игры").0)
    );
}

#[test]
fn responder_caps_sorts_and_echoes() {
    let mut s = state(1, "omp 1");
    s.info.hostname = "é".repeat(40); // 80 UTF-8 bytes: cut to 63 at a char boundary → 31 chars
    s.open_mp.as_mut().unwrap().discord = "x".repeat(51);
    let mut server = responder(s, false);
    let mut req = b"SAMP\x7f\0\0\x01\x61\x1ei".to_vec();
    let Reply::Send(r) = server.handle(0, CLIENT, &req) else {
        panic!()
    };
    assert_eq!(&r[..11], &req[..]);
    let info = gamequery_core::samp::Response::decode(&r, &Default::default()).unwrap();
    let gamequery_core::samp::ResponseBody::Info(info) = info.body else {
        panic!()
    };
    assert_eq!(info.hostname, "é".repeat(31));
    req[10] = b'o';
    let Reply::Send(r) = server.handle(0, CLIENT, &req) else {
        panic!()
    };
    assert_eq!(&r[11..15], &[0, 0, 0, 0], "discord invite over 50 bytes is sent empty");
    req[10] = b'r';
    let Reply::Send(r) = server.handle(0, CLIENT, &req) else {
        panic!()
    };
    let names: Vec<_> = match gamequery_core::samp::Response::decode(&r, &Default::default())
        .unwrap()
        .body
    {
        gamequery_core::samp::ResponseBody::Rules(r) => r.rules.0.into_iter().map(|(n, _)| n).collect(),
        _ => panic!(),
    };
    assert_eq!(names, ["version", "weburl"]);
    // open.mp mode never answers `d`; wrong lengths are ignored.
    req[10] = b'd';
    assert_eq!(server.handle(0, CLIENT, &req), Reply::Ignore);
    req[10] = b'i';
    req.push(0);
    assert_eq!(server.handle(0, CLIENT, &req), Reply::Ignore);
}

#[test]
fn token_bucket_limits_each_source_and_the_table_is_bounded() {
    let opts = ResponderOptions {
        burst: 5,
        per_second: 10,
        max_sources: 64,
        ..Default::default()
    };
    let mut server = Responder::new(state(1, "x"), opts).unwrap();
    let req = b"SAMP\0\0\0\0\x61\x1ei";
    let answered = (0..20)
        .filter(|_| matches!(server.handle(0, CLIENT, req), Reply::Send(_)))
        .count();
    assert_eq!(answered, 5);
    // 100 ms refills one token.
    assert!(matches!(server.handle(100, CLIENT, req), Reply::Send(_)));
    assert_eq!(server.handle(100, CLIENT, req), Reply::Ignore);
    // A spoofed flood from 10 000 addresses never grows the table past its bound.
    for i in 0..10_000u32 {
        server.handle(200, IpAddr::V4(i.into()), req);
        assert!(server.tracked_sources() <= 64);
    }
    assert!(server.tracked_sources() >= 48);
    // Nor does it reset the limit of the source that spent its burst: 100 ms, one token.
    assert!(matches!(server.handle(200, CLIENT, req), Reply::Send(_)));
    assert_eq!(server.handle(200, CLIENT, req), Reply::Ignore);
}

fn rcon(
    server: &mut Responder,
    password: &str,
    handler: impl Fn(&str) -> Vec<String>,
) -> gamequery_core::Result<Vec<String>> {
    let mut ex = RconExchange::new(
        Address::default(),
        password,
        "players",
        None,
        RconOptions::default(),
        0.0,
    )
    .unwrap();
    let (mut sent, mut now) = (Vec::new(), 0.0);
    loop {
        while let Some(pkt) = ex.poll_transmit() {
            sent.push(pkt[10]);
            match server.handle(now as u64, CLIENT, &pkt) {
                Reply::Rcon { header, command } => {
                    for (i, d) in server.rcon_lines(&header, &handler(&command)).iter().enumerate() {
                        ex.handle_datagram(now + 10.0 + i as f64, d);
                    }
                }
                Reply::Send(d) => ex.handle_datagram(now + 10.0, &d),
                Reply::Ignore => {}
            }
        }
        if let Some(r) = ex.poll_result() {
            assert_eq!(
                sent.iter().filter(|&&op| op == b'x').count(),
                1,
                "the command is sent once, never again"
            );
            return r;
        }
        now = ex.poll_timeout().unwrap();
        ex.handle_timeout(now);
    }
}

#[test]
fn rcon_lines_wrong_password_and_end_marker() {
    let opts = ResponderOptions {
        rcon_password: Some("secret".into()),
        ..Default::default()
    };
    let mut server = Responder::new(state(1, "x"), opts).unwrap();
    let lines = rcon(&mut server, "secret", |cmd| vec![format!("ran {cmd}"), "line 2".into()]).unwrap();
    assert_eq!(lines, ["ran players", "line 2"]);
    let lines = rcon(&mut server, "secret", |_| {
        vec!["a".into(), "".into(), "after end".into()]
    })
    .unwrap();
    assert_eq!(lines, ["a"]);
    assert_eq!(
        rcon(&mut server, "wrong", |_| vec![]).unwrap_err().code,
        ErrorCode::RconAuth
    );
}

#[test]
fn a_command_that_prints_nothing_resolves_empty_but_a_dead_server_times_out() {
    let opts = ResponderOptions {
        rcon_password: Some("secret".into()),
        ..Default::default()
    };
    let mut server = Responder::new(state(1, "x"), opts).unwrap();
    assert_eq!(rcon(&mut server, "secret", |_| vec![]).unwrap(), Vec::<String>::new());
    // A server that answers queries but not RCON (rcon 0) looks the same: it is there.
    let mut no_rcon = responder(state(1, "x"), false);
    assert_eq!(rcon(&mut no_rcon, "secret", |_| vec![]).unwrap(), Vec::<String>::new());
    let silent = ResponderOptions {
        burst: 0,
        ..Default::default()
    };
    let mut dead = Responder::new(state(1, "x"), silent).unwrap();
    let e = rcon(&mut dead, "secret", |_| vec![]).unwrap_err();
    assert_eq!((e.code, e.attempts), (ErrorCode::Timeout, Some(2)));
}

#[test]
fn explicit_encoding_is_used_for_every_reply() {
    let mut server = responder(state(2, "omp 1"), false);
    let opts = QueryOptions {
        encoding: TextEncoding::Fixed(encoding_rs::WINDOWS_1252),
        ..Default::default()
    };
    let s = run_with(&mut server, opts, 1.0).unwrap();
    assert_eq!(s.encoding.as_deref(), Some("windows-1252"));
}

#[test]
fn a_timeout_below_the_open_mp_grace_floor_does_not_panic() {
    let mut server = responder(state(2, "custom"), true);
    let opts = QueryOptions {
        deadline: Deadline::for_call(10.0, 1),
        ..Default::default()
    };
    let s = run_with(&mut server, opts, 1.0).unwrap();
    assert_eq!(s.info.players, 2);
}

#[test]
fn players_d_on_an_open_mp_server_found_by_its_o_reply_falls_back_to_c() {
    let mut server = responder(state(3, "custom"), false);
    let (res, sent, _) = query(&mut server, PlayersMode::Detailed, |_| false);
    let s = res.unwrap();
    assert_eq!(sent, b"irpdoc");
    assert_eq!((s.players_source, s.players.len()), (Some(PlayersSource::Clients), 3));
    assert_eq!(
        s.warnings,
        ["open.mp servers answer no 'd': the list came from 'c' (no ids or pings)"]
    );
}

#[test]
fn players_d_on_a_server_whose_version_says_open_mp_asks_c_and_says_so() {
    let mut server = responder(state(3, "omp 1.4.0.2779"), false);
    let (res, sent, _) = query(&mut server, PlayersMode::Detailed, |_| false);
    let s = res.unwrap();
    assert_eq!(sent, b"irpco");
    assert_eq!((s.players_source, s.players.len()), (Some(PlayersSource::Clients), 3));
    assert_eq!(
        s.warnings,
        ["open.mp servers answer no 'd': the list came from 'c' (no ids or pings)"]
    );
}

#[test]
fn rcon_replies_are_bounded_in_time_and_size() {
    let mut ex = RconExchange::new(
        Address::default(),
        "p",
        "c",
        None,
        RconOptions {
            deadline: Deadline::for_call(1000.0, 0),
            ..Default::default()
        },
        0.0,
    )
    .unwrap();
    let pkt = ex.poll_transmit().unwrap();
    let mut line = pkt[..11].to_vec();
    line.extend([1, 0, b'x']);
    // A line every 200 ms, forever: the reply still ends at the deadline.
    let mut tick = 0;
    while ex.poll_result().is_none() {
        tick += 1;
        let now = (200.0 * f64::from(tick)).min(ex.poll_timeout().unwrap());
        if now == 200.0 * f64::from(tick) {
            ex.handle_datagram(now, &line);
        }
        ex.handle_timeout(now);
        assert!(now <= 1000.0, "went past the deadline");
    }
    // A flood of lines stops at the line cap.
    let mut ex = RconExchange::new(Address::default(), "p", "c", None, RconOptions::default(), 0.0).unwrap();
    ex.poll_transmit();
    for _ in 0..gamequery_core::samp::rcon::MAX_LINES + 5 {
        ex.handle_datagram(1.0, &line);
    }
    assert_eq!(
        ex.poll_result().unwrap().unwrap().len(),
        gamequery_core::samp::rcon::MAX_LINES
    );
}

#[test]
fn the_detector_runs_once_per_query_and_never_for_utf8_or_a_fixed_code_page() {
    use gamequery_core::text::detector_runs;
    let mut s = state(12, "0.3.7");
    s.info.hostname = "Русский сервер ролевой игры".into();
    s.info.gamemode = "Ролевая игра".into();
    s.players[0].name = "Игрок".into();
    s.encoding = Some("windows-1251".into());
    let mut server = responder(s.clone(), true);
    let before = detector_runs();
    let (res, _, _) = query(&mut server, PlayersMode::Auto, |_| false);
    assert_eq!(res.unwrap().players[0].name, "Игрок");
    assert_eq!(detector_runs() - before, 1, "one guess over every reply of the query");

    let fixed = QueryOptions {
        encoding: TextEncoding::Fixed(encoding_rs::WINDOWS_1251),
        ..Default::default()
    };
    let before = detector_runs();
    assert_eq!(run_with(&mut server, fixed, 5.0).unwrap().info.gamemode, "Ролевая игра");
    assert_eq!(detector_runs(), before, "a fixed code page needs no guess");

    s.encoding = Some("utf-8".into());
    let mut server = responder(s, true);
    let before = detector_runs();
    let (res, _, _) = query(&mut server, PlayersMode::Auto, |_| false);
    assert_eq!(res.unwrap().info.hostname, "Русский сервер ролевой игры");
    assert_eq!(detector_runs(), before, "valid UTF-8 needs no guess");
}

#[test]
fn one_reply_not_utf8_has_every_reply_read_again_with_the_guess() {
    // `i` and `r` are ASCII and kept as read on arrival; the `d` reply's names are cp1251,
    // so the result is windows-1251 throughout, and raw strings follow each reply.
    let mut s = state(3, "0.3.7");
    s.players[0].name = "Игрок_Первый".into();
    s.players[1].name = "Гость".into();
    s.encoding = Some("windows-1251".into());
    let mut server = responder(s, true);
    let opts = QueryOptions {
        raw_strings: true,
        ..Default::default()
    };
    let got = run_with(&mut server, opts.clone(), 5.0).unwrap();
    assert_eq!(got.encoding.as_deref(), Some("windows-1251"));
    assert_eq!(got.players[0].name, "Игрок_Первый");
    assert_eq!(got.players[1].name, "Гость");
    let raw = got.raw_strings.unwrap();
    assert_eq!(
        raw.players[1],
        gamequery_core::wire::to_hex(&encoding_rs::WINDOWS_1251.encode("Гость").0)
    );
    assert_eq!(raw.info.len(), 3, "hostname, gamemode, language");

    let mut s = state(2, "0.3.7");
    s.players[0].name = "Jörg".into();
    s.encoding = Some("utf-8".into());
    let mut server = responder(s, true);
    let got = run_with(&mut server, opts, 5.0).unwrap();
    assert_eq!(got.encoding.as_deref(), Some("utf-8"));
    assert_eq!(got.players[0].name, "Jörg");
    assert_eq!(
        got.raw_strings.unwrap().players[0],
        gamequery_core::wire::to_hex("Jörg".as_bytes())
    );
}
