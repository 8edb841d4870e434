//! TypeScript declarations generated from the Rust types (feature `ts`), so the npm
//! packages' typings cannot drift from what the core serializes.

use ts_rs::{Config, TS};

use crate::error::ErrorCode;
use crate::protocol::Protocol;
use crate::spec::decls;
use crate::status::{GameMatch, PlayerId, Status, StatusPlayer, StatusPlayers};
use crate::text::Motd;
use crate::values::{Hex, RuleList};

/// The whole `types.d.ts`: gamequery-wasm ships it, gamequery's declarations re-export it.
pub fn declarations() -> String {
    let cfg = Config::default();
    let mut out = String::from(
        "// Generated from gamequery-core's Rust types (core/src/typescript.rs). Do not edit:\n\
         // run `npm run build` after changing a type.\n\n",
    );
    // The shared vocabulary, then each protocol's own types.
    let mut all = decls![&cfg;
        Status<RuleList>, StatusPlayers, StatusPlayer, PlayerId, Hex<4>, RuleList, Motd,
        crate::call::race::RaceResult, crate::options::UdpServeOptions, crate::options::TcpServeOptions,
        crate::options::HttpsServeOptions, crate::tls::identity::TlsIdentity,
        crate::limit::RateLimit,
        crate::options::NetworkOptions, crate::spec::describe::Description, crate::spec::describe::Section,
        crate::spec::describe::TableCell, GameMatch, crate::text::EncodingOptions, crate::tls::TlsOptions,
    ];
    all[0] = all[0].replace(&format!("Status<{}>", RuleList::name(&cfg)), "Status<R>");
    for protocol in Protocol::all() {
        all.extend(protocol.declarations(&cfg));
    }
    for decl in all {
        out.push_str("export ");
        out.push_str(&decl);
        out.push_str("\n\n");
    }
    out.push_str(&surface());
    out.push('\n');
    out.push_str(&games());
    out.push('\n');
    out.push_str(&network());
    out.push('\n');
    out.push_str(include_str!("network.d.ts"));
    out
}

/// `{ name: { key: Type; … } }` rows of a per-protocol interface, one per protocol that
/// `keep`s.
fn rows(keep: fn(Protocol) -> bool, row: impl Fn(Protocol) -> String) -> String {
    Protocol::all()
        .filter(|p| keep(*p))
        .map(|p| {
            let name = p.name();
            let key = if name.contains('-') {
                format!("'{name}'")
            } else {
                name.to_string()
            };
            format!("  {key}: {};\n", row(p))
        })
        .collect()
}

/// What each protocol's network calls take and give, from the registry.
fn network() -> String {
    let types = rows(
        |_| true,
        |p| {
            let t = p.types();
            format!(
                "{{ queryOptions: {}; serveOptions: {}; state: {}; raw: {} }}",
                t.query_options, t.serve_options, t.state, t.raw
            )
        },
    );
    let rcon = rows(|p| p.spec().rcon.is_some(), |p| p.types().rcon_options.to_string());
    format!(
        "/** The options, served state and `raw` result of each protocol's network calls. */\n\
         export interface NetworkTypes {{\n{types}}}\n\n\
         /** Which options `rcon` takes for each protocol that has it. */\n\
         export interface RconTypes {{\n{rcon}}}\n"
    )
}

/// The protocol-generic codec surface, typed per protocol through `ProtocolTypes`.
fn surface() -> String {
    let names = |keep: fn(Protocol) -> bool| {
        let quoted: Vec<String> = Protocol::all()
            .filter(|p| keep(*p))
            .map(|p| format!("'{}'", p.name()))
            .collect();
        quoted.join(" | ")
    };
    let codes: Vec<String> = ErrorCode::ALL.iter().map(|c| format!("'{}'", c.as_str())).collect();
    format!(
        r#"/** Protocol names. A misspelt name does not compile. */
export type Protocol = {protocols};
/** What `query` and `queryMany` take: every protocol but the packet codec `source-rcon` (`rcon` runs it). */
export type QueryProtocol = {queryable};
/** What `serve` answers (`minecraft`'s editions are served one by one). */
export type ServeProtocol = {servable};

/** The request, response, options and `raw` result types of each protocol. */
export interface ProtocolTypes {{
{codec}}}

/**
 * A query's result, narrowed by its `protocol`: `raw` is that protocol's. A protocol only
 * known at run time gives the union, which `status.protocol` narrows.
 */
export type StatusOf<P extends Protocol> = P extends Protocol ? Omit<Status<ProtocolTypes[P]['raw']>, 'protocol'> & {{ protocol: P }} : never;
/** Any protocol's result: check `status.protocol` and `raw` narrows with it. */
export type AnyStatus = StatusOf<QueryProtocol>;

/** `err.code` of every error gamequery throws. */
export type ErrorCode = {codes};

/**
 * What gamequery throws (and `queryMany` yields as `error`). `code` is stable; a network
 * call adds `protocol`, `target` (as given), `address`/`port` once resolved and
 * `attempts`; decode errors add `field` and `offset`; an HTTP refusal `httpStatus`. An abort is an `AbortError` whose
 * `cause` is the signal's reason. `instanceof` holds across both packages.
 */
export declare class GameQueryError extends Error {{
  readonly name: 'GameQueryError' | 'AbortError';
  readonly code: ErrorCode;
  readonly protocol?: Protocol;
  readonly target?: unknown;
  readonly address?: string;
  readonly port?: number;
  /** How many times the request that went unanswered was sent. */
  readonly attempts?: number;
  /** Decode errors: the wire field, and the byte offset where it starts. */
  readonly field?: string;
  readonly offset?: number;
  /** The offending text (a status that is not JSON). */
  readonly text?: string;
  /** A game's query that no candidate port answered: what happened on each. */
  readonly candidates?: ReadonlyArray<{{ port: number; code: ErrorCode; message: string }}>;
  /** The HTTP status a server refused with (`GQ_HTTP_STATUS`, `GQ_AUTH`, `GQ_RATE_LIMITED` …). */
  readonly httpStatus?: number;
  /** The seconds the server's `Retry-After` asked to wait (past the deadline: not waited). */
  readonly retryAfter?: number;
  readonly cause?: unknown;
}}
/** True for an error either package threw. */
export declare function isGameQueryError(value: unknown): value is GameQueryError;

export declare const PROTOCOLS: readonly Protocol[];
/** Client → server: builds a request packet. */
export declare function encodeRequest<P extends Protocol>(protocol: P, request: ProtocolTypes[P]['request']): Uint8Array;
/** Server side: parses a request packet. */
export declare function decodeRequest<P extends Protocol>(protocol: P, bytes: Uint8Array): ProtocolTypes[P]['request'];
/** Server → client: builds a reply packet. */
export declare function encodeResponse<P extends Protocol>(protocol: P, response: ProtocolTypes[P]['response']): Uint8Array;
/** Client side: parses a reply packet. */
export declare function decodeResponse<P extends Protocol>(protocol: P, bytes: Uint8Array, options?: ProtocolTypes[P]['decodeOptions']): ProtocolTypes[P]['response'];
/** Minecraft's VarInt (at most 5 bytes; a 6th is an error, not a wrap). */
export declare function encodeVarInt(value: number): Uint8Array;
export declare function decodeVarInt(bytes: Uint8Array, offset?: number): {{ value: number; length: number }};
/** What `FrameDecoder` joins: the protocols whose packets come in pieces. */
export type FrameProtocol = {framed};
/** What `rconSession` takes: the protocols whose servers run Source RCON. */
export type RconSessionProtocol = {sessions};
/**
 * Whole packets out of pieces: a TCP stream's chunks (length prefix included, however it
 * is chunked), or datagrams whose split parts join into the reply they carry (`goldSrc`
 * for GoldSrc's split layout). Feed what arrives; `push` returns what is complete.
 */
export declare class FrameDecoder {{
  /** `maxFrame`: refuse a declared frame above this many bytes (default 256 KiB) with GQ_FRAME_TOO_LARGE. */
  constructor(protocol: FrameProtocol, options?: {{ maxFrame?: number; goldSrc?: boolean }});
  push(chunk: Uint8Array): Uint8Array[];
}}
"#,
        protocols = names(|_| true),
        queryable = names(Protocol::queryable),
        servable = names(Protocol::servable),
        framed = names(|p| p.packets().is_ok_and(|p| p.frames.is_some())),
        sessions = names(|p| p.spec().rcon.is_some_and(|r| r.source)),
        codes = codes.join("\n  | "),
        codec = rows(
            |_| true,
            |p| {
                let t = p.types();
                format!(
                    "{{ request: {}; response: {}; decodeOptions: {}; raw: {} }}",
                    t.request, t.response, t.decode_options, t.raw
                )
            }
        ),
    )
}

/// `protocols.mjs` of gamequery-wasm: the registry as the JavaScript of both packages reads
/// it (the protocol lists, which have RCON, the CLI's default ports), so that no JS file
/// keeps a list of its own. Every protocol, in the order of the ids the addon takes: its
/// `family` (the browser entry `gamequery-wasm/<family>` that has it alone), its
/// `transport`, default `port` (`null`: give one), whether it has `packets` of its own (the
/// codec functions), whether `query` and `serve` take it, its `rcon` (`session`: Source
/// RCON, which `rconSession` keeps logged in), and `servedAt`: the query option its
/// responder's port goes in, where a target names another service's (`'api'`: a vendor's
/// API, named by its URL `http://127.0.0.1:<port>`; `null`: query the responder's
/// address); `sampleTarget`, where a target is not an address (a Discord guild's id), is
/// what names the sample's server, and `sampleOptions` what a query of it needs besides
/// (SCP: SL's account). The file's own comment is a line: every page with
/// `gamequery-wasm` downloads it.
pub fn registry_module() -> String {
    use crate::spec::Transport;
    let rows: Vec<String> = Protocol::all()
        .map(|p| {
            let s = p.spec();
            let transport = match s.transport {
                Transport::Udp => "udp",
                Transport::Tcp => "tcp",
            };
            let port = s.default_port.map_or("null".to_string(), |p| p.to_string());
            let rcon = s.rcon.map_or("null".to_string(), |r| {
                format!("{{ port: {}, session: {} }}", r.default_port, r.source)
            });
            let served_at = p.served_at().map_or("null".to_string(), |o| format!("'{o}'"));
            let mut target = p.sample_target().map_or(String::new(), |t| format!(", sampleTarget: '{t}'"));
            if let Some(options) = p.sample_options() {
                target.push_str(&format!(", sampleOptions: {options}"));
            }
            format!(
                "  {{ name: '{}', family: '{}', transport: '{transport}', port: {port}, packets: {}, query: {}, serve: {}, rcon: {rcon}, servedAt: {served_at}{target} }},\n",
                s.name,
                p.family(),
                p.packets().is_ok(),
                p.queryable(),
                p.servable()
            )
        })
        .collect();
    format!(
        "// Generated from the core's protocol registry (core/src/protocol.rs) by `npm run build`.\n\
         // Do not edit. build.mjs writes protocols.cjs from this file. Every protocol, in the\n\
         // registry's order; its fields: core/src/typescript.rs, `registry_module`.\n\n\
         export const REGISTRY = Object.freeze([\n{}]);\n",
        rows.concat()
    )
}

/// `npm/gamequery/cli/protocols.json`: how the CLI takes each query's options (its flags
/// and the usage's line, with the default port), from the registry.
pub fn cli_table() -> String {
    use crate::spec::Takes;
    let mut table = serde_json::Map::new();
    for p in Protocol::all().filter(|p| p.queryable()) {
        let cli = p.cli();
        let flags: Vec<serde_json::Value> = cli
            .flags
            .iter()
            .map(|f| {
                let (kind, value) = match f.takes {
                    Takes::Text => ("text", serde_json::Value::Null),
                    Takes::Number => ("number", serde_json::Value::Null),
                    Takes::List => ("list", serde_json::Value::Null),
                    Takes::TextOrNone => ("text-or-none", serde_json::Value::Null),
                    Takes::Tls => ("tls", serde_json::Value::Null),
                    Takes::Set(json) => ("set", serde_json::from_str(json).expect("a flag's value is JSON")),
                };
                serde_json::json!({ "flag": f.name, "option": f.option, "kind": kind, "value": value })
            })
            .collect();
        let port = match p.spec().default_port {
            Some(port) => format!("default port {port}"),
            None => "no default port".to_string(),
        };
        let usage = [cli.usage(), format!("({port})")].join(" ").trim().to_string();
        table.insert(p.name().into(), serde_json::json!({ "usage": usage, "flags": flags }));
    }
    let mut text = serde_json::to_string_pretty(&serde_json::Value::Object(table)).expect("JSON");
    text.push('\n');
    text
}

/// The games' ids and what each supported one queries, from the games table.
fn games() -> String {
    use crate::games::GAMES;
    let ids: Vec<String> = GAMES.iter().map(|g| format!("'{}'", g.id)).collect();
    let protocols: String = GAMES
        .iter()
        .filter_map(|g| Some(format!("  {}: '{}';\n", g.id, g.supported()?.name())))
        .collect();
    // gamedig 4's ids of the games `query` takes, where no game or protocol has that name now.
    let old: String = GAMES
        .iter()
        .filter(|g| g.supported().is_some())
        .flat_map(|g| g.old_ids.iter().map(move |o| (o, g.id)))
        .filter(|(o, _)| crate::games::by_id(o).is_none() && crate::protocol::Protocol::parse(o).is_err())
        .map(|(o, id)| format!("  /** @deprecated gamedig 4's id: `'{id}'` now. */\n  '{o}': '{id}';\n"))
        .collect();
    // `type: 'protocol-…'` in gamequery/gamedig: gamedig's protocol classes, and its classes
    // for one game's behaviour (the variants).
    let mut classes: Vec<&str> = crate::gamedig::PROTOCOL_NAMES.iter().map(|(g, _)| *g).collect();
    classes.extend(
        GAMES
            .iter()
            .filter(|g| g.supported().is_some())
            .filter_map(|g| g.variant),
    );
    classes.sort_unstable();
    classes.dedup();
    let classes: Vec<String> = classes.iter().map(|c| format!("'{c}'")).collect();
    format!(
        "/** Every game id of the games table (`games`): gamedig 5's ids. */\n\
         export type GameId =\n  | {ids};\n\n\
         /** gamedig 4's ids, still accepted by `query` (deprecated): each is the id it became. */\n\
         export interface OldGameIds {{\n{old}}}\n\
         export type OldGameId = keyof OldGameIds;\n\
         /** gamedig's protocol classes `gamequery/gamedig` takes as `type: 'protocol-…'`. */\n\
         export type GamedigProtocolClass =\n  | {classes};\n\n\
         /** The protocol each game that gamequery can query answers in. */\n\
         export interface GameProtocols {{\n{protocols}}}\n\
         /** What `query` takes for a game: the games whose protocol gamequery speaks. */\n\
         export type QueryGame = keyof GameProtocols;\n\
         /** A game's query options: its protocol's, and `queryPort` (the given port is then the game port only). */\n\
         export type GameQueryOptions<G extends QueryGame> = NetworkTypes[GameProtocols[G]]['queryOptions'] & {{ queryPort?: number }};\n\
         /** A game's query result: its protocol's status, with `game` (its id, the game port and the query port that answered). */\n\
         export type GameStatusOf<G extends QueryGame> = StatusOf<GameProtocols[G]> & {{ game: GameMatch }};\n\n\
         /** One game of `games`. */\n\
         export interface GameEntry {{\n\
         \x20 id: GameId;\n\
         \x20 name: string;\n\
         \x20 /** Its release year; `null` where not known. */\n\
         \x20 year: number | null;\n\
         \x20 /** The protocol its servers answer, by gamequery's name for it (one not implemented yet keeps the name it will have). */\n\
         \x20 protocol: string;\n\
         \x20 /** `query` takes it: gamequery speaks its protocol. */\n\
         \x20 supported: boolean;\n\
         \x20 /** The port players connect to by default. */\n\
         \x20 gamePort: number | null;\n\
         \x20 /** The query's own port, when it does not move with the game port. */\n\
         \x20 queryPort: number | null;\n\
         \x20 /** The query port as offsets from the game port, tried at once. */\n\
         \x20 queryPortOffsets: readonly number[];\n\
         \x20 /** Ids it had before (gamedig 4's), still accepted. */\n\
         \x20 oldIds: readonly string[];\n\
         \x20 /** Where the port rule comes from when it is not gamedig 5.3.3's. */\n\
         \x20 source: string | null;\n\
         \x20 /** The game's own behaviour on top of its protocol, by the name of gamedig's class for it (`'dayz'`), where there is one. */\n\
         \x20 variant: string | null;\n\
         \x20 /** The protocol `serve` answers it with (`serve(protocol, state, {{ game }})`), where gamequery has a responder for it: `'minecraft-bedrock'` for `'mbe'`. */\n\
         \x20 serve: ServeProtocol | null;\n\
         }}\n",
        ids = ids.join("\n  | "),
        classes = classes.join("\n  | "),
    )
}

/// `games.mjs` of gamequery-wasm: the games table as JavaScript reads it (`games`, the
/// CLI's `gamequery games`), one row per game.
pub fn games_module() -> String {
    use crate::games::GAMES;
    let text = |s: &str| crate::error::quoted(s);
    let rows: String = GAMES
        .iter()
        .map(|g| {
            let list = |items: Vec<String>| format!("[{}]", items.join(", "));
            let port = |p: Option<u16>| p.map_or("null".into(), |p| p.to_string());
            let year = if g.year == 0 { "null".into() } else { g.year.to_string() };
            let source = if g.source.is_empty() {
                "null".into()
            } else {
                text(g.source)
            };
            let variant = g.variant.map_or("null".into(), text);
            let serve = g.served().map_or("null".into(), |p| text(p.name()));
            format!(
                "  [{}, {}, {year}, {}, {}, {}, {}, {}, {}, {source}, {variant}, {serve}],\n",
                text(g.id),
                text(g.name),
                text(g.protocol),
                g.supported().is_some(),
                port(g.game_port),
                port(g.query_port),
                list(g.offsets.iter().map(|o| o.to_string()).collect()),
                list(g.old_ids.iter().map(|o| text(o)).collect()),
            )
        })
        .collect();
    format!(
        "// Generated from the core's games table (core/src/games/table.rs) by `npm run build`.\n\
         // Do not edit. build.mjs writes games.cjs from this file.\n\n\
         const KEYS = ['id', 'name', 'year', 'protocol', 'supported', 'gamePort', 'queryPort', 'queryPortOffsets', 'oldIds', 'source', 'variant', 'serve'];\n\
         const ROWS = [\n{rows}];\n\n\
         /** Every game gamequery knows, by id (gamedig 5's ids): its protocol and ports. */\n\
         export const games = Object.freeze(Object.fromEntries(ROWS.map((row) => {{\n\
         \x20 const entry = Object.fromEntries(KEYS.map((key, k) => [key, row[k]]));\n\
         \x20 Object.freeze(entry.queryPortOffsets);\n\
         \x20 Object.freeze(entry.oldIds);\n\
         \x20 return [entry.id, Object.freeze(entry)];\n\
         }})));\n"
    )
}

/// The games table for the READMEs (between `<!-- games -->` and `<!-- /games -->`): each
/// game's id, name, protocol, ports and whether `query` takes it.
pub fn games_markdown() -> String {
    use crate::games::GAMES;
    let supported = GAMES.iter().filter(|g| g.supported().is_some()).count();
    let mut out = format!(
        "<details><summary>All {} games: {supported} queryable today (generated from <code>core/src/games/table.rs</code>)</summary>\n\n\
         | id | game | protocol | game port | query port |\n|---|---|---|---|---|\n",
        GAMES.len()
    );
    for g in GAMES {
        let query = match (g.query_port, g.offsets) {
            (Some(q), _) => q.to_string(),
            (None, []) => "same".to_string(),
            (None, offsets) => offsets
                .iter()
                .map(|o| if *o < 0 { format!("{o}") } else { format!("+{o}") })
                .collect::<Vec<_>>()
                .join(" or "),
        };
        let protocol = match g.supported() {
            Some(_) => format!("`{}`", g.protocol),
            None => format!("{} (not yet)", g.protocol),
        };
        let port = g.game_port.map_or("—".to_string(), |p| p.to_string());
        out.push_str(&format!(
            "| `{}` | {} | {protocol} | {port} | {query} |\n",
            g.id,
            g.name.replace('|', "\\|")
        ));
    }
    out.push_str("\n</details>\n");
    out
}
