//! SQP: Unity's reference vectors, golden bytes for every chunk and value type,
//! reassembly in every order and split, truncation, chunk identification, and the
//! exchange against the responder on a virtual clock.
#![cfg(feature = "sqp")]

use std::net::SocketAddr;

use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::sqp::exchange::SqpExchange;
use gamequery_core::sqp::reassembly::Reassembly;
use gamequery_core::sqp::responder::{Responder, ResponderOptions};
use gamequery_core::sqp::{
    ChunkKind, Chunks, Field, QueryHeader, Records, Request, Response, Rules, Scalar, ServerInfo, Typed, ValueType,
};
use gamequery_core::wire::{from_hex, to_hex, Reader};
use gamequery_core::ErrorCode;
use serde_json::{json, Value};

fn vector(name: &str) -> Vec<u8> {
    let text = std::fs::read_to_string(format!(
        "{}/../tests/fixtures/sqp.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    ))
    .unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let v = v["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == name)
        .unwrap()
        .clone();
    from_hex(v["hex"].as_str().unwrap(), "hex").unwrap()
}

#[test]
fn reference_vectors() {
    assert_eq!(
        Request::decode(&vector("challenge request")).unwrap(),
        Request::Challenge
    );
    assert_eq!(Request::Challenge.encode().unwrap(), vector("challenge request"));
    assert_eq!(
        Response::decode(&vector("challenge reply"), 0x1f).unwrap(),
        Response::Challenge { challenge: 256 }
    );
    let e = Response::decode(&vector("challenge reply with wrong type"), 0x1f).unwrap_err();
    assert_eq!(e.code, ErrorCode::Truncated);
    let q = Request::decode(&vector("query request, ServerInfo")).unwrap();
    let js = serde_json::to_value(&q).unwrap();
    assert_eq!(
        js,
        json!({"type": "query", "challenge": 1, "version": 1, "chunks": ["info"]})
    );
    assert_eq!(q.encode().unwrap(), vector("query request, ServerInfo"));

    let bytes = vector("ServerInfo reply");
    let Response::Query {
        challenge,
        version,
        chunks,
    } = Response::decode(&bytes, 0x01).unwrap()
    else {
        panic!()
    };
    assert_eq!((challenge, version), (256, 1));
    let info = chunks.info.clone().unwrap();
    assert_eq!(
        info,
        ServerInfo {
            current_players: 5,
            max_players: 10,
            server_name: "my server".into(),
            game_type: "ctf".into(),
            build_id: "1".into(),
            map: "map".into(),
            port: 1025
        }
    );
    assert_eq!(
        Response::Query {
            challenge,
            version,
            chunks
        }
        .encode()
        .unwrap(),
        bytes
    );

    let e = Response::decode(&vector("ServerInfo reply with a wrong string length"), 0x01).unwrap_err();
    assert_eq!(e.code, ErrorCode::Malformed);

    let bytes = vector("ServerRules reply");
    let decoded = Response::decode(&bytes, 0x02).unwrap();
    let js = serde_json::to_value(&decoded).unwrap();
    assert_eq!(
        js["rules"],
        json!({
            "rule 1": {"type": "byte", "value": 128.0}, "rule 2": {"type": "u16", "value": 257.0},
            "rule 3": {"type": "u32", "value": 16777217.0}, "rule 4": {"type": "u64", "value": "72057594037927937"},
            "rule 5": {"type": "string", "value": "string"}
        })
    );
    assert_eq!(decoded.encode().unwrap(), bytes);
    // Through JSON, as JS callers hold it.
    assert_eq!(
        gamequery_core::input::from_json::<Response>("SQP response", &js.to_string())
            .unwrap()
            .encode()
            .unwrap(),
        bytes
    );
}

/// The player schema the tests use: a string name and a u32 score.
fn name_score_fields() -> Vec<Field> {
    vec![
        Field {
            name: "name".into(),
            kind: ValueType::String,
        },
        Field {
            name: "score".into(),
            kind: ValueType::U32,
        },
    ]
}

fn full_state() -> Chunks {
    Chunks {
        info: Some(ServerInfo {
            current_players: 2,
            max_players: 16,
            server_name: "Arena #1".into(),
            game_type: "tdm".into(),
            build_id: "1.4.2".into(),
            map: "dust".into(),
            port: 7777,
        }),
        rules: Some(Rules(vec![
            (
                "b".into(),
                Typed {
                    kind: ValueType::Byte,
                    value: Scalar::Number(7.0),
                },
            ),
            (
                "s".into(),
                Typed {
                    kind: ValueType::U16,
                    value: Scalar::Number(65535.0),
                },
            ),
            (
                "i".into(),
                Typed {
                    kind: ValueType::U32,
                    value: Scalar::Number(4_294_967_295.0),
                },
            ),
            (
                "l".into(),
                Typed {
                    kind: ValueType::U64,
                    value: Scalar::Text("18446744073709551615".into()),
                },
            ),
            (
                "t".into(),
                Typed {
                    kind: ValueType::String,
                    value: Scalar::Text("héllo".into()),
                },
            ),
            (
                "f".into(),
                Typed {
                    kind: ValueType::F32,
                    value: Scalar::Number(1.5),
                },
            ),
        ])),
        players: Some(Records {
            fields: name_score_fields(),
            records: vec![
                vec![Scalar::Text("alice".into()), Scalar::Number(10.0)],
                vec![Scalar::Text("bob".into()), Scalar::Number(3.0)],
            ],
        }),
        teams: Some(Records {
            fields: vec![
                Field {
                    name: "team".into(),
                    kind: ValueType::String,
                },
                Field {
                    name: "score".into(),
                    kind: ValueType::U16,
                },
            ],
            records: vec![vec![Scalar::Text("red".into()), Scalar::Number(1.0)]],
        }),
        metrics: Some(vec![0.25, 60.0]),
        missing: vec![],
    }
}

#[test]
fn golden_bytes_for_every_chunk_and_value_type() {
    let s = full_state();
    let cases: &[(u8, &str)] = &[
        (0x01, "0000001e0002001008417265 6e61202331 03 74646d 05 312e342e32 04 64757374 1e61"),
        (0x02, "0000002c 0162 00 07 0173 01 ffff 0169 02 ffffffff 016c 03 ffffffffffffffff 0174 04 0668c3a96c6c6f 0166 05 3fc00000"),
        (0x04, "00000022 0002 02 046e616d65 04 0573636f7265 02 05616c696365 0000000a 03626f62 00000003"),
        (0x08, "00000016 0001 02 047465616d 04 0573636f7265 01 03726564 0001"),
        (0x10, "00000009 02 3e800000 42700000"),
    ];
    for (mask, hex) in cases {
        let want = hex.replace(' ', "");
        assert_eq!(to_hex(&s.encode(*mask).unwrap()), want, "chunk {mask:#x}");
        let back = Chunks::decode(&from_hex(&want, "").unwrap(), *mask, 11).unwrap();
        assert_eq!(back.encode(*mask).unwrap(), from_hex(&want, "").unwrap());
    }
    let all = s.encode(0x1f).unwrap();
    assert_eq!(Chunks::decode(&all, 0x1f, 11).unwrap(), s);
}

fn packet(challenge: u32, current: u8, last: u8, payload: &[u8]) -> Vec<u8> {
    let mut w = gamequery_core::wire::Writer::new();
    QueryHeader {
        challenge,
        version: 1,
        current,
        last,
        length: payload.len() as u16,
    }
    .write(&mut w);
    w.bytes(payload);
    w.into_bytes()
}

#[test]
fn reassembly_in_every_order_and_split_position() {
    let payload = full_state().encode(0x1f).unwrap();
    for split in 1..payload.len() {
        let parts = [packet(9, 0, 1, &payload[..split]), packet(9, 1, 1, &payload[split..])];
        for order in [[0, 1], [1, 0]] {
            let mut r = Reassembly::default();
            let mut done = None;
            for &i in &order {
                let mut rd = Reader::new(&parts[i]);
                let h = QueryHeader::read(&mut rd).unwrap();
                done = r.push(h, rd.rest()).unwrap();
            }
            assert_eq!(done.unwrap().1, payload, "split {split}");
        }
    }
    // Three parts, all six orders, splits inside strings.
    let (a, b) = (payload.len() / 3, 2 * payload.len() / 3 + 1);
    let parts = [
        packet(9, 0, 2, &payload[..a]),
        packet(9, 1, 2, &payload[a..b]),
        packet(9, 2, 2, &payload[b..]),
    ];
    for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        let mut r = Reassembly::default();
        let results: Vec<_> = order
            .iter()
            .map(|&i| {
                let mut rd = Reader::new(&parts[i]);
                let h = QueryHeader::read(&mut rd).unwrap();
                r.push(h, rd.rest()).unwrap()
            })
            .collect();
        assert!(results[..2].iter().all(Option::is_none));
        assert_eq!(results[2].as_ref().unwrap().1, payload);
    }
    // Parts that disagree, and too many parts.
    let mut r = Reassembly::default();
    let mut rd = Reader::new(&parts[0]);
    r.push(QueryHeader::read(&mut rd).unwrap(), rd.rest()).unwrap();
    let other = packet(10, 1, 2, b"x");
    let mut rd = Reader::new(&other);
    assert_eq!(
        r.push(QueryHeader::read(&mut rd).unwrap(), rd.rest()).unwrap_err().code,
        ErrorCode::Malformed
    );
    let mut rd_bytes = packet(9, 0, 200, b"x");
    rd_bytes.truncate(rd_bytes.len());
    let mut rd = Reader::new(&rd_bytes);
    assert_eq!(
        Reassembly::default()
            .push(QueryHeader::read(&mut rd).unwrap(), rd.rest())
            .unwrap_err()
            .code,
        ErrorCode::Malformed
    );
}

#[test]
fn every_truncation_is_a_typed_error() {
    let full = packet(1, 0, 0, &full_state().encode(0x1f).unwrap());
    for cut in 0..full.len() {
        let e = Response::decode(&full[..cut], 0x1f).unwrap_err();
        assert!(
            matches!(
                e.code,
                ErrorCode::Truncated | ErrorCode::Malformed | ErrorCode::BadLength
            ),
            "cut {cut}: {e:?}"
        );
    }
    // A chunk whose content runs past its declared length.
    let mut bad = full_state().encode(0x01).unwrap();
    bad[3] -= 3;
    bad.truncate(bad.len() - 3);
    assert_eq!(Chunks::decode(&bad, 0x01, 11).unwrap_err().code, ErrorCode::Malformed);
}

#[test]
fn fewer_chunks_than_requested_are_identified() {
    let s = full_state();
    // Unity's sample server: info + metrics whatever is asked.
    let payload = [s.encode(0x01).unwrap(), s.encode(0x10).unwrap()].concat();
    let c = Chunks::decode(&payload, 0x1f, 11).unwrap();
    assert_eq!(c.info, s.info);
    assert_eq!(c.metrics, s.metrics);
    assert_eq!(c.missing, [ChunkKind::Rules, ChunkKind::Players, ChunkKind::Teams]);
    // Only players and teams of the five.
    let payload = [s.encode(0x04).unwrap(), s.encode(0x08).unwrap()].concat();
    let c = Chunks::decode(&payload, 0x1f, 11).unwrap();
    assert_eq!(
        (c.players.clone(), c.teams.clone()),
        (s.players.clone(), s.teams.clone())
    );
    assert_eq!(c.missing, [ChunkKind::Info, ChunkKind::Rules, ChunkKind::Metrics]);
    // Extra bytes inside a chunk are future fields: skipped.
    let mut info = s.encode(0x01).unwrap();
    info[3] += 2;
    info.extend([0xaa, 0xbb]);
    assert_eq!(Chunks::decode(&info, 0x01, 11).unwrap().info, s.info);
    // More chunks than requested is malformed.
    assert_eq!(
        Chunks::decode(&s.encode(0x03).unwrap(), 0x01, 11).unwrap_err().code,
        ErrorCode::Malformed
    );
}

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], port))
}

fn run(
    ex: &mut SqpExchange,
    server: &mut Responder,
    from: SocketAddr,
    now: &mut f64,
) -> gamequery_core::Result<gamequery_core::sqp::exchange::SqpOutcome> {
    loop {
        while let Some(pkt) = ex.poll_transmit() {
            *now += 3.0;
            for reply in server.handle(*now as u64, from, &pkt).unwrap() {
                ex.handle_input(*now, &reply);
            }
        }
        if let Some(r) = ex.poll_result() {
            return r;
        }
        *now = ex.poll_timeout().unwrap();
        ex.handle_timeout(*now);
    }
}

#[test]
fn every_chunk_combination_against_the_responder() {
    for split in [None, Some(40)] {
        let mut server = Responder::new(
            full_state(),
            ResponderOptions {
                max_packet_size: split,
                ..Default::default()
            },
            42,
        );
        for mask in 1..=0x1f {
            let mut now = 0.0;
            let mut ex = SqpExchange::new(mask, Deadline::for_call(500.0, 0), now);
            let out = run(&mut ex, &mut server, addr(5000), &mut now).unwrap();
            for kind in ChunkKind::ALL {
                assert_eq!(out.chunks.has(kind), mask & kind.bit() != 0, "mask {mask:#x} {kind:?}");
            }
            assert!(out.chunks.missing.is_empty());
            assert_eq!(out.chunks.encode(mask).unwrap(), full_state().encode(mask).unwrap());
        }
        assert_eq!(server.outstanding_challenges(), 0, "every challenge was used once");
    }
}

#[test]
fn wrong_reused_and_expired_challenges_get_no_answer() {
    let mut server = Responder::new(full_state(), ResponderOptions::default(), 7);
    let from = addr(6000);
    let reply = server.handle(0, from, &Request::Challenge.encode().unwrap()).unwrap();
    let Response::Challenge { challenge } = Response::decode(&reply[0], 0x1f).unwrap() else {
        panic!()
    };
    let query = |c| {
        Request::Query {
            challenge: c,
            version: 1,
            chunks: gamequery_core::sqp::ChunkSet(1),
        }
        .encode()
        .unwrap()
    };
    assert!(
        server.handle(1, from, &query(challenge ^ 1)).unwrap().is_empty(),
        "wrong challenge"
    );
    assert!(
        server.handle(1, addr(6001), &query(challenge)).unwrap().is_empty(),
        "another address"
    );
    assert_eq!(server.handle(1, from, &query(challenge)).unwrap().len(), 1);
    assert!(server.handle(2, from, &query(challenge)).unwrap().is_empty(), "reused");
    let reply = server.handle(10, from, &Request::Challenge.encode().unwrap()).unwrap();
    let Response::Challenge { challenge } = Response::decode(&reply[0], 0x1f).unwrap() else {
        panic!()
    };
    assert!(
        server.handle(10 + 5000, from, &query(challenge)).unwrap().is_empty(),
        "expired"
    );
    // Short challenge requests are ignored: no reply bigger than an unverified request.
    assert!(server.handle(20, from, &[0, 0, 0]).unwrap().is_empty());
}

#[test]
fn the_challenge_table_is_bounded_under_a_flood() {
    let mut server = Responder::new(
        full_state(),
        ResponderOptions {
            max_challenges: 100,
            ..Default::default()
        },
        1,
    );
    let req = Request::Challenge.encode().unwrap();
    for port in 0..20_000u16 {
        assert_eq!(
            server.handle(u64::from(port), addr(port), &req).unwrap()[0].len(),
            req.len()
        );
    }
    assert_eq!(server.outstanding_challenges(), 100);
}

#[test]
fn lost_replies_retry_with_a_fresh_challenge_then_time_out() {
    let mut server = Responder::new(full_state(), ResponderOptions::default(), 3);
    // 200 ms with one retry: each attempt waits 100 ms.
    let mut ex = SqpExchange::new(0x01, Deadline::for_call(200.0, 1), 0.0);
    let first = ex.poll_transmit().unwrap();
    let _ = server.handle(0, addr(1), &first); // reply lost
    ex.handle_timeout(100.0);
    assert_eq!(
        ex.poll_transmit().unwrap(),
        Request::Challenge.encode().unwrap(),
        "a fresh challenge"
    );
    ex.handle_timeout(200.0);
    let e = ex.poll_result().unwrap().unwrap_err();
    assert_eq!((e.code, e.attempts), (ErrorCode::Timeout, Some(2)));
    // Stray and stale datagrams are ignored.
    let mut ex = SqpExchange::new(0x01, Deadline::for_call(100.0, 0), 0.0);
    ex.poll_transmit();
    ex.handle_input(1.0, b"\x01garbage");
    ex.handle_input(1.0, &[0, 0, 0, 0, 9]);
    let q = ex.poll_transmit().unwrap();
    ex.handle_input(2.0, &packet(8, 0, 0, &full_state().encode(1).unwrap()));
    assert!(ex.poll_result().is_none(), "wrong challenge ignored");
    assert_eq!(q[1..5], [0, 0, 0, 9]);
    ex.handle_input(3.0, &packet(9, 0, 0, &full_state().encode(1).unwrap()));
    assert_eq!(ex.poll_result().unwrap().unwrap().chunks.info, full_state().info);
}

#[test]
fn big_replies_grow_their_pieces_to_stay_within_32_parts() {
    let mut state = full_state();
    let name = |i: usize| Scalar::Text(format!("player-{i:05}-{}", "x".repeat(40)));
    state.players = Some(Records {
        fields: name_score_fields(),
        records: (0..2000).map(|i| vec![name(i), Scalar::Number(i as f64)]).collect(),
    });
    let mut server = Responder::new(
        state.clone(),
        ResponderOptions {
            max_packet_size: Some(1200),
            ..Default::default()
        },
        5,
    );
    let mut now = 0.0;
    let mut ex = SqpExchange::new(0x04, Deadline::for_call(500.0, 0), now);
    let out = run(&mut ex, &mut server, addr(7000), &mut now).unwrap();
    assert_eq!(out.chunks.players.unwrap().records.len(), 2000);
}

#[test]
fn errors_inside_a_later_chunk_report_absolute_offsets() {
    let s = full_state();
    let mut payload = [s.encode(0x01).unwrap(), s.encode(0x02).unwrap()].concat();
    let rules_at = s.encode(0x01).unwrap().len();
    payload[rules_at + 4 + 2] = 9; // the first rule's type byte: no such type
    let e = Chunks::decode(&payload, 0x03, 11).unwrap_err();
    assert_eq!((e.code, e.offset), (ErrorCode::Malformed, Some(11 + rules_at + 4 + 2)));
}

#[test]
fn a_peer_speaking_another_protocol_is_named_not_timed_out() {
    let mut ex = SqpExchange::new(0x01, Deadline::for_call(100.0, 0), 0.0);
    ex.poll_transmit();
    ex.handle_input(1.0, b"\xff\xff\xff\xffI\x11some A2S reply");
    ex.handle_timeout(100.0);
    let e = ex.poll_result().unwrap().unwrap_err();
    assert_eq!(e.code, ErrorCode::WrongProtocol);
    assert!(e.message.contains("like a Source (A2S) query reply"), "{}", e.message);
}
