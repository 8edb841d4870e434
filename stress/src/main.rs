//! `flood TO RATE SECONDS SOURCES PAYLOADS [HOT]`: sends UDP datagrams to `TO` (an IPv4
//! `address:port`) at `RATE` a second for `SECONDS`, each from a source address of its own
//! choosing — one of `SOURCES` addresses in 127.16.0.0/12, or, for the share `HOT` of
//! them (default 0), the single address 127.31.255.254 — by writing the IP header itself
//! on a raw socket (root; run inside `npm run stress flood`'s network namespace, where
//! nothing leaves loopback). A responder sees thousands of clients, none of which will
//! read what it sends back. `PAYLOADS` is a file of lines `<weight> hex <bytes in hex>` or
//! `<weight> random <min> <max>` (random bytes, a fresh length each time). Prints one JSON
//! line: datagrams and bytes sent, the seconds it took, and send errors.

use std::net::{Ipv4Addr, SocketAddrV4};
use std::time::{Duration, Instant};

use socket2::{Domain, Protocol, SockAddr, Socket, Type};

enum Payload {
    Bytes(Vec<u8>),
    Random(usize, usize),
}

/// xorshift64*: fast, and nothing here needs more than noise.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn fail(message: String) -> ! {
    eprintln!("flood: {message}");
    std::process::exit(2)
}

fn parse_payloads(text: &str) -> Vec<(u64, Payload)> {
    let mut out = vec![];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |w: &str| w.parse::<u64>().unwrap_or_else(|_| fail(format!("not a number: {w}")));
        let payload = match words.as_slice() {
            [_, "hex", hex] => Payload::Bytes(
                (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or_else(|_| fail(format!("bad hex: {hex}"))))
                    .collect(),
            ),
            [_, "random", min, max] => Payload::Random(number(min) as usize, number(max) as usize),
            _ => fail(format!(
                "a payload line is `<weight> hex <hex>` or `<weight> random <min> <max>`: {line}"
            )),
        };
        out.push((number(words[0]), payload));
    }
    if out.is_empty() {
        fail("no payloads".into());
    }
    out
}

/// An IPv4 + UDP header and `body` in `packet` (the kernel fills the IP checksum; a UDP
/// checksum of 0 means none, which IPv4 allows).
fn build(packet: &mut Vec<u8>, from: SocketAddrV4, to: SocketAddrV4, body: &[u8]) {
    let total = 28 + body.len();
    packet.clear();
    packet.extend_from_slice(&[0x45, 0]);
    packet.extend_from_slice(&(total as u16).to_be_bytes());
    packet.extend_from_slice(&[0, 0, 0x40, 0, 64, 17, 0, 0]);
    packet.extend_from_slice(&from.ip().octets());
    packet.extend_from_slice(&to.ip().octets());
    packet.extend_from_slice(&from.port().to_be_bytes());
    packet.extend_from_slice(&to.port().to_be_bytes());
    packet.extend_from_slice(&((8 + body.len()) as u16).to_be_bytes());
    packet.extend_from_slice(&[0, 0]);
    packet.extend_from_slice(body);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        fail("usage: flood TO RATE SECONDS SOURCES PAYLOADS [HOT]".into());
    }
    let to: SocketAddrV4 = args[0]
        .parse()
        .unwrap_or_else(|_| fail(format!("not an IPv4 address:port: {}", args[0])));
    let rate: f64 = args[1].parse().unwrap_or_else(|_| fail("RATE".into()));
    let seconds: f64 = args[2].parse().unwrap_or_else(|_| fail("SECONDS".into()));
    let sources: u64 = args[3]
        .parse::<u64>()
        .unwrap_or_else(|_| fail("SOURCES".into()))
        .clamp(1, (1 << 20) - 2); // below 127.31.255.254, the one source apart
    let text = std::fs::read_to_string(&args[4]).unwrap_or_else(|e| fail(format!("{}: {e}", args[4])));
    let payloads = parse_payloads(&text);
    let hot: f64 = args
        .get(5)
        .map_or(0.0, |h| h.parse().unwrap_or_else(|_| fail("HOT".into())));
    let total_weight: u64 = payloads.iter().map(|(w, _)| w).sum();

    // IPPROTO_RAW: the header is ours (IP_HDRINCL implied).
    let socket = Socket::new(Domain::IPV4, Type::RAW, Some(Protocol::from(255)))
        .unwrap_or_else(|e| fail(format!("a raw socket needs root: {e}")));
    let _ = socket.set_send_buffer_size(4 << 20);
    let dest = SockAddr::from(SocketAddrV4::new(*to.ip(), 0));

    let mut noise = Noise(0x9e37_79b9_7f4a_7c15 ^ u64::from(std::process::id()));
    let hot_source = Ipv4Addr::new(127, 31, 255, 254);
    let mut packet = Vec::with_capacity(65_536);
    let mut body = Vec::with_capacity(65_536);
    let (mut sent, mut bytes, mut errors) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let end = Duration::from_secs_f64(seconds);
    loop {
        let elapsed = start.elapsed();
        if elapsed >= end {
            break;
        }
        let due = (elapsed.as_secs_f64() * rate) as u64;
        if sent >= due {
            std::thread::sleep(Duration::from_micros(200));
            continue;
        }
        for _ in 0..(due - sent).min(256) {
            let mut pick = noise.below(total_weight);
            let payload = &payloads
                .iter()
                .find(|(w, _)| {
                    let hit = pick < *w;
                    pick = pick.saturating_sub(*w);
                    hit
                })
                .expect("a weight covers the pick")
                .1;
            let body = match payload {
                Payload::Bytes(b) => b.as_slice(),
                Payload::Random(min, max) => {
                    let len = min + noise.below((max - min + 1) as u64) as usize;
                    body.clear();
                    body.extend((0..len).map(|_| noise.next() as u8));
                    body.as_slice()
                }
            };
            let ip = if (noise.below(1_000_000) as f64) < hot * 1_000_000.0 {
                hot_source
            } else {
                Ipv4Addr::from(u32::from(Ipv4Addr::new(127, 16, 0, 0)) + noise.below(sources) as u32)
            };
            let port = 1024 + noise.below(64_000) as u16;
            build(&mut packet, SocketAddrV4::new(ip, port), to, body);
            match socket.send_to(&packet, &dest) {
                Ok(_) => bytes += packet.len() as u64,
                Err(_) => errors += 1,
            }
            sent += 1;
        }
    }
    let took = start.elapsed().as_secs_f64();
    println!(
        "{{\"sent\":{sent},\"bytes\":{bytes},\"seconds\":{took:.3},\"rate\":{:.0},\"errors\":{errors}}}",
        sent as f64 / took
    );
}
