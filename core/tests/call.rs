//! Whole calls without sockets: a `Call` driven against the core's own responders (or
//! scripted silence, refusals and SRV answers) on a fake clock, so every decision — name
//! choice, attempts, fallback, deadlines, error context — is checked deterministically.
#![cfg(feature = "all-families")]

use std::net::{IpAddr, SocketAddr};

use gamequery_core::call::{Call, Input, Io, Outcome, SrvAnswer, Transport};
use gamequery_core::serve::{Reply, Server};
use gamequery_core::tls::TlsFailure;
use gamequery_core::{ErrorCode, Result};
use serde_json::{json, Value};

const SAMP_STATE: &str = r#"{"info":{"password":false,"players":2,"maxPlayers":50,"hostname":"Call test","gamemode":"Freeroam","language":"English"},
  "rules":{"version":"omp 1.4.0.2779","mapname":"San Andreas"},"players":[{"name":"a","score":1},{"name":"b","score":2}]}"#;
const JAVA_STATE: &str =
    r#"{"version":{"name":"1.21.4","protocol":769},"players":{"online":3,"max":20,"sample":[]},"motd":"Hello"}"#;

/// What the test's network does with a call's IO.
#[derive(Default)]
struct Net {
    /// Every IO the call asked for, in order.
    log: Vec<Io>,
    /// Answers to `Resolve`.
    addresses: Vec<IpAddr>,
    srv: Vec<SrvAnswer>,
    /// Refuse every `Open`.
    refuse: bool,
    /// Minecraft: connections that close at once without a byte (a pre-1.7 server).
    close_modern: bool,
}

/// Runs `call` to its end; `server` answers what it sends, 1 ms later.
fn drive(mut call: Call, net: &mut Net, mut server: Option<&mut Server>) -> Result<Outcome> {
    let mut now = 0.0;
    let from: SocketAddr = "127.0.0.1:50000".parse().unwrap();
    let mut conn = None;
    loop {
        let mut inbox: Vec<(u32, Vec<u8>, bool)> = vec![];
        while let Some(io) = call.poll_io() {
            net.log.push(io.clone());
            match io {
                Io::Srv { .. } => call.handle(now, Input::Srv(net.srv.clone())),
                Io::Resolve { .. } => call.handle(now, Input::Resolved(Ok(net.addresses.clone()))),
                Io::Open { id, .. } if net.refuse => call.handle(now, Input::Refused { id }),
                Io::Open { id, transport, .. } => {
                    conn = server.as_deref().and_then(Server::open_stream);
                    call.handle(now, Input::Opened { id });
                    if transport == Transport::Tcp && net.close_modern {
                        net.close_modern = false;
                        inbox.push((id, vec![], true));
                    }
                }
                Io::Send { id, bytes } => match (server.as_deref_mut(), conn.as_mut()) {
                    (Some(s), Some(stream)) => {
                        let out = s.handle_stream(stream, &bytes);
                        inbox.push((id, out.write, out.close));
                    }
                    (Some(s), None) => {
                        if let Reply::Send(replies) = s.handle_datagram(now as u64, from, &bytes) {
                            inbox.extend(replies.into_iter().map(|r| (id, r, false)));
                        }
                    }
                    (None, _) => {}
                },
                Io::Close { .. } => {}
            }
        }
        if let Some(result) = call.poll_result() {
            return result;
        }
        if inbox.is_empty() {
            now = call.poll_timeout().expect("a live call has a deadline");
            call.handle_timeout(now);
            continue;
        }
        now += 1.0;
        for (id, bytes, close) in inbox {
            if !bytes.is_empty() {
                call.handle_received(now, id, &bytes);
            }
            if close {
                call.handle(now, Input::Closed { id });
            }
        }
    }
}

fn server(protocol: &str, state: &str) -> Server {
    Server::new(protocol, state, Value::Null, false, 7, [7; 32]).unwrap().0
}

fn status_of(outcome: Outcome) -> Value {
    serde_json::to_value(outcome).unwrap()
}

#[test]
fn a_name_resolves_ipv4_first_and_the_whole_sa_mp_query_runs() {
    let mut net = Net {
        addresses: vec!["::1".parse().unwrap(), "127.0.0.1".parse().unwrap()],
        ..Net::default()
    };
    let mut s = server("samp", SAMP_STATE);
    let call = Call::query("samp", &json!("play.example.org:7777"), Value::Null, 1, false).unwrap();
    let status = status_of(drive(call, &mut net, Some(&mut s)).unwrap());
    assert_eq!(status["name"], "Call test");
    assert_eq!(status["address"], "127.0.0.1");
    assert_eq!(status["players"]["list"][1]["name"], "b");
    assert_eq!(status["raw"]["isOpenMp"], true);
    assert!(matches!(&net.log[0], Io::Resolve { host, family: 0, .. } if host == "play.example.org"));
    match &net.log[1] {
        Io::Open {
            transport, host, port, ..
        } => assert_eq!((*transport, host.as_str(), *port), (Transport::Udp, "127.0.0.1", 7777)),
        other => panic!("expected an open, got {other:?}"),
    }
    // The `i` request: SAMP, the server's IPv4 octets, its port (little-endian), `i`.
    let Io::Send { bytes, .. } = &net.log[2] else {
        panic!("expected the first send")
    };
    assert_eq!(&bytes[..11], b"SAMP\x7f\x00\x00\x01\x61\x1ei");
}

#[test]
fn a_refused_port_is_closed_and_the_error_names_the_call() {
    let mut net = Net {
        refuse: true,
        ..Net::default()
    };
    let call = Call::query("sqp", &json!("127.0.0.1:9"), Value::Null, 1, false).unwrap();
    let e = drive(call, &mut net, None).unwrap_err();
    assert_eq!(e.code, ErrorCode::PortClosed);
    assert_eq!(
        e.message,
        "SQP query of 127.0.0.1:9: port 9/udp is closed: the host answered that nothing listens there (ICMP port unreachable)"
    );
}

#[test]
fn silence_ends_at_the_deadline_after_every_retry() {
    let mut net = Net::default();
    let options = json!({ "timeout": 900, "retries": 2 });
    let call = Call::query("samp", &json!("127.0.0.1:7777"), options, 1, false).unwrap();
    let e = drive(call, &mut net, None).unwrap_err();
    assert_eq!(e.code, ErrorCode::Timeout);
    let sends = net.log.iter().filter(|io| matches!(io, Io::Send { .. })).count();
    assert_eq!(sends, 3, "the first send and two retransmissions");
    assert!(e
        .message
        .starts_with("SA:MP query of 127.0.0.1:7777: no answer to 'i' (sent 3 times)"));
}

#[test]
fn minecraft_takes_the_best_srv_record_and_names_it_in_the_handshake() {
    let record = |target: &str, port, priority, weight| SrvAnswer {
        target: target.into(),
        port,
        priority,
        weight,
    };
    let mut net = Net {
        srv: vec![
            record("backup.example.org.", 25570, 20, 100),
            record("light.example.org.", 25566, 10, 5),
            record("mc.example.org.", 25565, 10, 60),
        ],
        addresses: vec!["127.0.0.1".parse().unwrap()],
        ..Net::default()
    };
    let mut s = server("minecraft-java", JAVA_STATE);
    let call = Call::query("minecraft-java", &json!("example.org"), Value::Null, 1, false).unwrap();
    let status = status_of(drive(call, &mut net, Some(&mut s)).unwrap());
    assert_eq!(
        status["raw"]["srv"],
        json!({ "target": "mc.example.org", "port": 25565 })
    );
    assert_eq!(status["name"], "Hello");
    assert!(matches!(&net.log[0], Io::Srv { name, .. } if name == "_minecraft._tcp.example.org"));
    assert!(matches!(&net.log[1], Io::Resolve { host, .. } if host == "mc.example.org"));
    let Some(Io::Send { bytes, .. }) = net.log.iter().find(|io| matches!(io, Io::Send { .. })) else {
        panic!("no handshake sent")
    };
    let handshake = String::from_utf8_lossy(bytes);
    assert!(handshake.contains("mc.example.org"), "{handshake}");
}

#[test]
fn a_server_that_closes_at_once_is_asked_the_legacy_ping_on_a_new_connection() {
    let mut net = Net {
        close_modern: true,
        ..Net::default()
    };
    let mut s = server("minecraft-java", JAVA_STATE);
    let call = Call::query("minecraft-java", &json!("127.0.0.1:25565"), Value::Null, 1, false).unwrap();
    let status = status_of(drive(call, &mut net, Some(&mut s)).unwrap());
    assert_eq!(status["raw"]["legacy"], true);
    assert_eq!(status["players"]["online"], 3);
    let opens: Vec<u32> = net
        .log
        .iter()
        .filter_map(|io| match io {
            Io::Open { id, .. } => Some(*id),
            _ => None,
        })
        .collect();
    assert_eq!(opens, vec![0, 1]);
}

#[test]
fn an_unanswered_connection_is_tried_again_within_the_budget() {
    let options = json!({ "timeout": 1000, "retries": 1 });
    let call = Call::query("minecraft-legacy", &json!("127.0.0.1"), options, 1, false).unwrap();
    // The test's network never reports the connection open: each attempt times out.
    let mut call = call;
    let mut opens = 0;
    let result = loop {
        while let Some(io) = call.poll_io() {
            opens += matches!(io, Io::Open { .. }) as u32;
        }
        if let Some(r) = call.poll_result() {
            break r;
        }
        let at = call.poll_timeout().unwrap();
        call.handle_timeout(at);
    };
    let e = result.unwrap_err();
    assert_eq!((e.code, e.attempts, opens), (ErrorCode::Timeout, Some(2), 2));
}

#[test]
fn a_host_that_resolves_names_itself_gets_the_name() {
    let mut net = Net::default();
    let mut s = server("samp", SAMP_STATE);
    let call = Call::query("samp", &json!("play.example.org"), Value::Null, 1, true).unwrap();
    let status = status_of(drive(call, &mut net, Some(&mut s)).unwrap());
    assert!(matches!(&net.log[0], Io::Open { host, port: 7777, .. } if host == "play.example.org"));
    assert_eq!(status["address"], "play.example.org");
    let Io::Send { bytes, .. } = &net.log[1] else {
        panic!("expected the first send")
    };
    assert_eq!(&bytes[4..8], &[0, 0, 0, 0], "no address to put in the header");
}

#[test]
fn rcon_is_for_sa_mp_and_checks_its_options() {
    let e = Call::rcon("sqp", &json!("h:1"), Value::Null, "x", 1, false).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    let e = Call::rcon("samp", &json!("h:1"), json!({}), "x", 1, false).unwrap_err();
    assert!(e.message.contains("option password is required"), "{}", e.message);
    let e = Call::query("", &json!("h:1"), Value::Null, 1, false).unwrap_err();
    assert!(e.message.starts_with("no protocol"));
}

#[test]
fn an_https_query_asks_the_host_for_tls_checked_against_the_name_asked() {
    let mut net = Net {
        addresses: vec!["127.0.0.1".parse().unwrap()],
        ..Net::default()
    };
    let state = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/eldewrito/sample.json")).unwrap();
    let mut s = server("eldewrito", &state);
    let options = json!({ "tls": { "insecure": true } });
    let call = Call::query("eldewrito", &json!("ed.example:11775"), options, 1, false).unwrap();
    let status = status_of(drive(call, &mut net, Some(&mut s)).unwrap());
    assert_eq!(status["address"], "127.0.0.1");
    let Io::Open {
        host, tls: Some(tls), ..
    } = &net.log[1]
    else {
        panic!("expected an open with TLS, got {:?}", net.log[1])
    };
    assert_eq!(
        (host.as_str(), tls.name(), tls.insecure, tls.ca.is_none()),
        ("127.0.0.1", "ed.example", true, true)
    );

    // Plain HTTP unless asked.
    let mut net = Net::default();
    let call = Call::query("eldewrito", &json!("127.0.0.1"), Value::Null, 1, false).unwrap();
    drive(call, &mut net, Some(&mut s)).unwrap();
    assert!(matches!(&net.log[0], Io::Open { tls: None, .. }));
}

#[test]
fn a_failed_handshake_is_gq_tls_at_once_and_every_part_speaks_tls() {
    for (why, says) in [
        (TlsFailure::Untrusted, "not signed by a trusted authority"),
        (TlsFailure::Name, "not for pal.example: set tls.serverName"),
        (TlsFailure::NotTls, "did not answer in TLS"),
    ] {
        let options = json!({ "tls": true, "password": "pw" });
        let mut call = Call::query("palworld", &json!("pal.example:8212"), options, 1, true).unwrap();
        let mut opens = vec![];
        let result = loop {
            while let Some(io) = call.poll_io() {
                if let Io::Open { id, tls, .. } = io {
                    opens.push(tls.map(|t| t.name().to_string()));
                    call.handle(
                        0.0,
                        Input::TlsFailed {
                            id,
                            why,
                            message: "the stack's words".into(),
                        },
                    );
                }
            }
            if let Some(result) = call.poll_result() {
                break result;
            }
        };
        let e = result.unwrap_err();
        assert_eq!(e.code, ErrorCode::Tls);
        assert!(
            e.message.starts_with("Palworld query of pal.example:8212: the server"),
            "{}",
            e.message
        );
        assert!(
            e.message.contains(says) && e.message.ends_with("(the stack's words)"),
            "{}",
            e.message
        );
        assert_eq!(opens, [Some("pal.example".to_string())], "not retried");
    }
    // Info, then metrics, players and settings beside it once it is open: all over TLS.
    let options = json!({ "tls": { "serverName": "cert.example" } });
    let mut call = Call::query("palworld", &json!("pal.example:8212"), options, 1, true).unwrap();
    let mut opens = vec![];
    while let Some(io) = call.poll_io() {
        if let Io::Open { id, tls, .. } = io {
            opens.push(tls.map(|t| t.name().to_string()));
            call.handle(0.0, Input::Opened { id });
        }
    }
    assert_eq!(opens.len(), 4, "{opens:?}");
    assert!(opens.iter().all(|o| o.as_deref() == Some("cert.example")), "{opens:?}");
}

thread_local! {
    /// This thread's engine clock for central lists (other tests' threads have none).
    static ENGINE_NOW: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
}

fn engine_now() -> Option<f64> {
    ENGINE_NOW.with(std::cell::Cell::get)
}

#[test]
fn a_central_list_is_fetched_once_for_the_queries_that_ask_while_it_is_young() {
    ENGINE_NOW.with(|n| n.set(Some(1_000.0)));
    gamequery_core::http::lists::use_clock(engine_now);
    let state = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/beammp/sample.json")).unwrap();
    let mut s = server("beammp", &state);
    // The list's address is this test's own: no other test's copy answers.
    let options = |max_age: u32| json!({ "api": "http://127.0.0.1:38101", "maxAge": max_age });
    let opens = |net: &Net| net.log.iter().filter(|io| matches!(io, Io::Open { .. })).count();
    let query = |target: &str, max_age| Call::query("beammp", &json!(target), options(max_age), 1, false).unwrap();

    // The first query fetches; one that starts before the list came waits for that fetch.
    let mut first = query("127.0.0.1:30814", 30_000);
    let Some(Io::Open { .. }) = first.poll_io() else {
        panic!("the first query connects to the list")
    };
    let mut second = query("127.0.0.1:30814", 30_000);
    assert!(second.poll_io().is_none(), "the second waits");
    assert_eq!(second.poll_timeout(), Some(20.0));
    let mut net = Net::default();
    // `first` asked to open already: drive it from a fresh call's start instead.
    drop(first);
    let again = query("127.0.0.1:30814", 30_000);
    // The dropped query let its claim go: the next one fetches.
    let status = status_of(drive(again, &mut net, Some(&mut s)).unwrap());
    assert_eq!(
        (status["name"].as_str(), opens(&net)),
        (Some("gamequery demo — BeamMP ✓"), 1)
    );
    second.handle_timeout(20.0);
    let waited = status_of(second.poll_result().expect("answered from the copy").unwrap());
    assert_eq!(waited["name"], status["name"]);
    assert_eq!(waited["address"], "127.0.0.1");

    // Later queries within maxAge take the copy: no connection, the same answer.
    ENGINE_NOW.with(|n| n.set(Some(20_000.0)));
    let mut net = Net::default();
    let copy = status_of(drive(query("127.0.0.1:30814", 30_000), &mut net, Some(&mut s)).unwrap());
    assert_eq!((copy["name"].clone(), opens(&net)), (status["name"].clone(), 0));
    // A server not in it is not listed, from the copy too.
    let e = drive(query("127.0.0.1:30815", 30_000), &mut Net::default(), Some(&mut s)).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotListed);
    // Older than a query's maxAge, or maxAge 0: fetched again.
    for max_age in [10_000, 0] {
        let mut net = Net::default();
        drive(query("127.0.0.1:30814", max_age), &mut net, Some(&mut s)).unwrap();
        assert_eq!(opens(&net), 1, "maxAge {max_age}");
    }
}

#[test]
fn a_connection_unanswered_is_the_hosts_failure_and_a_failed_stream_a_close() {
    // A host's `fetch` that got no reply (a browser's CORS refusal) says so, in its words;
    // any other stream that fails ends the reply as a close does, and the exchange says
    // what that means for it (HTTP: closed without answering).
    for unanswered in [true, false] {
        let options = json!({ "timeout": 1000, "retries": 1 });
        let mut call = Call::query("eldewrito", &json!("127.0.0.1:11775"), options, 1, true).unwrap();
        let mut opens = 0;
        let result = loop {
            while let Some(io) = call.poll_io() {
                match io {
                    Io::Open { id, .. } => {
                        opens += 1;
                        call.handle(1.0, Input::Opened { id });
                    }
                    Io::Send { id, .. } => {
                        let message = "fetch failed (Failed to fetch)".to_string();
                        let input = match unanswered {
                            true => Input::Unanswered { id, message },
                            false => Input::Failed { id, message },
                        };
                        call.handle(3.0, input);
                    }
                    _ => {}
                }
            }
            if let Some(r) = call.poll_result() {
                break r;
            }
            let at = call.poll_timeout().unwrap();
            call.handle_timeout(at);
        };
        let e = result.unwrap_err();
        if unanswered {
            assert_eq!((e.code, opens), (ErrorCode::Network, 1), "{}", e.message);
            assert_eq!(
                e.message,
                "ElDewrito query of 127.0.0.1:11775: fetch failed (Failed to fetch)"
            );
        } else {
            assert!(
                e.message.contains("closed the connection without answering GET /"),
                "{}",
                e.message
            );
        }
    }
}
