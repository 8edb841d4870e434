//! TeamSpeak 3's ServerQuery, sans-IO: two real servers' conversations from Austinb/GameQ's
//! tests (tests/fixtures/teamspeak3/, TCP segments joined by `\n||\n` there) replayed to
//! our client in its order of commands, and our client against our responder.
#![cfg(feature = "teamspeak")]

use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::spec::Responder as _;
use gamequery_core::teamspeak3::exchange::{Answered, Ask, Conversation, Select};
use gamequery_core::teamspeak3::responder::{Responder, BANNER};
use gamequery_core::teamspeak3::TeamSpeak3State;
use gamequery_core::ErrorCode;

/// A capture's banner and its six replies (`use`, `serverinfo`, `use`, `clientlist`, `use`,
/// `channellist -topic`: GameQ selects the server before each command).
fn capture(n: u32) -> (Vec<u8>, Vec<Vec<u8>>) {
    let path = format!(
        "{}/../tests/fixtures/teamspeak3/gameq-{n}_response.txt",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8_lossy(&bytes).replace("\n||\n", "");
    let bytes = text.into_bytes();
    let mut replies = vec![];
    let mut start = 0;
    let mut banner = vec![];
    let mut at = 0;
    while let Some(i) = find(&bytes[at..], b"error id=") {
        let end = at + i + find(&bytes[at + i..], b"\n").unwrap() + 1;
        // A `\r` after the line's `\n`, where the capture kept it.
        let end = if bytes.get(end) == Some(&b'\r') { end + 1 } else { end };
        if banner.is_empty() {
            // The banner is the first line; the welcome line belongs to the `use` reply's
            // bytes (the server sends it before).
            let first = find(&bytes, b"\n").unwrap() + 1;
            banner = bytes[..first].to_vec();
            start = first;
        }
        replies.push(bytes[start..end].to_vec());
        start = end;
        at = end;
    }
    (banner, replies)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn ask(clients: bool, channels: bool) -> Ask {
    Ask {
        select: Select::Port(9987),
        clients,
        channels,
    }
}

#[test]
fn two_real_servers_conversations_read_whole() {
    for (n, name, online, max, listed, voice, channels, password) in [
        (1, "www.hengeofdenravi.com", "167", "350", 166, 165, 214, "1"),
        (2, "DWM Gaming", "107", "500", 98, 97, 231, "0"),
    ] {
        let (banner, replies) = capture(n);
        assert_eq!(replies.len(), 6, "capture {n}");
        let mut c = Conversation::new(ask(true, true), Deadline::for_call(5000.0, 0));
        assert_eq!(c.poll_transmit(), None, "nothing before the banner");
        c.handle_input(1.0, &banner);
        let sent = String::from_utf8(c.poll_transmit().unwrap()).unwrap();
        assert_eq!(
            sent,
            "use port=9987\nserverinfo\nclientlist\nchannellist -topic\nquit\n"
        );
        // Replies in our order, cut at odd places (a read ends anywhere).
        let ours: Vec<u8> = [&replies[0][..], &replies[1], &replies[3], &replies[5]].concat();
        for chunk in ours.chunks(777) {
            c.handle_input(3.0, chunk);
        }
        let a: Answered = c.poll_result().unwrap().unwrap();
        assert_eq!(a.server, "TS3");
        let info = &a.serverinfo;
        assert_eq!(info.get("virtualserver_name"), Some(name), "capture {n}");
        assert_eq!(info.get("virtualserver_version"), Some("3.0.11.2 [Build: 1418654632]"));
        assert_eq!(info.get("virtualserver_clientsonline"), Some(online));
        assert_eq!(info.get("virtualserver_maxclients"), Some(max));
        assert_eq!(info.get("virtualserver_flag_password"), Some(password));
        assert_eq!(info.get("virtualserver_queryclientsonline"), Some("1"));
        let clients = a.clients.unwrap();
        assert_eq!(clients.len(), listed, "capture {n}");
        assert_eq!(
            clients.iter().filter(|c| c.get("client_type") == Some("0")).count(),
            voice
        );
        assert_eq!(a.channels.unwrap().len(), channels);
        assert!(a.warnings.is_empty());
        assert_eq!(a.latency_ms, 2.0);
    }
    // Capture 2's escapes, unescaped.
    let (banner, replies) = capture(2);
    let mut c = Conversation::new(ask(true, true), Deadline::for_call(5000.0, 0));
    c.handle_input(0.0, &banner);
    c.handle_input(1.0, &[&replies[0][..], &replies[1], &replies[3], &replies[5]].concat());
    let a = c.poll_result().unwrap().unwrap();
    let clients = a.clients.unwrap();
    assert!(clients
        .iter()
        .any(|c| c.get("client_nickname") == Some("Zerginater|5|")));
    let channels = a.channels.unwrap();
    assert!(channels
        .iter()
        .any(|c| c.get("channel_name") == Some("www.twitch.tv/convergencegames/")));
    assert!(channels.iter().any(|c| c.get("total_clients") == Some("-1")));
}

/// Our client's bytes into our responder and back, as a socket would carry them.
fn converse(responder: &Responder, ask: Ask) -> gamequery_core::Result<Answered> {
    let mut stream = responder.open_stream().unwrap();
    let mut c = Conversation::new(ask, Deadline::for_call(5000.0, 0));
    c.handle_input(0.0, &responder.greet(&mut stream));
    while let Some(sent) = c.poll_transmit() {
        let out = responder.handle_stream(&mut stream, &sent);
        c.handle_input(1.0, &out.write);
        if out.close {
            c.handle_close(1.0);
        }
    }
    c.poll_result().unwrap()
}

#[test]
fn our_client_reads_our_responder() {
    assert!(BANNER.starts_with("TS3\n\r"));
    let state: TeamSpeak3State =
        gamequery_core::input::from_json("state", include_str!("../src/teamspeak3/sample.json")).unwrap();
    let responder = Responder::new(state.clone());
    let a = converse(&responder, ask(true, true)).unwrap();
    assert_eq!(a.serverinfo, state.serverinfo);
    assert_eq!(a.clients.as_ref(), Some(&state.clients));
    assert_eq!(a.channels.as_ref(), Some(&state.channels));
    // Without the lists; by server id.
    let lean = Ask {
        select: Select::Id(1),
        clients: false,
        channels: false,
    };
    let a = converse(&responder, lean).unwrap();
    assert_eq!((a.clients, a.channels), (None, None));
    // Another voice port: no virtual server there.
    let mut other = ask(true, true);
    other.select = Select::Port(9988);
    let e = converse(&responder, other).unwrap_err();
    assert_eq!(e.code, ErrorCode::PortClosed, "{}", e.message);
    assert!(e.message.contains("voice port 9988"), "{}", e.message);
}

#[test]
fn refusals_and_strangers_end_typed() {
    let run = |replies: &[&str]| {
        let mut c = Conversation::new(ask(true, true), Deadline::for_call(5000.0, 0));
        c.handle_input(0.0, b"TS3\n\rWelcome\n\r");
        c.poll_transmit().unwrap();
        c.handle_input(1.0, replies.concat().as_bytes());
        c.poll_result()
    };
    let ok = "error id=0 msg=ok\n\r";
    // The guest may not see the server: GQ_AUTH naming the permissions.
    let e = run(&[
        ok,
        "error id=2568 msg=insufficient\\sclient\\spermissions failed_permid=4\n\r",
    ])
    .unwrap()
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::Auth);
    assert!(
        e.message.contains("failed_permid=4") && e.message.contains("b_virtualserver_info_view"),
        "{}",
        e.message
    );
    // It may see the server but not the lists: warnings, the status whole.
    let perm = "error id=2568 msg=insufficient\\sclient\\spermissions failed_permid=9\n\r";
    let a = run(&[ok, "virtualserver_name=X\n\r", ok, perm, perm]).unwrap().unwrap();
    assert_eq!(
        (a.serverinfo.get("virtualserver_name"), a.warnings.len()),
        (Some("X"), 2)
    );
    // Closed after `serverinfo`'s reply: the status, the lists warned of.
    let mut c = Conversation::new(ask(true, true), Deadline::for_call(5000.0, 0));
    c.handle_input(0.0, b"TS3\n\r");
    c.poll_transmit().unwrap();
    c.handle_input(1.0, [ok, "virtualserver_name=Y\n\r", ok, "clid=1"].concat().as_bytes());
    c.handle_close(2.0);
    let a = c.poll_result().unwrap().unwrap();
    assert_eq!(
        (a.serverinfo.get("virtualserver_name"), a.clients, a.warnings.len()),
        (Some("Y"), None, 2)
    );
    assert!(
        a.warnings[0].starts_with("clientlist: the ServerQuery closed"),
        "{:?}",
        a.warnings
    );
    // Flood-banned.
    let e = run(&["error id=3331 msg=flood\\sban\n\r"]).unwrap().unwrap_err();
    assert_eq!(e.code, ErrorCode::RateLimited);
    // Not a ServerQuery: an HTTP server, at once; SSH; a ClientQuery.
    for head in [
        &b"HTTP/1.1 400 Bad Request\r\n"[..],
        b"SSH-2.0-OpenSSH_9.2\r\n",
        b"TS3 Client\n\r",
    ] {
        let mut c = Conversation::new(ask(true, true), Deadline::for_call(5000.0, 0));
        c.handle_input(0.0, head);
        assert_eq!(c.poll_result().unwrap().unwrap_err().code, ErrorCode::WrongProtocol);
    }
    // A console that never ends its reply: the deadline, saying how far it got.
    let mut c = Conversation::new(ask(true, true), Deadline::for_call(1000.0, 0));
    c.handle_input(0.0, b"TS3\n\r");
    c.poll_transmit().unwrap();
    c.handle_input(1.0, b"error id=0 msg=ok\n\rvirtualserver_name=slow");
    c.handle_timeout(1000.0);
    let e = c.poll_result().unwrap().unwrap_err();
    assert_eq!(e.code, ErrorCode::Timeout);
    assert!(e.message.contains("1 of 4 replies"), "{}", e.message);
    // One that floods: bounded.
    let mut c = Conversation::new(ask(true, true), Deadline::for_call(1000.0, 0));
    c.handle_input(0.0, b"TS3\n\r");
    let mb = vec![b'a'; 1 << 20];
    for _ in 0..9 {
        c.handle_input(1.0, &mb);
    }
    assert_eq!(c.poll_result().unwrap().unwrap_err().code, ErrorCode::FrameTooLarge);
    // TeaSpeak's banner, `\r\n` line ends.
    let mut c = Conversation::new(ask(false, false), Deadline::for_call(1000.0, 0));
    c.handle_input(0.0, b"TeaSpeak\r\nWelcome on the TeaSpeak ServerQuery interface.\r\n");
    assert!(c.poll_transmit().is_some());
    c.handle_input(
        1.0,
        b"error id=0 msg=ok\r\nvirtualserver_name=Tea\r\nerror id=0 msg=ok\r\n",
    );
    let a = c.poll_result().unwrap().unwrap();
    assert_eq!(
        (a.server.as_str(), a.serverinfo.get("virtualserver_name")),
        ("TeaSpeak", Some("Tea"))
    );
}
