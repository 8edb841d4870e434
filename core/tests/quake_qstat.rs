//! qstat (Debian's `quakestat`, a C client nobody here wrote; installed by
//! scripts/ensure-system.mjs) reads the Quake family responder over a real socket on
//! loopback: Quake 3 `getstatus`, Quake 2 `status` and QuakeWorld `status`.
#![cfg(feature = "quake")]

use std::net::UdpSocket;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use gamequery_core::limit::RateLimit;
use gamequery_core::quake::responder::Responder;
use gamequery_core::quake::{Dialect, QuakePlayer, QuakeState};
use gamequery_core::values::RuleList;

const QSTAT: &str = "/usr/bin/quakestat";

fn state() -> QuakeState {
    let info = [
        ("sv_hostname", "^1gamequery ^7Arena"),
        ("hostname", "gamequery Arena"),
        ("mapname", "q3dm17"),
        // QuakeWorld's name for it.
        ("map", "q3dm17"),
        ("sv_maxclients", "16"),
        ("maxclients", "16"),
        ("g_gametype", "0"),
        ("version", "ioq3 1.36"),
    ];
    QuakeState {
        info: RuleList(info.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()),
        players: vec![
            QuakePlayer {
                name: "^2Sarge".into(),
                score: 12,
                ping: 48,
                team: None,
                world: None,
            },
            QuakePlayer {
                name: "Visor".into(),
                score: -1,
                // qstat takes a QuakeWorld player with ping 0 for a spectator.
                ping: 25,
                team: None,
                world: None,
            },
        ],
    }
}

/// Serves `dialect` on a loopback port until the guard drops; qstat's output for `kind`.
fn qstat(dialect: Dialect, kind: &str) -> String {
    let socket = UdpSocket::bind("127.0.0.1:0").unwrap();
    socket.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
    let port = socket.local_addr().unwrap().port();
    let stop = Arc::new(AtomicBool::new(false));
    let server = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut responder = Responder::new(state(), dialect, RateLimit::default());
            let mut buf = [0u8; 2048];
            while !stop.load(Ordering::Relaxed) {
                let Ok((n, from)) = socket.recv_from(&mut buf) else {
                    continue;
                };
                if let Ok(Some(reply)) = responder.handle(0, from, &buf[..n]) {
                    socket.send_to(&reply, from).unwrap();
                }
            }
        })
    };
    let out = Command::new(QSTAT)
        .args([
            kind,
            &format!("127.0.0.1:{port}"),
            "-P",
            "-R",
            "-raw",
            "\t",
            "-timeout",
            "3",
            "-retry",
            "2",
        ])
        .output()
        .expect("quakestat runs (scripts/ensure-system.mjs installs Debian's qstat)");
    stop.store(true, Ordering::Relaxed);
    server.join().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// qstat's raw lines split on its tab separator.
fn lines(out: &str) -> Vec<Vec<&str>> {
    out.lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.split('\t').collect())
        .collect()
}

#[test]
fn qstat_reads_a_quake3_status() {
    let out = qstat(Dialect::Quake3, "-q3s");
    let l = lines(&out);
    // Server line: type, address, name, map, max, players, ping, retries.
    assert_eq!(l[0][0], "Q3S", "{out}");
    // qstat shows names without their colour codes.
    assert_eq!(&l[0][2..6], ["gamequery Arena", "q3dm17", "16", "2"], "{out}");
    assert!(
        out.contains("sv_hostname=^1gamequery ^7Arena") && out.contains("g_gametype=0"),
        "{out}"
    );
    // Player lines: name, score, ping.
    assert_eq!(&l[2][..3], ["Sarge", "12", "48"], "{out}");
    assert_eq!(&l[3][..3], ["Visor", "-1", "25"], "{out}");
}

#[test]
fn qstat_reads_quake2_and_quakeworld_status() {
    let out = qstat(Dialect::Quake2, "-q2s");
    let l = lines(&out);
    assert_eq!(l[0][0], "Q2S", "{out}");
    assert_eq!(&l[0][3..6], ["q3dm17", "16", "2"], "{out}");
    assert_eq!(&l[2][..3], ["^2Sarge", "12", "48"], "{out}");
    assert_eq!(&l[3][..3], ["Visor", "-1", "25"], "{out}");

    let out = qstat(Dialect::QuakeWorld, "-qws");
    let l = lines(&out);
    assert_eq!(l[0][0], "QWS", "{out}");
    assert_eq!(&l[0][3..6], ["q3dm17", "16", "2"], "{out}");
    // Player lines: number, name, frags, time, shirt, pants, ping, skin.
    assert_eq!(&l[2][..8], ["1", "^2Sarge", "12", "0", "0", "0", "48", "base"], "{out}");
    assert_eq!(&l[3][1..3], ["Visor", "-1"], "{out}");
}
