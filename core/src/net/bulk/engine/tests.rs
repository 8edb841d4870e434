use super::*;
use std::sync::mpsc::channel;

/// A panic on the engine's thread drops every query it holds: each caller hears
/// `GQ_INTERNAL` instead of waiting forever.
#[test]
fn a_panicking_engine_ends_its_queries_as_internal_errors() {
    let silent = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let target = format!(
        r#"{{"host":"127.0.0.1","port":{}}}"#,
        silent.local_addr().unwrap().port()
    );
    let (events, rx) = mpsc::unbounded_channel();
    let engine_events = events.clone();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let retire = Retire {
                idle_ms: 60_000.0,
                when_idle: |_, _| None,
            };
            Engine::shared(engine_events, retire)
                .run(Receiver(rx), CancellationToken::new())
                .await;
        });
    });
    let (said, heard) = channel();
    for index in 0..2 {
        let item = Item {
            protocol: "samp".into(),
            target: serde_json::from_str(&target).unwrap(),
            options: serde_json::json!({ "timeout": 5000 }),
        };
        let said = said.clone();
        let done = Done::new(move |r| said.send(r.map(|_| ()).map_err(|e| e.code)).unwrap());
        events.send(Event::Submit(index, item, done)).unwrap();
    }
    events.send(Event::Panic).unwrap();
    for _ in 0..2 {
        let r = heard
            .recv_timeout(Duration::from_secs(10))
            .expect("an answer, not a wait");
        assert_eq!(r, Err(crate::error::ErrorCode::Internal));
    }
    assert!(thread.join().is_err(), "the engine's thread ended in the panic");
}

/// The engine's thread is busy from before a reply arrives until well past the query's
/// deadline: when the engine runs again, its timer and the reply are both there, and
/// the reply wins (it came in time).
#[test]
fn a_reply_in_time_is_no_timeout_when_the_engine_runs_late() {
    use crate::minecraft::bedrock::{Advertisement, Ping, Pong};
    const TIMEOUT_MS: u64 = 300;

    let server = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    server.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let port = server.local_addr().unwrap().port();
    let (pinged, ping_seen) = channel();
    let (answer, answer_now) = channel::<()>();
    let responder = std::thread::spawn(move || {
        let mut buf = [0u8; 2048];
        let (n, from) = server.recv_from(&mut buf).expect("the engine's ping");
        let ping = Ping::decode(&buf[..n]).expect("a ping");
        pinged.send(()).unwrap();
        answer_now.recv().unwrap();
        let pong = Pong {
            time: ping.time,
            server_guid: "1".into(),
            advertisement: Advertisement::parse("MCPE;Late engine;766;1.21.50;1;10;1;w;Survival;1;19132;19133;"),
            text: String::new(),
        };
        server.send_to(&pong.encode().unwrap(), from).unwrap();
    });

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let batch = runtime.block_on(async {
        let items = crate::call::many::prepare(
            &format!(r#"[{{"target":"127.0.0.1:{port}"}}]"#),
            &format!(r#"{{"protocol":"minecraft-bedrock","timeout":{TIMEOUT_MS},"retries":0}}"#),
        )
        .unwrap()
        .items;
        let shared = Arc::new(Shared::default());
        let (engine, rx) = Engine::new(items, 0, shared.clone(), CancellationToken::new(), None);
        let run = tokio::spawn(engine.run(rx, CancellationToken::new()));
        while ping_seen.try_recv().is_err() {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The engine shares this thread: blocking it without yielding keeps the engine
        // from running while the pong arrives, and until past the deadline.
        answer.send(()).unwrap();
        std::thread::sleep(Duration::from_millis(2 * TIMEOUT_MS));
        run.await.unwrap();
        shared.take(usize::MAX).expect("the result")
    });
    responder.join().unwrap();
    assert!(batch.text.contains("Late engine"), "the pong is the result: {batch:?}");
    assert!(!batch.text.contains("GQ_TIMEOUT"), "{batch:?}");
}
