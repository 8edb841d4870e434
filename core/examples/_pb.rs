use gamequery_core::json::Json;
use gamequery_core::minecraft::java::JavaStatus;
use serde::de::IgnoredAny;
use std::time::Instant;

fn bench<T>(name: &str, n: usize, mut f: impl FnMut() -> T) {
    for _ in 0..n / 10 {
        std::hint::black_box(f());
    }
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..n {
            std::hint::black_box(f());
        }
        best = best.min(t.elapsed().as_secs_f64() * 1e6 / n as f64);
    }
    println!("{name:40} {best:.3} µs");
}

fn main() {
    let text = std::fs::read_to_string("/tmp/status.json").unwrap();
    let nofav = {
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut m = v.as_object().unwrap().clone();
        m.remove("favicon");
        serde_json::to_string(&m).unwrap()
    };
    let n = 100000;
    bench("Json tree", n, || serde_json::from_str::<Json>(&text).unwrap());
    bench("Json tree, no favicon", n, || {
        serde_json::from_str::<Json>(&nofav).unwrap()
    });
    bench("IgnoredAny", n, || serde_json::from_str::<IgnoredAny>(&text).unwrap());
    bench("IgnoredAny, no favicon", n, || {
        serde_json::from_str::<IgnoredAny>(&nofav).unwrap()
    });
    bench("from_json (typed+tree)", n, || JavaStatus::from_json(&text, 0).unwrap());
    let st = JavaStatus::from_json(&text, 0).unwrap();
    bench("clone status", n, || st.clone());
    bench("to_tape", n, || gamequery_core::tape::to_tape(&st, text.len()));
    bench("memchr backslash", n, || {
        text.as_bytes().iter().position(|&b| b == b'\\')
    });
    bench("from_utf8", n, || std::str::from_utf8(text.as_bytes()).is_ok());
}
